-- The tie rules of docs/reference.md ("Who wins, and which optimal move"),
-- row by row, on rows where several moves are optimal.  Every row was
-- computed independently (the rules as documented for the choice, the
-- textbook DP for optimality) before this file's .out was written; the
-- core's side of the same rules is tests/unit/test_ties.c.
--   I   the winning move, else one coin;
--   II  among optimal takes, the fewest coins;
--   III peak fusion (y >= x and y >= z, non-strict) into blocks; the end
--       block worth more, the LEFT on a tie, played out from that end.
-- coins_best_move is the first row of coins_moves, and coins_review's best
-- is coins_best_move of the coins left before the move.  coins_play's
-- optimal player follows the line one move at a time: while the game
-- stays on it, and when the other of two equally valued end blocks is
-- taken (that block is then played out from that end), it plays the
-- line's next move; after any other move, the line from what is left.
.headers on
.nullvalue NULL

-- Variant I: lost positions (n mod (k+1) = 0) take one coin.
.print '== I 6: lost: take 1'
SELECT coins_best_move(1, 6) AS best_move;
SELECT * FROM coins_moves(1, 6);
.print '== I 3 k=2: lost: take 1, then the win'
SELECT coins_best_move(1, 3, 2) AS best_move;
SELECT * FROM coins_moves(1, 3, 2);
.print '== I 8 k=3: lost: take 1'
SELECT coins_best_move(1, 8, 3) AS best_move;
SELECT * FROM coins_moves(1, 8, 3);
.print '== I 5 k=10: k >= n: take all'
SELECT coins_best_move(1, 5, 10) AS best_move;
SELECT * FROM coins_moves(1, 5, 10);
.print '== I [0,0,0,0] k=3: a row: only its length counts'
SELECT coins_best_move(1, '[0,0,0,0]', 3) AS best_move;
SELECT * FROM coins_moves(1, '[0,0,0,0]', 3);
.print '== I 1'
SELECT coins_best_move(1, 1) AS best_move;
SELECT * FROM coins_moves(1, 1);
.print '== I 0: no coins: NULL, no rows'
SELECT coins_best_move(1, 0) AS best_move;
SELECT * FROM coins_moves(1, 0);
.print '== review I 6 [2,2,1,1]: best 1 from lost positions'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(1, 6, '[2,2,1,1]');
.print '== review I 8 [1,3,1,3] k=3'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(1, 8, '[1,3,1,3]', 3);

-- Variant II: several optimal takes; the fewest coins is played.
.print '== II [0,0,0] k=2: 1 and 2 optimal at plies 1, 2'
SELECT coins_best_move(2, '[0,0,0]', 2) AS best_move;
SELECT * FROM coins_moves(2, '[0,0,0]', 2);
.print '== II [0,0,0] k=3: 1, 2, 3 optimal'
SELECT coins_best_move(2, '[0,0,0]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[0,0,0]', 3);
.print '== II [2,2,0] k=3: 2 and 3 optimal'
SELECT coins_best_move(2, '[2,2,0]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[2,2,0]', 3);
.print '== II [1,1,0,0] k=3: 2 and 3, then 1 and 2'
SELECT coins_best_move(2, '[1,1,0,0]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[1,1,0,0]', 3);
.print '== II [0,-1,1,0] k=3: 1 and 3, then 2 and 3'
SELECT coins_best_move(2, '[0,-1,1,0]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[0,-1,1,0]', 3);
.print '== II [2,0,0,2] k=3: 1, 2, 3 optimal'
SELECT coins_best_move(2, '[2,0,0,2]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[2,0,0,2]', 3);
.print '== II [1,2,3,6] k=3'
SELECT coins_best_move(2, '[1,2,3,6]', 3) AS best_move;
SELECT * FROM coins_moves(2, '[1,2,3,6]', 3);
.print '== II [1,-1,1] k=2: no tie: 1 then 2'
SELECT coins_best_move(2, '[1,-1,1]', 2) AS best_move;
SELECT * FROM coins_moves(2, '[1,-1,1]', 2);
.print '== II [0,0,0,0,0] k=2'
SELECT coins_best_move(2, '[0,0,0,0,0]', 2) AS best_move;
SELECT * FROM coins_moves(2, '[0,0,0,0,0]', 2);
.print '== review II [0,0,0] [2,1] k=2: best stays the fewest'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(2, '[0,0,0]', '[2,1]', 2);
.print '== review II [1,1,0,0] [3,1] k=3'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(2, '[1,1,0,0]', '[3,1]', 3);
.print '== review II [0,-1,1,0] [3,1] k=3'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(2, '[0,-1,1,0]', '[3,1]', 3);
.print '== review II [2,2,0] [3] k=3'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(2, '[2,2,0]', '[3]', 3);

-- Variant III: the blocks after peak fusion are in each label.
.print '== III [2,2,0,2]: blocks 0(3) 2(1)'
SELECT coins_best_move(3, '[2,2,0,2]') AS best_move;
SELECT * FROM coins_moves(3, '[2,2,0,2]');
.print '== III [2,2,0]: blocks 0(3)'
SELECT coins_best_move(3, '[2,2,0]') AS best_move;
SELECT * FROM coins_moves(3, '[2,2,0]');
.print '== III [1,1]: blocks 1(1) 1(1)'
SELECT coins_best_move(3, '[1,1]') AS best_move;
SELECT * FROM coins_moves(3, '[1,1]');
.print '== III [4,4]: blocks 4(1) 4(1)'
SELECT coins_best_move(3, '[4,4]') AS best_move;
SELECT * FROM coins_moves(3, '[4,4]');
.print '== III [2,2,2,2]: blocks 2(3) 2(1)'
SELECT coins_best_move(3, '[2,2,2,2]') AS best_move;
SELECT * FROM coins_moves(3, '[2,2,2,2]');
.print '== III [1,2,2,1]: blocks 1(3) 1(1)'
SELECT coins_best_move(3, '[1,2,2,1]') AS best_move;
SELECT * FROM coins_moves(3, '[1,2,2,1]');
.print '== III [3,1,1,3]: blocks 3(1) 1(1) 1(1) 3(1)'
SELECT coins_best_move(3, '[3,1,1,3]') AS best_move;
SELECT * FROM coins_moves(3, '[3,1,1,3]');
.print '== III [0,1,1,1,0]: blocks -1(5)'
SELECT coins_best_move(3, '[0,1,1,1,0]') AS best_move;
SELECT * FROM coins_moves(3, '[0,1,1,1,0]');
.print '== III [5,5,5]: blocks 5(3)'
SELECT coins_best_move(3, '[5,5,5]') AS best_move;
SELECT * FROM coins_moves(3, '[5,5,5]');
.print '== III [0,0,0,0]: blocks 0(3) 0(1)'
SELECT coins_best_move(3, '[0,0,0,0]') AS best_move;
SELECT * FROM coins_moves(3, '[0,0,0,0]');
.print '== III [0,0,1,1]: blocks 0(1) 0(3)'
SELECT coins_best_move(3, '[0,0,1,1]') AS best_move;
SELECT * FROM coins_moves(3, '[0,0,1,1]');
.print '== III [1,3,2,2,3,1]: blocks 0(3) 0(3)'
SELECT coins_best_move(3, '[1,3,2,2,3,1]') AS best_move;
SELECT * FROM coins_moves(3, '[1,3,2,2,3,1]');
.print '== III [5,1,3,2,2,3,1]: blocks 5(1) 0(3) 0(3)'
SELECT coins_best_move(3, '[5,1,3,2,2,3,1]') AS best_move;
SELECT * FROM coins_moves(3, '[5,1,3,2,2,3,1]');
.print '== III [7]: blocks 7(1)'
SELECT coins_best_move(3, '[7]') AS best_move;
SELECT * FROM coins_moves(3, '[7]');
.print '== III []: blocks none'
SELECT coins_best_move(3, '[]') AS best_move;
SELECT * FROM coins_moves(3, '[]');
.print '== review III [2,2,0] RRR: blocks 0(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[2,2,0]', 'RRR');
.print '== review III [2,2,0,2] RLLL: blocks 0(3) 2(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[2,2,0,2]', 'RLLL');
.print '== review III [2,2,0,2] LRLR: blocks 0(3) 2(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[2,2,0,2]', 'LRLR');
.print '== review III [1,1] RL: blocks 1(1) 1(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[1,1]', 'RL');
.print '== review III [2,2,2,2] RRRR: blocks 2(3) 2(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[2,2,2,2]', 'RRRR');
.print '== review III [2,2,2,2] LRRR: blocks 2(3) 2(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[2,2,2,2]', 'LRRR');
.print '== review III [1,2,2,1] RLLL: blocks 1(3) 1(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[1,2,2,1]', 'RLLL');
.print '== review III [3,1,1,3] RRLL: blocks 3(1) 1(1) 1(1) 3(1)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[3,1,1,3]', 'RRLL');
.print '== review III [0,1,1,1,0] RRRRR: blocks -1(5)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[0,1,1,1,0]', 'RRRRR');
.print '== review III [5,5,5] RRR: blocks 5(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[5,5,5]', 'RRR');
.print '== review III [0,0,1,1] RRLL: blocks 0(1) 0(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[0,0,1,1]', 'RRLL');
.print '== review III [1,3,2,2,3,1] RRRLLL: blocks 0(3) 0(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[1,3,2,2,3,1]', 'RRRLLL');
.print '== review III [1,3,2,2,3,1] RLLLRR: blocks 0(3) 0(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[1,3,2,2,3,1]', 'RLLLRR');
.print '== review III [5,1,3,2,2,3,1] LRRRLLL: blocks 5(1) 0(3) 0(3)'
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[5,1,3,2,2,3,1]', 'LRRRLLL');

-- coins_play: the optimal player stays on the line (see above).
.print '== play III [0,0,1,1] greedy optimal: blocks 0(1) 0(3): R, the other end of a tie: on the line'
SELECT * FROM coins_play(3, '[0,0,1,1]', 'greedy', 'optimal');
.print '== play III [1,1,1,0,1] left optimal: blocks 1(3) 0(1) 1(1): P2 plays out the block P1 started'
SELECT * FROM coins_play(3, '[1,1,1,0,1]', 'left', 'optimal');
.print '== play III [1,1,1,0,1,2,2] greedy optimal: blocks 1(3) 0(1) 1(3): R on a tie starts the right block; L leaves the line, P2 re-solves'
SELECT * FROM coins_play(3, '[1,1,1,0,1,2,2]', 'greedy', 'optimal');
.print '== play III [2,2,2,1,2,3,3] greedy optimal: blocks 2(3) 1(1) 2(3)'
SELECT * FROM coins_play(3, '[2,2,2,1,2,3,3]', 'greedy', 'optimal');
.print '== play III [0,0,1,2,1] greedy optimal: blocks 0(5): one block: R leaves the line, P2 re-solves'
SELECT * FROM coins_play(3, '[0,0,1,2,1]', 'greedy', 'optimal');
.print '== play III [0,0,0,1] left optimal: blocks 0(3) 1(1): L takes the smaller end block: off the line'
SELECT * FROM coins_play(3, '[0,0,0,1]', 'left', 'optimal');
.print '== play III [1,0,1,2,3,2] greedy optimal: blocks 1(1) 0(5): R takes the smaller end block: off the line'
SELECT * FROM coins_play(3, '[1,0,1,2,3,2]', 'greedy', 'optimal');
.print '== play III [3,1,1,3] optimal greedy: blocks 3(1) 1(1) 1(1) 3(1)'
SELECT * FROM coins_play(3, '[3,1,1,3]', 'optimal', 'greedy');
.print '== play III [2,2,0,2] optimal optimal: blocks 0(3) 2(1): the line itself'
SELECT * FROM coins_play(3, '[2,2,0,2]', 'optimal', 'optimal');
