-- Every error of coins_array(key, value).  A message shows the key as
-- given: an INTEGER as is, a REAL with a decimal point (2.0, 2.5), TEXT
-- quoted, with bytes other than printable ASCII as \xNN and cut after 40
-- characters, a BLOB in hex (X'01', cut after 20 bytes).
-- NULL keys, in a group and in a window frame
WITH t(k, v) AS (VALUES (1, 2), (NULL, 3)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (NULL, NULL)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 2), (NULL, 3))
SELECT count(*) FROM (SELECT coins_array(k, v) OVER (ROWS 1 PRECEDING) FROM t);
-- duplicate keys: INTEGER, REAL, INTEGER and REAL of one value, TEXT, BLOB
WITH t(k, v) AS (VALUES (5, 1), (3, 2), (5, 3)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (2.5, 1), (0.5, 2), (2.50, 3)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (2, 1), (2.0, 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (2.0, 1), (2, 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (-0.0, 1), (0, 2)) SELECT coins_array(k, v) FROM t;
-- an integral REAL shows exactly (microseconds since 1970), others as the
-- shell shows REALs (15 digits: 0.1 + 0.2 is 0.30000000000000004)
WITH t(k, v) AS (VALUES (1700000000123456.0, 1), (1700000000123456.0, 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (0.1 + 0.2, 1), (0.30000000000000004, 2)) SELECT coins_array(k, v) FROM t;
-- exact at 2^53 and -2^63, where a double cannot tell 2^53 from 2^53+1
WITH t(k, v) AS (VALUES (9007199254740992, 1), (9007199254740992.0, 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (-9223372036854775808, 1), (-9223372036854775808.0, 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('2024-01-01T10:00:00', 'L'), ('2024-01-01T09:00:00', 'R'),
                        ('2024-01-01T10:00:00', 'R'))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('', 1), ('', 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('é' || char(10) || 'x', 1), ('é' || char(10) || 'x', 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (CAST(X'FF41' AS TEXT), 1), (CAST(X'FF41' AS TEXT), 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (printf('%.60c', 'x'), 1), (printf('%.60c', 'x'), 2))
SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (X'01', 1), (X'0001', 2), (X'01', 3)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (X'', 1), (zeroblob(0), 2)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (zeroblob(30), 1), (zeroblob(30), 2)) SELECT coins_array(k, v) FROM t;
-- a duplicate inside a window frame: the third frame (the first two are
-- fine, and so are frames of two rows)
WITH t(i, k, v) AS (VALUES (1, 'a', 1), (2, 'b', 2), (3, 'a', 3))
SELECT group_concat(a, ' ') FROM (SELECT coins_array(k, v) OVER (ORDER BY i ROWS 2 PRECEDING) AS a
                                  FROM t);
WITH t(i, k, v) AS (VALUES (1, 'a', 1), (2, 'b', 2), (3, 'a', 3))
SELECT group_concat(a, ' ') FROM (SELECT coins_array(k, v) OVER (ORDER BY i ROWS 1 PRECEDING) AS a
                                  FROM t);
-- values that are neither integers nor move letters, at keys of each type
WITH t(k, v) AS (VALUES (1, 7), (3, 2.5)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 'abc')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, X'01')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1.5, 'LR')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('2024-01-01T10:00:00', '')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (X'CAFE', ' L R')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('pos 3', '2.0')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, '7 7')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, '9223372036854775808')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 9223372036854775808.0)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 1e300)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 'Ł')) SELECT coins_array(k, v) FROM t;
-- NULL values
WITH t(k, v) AS (VALUES (1, 2), (2, NULL)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('b', NULL)) SELECT coins_array(k, v) FROM t;
-- one kind of value per group: integers (INTEGER or TEXT) or letters
WITH t(k, v) AS (VALUES (1, 'L'), (2, 7)) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES ('a', '7'), ('b', 'r')) SELECT coins_array(k, v) FROM t;
WITH t(k, v) AS (VALUES (1, 2.0), (2, 'R')) SELECT coins_array(k, v) FROM t;
