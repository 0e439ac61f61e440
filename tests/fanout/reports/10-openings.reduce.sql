-- Report 10, reduce half.
SELECT first_move, sum(played) AS played, sum(best) AS best, sum(won) AS won,
       sum(lost) AS lost, sum(best_play_wins) AS best_play_wins
FROM mapped
GROUP BY first_move
ORDER BY played DESC, first_move
