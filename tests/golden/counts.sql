-- Variant I counts past 2^32, which a 32-bit build (make test-dll32) must
-- not cut to 32 bits: every function that takes a count, with max_take and
-- with a set of takes.  The scalars are checked against the textbook rules
-- in the columns named rule: with 1..k the mover loses when n % (k + 1) = 0
-- (misère: (n - 1) % (k + 1) = 0); with {1,3,4}, when n % 7 is 0 or 2,
-- and the move from a won pile leaves a lost one.
WITH c(n) AS (VALUES (4294967296), (4294967297), (4294967301), (4294967303),
                     (1099511627776), (1099511627779), (9223372036854775807))
SELECT n, coins_win(1, n, 3) AS win, coins_win(1, n, 3) = (n % 4 <> 0) AS rule,
       coins_best_move(1, n, 3) AS move, coins_outcome(4, n, 3) AS misere,
       coins_outcome(4, n, 3) = CASE WHEN (n - 1) % 4 = 0 THEN 'second' ELSE 'first' END AS rule
FROM c;
WITH c(n) AS (VALUES (4294967296), (4294967297), (4294967301), (4294967303),
                     (1099511627776), (1099511627779), (9223372036854775807))
SELECT n, coins_win(1, n, '[1,3,4]') AS win,
       coins_win(1, n, '[1,3,4]') = (n % 7 NOT IN (0, 2)) AS rule,
       coins_best_move(1, n, '[1,3,4]') AS move,
       ((n - coins_best_move(1, n, '[1,3,4]')) % 7 IN (0, 2)) = (n % 7 NOT IN (0, 2)) AS rule,
       coins_outcome(1, n, '[1,3,4]') AS outcome, coins_win(4, n, '[2,3]') AS misere
FROM c;
-- the table-valued functions: the first plies of the line (a set makes a
-- table of the piles' values), every move, a review, a scorecard, play
SELECT ply, take, pos FROM coins_moves(1, 1099511627776, 2) WHERE ply < 3;
SELECT ply, take, pos FROM coins_moves(1, 4294967296, '[5,12]') WHERE ply < 4;
SELECT ply, take, pos FROM coins_moves(4, 4294967296, '[2,3]') WHERE ply < 3;
SELECT * FROM coins_options(1, 4294967301, '[1,3,4]');
SELECT * FROM coins_options(1, 1099511627777, 3);
SELECT ply, take, best, loss, "before", "after", verdict, eval
FROM coins_review(1, 4294967301, '[1,3]', '[1,3,4]');
SELECT ply, take, best, loss, "before", "after", verdict, eval
FROM coins_review(1, 4294967296, '[5,12]', '[5,12]');
SELECT * FROM coins_scorecard(1, 4294967301, '[4,1]', '[1,3,4]');
SELECT ply, player, take, pos FROM coins_play(1, 4294967301, 'optimal', 'left', '[1,3,4]')
WHERE ply < 3;
-- the end of a record
SELECT coins_after(1, 4294967301, '[1,3]', '[1,3,4]'), coins_result(1, 4294967301, '[1,3]', '[1,3,4]'),
       coins_after(1, 1099511627776, '[1,2]'), coins_result(1, 4294967297, '[1,1]', 1);
