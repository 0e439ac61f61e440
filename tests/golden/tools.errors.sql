-- Every error of coins_deal, coins_diagram and coins_array; each message
-- names the function (SQLite's own "too big" and argument-count errors
-- excepted).
-- coins_deal: arguments that are not integers, by name
SELECT coins_deal('one', 3);
SELECT coins_deal(1, 3.5);
SELECT coins_deal(1, 3, X'00', 5);
SELECT coins_deal(1, 3, 1, '1e2');
-- coins_deal: a row longer than SQLITE_LIMIT_LENGTH fails before it is written
.limit length 1000
SELECT coins_deal(1, 400);
.limit length 1000000000
-- coins_deal: values out of range
SELECT coins_deal(1, -1);
SELECT coins_deal(1, -9223372036854775808, 1, 2);
SELECT coins_deal(1, 3, 5, 1);
SELECT coins_deal(1, 3, 9223372036854775807, -9223372036854775808);
-- coins_deal: longer than SQLITE_LIMIT_LENGTH, refused before dealing
SELECT coins_deal(1, 9223372036854775807);
SELECT coins_deal(1, 600000000);
-- coins_deal: no row the solvers refuse (the end of this file has more)
SELECT coins_win(3, coins_deal(1, 3, -9223372036854775808, 9223372036854775807));
-- coins_deal: the argument count
SELECT coins_deal(1);
SELECT coins_deal(1, 3, 1);
SELECT coins_deal(1, 3, 1, 2, 3);

-- coins_diagram: the game, read as every function reads it
SELECT coins_diagram(7, '[1]');
SELECT coins_diagram(CAST(X'C3A9' AS TEXT), '[1]');
SELECT coins_diagram(3, '[1,x]');
SELECT coins_diagram(3, X'5B315D');
SELECT coins_diagram(3, '[9223372036854775807,1]');
SELECT coins_diagram(3, coins_deal(1, 3, -9223372036854775808, 9223372036854775807));
SELECT coins_diagram(1, -1);
SELECT coins_diagram(2, '[1]', '[1]', 0);
SELECT coins_diagram(2, '[1]', '[1]', 'two');
SELECT coins_diagram(3, '[1]', 'L', 2);
-- coins_diagram: variant I counts are bounded
SELECT coins_diagram(1, 10001);
SELECT coins_diagram(1, 9223372036854775807);
-- coins_diagram: records that are not TEXT
SELECT coins_diagram(3, '[1,2]', 7);
SELECT coins_diagram(2, '[1,2]', X'5B315D');
-- coins_diagram: records that do not parse, naming the ply
SELECT coins_diagram(3, '[1,2]', 'LX');
SELECT coins_diagram(3, '[1,2]', CAST(X'4CFF' AS TEXT));
SELECT coins_diagram(3, '[1,2]', '["L","X"]');
SELECT coins_diagram(3, '[1,2]', '["L"');
SELECT coins_diagram(2, '[1,2,3]', '[0]');
SELECT coins_diagram(2, '[1,2,3]', '[1,-2]');
SELECT coins_diagram(2, '[1,2,3]', '["L"]');
SELECT coins_diagram(2, '[1,2,3]', '[1.5]');
SELECT coins_diagram(2, '[1,2,3]', '[1,1');
SELECT coins_diagram(1, 3, 'LR');
-- coins_diagram: illegal moves, naming the ply
SELECT coins_diagram(3, '[1,2]', 'LLL');
SELECT coins_diagram(2, '[1,2,3]', '[3]');
SELECT coins_diagram(2, '[1,2,3]', '[2,2]', 3);
SELECT coins_diagram(1, 5, '[2,2,2]');
-- coins_diagram: the argument count
SELECT coins_diagram(3);
SELECT coins_diagram(3, '[1]', 'L', 1, 1);

-- coins_array: keys are ordered as SQLite orders values; NULL keys are errors
WITH t(k, v) AS (VALUES (1, 2), ('2', 3)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1.5, 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (X'01', 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 2), (NULL, 3)) SELECT coins_array(k, v) FROM t;
-- coins_array: values must be integers or move letters, never NULL
WITH t(k, v) AS (VALUES (1, 2), (2, NULL)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 2.0)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, X'4C')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, '3')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 'LR')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, '')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (7, 'é'), (8, CAST(X'FF' AS TEXT))) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (8, CAST(X'FF' AS TEXT))) SELECT coins_array(k, v) FROM t;
-- coins_array: one kind of value per group
WITH t(k, v) AS (VALUES (1, 2), (2, 'L')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 'r'), (2, 5)) SELECT coins_array(k, v) FROM t;
-- coins_array: duplicate keys, in a group and in a window frame
WITH t(k, v) AS (VALUES (1, 2), (-3, 5), (1, 4)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (5, 'L'), (5, 'L')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 2), (2, 5), (2, 4))
SELECT coins_array(k, v) OVER (ORDER BY k ROWS 1 PRECEDING) FROM t LIMIT 1 OFFSET 2;
-- coins_array: the argument count
SELECT coins_array(1);
SELECT coins_array(1, 2, 3);

-- results longer than SQLITE_LIMIT_LENGTH
-- (the shell echoes the new limit)
.limit length 100
SELECT coins_deal(1, 50, 0, 9);
SELECT coins_deal(1, 40);
SELECT coins_diagram(3, coins_deal(1, 20, 0, 9));
SELECT coins_diagram(1, 30);
WITH RECURSIVE t(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM t WHERE k < 40)
SELECT coins_array(k, k) FROM t;
-- coins_deal: no row whose coins could add up past 2^63-1 in absolute
-- value (no other function takes one), whatever the seed
.limit length 1000000000
SELECT coins_deal(1, 1, -9223372036854775808, -9223372036854775808);
SELECT coins_deal(-9223372036854775808, 2, 9223372036854775806, 9223372036854775807);
SELECT coins_deal(1, 3, -3074457345618258603, 0);
