-- Report 4, reduce half.
WITH played AS (SELECT DISTINCT row, n, optimal, greedy FROM mapped)
SELECT n AS coins, count(*) AS rows,
       round(avg(optimal), 1) AS optimal_margin,
       round(avg(greedy), 1) AS greedy_margin,
       round(avg(optimal - greedy), 1) AS greedy_cost,
       round(100.0 * avg(greedy = optimal), 1) AS greedy_optimal_pct
FROM played
GROUP BY n
ORDER BY n
