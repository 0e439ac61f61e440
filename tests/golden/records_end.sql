-- coins_result and coins_after: where a recorded game ended.
SELECT coins_result(3, '[8,15,3,7]', 'RLLL'), coins_after(3, '[8,15,3,7]', 'RL');
SELECT coins_result(3, '[8,15,3,7]', 'LRLR'), coins_result(3, '[2,2]', 'LR');
SELECT coins_result(3, '[8,15,3,7]', ''), coins_after(3, '[8,15,3,7]', '[]');
-- variant I: who took the last coin; the position left is a count
SELECT coins_result(1, 5, '[2,2,1]'), coins_result(1, 5, '[2,2]'), coins_after(1, 5, '[2,2]');
SELECT coins_result(1, 0, '[]'), coins_result(1, '[1,1,1]', '[1,2]', 2), coins_after(1, '[1,1,1]', '[1]');
SELECT coins_result(1, 7, '[3]', 3), coins_after(1, 7, '[3,3]', 3);
-- variant II, with max_take
SELECT coins_result(2, '[1,2,3]', '[3]', 3), coins_after(2, '[1,2,3]', '[1]'), coins_result(2, '[1,-1]', '[1,1]');
SELECT coins_after(2, '[5,-1,4]', '[2]'), coins_result(2, '[5,-1,4]', '[1,2]');
-- the position left is a game: any function takes it
SELECT coins_margin(3, coins_after(3, '[8,15,3,7]', 'R')), coins_best_move(3, coins_after(3, '[8,15,3,7]', 'RL'));
SELECT coins_win(1, coins_after(1, 10, '[1]')), coins_outcome(2, coins_after(2, '[1,2,4,3]', '[1]'));
-- NULL in, NULL out
SELECT coins_result(3, '[1,2]', NULL) IS NULL, coins_after(NULL, '[1]', '[]') IS NULL,
       coins_result(2, '[1]', '[1]', NULL) IS NULL, coins_after(3, NULL, 'L') IS NULL;
-- over a table of games
CREATE TABLE m(id INTEGER PRIMARY KEY, variant, coins, moves);
INSERT INTO m(variant, coins, moves) VALUES (3, '[1,5,2]', 'LRL'), (3, '[1,5,2]', 'L'),
  ('II', '[4,4,4]', '[2,1]'), ('I', 6, '[2,1,2,1]');
SELECT id, coins_result(variant, coins, moves), coins_after(variant, coins, moves) FROM m;
