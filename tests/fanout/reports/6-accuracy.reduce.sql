-- Report 6, reduce half.  avg(x) is sum(x) / count(x), NULLs left out.
SELECT player, style, sum(games) AS games,
       round(sum(accuracy_sum) / sum(accuracy_n), 1) AS accuracy,
       sum(mistakes) AS mistakes, sum(blunders) AS blunders,
       sum(wins) AS wins, sum(won_positions) AS won_positions
FROM mapped
GROUP BY player
ORDER BY accuracy DESC, player
