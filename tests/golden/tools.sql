-- The helpers: coins_deal, coins_diagram and the coins_array aggregate.
.mode list
-- coins_deal: the same row for the same arguments on every platform
-- (splitmix64; these values were checked against a Python model)
SELECT coins_deal(1, 5), coins_deal(42, 5), coins_deal(-1, 5), coins_deal(0, 5);
-- the defaults are 1..100; a shorter deal is a prefix of a longer one
SELECT coins_deal(1, 12) = coins_deal(1, 12, 1, 100),
       substr(coins_deal(1, 12), 1, length(coins_deal(1, 3)) - 1)
         = substr(coins_deal(1, 3), 1, length(coins_deal(1, 3)) - 1);
-- n = 0, lo = hi, negative ranges, a range across zero
SELECT coins_deal(7, 0), coins_deal(7, 0, 5, 5), coins_deal(7, 4, 3, 3),
       coins_deal(7, 6, -5, -1), coins_deal(0, 5, -1000000, 1000000);
-- the widest ranges a row can take: every other function takes what is
-- dealt (n * max(abs(lo), abs(hi)) <= 2^63-1), the seed -2^63 too
SELECT coins_deal(1, 1, -9223372036854775807, 9223372036854775807);
SELECT coins_deal(1, 1, 9223372036854775807, 9223372036854775807),
       coins_deal(1, 1, -9223372036854775807, -9223372036854775807),
       coins_deal(1, 2, 4611686018427387902, 4611686018427387903),
       coins_deal(-9223372036854775808, 3, -3074457345618258602, 3074457345618258602);
SELECT coins_margin(3, coins_deal(1, 3, -3074457345618258602, 3074457345618258602)) IS NOT NULL,
       coins_margin(2, coins_deal(-9223372036854775808, 4, 0, 2305843009213693951)) IS NOT NULL;
-- TEXT holding valid JSON, every value in range, every value dealt
SELECT typeof(coins_deal(3, 2)), json_valid(coins_deal(3, 50)),
       json_array_length(coins_deal(3, 50));
SELECT min(value), max(value), count(*), count(DISTINCT value)
FROM json_each(coins_deal(5, 1000, 1, 6));
-- what it is for: random games for the solvers
SELECT coins_outcome(3, coins_deal(1, 40)), coins_score(3, coins_deal(1, 40)),
       coins_margin(2, coins_deal(9, 1000, -50, 50), 3);
-- NULL in any argument gives NULL, before any other check
SELECT coins_deal(NULL, 3) IS NULL, coins_deal(1, NULL) IS NULL,
       coins_deal('x', 3, NULL, 2) IS NULL, coins_deal(1, -1, 1, NULL) IS NULL;

-- coins_diagram: the optimal line of each variant
SELECT coins_diagram(3, '[8,15,3,7]');
SELECT coins_diagram('ii', '[1,2,3,-1,-2,-3,7]');
SELECT coins_diagram(1, 10);
SELECT coins_diagram(1, '[4,4,4,4]');
-- max_take needs the four-argument form, with a record: here the optimal
-- line itself, gathered by coins_array from coins_moves
SELECT coins_diagram(2, '[1,2,3,-1,-2,-3,7]',
  (SELECT coins_array(ply, move) FROM coins_moves(2, '[1,2,3,-1,-2,-3,7]', 3)), 3);
SELECT coins_diagram(1, 10, (SELECT coins_array(ply, move) FROM coins_moves(1, 10, 3)), 3);
-- a record: JSON arrays, and a bare string of letters in variant III
SELECT coins_diagram(3, '[8,15,3,7]', 'LRRL');
SELECT coins_diagram(3, '[8,15,3,7]', '["l", "r", "L", "R"]');
SELECT coins_diagram(2, '[5,-1,4]', '[1,2]');
SELECT coins_diagram(1, 7, '[3,1,3]', 3);
-- abandoned records leave coins on the table
SELECT coins_diagram(3, '[8,15,3,7]', 'RL');
SELECT coins_diagram(3, '[8,15,3,7]', '');
SELECT coins_diagram(2, '[1,2,3,4]', '[2,1]', 3);
SELECT coins_diagram(1, 10, '[1,2]', 3);
-- equal totals, a second-player win, empty rows
SELECT coins_diagram(3, '[2,2,2,2]');
SELECT coins_diagram(3, '[1,20,4]');
SELECT coins_diagram(3, '[]'), coins_diagram(2, '[]', '[]'), coins_diagram(1, 0);
SELECT coins_diagram(1, 3);
-- a long row wraps into blocks of at most 72 characters
SELECT coins_diagram(3, coins_deal(1, 40));
SELECT max(length(value)) FROM json_each('["' ||
  replace(coins_diagram(3, coins_deal(1, 40)), char(10), '","') || '"]');
-- wide values widen every column; the widest coin still fits
SELECT coins_diagram(2, '[-9223372036854775807]');
SELECT coins_diagram(3, '[100000, -3, 7, 123456789, 5]');
-- the record of the optimal line draws the same picture as no record
SELECT coins_diagram(3, coins_deal(2, 30)) = coins_diagram(3, coins_deal(2, 30),
  (SELECT coins_array(ply, move) FROM coins_moves(3, coins_deal(2, 30))));
-- a big variant I count still draws (the bound is 10000 coins)
SELECT length(coins_diagram(1, 10000)) > 0, substr(coins_diagram(1, 10000), -34);
-- NULL variant, coins or max_take gives NULL; a NULL record is the optimal line
SELECT coins_diagram(NULL, '[1]') IS NULL, coins_diagram(3, NULL) IS NULL,
       coins_diagram(2, '[1]', '[1]', NULL) IS NULL, coins_diagram(NULL, 'x', NULL) IS NULL;
SELECT coins_diagram(3, '[1,5,2]', NULL) = coins_diagram(3, '[1,5,2]');
-- the optimal line of a game with a max_take, as coins_moves plays it
SELECT coins_diagram(2, '[1,2,3,4,5]', NULL, 3);
SELECT coins_diagram(2, '[1,2,3,4,5]', NULL, 3) = coins_diagram(2, '[1,2,3,4,5]',
  (SELECT coins_array(ply, move) FROM coins_moves(2, '[1,2,3,4,5]', 3)), 3);
-- integers may come as TEXT (a CSV import) or as integral REALs
SELECT coins_deal('42', 8.0) = coins_deal(42, 8), coins_win(' 3 ', '[1,2]', '1'),
       coins_win(2.0, '[1,2,3]', 3.0), coins_win(1, '10'), coins_win(1, 9.0, '2');

-- coins_array: one coin per row, gathered by key
CREATE TABLE coin_rows(game INTEGER, pos INTEGER, value);
INSERT INTO coin_rows VALUES
  (1, 3, 7), (1, 0, 8), (1, 2, 3), (1, 1, 15),
  (2, 10, 1), (2, 30, 4), (2, 20, 2),
  (3, -5, 5),
  (4, 9223372036854775807, 2), (4, -9223372036854775808, 1), (4, 0, 0);
SELECT game, coins_array(pos, value), coins_win(3, coins_array(pos, value)),
       coins_score(3, coins_array(pos, value))
FROM coin_rows GROUP BY game ORDER BY game;
-- an empty group is '[]' (no rows and no GROUP BY: one empty group)
SELECT coins_array(pos, value) FROM coin_rows WHERE game = 9;
SELECT count(*) FROM (SELECT coins_array(pos, value) FROM coin_rows WHERE game = 9 GROUP BY game);
-- moves: letters in any case come out as "L"/"R"; takes as numbers
SELECT coins_array(ply, move), coins_array(ply, lower(move))
FROM coins_moves(3, '[8,15,3,7]');
SELECT coins_array(ply, move) FROM coins_moves(2, '[1,2,3,-1,-2,-3,7]', 3);
-- a record kept one move per row, reviewed
CREATE TABLE move_rows(game INTEGER, ply INTEGER, move);
INSERT INTO move_rows VALUES (1, 2, 'r'), (1, 1, 'L'), (1, 3, 'R'), (2, 1, 2), (2, 2, 1);
SELECT r.ply, r.move, r.best, r.loss, r.verdict
FROM coins_review(3, '[8,15,3,7]',
  (SELECT coins_array(ply, move) FROM move_rows WHERE game = 1)) r;
SELECT coins_diagram(2, '[5,-1,4,2]', coins_array(ply, move)) FROM move_rows WHERE game = 2;
-- the round trip through json_each
SELECT coins_array(key, value) = '[8,15,3,7]' FROM json_each('[8, 15, 3, 7]');
-- as a window function: sliding frames (rows leave through xInverse),
-- frames running the other way, growing frames, whole partitions
SELECT pos, coins_array(pos, value) OVER (ORDER BY pos ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
FROM coin_rows WHERE game = 1;
SELECT pos, coins_array(pos, value) OVER (ORDER BY pos ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)
FROM coin_rows WHERE game = 1;
SELECT pos, coins_array(pos, value) OVER (ORDER BY pos DESC ROWS 2 PRECEDING)
FROM coin_rows WHERE game = 1;
SELECT pos, coins_array(pos, value) OVER (ORDER BY pos ROWS BETWEEN 1 FOLLOWING AND 2 FOLLOWING)
FROM coin_rows WHERE game = 1;
SELECT game, pos, coins_array(pos, value) OVER (PARTITION BY game ORDER BY pos),
       coins_win(3, coins_array(pos, value) OVER (PARTITION BY game ORDER BY pos))
FROM coin_rows WHERE game < 4 ORDER BY game, pos;
SELECT game, coins_array(pos, value) OVER (PARTITION BY game) FROM coin_rows
WHERE game = 2;
-- every prefix of a dealt row: who wins it
WITH row(c) AS (SELECT coins_deal(4, 8)),
     coins(pos, value) AS (SELECT key, value FROM row, json_each(row.c))
SELECT pos + 1 AS n, coins_array(pos, value) OVER w AS prefix,
       coins_outcome(3, coins_array(pos, value) OVER w) AS outcome
FROM coins WINDOW w AS (ORDER BY pos);

-- deterministic and innocuous: usable in views, CHECK constraints and
-- generated columns with trusted_schema off
PRAGMA trusted_schema = OFF;
CREATE TABLE dealt(seed INTEGER, coins TEXT AS (coins_deal(seed, 4)) STORED,
  picture TEXT CHECK (picture IS NULL OR length(coins_diagram(3, coins)) > 0));
INSERT INTO dealt(seed) VALUES (1), (2);
CREATE VIEW gathered AS SELECT game, coins_array(pos, value) AS coins FROM coin_rows GROUP BY game;
SELECT seed, coins FROM dealt;
SELECT * FROM gathered WHERE game = 1;
