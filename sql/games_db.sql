-- sql/games_db.sql -- builds the example database of recorded games that
-- sql/reports.sql analyses: a dozen players with different styles and 3,000
-- games between them over the three variants.  Everything is dealt and
-- played by coins itself (coins_deal, coins_play), so the database is the
-- same on every machine.  Needs the extension loaded:
--
--   sqlite3 -cmd '.load build/coins' build/games.db < sql/games_db.sql

DROP VIEW IF EXISTS game_results;
DROP VIEW IF EXISTS reviewed_moves;
DROP TABLE IF EXISTS coin_rows;
DROP TABLE IF EXISTS games;
DROP TABLE IF EXISTS players;

-- How each player picks moves: a coins_play strategy.  'careless:P' plays
-- optimally except that a move is random with chance P percent; 'random'
-- and 'careless' players get a fresh seed in every game.
CREATE TABLE players (
  name     TEXT PRIMARY KEY,
  style    TEXT NOT NULL,
  strategy TEXT NOT NULL
);
INSERT INTO players (name, style, strategy) VALUES
  ('ada',  'near-optimal', 'careless:3'),
  ('bo',   'near-optimal', 'careless:6'),
  ('cy',   'greedy',       'greedy'),
  ('dee',  'careless',     'careless:25'),
  ('eli',  'random',       'random'),
  ('fay',  'careless',     'careless:15'),
  ('gus',  'always left',  'left'),
  ('hal',  'careless',     'careless:40'),
  ('ivy',  'near-optimal', 'careless:1'),
  ('jo',   'greedy',       'greedy'),
  ('kai',  'random',       'random'),
  ('lu',   'careless',     'careless:10');

CREATE TABLE games (
  id            INTEGER PRIMARY KEY,
  played_on     TEXT NOT NULL,
  variant       TEXT NOT NULL CHECK (variant IN ('I', 'II', 'III')),
  first_player  TEXT NOT NULL REFERENCES players,
  second_player TEXT NOT NULL REFERENCES players,
  coins         TEXT NOT NULL,    -- JSON array (variant I: only its length counts)
  max_take      INTEGER NOT NULL, -- 1 for variant III
  moves         TEXT NOT NULL     -- the moves played, JSON array; may stop early
);

-- First the seating, the strategies and the row of each game ...
CREATE TEMP TABLE seating AS
WITH RECURSIVE
  seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 3000),
  numbered AS (SELECT name, row_number() OVER (ORDER BY name) - 1 AS k FROM players),
  seated AS (
    SELECT i,
           CASE i % 3 WHEN 1 THEN 'I' WHEN 2 THEN 'II' ELSE 'III' END AS variant,
           4 + (i * 7919) % 17 AS n,                       -- 4 .. 20 coins
           a.name AS p1, b.name AS p2
    FROM seq
    JOIN numbered a ON a.k = (i * 5) % 12
    JOIN numbered b ON b.k = (i * 5 + 1 + i % 11) % 12),
  -- a strategy with a seed of its own for each seat of each game
  strategies AS (
    SELECT seated.*,
           (SELECT strategy || CASE WHEN strategy IN ('greedy', 'left') THEN ''
                                    ELSE ':' || (2 * i) END
            FROM players WHERE name = p1) AS s1,
           (SELECT strategy || CASE WHEN strategy IN ('greedy', 'left') THEN ''
                                    ELSE ':' || (2 * i + 1) END
            FROM players WHERE name = p2) AS s2
    FROM seated),
  dealt AS (
    SELECT i, variant, n, p1, p2, s1, s2,
           CASE variant WHEN 'I'  THEN coins_deal(i, n, 1, 1)
                        WHEN 'II' THEN coins_deal(i, n, -10, 40)
                        ELSE           coins_deal(i, n, 1, 50) END AS coins,
           CASE variant WHEN 'I'  THEN 2 + i % 3
                        WHEN 'II' THEN 2 + (i / 3) % 2
                        ELSE 1 END AS max_take,
           -- every 23rd game is abandoned half-way
           CASE WHEN i % 23 = 0 THEN n / 2 ELSE n END AS plies
    FROM strategies)
SELECT * FROM dealt;

-- ... then the moves its players make.
INSERT INTO games (id, played_on, variant, first_player, second_player, coins, max_take, moves)
SELECT i, date('2026-01-01', '+' || (i / 10) || ' days'), variant, p1, p2, coins, max_take,
       (SELECT json_group_array(move) FROM (
          SELECT move FROM coins_play(variant, coins, s1, s2, max_take)
          WHERE ply <= plies ORDER BY ply))
FROM seating;
DROP TABLE seating;

-- The same rows one coin per row, the way many databases keep them; the
-- reports gather them back with coins_array.
CREATE TABLE coin_rows (
  game_id INTEGER NOT NULL REFERENCES games,
  pos     INTEGER NOT NULL,
  value   INTEGER NOT NULL,
  PRIMARY KEY (game_id, pos)
);
INSERT INTO coin_rows SELECT g.id, j.key, j.value FROM games g, json_each(g.coins) j;

-- Every recorded move, judged against optimal play, with who made it.
CREATE VIEW reviewed_moves AS
SELECT g.id AS game_id, g.variant, json_array_length(g.coins) AS n,
       CASE r.player WHEN 1 THEN g.first_player ELSE g.second_player END AS mover,
       r.*
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r;

-- How each game went: the result with best play from the start, and the
-- result actually reached ('abandoned' when the record stops early).
CREATE VIEW game_results AS
SELECT g.id AS game_id, g.variant, json_array_length(g.coins) AS n,
       g.first_player, g.second_player,
       coins_outcome(g.variant, g.coins, g.max_take) AS best_play,
       (SELECT CASE
                 WHEN coalesce(sum(r.take), 0) < json_array_length(g.coins) THEN 'abandoned'
                 WHEN g.variant = 'I' THEN CASE max(r.ply) % 2 WHEN 1 THEN 'first' ELSE 'second' END
                 WHEN sum(CASE r.player WHEN 1 THEN r.gain ELSE -r.gain END) > 0 THEN 'first'
                 WHEN sum(CASE r.player WHEN 1 THEN r.gain ELSE -r.gain END) < 0 THEN 'second'
                 ELSE 'draw'
               END
        FROM coins_review(g.variant, g.coins, g.moves, g.max_take) r) AS actual
FROM games g;
