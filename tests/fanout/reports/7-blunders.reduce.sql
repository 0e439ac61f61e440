-- Report 7, reduce half: the first eight of all.
SELECT game, ply, player, position, move, best, loss, accuracy
FROM mapped
ORDER BY loss DESC, game, ply
LIMIT 8
