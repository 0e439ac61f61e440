-- Report 8 of sql/reports.sql (puzzles), map half: the shard's own first
-- eight in the report's order.  The previous move is found within the
-- game, and a game is never split between shards.
WITH r AS (
  SELECT g.id, g.variant, g.max_take, r.ply, r.position, r.lead, r.best, r."before",
         r.only_move, lag(r.grade) OVER (PARTITION BY g.id ORDER BY r.ply) AS previous
  FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
  WHERE g.variant <> 'I')
SELECT id AS game, ply, variant, position, lead, "before" AS to_keep, best AS answer
FROM r
WHERE only_move AND previous IN ('mistake', 'blunder') AND "before" = 'win'
ORDER BY length(position) DESC, id, ply
LIMIT 8
