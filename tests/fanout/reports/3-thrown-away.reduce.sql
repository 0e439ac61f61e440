-- Report 3, reduce half: the first ten of all, and the shards' counts
-- added up (each shard's count once, whatever its number of rows).
SELECT game_id, variant, player, ply, move, best_move, loss,
       (SELECT sum(thrown) FROM (SELECT max(thrown_here) AS thrown FROM mapped GROUP BY shard))
         AS thrown_in_all
FROM mapped
WHERE game_id IS NOT NULL
ORDER BY game_id
LIMIT 10
