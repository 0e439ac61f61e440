-- sql/reports.sql -- questions about the recorded games in build/games.db
-- (built by sql/games_db.sql), answered in SQL with coins.  Run with
--
--   sqlite3 -cmd '.load build/coins' build/games.db < sql/reports.sql
.mode box

.print
.print 1. First-player advantage: how often the first player wins with best
.print    play from the start, and how often the first player actually won.
.print    (Completed games only; the rows are gathered from coin_rows, one
.print    coin per row, with coins_array.)
SELECT g.variant,
       CASE WHEN n <= 8 THEN '4-8' WHEN n <= 14 THEN '9-14' ELSE '15-20' END AS coins,
       count(*) AS games,
       round(100.0 * avg(coins_outcome(g.variant, c.row, g.max_take) = 'first'), 1)
         AS best_play_first_pct,
       round(100.0 * avg(r.actual = 'first'), 1) AS actual_first_pct
FROM games g
JOIN (SELECT game_id, coins_array(pos, value) AS row FROM coin_rows GROUP BY game_id) c
  ON c.game_id = g.id
JOIN game_results r ON r.game_id = g.id
WHERE r.actual <> 'abandoned'
GROUP BY g.variant, 2
ORDER BY length(g.variant), min(n);

.print
.print 2. Leaderboard: games played, games won, accuracy (share of moves
.print    that were optimal), blunders per game, and the average loss per
.print    move in coin value (variants II and III, where coins have values).
SELECT p.name AS player, p.style,
       (SELECT count(*) FROM game_results r
         WHERE p.name IN (r.first_player, r.second_player)) AS games,
       (SELECT count(*) FROM game_results r
         WHERE (r.actual = 'first' AND r.first_player = p.name)
            OR (r.actual = 'second' AND r.second_player = p.name)) AS wins,
       round(100.0 * avg(m.verdict = 'best'), 1) AS accuracy_pct,
       round(1.0 * sum(m.verdict = 'blunder') / count(DISTINCT m.game_id), 2)
         AS blunders_per_game,
       round(avg(CASE WHEN m.variant <> 'I' THEN m.loss END), 2) AS avg_loss
FROM players p JOIN reviewed_moves m ON m.mover = p.name
GROUP BY p.name
ORDER BY accuracy_pct DESC, p.name;

.print
.print 3. Thrown-away games: the player had a forced win at some move and
.print    still lost; with the ply and the move of that player's first
.print    blunder.  (The first ten, and how many there are in all.)
WITH thrown AS (
  SELECT m.game_id, m.variant, m.mover AS player,
         min(m.ply) FILTER (WHERE m.verdict = 'blunder') AS first_blunder
  FROM reviewed_moves m JOIN game_results r ON r.game_id = m.game_id
  WHERE m."before" = 'win'
    AND r.actual = CASE m.player WHEN 1 THEN 'second' ELSE 'first' END
  GROUP BY m.game_id, m.mover)
SELECT t.game_id, t.variant, t.player, t.first_blunder AS ply, m.move,
       m.best AS best_move, m.loss,
       (SELECT count(*) FROM thrown) AS thrown_in_all
FROM thrown t
JOIN reviewed_moves m ON m.game_id = t.game_id AND m.ply = t.first_blunder
ORDER BY t.game_id
LIMIT 10;

.print
.print 4. The cost of greedy play in variant III: a greedy first player
.print    against an optimal second player, against optimal play by both,
.print    by row length (margin = first player's total minus second's).
WITH rows AS (SELECT DISTINCT coins, json_array_length(coins) AS n
              FROM games WHERE variant = 'III'),
     played AS (
       SELECT n, coins_margin(3, coins) AS optimal,
              (SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END)
                 FROM coins_play(3, coins, 'greedy', 'optimal')) AS greedy
       FROM rows)
SELECT n AS coins, count(*) AS rows,
       round(avg(optimal), 1) AS optimal_margin,
       round(avg(greedy), 1) AS greedy_margin,
       round(avg(optimal - greedy), 1) AS greedy_cost,
       round(100.0 * avg(greedy = optimal), 1) AS greedy_optimal_pct
FROM played
GROUP BY n
ORDER BY n;

.print
.print 5. The parity strategy on even-length variant III rows (take the end
.print    of the richer class, even or odd positions): how often it is as
.print    good as optimal play against an optimal opponent, and what it
.print    gives up on average.
WITH rows AS (SELECT DISTINCT coins, json_array_length(coins) AS n
              FROM games WHERE variant = 'III' AND json_array_length(coins) % 2 = 0),
     played AS (
       SELECT n, coins_margin(3, coins) AS optimal,
              (SELECT sum(CASE player WHEN 1 THEN gain ELSE -gain END)
                 FROM coins_play(3, coins, 'parity', 'optimal')) AS parity
       FROM rows)
SELECT n AS coins, count(*) AS rows,
       round(100.0 * avg(parity = optimal), 1) AS parity_optimal_pct,
       round(avg(optimal - parity), 2) AS avg_given_up,
       max(optimal - parity) AS most_given_up,
       min(parity) >= 0 AS never_loses
FROM played
GROUP BY n
ORDER BY n;

.print
.print 6. Leaderboard by accuracy (coins_scorecard: one card per player and
.print    game; accuracy from 0 to 100, 100 for best play throughout).
SELECT p.name AS player, p.style, count(*) AS games,
       round(avg(s.accuracy), 1) AS accuracy,
       sum(s.mistakes) AS mistakes, sum(s.blunders) AS blunders,
       sum(s.result = 'win') AS wins, sum(s.expected = 'win') AS won_positions
FROM games g, coins_scorecard(g.variant, g.coins, g.moves, g.max_take) s
JOIN players p ON p.name = iif(s.player = 1, g.first_player, g.second_player)
GROUP BY p.name
ORDER BY accuracy DESC, p.name;

.print
.print 7. The biggest blunders (variants II and III): the position before
.print    the move, the move played and the best one.
SELECT g.id AS game, r.ply, iif(r.player = 1, g.first_player, g.second_player) AS player,
       r.position, r.move, r.best, r.loss, round(r.accuracy, 1) AS accuracy
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
WHERE g.variant <> 'I' AND r.grade = 'blunder'
ORDER BY r.loss DESC, g.id, r.ply
LIMIT 8;

.print
.print 8. Puzzles: positions right after the opponent's mistake or blunder
.print    where only one move keeps the result; the answer is the best move.
WITH r AS (
  SELECT g.id, g.variant, g.max_take, r.ply, r.position, r.lead, r.best, r."before",
         r.only_move, lag(r.grade) OVER (PARTITION BY g.id ORDER BY r.ply) AS previous
  FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
  WHERE g.variant <> 'I')
SELECT id AS game, ply, variant, position, lead, "before" AS to_keep, best AS answer
FROM r
WHERE only_move AND previous IN ('mistake', 'blunder') AND "before" = 'win'
ORDER BY length(position) DESC, id, ply
LIMIT 8;

.print
.print 9. The evaluation swing of each game (variants II and III): the first
.print    player's guaranteed margin after each move (eval), its range, and the
.print    games where it swung most.
SELECT g.id AS game, g.variant, coins_count(g.variant, g.coins) AS coins,
       coins_margin(g.variant, g.coins, g.max_take) AS at_start,
       min(r.eval) AS lowest, max(r.eval) AS highest, max(r.eval) - min(r.eval) AS swing,
       sum(r.grade = 'blunder') AS blunders
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
WHERE g.variant <> 'I'
GROUP BY g.id
ORDER BY swing DESC, g.id
LIMIT 8;

.print
.print 10. Openings of variant III rows of 12 coins: each first move, how
.print     often it was played, how often it was best, and the first player's
.print     results in practice against those with best play.
SELECT r.move AS first_move, count(*) AS played, sum(r.grade = 'best') AS best,
       sum(s.result = 'win') AS won, sum(s.result = 'loss') AS lost,
       sum(s.expected = 'win') AS best_play_wins
FROM games g,
     coins_review(g.variant, g.coins, g.moves, g.max_take) r,
     coins_scorecard(g.variant, g.coins, g.moves, g.max_take) s
WHERE g.variant = 'III' AND coins_count(g.variant, g.coins) = 12 AND r.ply = 1 AND s.player = 1
GROUP BY r.move
ORDER BY played DESC, first_move;
