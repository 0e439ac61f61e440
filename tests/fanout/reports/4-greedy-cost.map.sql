-- Report 4 of sql/reports.sql (the cost of greedy play), map half: the
-- report counts each distinct row once, and the same row may have been
-- dealt on two shards, so the map gives the shard's distinct rows with
-- their margins and the reduce takes the distinct ones of all.
WITH rows AS (SELECT DISTINCT coins, json_array_length(coins) AS n
              FROM games WHERE variant = 'III')
SELECT coins AS row, n, coins_margin(3, coins) AS optimal,
       (SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END)
          FROM coins_play(3, coins, 'greedy', 'optimal')) AS greedy
FROM rows
