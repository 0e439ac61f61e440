-- Report 7 of sql/reports.sql (the biggest blunders), map half: the
-- shard's own first eight in the report's order (the first eight of all
-- are among the shards' first eights).
SELECT g.id AS game, r.ply, iif(r.player = 1, g.first_player, g.second_player) AS player,
       r.position, r.move, r.best, r.loss, round(r.accuracy, 1) AS accuracy
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
WHERE g.variant <> 'I' AND r.grade = 'blunder'
ORDER BY r.loss DESC, g.id, r.ply
LIMIT 8
