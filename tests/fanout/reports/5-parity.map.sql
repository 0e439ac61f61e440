-- Report 5 of sql/reports.sql (the parity strategy), map half: as report
-- 4, the shard's distinct rows with what optimal and parity play give.
WITH rows AS (SELECT DISTINCT coins, json_array_length(coins) AS n
              FROM games WHERE variant = 'III' AND json_array_length(coins) % 2 = 0)
SELECT coins AS row, n, coins_margin(3, coins) AS optimal,
       (SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END)
          FROM coins_play(3, coins, 'parity', 'optimal')) AS parity
FROM rows
