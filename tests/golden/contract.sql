-- The examples the SQL contract says must hold, and the types results have.
.headers on
.mode list
SELECT coins_win(3, '[3,2,2]') AS a, coins_win(3, '[1,2,4]') AS b,
       coins_win(3, '[1,20,4]') AS c, coins_score(3, '[8,15,3,7]') AS d,
       coins_score(3, '[5,3,7,10]') AS e, coins_outcome(3, '[2,2,2,2]') AS f,
       coins_win(1, 3) AS g, coins_win(1, '[1,1,1,1]') AS h,
       coins_outcome(2, '[1,2,2]') AS i, coins_outcome(2, '[1,2,4]') AS j;
-- variant names, in any case
SELECT coins_margin(3, '[10,80,90,30]'), coins_margin('iii', '[10,100,10]'),
       coins_margin('III', '[4,2,9,7,1,5]'), coins_margin('3', '[10]');
-- Stone Game III is variant II with max_take 3
SELECT coins_outcome('II', '[1,2,3,7]', 3), coins_outcome('ii', '[1,2,3,-9]', 3),
       coins_outcome(2, '[1,2,3,6]', 3), coins_outcome(2, '[1,2,3,-1,-2,-3,7]', 3),
       coins_outcome(2, '[-1,-2,-3]', 3);
-- empty rows: a draw for II and III, a loss for the first player in I
SELECT coins_outcome(1, '[]'), coins_outcome(2, '[]'), coins_outcome(3, '[]'),
       coins_best_move(3, '[]') IS NULL, coins_win(1, 0);
-- best moves: a take for I and II, a side for III
SELECT coins_best_move(1, 10), typeof(coins_best_move(1, 10)),
       coins_best_move(2, '[1,2,2]'), coins_best_move(3, '[8,15,3,7]'),
       typeof(coins_best_move(3, '[8,15,3,7]'));
-- NULL in, NULL out
SELECT coins_win(NULL, '[1]') IS NULL, coins_win(3, NULL) IS NULL,
       coins_win(2, '[1]', NULL) IS NULL;
-- a tie counts as a win, the LeetCode 486 way
SELECT coins_margin(3, '[2,2,2,2]') >= 0 AS tie_counts;
-- huge counts and takes in variant I
SELECT coins_win(1, 9223372036854775807, 9223372036854775807),
       coins_best_move(1, 9223372036854775807, 2), coins_win(1, 9223372036854775806, 2);
-- exact-integer JSON numbers and whitespace
SELECT coins_score(3, ' [ 2.0 ,1e1,	700e-2
, -0 ] ');
