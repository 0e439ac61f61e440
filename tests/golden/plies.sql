-- Constraints on ply (and rowid) start and stop the table-valued functions:
-- an endless line filtered by ply returns at once, in any form.
SELECT ply, take, pos FROM coins_moves(1, 1000000000000000000) WHERE ply <= 3;
SELECT ply, take FROM coins_moves(1, 1000000000000000000) WHERE ply = 5;
SELECT ply, take FROM coins_moves(1, 1000000000000000000) WHERE ply BETWEEN 7 AND 9;
SELECT ply FROM coins_moves(1, 1000000000000000000) WHERE ply > 1 AND ply < 4;
SELECT ply FROM coins_moves(1, 1000000000000000000) WHERE rowid >= 2 AND rowid <= 3;
SELECT ply FROM coins_moves(1, 1000000000000000000) WHERE 4 > ply;
-- far along a line of 10^18 coins: variant I skips ahead arithmetically
SELECT ply, player, take, pos FROM coins_moves(1, 1000000000000000000, 3)
WHERE ply = 100000000000000000;
-- REAL and TEXT bounds compare as SQLite compares them
SELECT ply FROM coins_moves(1, 1000000000000000000) WHERE ply >= 2.5 AND ply < '5';
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply = 2.5;
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply = NULL;
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply > 'x';
SELECT count(*) FROM coins_moves(3, '[1,2,3,4,5,6]') WHERE ply < 'x';
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply > 9223372036854775807;
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply <= 0;
-- bounds at the extremes, and integral REALs, which bound as integers do
SELECT count(*) FROM coins_moves(1, 1000000000000000000) WHERE ply < -9223372036854775808;
SELECT count(*) FROM coins_play(1, 1000000000000000000, 'optimal', 'left') WHERE rowid > 9223372036854775807;
SELECT group_concat(ply) FROM coins_moves(1, 1000000000000000000) WHERE ply <= 3.0;
SELECT group_concat(ply) FROM coins_moves(3, '[1,2,3,4,5,6]') WHERE ply <= 'x';
-- OR: SQLite plans each term by itself (3.40 without the arguments)
SELECT group_concat(ply) FROM coins_moves(3, '[1,2,3,4,5,6]') WHERE ply = 1 OR rowid = 3;
SELECT group_concat(ply) FROM coins_review(3, '[1,2,3,4,5,6]', 'LLRRLR') WHERE move = 'R' OR ply < 2;
SELECT group_concat(ply) FROM coins_play(2, '[1,2,3,4,5,6]', 'left', 'greedy') WHERE player = 2 OR take = 1;
-- ORDER BY that starts with ply or rowid is the order the rows come in
SELECT ply, player FROM coins_moves(1, 1000000000000000000) ORDER BY ply, player LIMIT 3;
SELECT rowid FROM coins_moves(1, 1000000000000000000) ORDER BY rowid LIMIT 3;
SELECT ply FROM coins_moves(1, 1000000000000000000) ORDER BY rowid, take DESC LIMIT 2;
-- the same for coins_review and coins_play
SELECT ply, move, best FROM coins_review(3, '[1,2,3,4,5,6]', 'LLRRLR') WHERE ply >= 4;
SELECT ply, move FROM coins_review(2, '[1,2,3,4,5,6]', '[1,1,1,1,1,1]') WHERE ply = 3;
SELECT ply, move FROM coins_play(1, 1000000000000000000, 'random:1', 'greedy')
WHERE ply BETWEEN 3 AND 4;
SELECT ply, move FROM coins_play(1, 1000000000000000000, 'optimal', 'left') ORDER BY rowid LIMIT 2;
-- in a join, per game
CREATE TABLE g(id INTEGER PRIMARY KEY, coins TEXT);
INSERT INTO g(coins) VALUES ('[8,15,3,7]'), ('[1,2,3]');
SELECT g.id, m.ply, m.move FROM g, coins_moves(3, g.coins) m WHERE m.ply >= 2 ORDER BY g.id, m.ply;
SELECT g.id, m.ply, m.move FROM coins_moves(3, g.coins) m JOIN g WHERE m.ply = 1 ORDER BY g.id;
SELECT g.id, m.ply, m.move FROM g, coins_moves(3, g.coins) m WHERE m.ply = 1 OR m.rowid = 3
ORDER BY g.id, m.ply;
-- variant III knows its line's length: a row is played only when a column
-- other than ply asks for it, so count(*) and ply filters play nothing, and
-- rows read here and there agree with the whole line read in order
SELECT count(*) FROM coins_moves(3, coins_deal(7, 50, 0, 99));
SELECT count(*), min(rowid), max(ply) FROM coins_moves(3, coins_deal(7, 50, 0, 99))
WHERE ply BETWEEN 12 AND 20;
SELECT count(*) FROM coins_moves(3, coins_deal(7, 50, 0, 99)) WHERE ply > 50;
SELECT count(*) FROM coins_moves(3, '[]');
SELECT ply, move, pos, gain, first_total, second_total
FROM coins_moves(3, coins_deal(7, 50, 0, 99)) WHERE ply % 9 = 4;
WITH whole AS MATERIALIZED (SELECT * FROM coins_moves(3, coins_deal(7, 50, 0, 99))),
     sparse AS (SELECT * FROM coins_moves(3, coins_deal(7, 50, 0, 99)) WHERE ply IN (2, 3, 17, 49))
SELECT count(*) FROM sparse s JOIN whole w USING (ply)
WHERE (s.player, s.move, s.pos, s.gain, s.first_total, s.second_total)
    = (w.player, w.move, w.pos, w.gain, w.first_total, w.second_total);
SELECT g.id, count(*), sum(m.gain) FROM g, coins_moves(3, g.coins) m GROUP BY g.id;
