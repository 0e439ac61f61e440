-- Report 3 of sql/reports.sql (thrown-away games), map half: the shard's
-- own first ten (the ten lowest game ids of the archive are among the
-- shards' first tens) and how many the shard has in all, on every row; a
-- shard with none still gives one row (game_id NULL) carrying its count.
WITH thrown AS (
  SELECT m.game_id, m.variant, m.mover AS player,
         min(m.ply) FILTER (WHERE m.verdict = 'blunder') AS first_blunder
  FROM reviewed_moves m JOIN game_results r ON r.game_id = m.game_id
  WHERE m."before" = 'win'
    AND r.actual = CASE m.player WHEN 1 THEN 'second' ELSE 'first' END
  GROUP BY m.game_id, m.mover),
firsts AS (
  SELECT t.game_id, t.variant, t.player, t.first_blunder AS ply, m.move,
         m.best AS best_move, m.loss
  FROM thrown t
  JOIN reviewed_moves m ON m.game_id = t.game_id AND m.ply = t.first_blunder
  ORDER BY t.game_id
  LIMIT 10)
SELECT f.*, c.thrown AS thrown_here
FROM (SELECT count(*) AS thrown FROM thrown) c LEFT JOIN firsts f
