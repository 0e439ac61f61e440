-- Report 1, reduce half.  avg(x) is sum(x) / count(x) in floating point:
-- CAST(... AS REAL) / ... is the same division, so the same digits.
SELECT variant, coins, sum(games) AS games,
       round(100.0 * (CAST(sum(best_first) AS REAL) / sum(best_n)), 1) AS best_play_first_pct,
       round(100.0 * (CAST(sum(actual_first) AS REAL) / sum(actual_n)), 1) AS actual_first_pct
FROM mapped
GROUP BY variant, coins
ORDER BY length(variant), min(min_n)
