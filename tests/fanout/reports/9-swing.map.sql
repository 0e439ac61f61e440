-- Report 9 of sql/reports.sql (the evaluation swing), map half: the
-- shard's own first eight games in the report's order (a game is never
-- split between shards, so its range is whole on its shard).
SELECT g.id AS game, g.variant, coins_count(g.variant, g.coins) AS coins,
       coins_margin(g.variant, g.coins, g.max_take) AS at_start,
       min(r.eval) AS lowest, max(r.eval) AS highest, max(r.eval) - min(r.eval) AS swing,
       sum(r.grade = 'blunder') AS blunders
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
WHERE g.variant <> 'I'
GROUP BY g.id
ORDER BY swing DESC, g.id
LIMIT 8
