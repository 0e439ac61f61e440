-- Sums of piles: variant 'I-sum', a turn takes from one pile, the last
-- coin wins; a move is "p:t" (t coins from pile p, piles from 1).
.mode list
.headers on
-- Nim on [3,4,5] (max_take 5 or more: any take): the nim-sum 3^4^5 = 2
SELECT coins_win('I-sum', '[3,4,5]', 5) AS win, coins_outcome('I-sum', '[3,4,5]', 5) AS outcome,
       coins_best_move('I-sum', '[3,4,5]', 5) AS best;
-- the optimal line: each move leaves a nim-sum of 0, the winner moves last
SELECT ply, player, move, take, pos FROM coins_moves('I-sum', '[3,4,5]', 5);
-- every move from the start, with its result for the mover
SELECT move, result, loss, best FROM coins_options('I-sum', '[3,4,5]', 5);
-- a game reviewed: the piles before each move, and what it did
SELECT ply, move, best, "before", "after", verdict, position, eval
FROM coins_review('I-sum', '[3,4,5]', '1:1 2:4 3:2 1:2', 5);
SELECT coins_after('I-sum', '[3,4,5]', '["1:1","2:4"]', 5) AS after,
       coins_result('I-sum', '[3,4,5]', '1:1 2:4', 5) AS result;
-- a set of takes for every pile: {1,3,4} has Grundy values of period 7
SELECT coins_grundy(3, '[1,3,4]') || ',' || coins_grundy(4, '[1,3,4]') || ','
       || coins_grundy(5, '[1,3,4]') AS grundy,
       coins_win('I-sum', '[3,4,5]', '[1,3,4]') AS win,
       coins_best_move('I-sum', '[3,4,5,9]', '[1,3,4]') AS best;
SELECT ply, move FROM coins_play('I-sum', '[3,4,5]', 'greedy', 'optimal', '[1,3,4]');
-- huge piles answer at once; the default max_take is 2
SELECT coins_best_move('I-sum', '[1000000000000000,3]') AS best;
-- misère Nim: whoever takes the last coin loses (variant 'I-sum-misere')
SELECT coins_outcome('I-sum-misere', '[1,1,1]', 9) AS three_ones,
       coins_best_move('I-sum-misere', '[1,1,5]', 9) AS leave_odd_ones,
       coins_best_move('I-sum-misere', '[3,4,5]', 9) AS as_in_nim;
-- a misère Nim session: the line, the options, a game reviewed and its end
SELECT ply, player, move FROM coins_moves('I-sum-misere', '[1,2,3]', 3);
SELECT move, result, loss FROM coins_options('I-sum-misere', '[1,2,3]', 3);
SELECT ply, move, before, after, best FROM coins_review('I-sum-misere', '[1,2,3]', '3:3 2:1 1:1', 3);
SELECT coins_after('I-sum-misere', '[1,2,3]', '3:3 2:1 1:1', 3) AS after,
       coins_result('I-sum-misere', '[1,2,3]', '3:3 2:1 1:1 2:1', 3) AS result;
-- 'I-misere' given an array is a row of identical coins: its length counts
SELECT coins_win('I-misere', '[1,1,1,1]') = coins_win('I-misere', 4) AS same;
