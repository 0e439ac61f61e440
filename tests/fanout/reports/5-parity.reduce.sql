-- Report 5, reduce half.
WITH played AS (SELECT DISTINCT row, n, optimal, parity FROM mapped)
SELECT n AS coins, count(*) AS rows,
       round(100.0 * avg(parity = optimal), 1) AS parity_optimal_pct,
       round(avg(optimal - parity), 2) AS avg_given_up,
       max(optimal - parity) AS most_given_up,
       min(parity) >= 0 AS never_loses
FROM played
GROUP BY n
ORDER BY n
