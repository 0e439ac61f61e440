-- Report 8, reduce half: the first eight of all.
SELECT game, ply, variant, position, lead, to_keep, answer
FROM mapped
ORDER BY length(position) DESC, game, ply
LIMIT 8
