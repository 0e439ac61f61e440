-- The game family: max_take as a set of takes in variants I and II.
-- Variant I with {1,3,4}: the piles 0 and 2 mod 7 are lost.
SELECT n, coins_win(1, n, '[1,3,4]') AS win, coins_best_move(1, n, '[1,3,4]') AS move
FROM (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 6
      UNION ALL SELECT 7 UNION ALL SELECT 9 UNION ALL SELECT 10);
SELECT coins_win(1, 1000000000000000000, '[1,3,4]'), coins_outcome(1, 1000000000000000002, '[1,3,4]');
-- a set that is a range is max_take
SELECT coins_margin(2, '[3,1,4,1,5,9,2,6]', '[1,2,3]') = coins_margin(2, '[3,1,4,1,5,9,2,6]', 3);
-- variant II: coins no take fits are nobody's
SELECT coins_margin(2, '[5,1,7]', '[2]'), coins_score(2, '[5,1,7]', '[2]'),
       coins_outcome(2, '[3,1,4,1,5]', '[1,3]'), coins_best_move(2, '[3,1,4,1,5]', '[1,3]');
SELECT ply, player, move, pos, first_total FROM coins_moves(1, 12, '[1,3,4]');
SELECT ply, move, gain, first_total, second_total FROM coins_moves(2, '[3,1,4,1,5,9,2]', '[2,3]');
SELECT ply, move, best, loss, "before", "after", verdict, eval, only_move
FROM coins_review(1, 12, '[1,1,3]', '[1,3,4]');
SELECT ply, move, best, loss, verdict, position, eval, only_move
FROM coins_review(2, '[3,1,4,1,5,9,2]', '[2,2]', '[2,3]');
SELECT move, gain, margin, loss, rank, result FROM coins_options(2, '[3,1,4,1,5,9,2]', '[2,3]');
SELECT move, loss, rank, result FROM coins_options(1, 12, '[1,3,4]');
SELECT ply, move FROM coins_play(1, 12, 'greedy', 'left', '[1,3,4]');
SELECT ply, move FROM coins_play(2, '[3,1,4,1,5,9,2]', 'greedy', 'random:7', '[2,3]');
-- a game over with coins left
SELECT coins_result(1, 7, '[3,3]', '[2,3]'), coins_after(1, 7, '[3,3]', '[2,3]'),
       coins_result(2, '[5,1,7]', '[2]', '[2]'), coins_after(2, '[5,1,7]', '[2]', '[2]');
SELECT coins_result(1, 7, '[3]', '[2,3]');
SELECT coins_diagram(1, 7, '[3,3]', '[2,3]');
SELECT coins_diagram(2, '[5,1,7]', NULL, '[2]');
SELECT player, moves, best, loss, result, expected FROM coins_scorecard(1, 12, '[1,1,3,4,3]', '[1,3,4]');
SELECT ply, move FROM coins_moves(1, 1000000000000000000, '[1,3,4]') LIMIT 3;
