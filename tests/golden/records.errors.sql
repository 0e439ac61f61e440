-- Every error of coins_review and coins_play; each message names the
-- function, and an illegal move names its ply and the move.
-- coins_review: illegal moves, in every notation
SELECT * FROM coins_review(2, '[1,2,3]', '[1,3]');
SELECT * FROM coins_review(2, '[1,2,3]', '[2,2]', 3);
SELECT * FROM coins_review(2, '[1,2,3]', '[1,1,1,1]');
SELECT * FROM coins_review(1, 3, '[1,1,1,1]');
SELECT * FROM coins_review(1, 5, '[4]', 3);
SELECT * FROM coins_review(1, '[0,0]', '[3]');
SELECT * FROM coins_review(3, '[1,2]', 'LRL');
SELECT * FROM coins_review(3, '[1,2]', '["L","R","L"]');
SELECT * FROM coins_review(3, '[]', 'r');
-- an illegal move late in the record: an error, and no rows before it
SELECT ply FROM coins_review(2, '[1,2,3,4,5]', '[1,1,1,1,2]');
-- coins_review: records that are not moves
SELECT * FROM coins_review(2, '[1,2]', '[0]');
SELECT * FROM coins_review(2, '[1,2]', '[1,-1]');
SELECT * FROM coins_review(2, '[1,2]', '[1.5]');
SELECT * FROM coins_review(2, '[1,2]', '["R"]');
SELECT * FROM coins_review(2, '[1,2]', 'LR');
SELECT * FROM coins_review(1, 2, '[1,');
SELECT * FROM coins_review(1, 2, '[1] 2');
SELECT * FROM coins_review(3, '[1,2]', 'LX');
SELECT * FROM coins_review(3, '[1,2]', 'L,,R');
SELECT * FROM coins_review(3, '[1,2]', '"LR"');
SELECT * FROM coins_review(3, '[1,2]', '[L,R]');
SELECT * FROM coins_review(3, '[1,2]', '["L","X"]');
SELECT * FROM coins_review(3, '[1,2]', '["L" "R"]');
SELECT * FROM coins_review(3, '[1,2]', '["L",');
SELECT * FROM coins_review(3, '[1,2]', '["L"] x');
SELECT * FROM coins_review(3, '[1,2]', '[1,2]');
SELECT * FROM coins_review(3, '[1,2]', '1,2');
SELECT * FROM coins_review(3, '[1,2]', X'2B1331');
SELECT * FROM coins_review(2, '[1,2]', 'L,R');
SELECT * FROM coins_review(2, '[1,2]', X'2B174C');
SELECT * FROM coins_review(3, '[1,2]', '[["L"]]');
SELECT * FROM coins_review(3, '[1,2]', X'3B2B174C');
SELECT * FROM coins_review(3, '[1,2]', '["\u004c\u0052"]');
SELECT * FROM coins_review(3, '[1,2]', '[''L'',''R'']');
SELECT * FROM coins_review(2, '[1,2]', '1,,2');
SELECT * FROM coins_review(2, '[1,2]', '(1, 1)');
SELECT * FROM coins_review(2, '[1,2]', '{"moves": [1, 1]}');
-- coins_review: moves of the wrong type
SELECT * FROM coins_review(2, '[1,2]', 1);
SELECT * FROM coins_review(3, '[1,2]', 1.0);
SELECT * FROM coins_review(3, '[1,2]', X'4C52');
-- coins_review: the game, read as every function reads it
SELECT * FROM coins_review(7, '[1]', '[1]');
SELECT * FROM coins_review(3, '[1,x]', 'L');
SELECT * FROM coins_review(3, '[1]', 'L', 2);
SELECT * FROM coins_review(2, '[1]', '[1]', 0);
-- coins_review: a legal move whose loss exceeds 2^63-1 (taking -Y from
-- [X, -Y] with X + Y = 2^63-1 loses 2 * (2^63-1)); the rows before it are
-- returned, so the query errs only when it reaches that ply
SELECT ply, loss FROM coins_review(3, '[4611686018427387904,-4611686018427387903]', 'R');
-- coins_review: missing and extra arguments
SELECT * FROM coins_review(3, '[1,2]');
SELECT * FROM coins_review();
SELECT * FROM coins_review(3, '[1,2]', 'L', 1, 5);

-- coins_play: unknown strategies and bad seeds
SELECT * FROM coins_play(3, '[1,2]', 'best', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'Greedy');
SELECT * FROM coins_play(3, '[1,2]', '', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'random', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'random:', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'random:abc', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'random:1.5');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'random:9223372036854775808');
SELECT * FROM coins_play(3, '[1,2]', 'careless:101:1', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'careless:-5:1', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'careless:50', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'careless:50:', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'careless::1', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'careless:50:x', 'optimal');
-- coins_play: parity is for the first player of III with an even count
SELECT * FROM coins_play(3, '[1,2,3]', 'parity', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'parity');
SELECT * FROM coins_play(2, '[1,2]', 'parity', 'optimal');
SELECT * FROM coins_play(1, 4, 'parity', 'optimal');
-- coins_play: strategies of the wrong type
SELECT * FROM coins_play(3, '[1,2]', 1, 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', X'6F7074696D616C');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 2.5);
-- coins_play: the game
SELECT * FROM coins_play('IV', '[1]', 'optimal', 'optimal');
SELECT * FROM coins_play(3, '[1', 'optimal', 'optimal');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'optimal', 2);
SELECT * FROM coins_play(2, '[1,2]', 'optimal', 'optimal', -1);
-- coins_play: missing and extra arguments
SELECT * FROM coins_play(3, '[1,2]', 'optimal');
SELECT * FROM coins_play(3, '[1,2]');
SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'optimal', 1, 1);
