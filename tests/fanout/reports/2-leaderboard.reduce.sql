-- Report 2, reduce half; HAVING keeps the players the report's inner join
-- keeps (those who made a move).
SELECT player, style, sum(games) AS games, sum(wins) AS wins,
       round(100.0 * (CAST(sum(best) AS REAL) / sum(verdicts)), 1) AS accuracy_pct,
       round(1.0 * sum(blunders) / sum(games_moved), 2) AS blunders_per_game,
       round(CAST(sum(loss_sum) AS REAL) / sum(loss_n), 2) AS avg_loss
FROM mapped
GROUP BY player
HAVING sum(games_moved) > 0
ORDER BY accuracy_pct DESC, player
