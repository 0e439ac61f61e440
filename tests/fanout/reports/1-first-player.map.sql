-- Report 1 of sql/reports.sql (first-player advantage), map half: per
-- shard and group, the counts the averages are made of (an average of
-- averages would be wrong), and the smallest row length for the order.
SELECT g.variant,
       CASE WHEN n <= 8 THEN '4-8' WHEN n <= 14 THEN '9-14' ELSE '15-20' END AS coins,
       count(*) AS games,
       sum(coins_outcome(g.variant, c.row, g.max_take) = 'first') AS best_first,
       count(coins_outcome(g.variant, c.row, g.max_take) = 'first') AS best_n,
       sum(r.actual = 'first') AS actual_first,
       count(r.actual = 'first') AS actual_n,
       min(n) AS min_n
FROM games g
JOIN (SELECT game_id, coins_array(pos, value) AS row FROM coin_rows GROUP BY game_id) c
  ON c.game_id = g.id
JOIN game_results r ON r.game_id = g.id
WHERE r.actual <> 'abandoned'
GROUP BY g.variant, 2
