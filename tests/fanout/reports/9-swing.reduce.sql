-- Report 9, reduce half: the first eight of all.
SELECT game, variant, coins, at_start, lowest, highest, swing, blunders
FROM mapped
ORDER BY swing DESC, game
LIMIT 8
