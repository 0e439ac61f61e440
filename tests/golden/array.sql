-- coins_array(key, value): keys are anything SQLite orders, in the order of
-- ORDER BY with the BINARY collation (numbers by value, then TEXT by bytes,
-- then BLOBs by bytes); values are integers (an INTEGER, an integral REAL,
-- TEXT holding an integer) or the move letters 'L'/'R' in any case.  Every
-- line of array.out was checked by hand.

-- timestamps as TEXT keys, given out of order: ISO-8601 text sorts as time
CREATE TABLE moves_at(game INTEGER, at TEXT, move);
INSERT INTO moves_at VALUES
  (1, '2024-03-01T10:00:05', 'R'),
  (1, '2024-03-01T09:59:58', 'L'),
  (1, '2024-03-01T10:00:09', 'r'),
  (1, '2024-03-01T10:00:01', 'l'),
  (2, '2024-03-02T08:00:00.250', 2),
  (2, '2024-03-02T07:59:59', 1),
  (2, '2024-03-02T08:00:00', 3);
-- expected: 1 ["L","L","R","R"], 2 [1,3,2] ('...00' < '...00.250')
SELECT game, coins_array(at, move) FROM moves_at GROUP BY game ORDER BY game;
-- the same order as ORDER BY at
SELECT (SELECT coins_array(at, move) FROM moves_at WHERE game = 1)
  = (SELECT json_group_array(upper(move))
     FROM (SELECT move FROM moves_at WHERE game = 1 ORDER BY at));
-- game 1 as a record, reviewed: LLRR on [8,15,3,7].  The first move L is a
-- blunder (R wins by 11, L loses by 3: loss 14), then every move is best
SELECT ply, move, verdict, loss FROM coins_review(3, '[8,15,3,7]',
  (SELECT coins_array(at, move) FROM moves_at WHERE game = 1));
-- blanks around a value are not part of it (as in every textual
-- argument): expected ["L","R","L"] and [7,2]
SELECT coins_array(column1, column2) FROM (VALUES (1, ' L'), (2, 'r '), (3, char(9) || 'l'));
SELECT coins_array(column1, column2) FROM (VALUES (1, ' 7 '), (2, char(10) || '2'));

-- REAL keys, by value: expected [1,2,3,4]
SELECT coins_array(column1, column2)
FROM (VALUES (0.5, 3), (-1.25, 1), (10000000000.0, 4), (0.25, 2));
-- INTEGER and REAL keys together, by value: expected [-5,10,15,20,25,30]
SELECT coins_array(column1, column2)
FROM (VALUES (2, 20), (1.5, 15), (3, 30), (1, 10), (2.5, 25), (-0.5, -5));
-- exact comparison of an INTEGER with a REAL, where (double)int rounds:
-- 2^53-1 < 2^53 (REAL) < 2^53+1, expected [1,2,3]
SELECT coins_array(column1, column2)
FROM (VALUES (9007199254740993, 3), (9007199254740992.0, 2), (9007199254740991, 1));
-- near the ends of int64: -9.3e18 < -2^63 < 2^63-2 < 2^63-1 < 2^63 (REAL)
-- < 1e19, expected [-3,-2,1,2,3,4]
SELECT coins_array(column1, column2)
FROM (VALUES (9223372036854775807, 2), (9223372036854775807.0, 3),
             (9223372036854775806, 1), (1e19, 4), (-9223372036854775808, -2),
             (-9.3e18, -3));

-- TEXT keys by their bytes: '' < '10' < '9' < 'B' < 'Z' < 'a' < 'ab' < 'abc'
-- < 'é' (C3 A9): expected [0,1,2,3,4,5,6,7,8]
SELECT coins_array(column1, column2)
FROM (VALUES ('a', 5), ('9', 2), ('abc', 7), ('B', 3), ('é', 8), ('10', 1),
             ('Z', 4), ('', 0), ('ab', 6));
-- BLOB keys by their bytes: X'' < X'00' < X'0001' < X'01' < X'FF',
-- expected [0,1,2,3,4]
SELECT coins_array(column1, column2)
FROM (VALUES (X'FF', 4), (X'01', 3), (X'0001', 2), (X'', 0), (X'00', 1));
-- keys of every type: numbers < TEXT < BLOBs, and INTEGER 1, TEXT '1' and
-- BLOB X'31' are three keys: expected [0,1,2,3,4,5,6]
SELECT coins_array(column1, column2)
FROM (VALUES (X'00', 5), ('a', 4), (X'31', 6), ('1', 3), (2.5, 2), (1, 1), (-7, 0));

-- every order above is ORDER BY's: 1000 keys of four types, shuffled
CREATE TABLE mixed(k, v INTEGER);
WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n < 999)
INSERT INTO mixed
SELECT CASE n % 5 WHEN 0 THEN n * 1000003 - 500000000
                  WHEN 1 THEN n / 7.0 - 40
                  WHEN 2 THEN printf('%x', n)
                  WHEN 3 THEN CAST(printf('%x', n * 31) AS BLOB)
                  ELSE 9223372036854775807 - n END, n
FROM i ORDER BY (n * 7919) % 1000;
SELECT count(*), count(DISTINCT typeof(k)) FROM mixed;
SELECT coins_array(k, v) = (SELECT json_group_array(v) FROM (SELECT v FROM mixed ORDER BY k)),
       coins_array(k, -v) = (SELECT json_group_array(-v) FROM (SELECT v FROM mixed ORDER BY k))
FROM mixed;
-- and in groups of ten (each group out of order)
SELECT count(*), sum(ok) FROM (
  SELECT coins_array(k, v) = (SELECT json_group_array(v)
                              FROM (SELECT v FROM mixed m WHERE m.v / 10 = g.v / 10 ORDER BY k))
         AS ok
  FROM mixed g GROUP BY v / 10);

-- values: TEXT holding an integer (spaces around it allowed, a sign) and
-- integral REALs are integers: expected [7,7,2,-12,1000,5,4]
SELECT coins_array(column1, column2)
FROM (VALUES (1, '7'), (2, ' 7 '), (3, 2.0), (4, '-12'), (5, 1e3), (6, '+5'),
             (7, char(9) || '4' || char(10)));
-- move letters in any case: expected ["L","R","R","L"]
SELECT coins_array(column1, column2)
FROM (VALUES (3, 'R'), (1, 'l'), (2, 'r'), (4, 'L'));

-- a CSV import: every column TEXT
CREATE TABLE t(game TEXT, pos TEXT, value TEXT);
INSERT INTO t VALUES
  ('1', '1', '14'), ('1', '2', '18'), ('1', '3', '17'), ('1', '4', '14'), ('1', '5', '20'),
  ('1', '6', '19'), ('1', '7', '10'), ('1', '8', '15'), ('1', '9', '10'), ('1', '10', '5'),
  ('2', '1', ' 4'), ('2', '2', '1 '), ('2', '3', '2');
-- TEXT positions sort as text: '10' comes right after '1', so game 1 reads
-- [14,5,18,17,14,20,19,10,15,10], which the first player wins by 18
SELECT game, coins_array(pos, value), coins_win(3, coins_array(pos, value)),
       coins_margin(3, coins_array(pos, value))
FROM t GROUP BY game ORDER BY game;
-- the fix: positions as numbers.  Game 1 is [14,18,17,14,20,19,10,15,10,5],
-- a draw (margin 0); game 2 [4,1,2] is a win by 3 either way
SELECT game, coins_array(CAST(pos AS INTEGER), value),
       coins_win(3, coins_array(CAST(pos AS INTEGER), value)),
       coins_margin(3, coins_array(CAST(pos AS INTEGER), value))
FROM t GROUP BY game ORDER BY game;

-- as a window function with TEXT keys: rows leave the frame (xInverse)
-- matched by key and value.  Expected: ["L"], ["L","L"], ["L","R"], ["R","R"]
SELECT at, coins_array(at, move) OVER (ORDER BY at ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
FROM moves_at WHERE game = 1;
-- frames in insertion order, so that each frame is out of key order:
-- 10:00:05 R, 09:59:58 L, 10:00:09 r, 10:00:01 l.  Expected: ["L","R","R"],
-- ["L","L","R","R"], ["L","L","R"], ["L","R"]
SELECT rowid, coins_array(at, move)
  OVER (ORDER BY rowid ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING)
FROM moves_at WHERE game = 1;
-- the CSV table, TEXT values and keys of two types (the CAST keys and the
-- TEXT keys of game 2 in one frame): expected, by rowid, [14,18], [18,17],
-- ..., [15,10], [10,5], [5,4], [4,1], [1,2], [2]
SELECT rowid, coins_array(CASE game WHEN '1' THEN CAST(pos AS INTEGER) ELSE 'g2:' || pos END,
                          value) OVER (ORDER BY rowid ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING)
FROM t;
-- sliding over the 1000 mixed keys: every frame of 3 as ORDER BY orders it
SELECT count(*), sum(got = want) FROM (
  SELECT coins_array(k, v) OVER w AS got,
         (SELECT json_group_array(v) FROM
           (SELECT v FROM mixed m WHERE m.rowid BETWEEN x.rowid - 2 AND x.rowid ORDER BY k))
           AS want
  FROM mixed x WINDOW w AS (ORDER BY rowid ROWS 2 PRECEDING));
