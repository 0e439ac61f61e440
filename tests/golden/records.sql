-- coins_review and coins_play: recorded games judged move by move, and
-- games between named strategies (every line of records.out hand-checked).
.mode box
-- III [8,15,3,7] (optimal margin 11): two blunders, then best moves
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(3, '[8,15,3,7]', 'LRLR');
-- the same row in the JSON notation, any case and whitespace: optimal play
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review('III', '[8,15,3,7]', ' [ "r", "L" ,"l",
  "R" ] ');
-- II, Stone Game III row with max_take 3: a blunder, then an abandoned game
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(2, '[1,2,3,-1,-2,-3,7]', '[1,2,1]', 3);
-- I as a count, and as an array (only its length matters; max_take 2)
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review(1, 10, '[1,3,2]', 3);
SELECT ply, player, move, take, pos, gain, first_total, second_total, best, loss, "before",
       "after", verdict, position, lead, eval, only_move, grade, round(accuracy, 2) AS accuracy
FROM coins_review('i', '[0,0,0,0,0]', '[2, 2.0, 1]');
.mode list
.headers on
-- an inaccuracy: the move costs 8 but the game was lost already
SELECT ply, move, best, loss, "before", "after", verdict
FROM coins_review(3, '[5,3,7,10]', 'LRLR');
-- bare letters with spaces and lower case; draws throughout
SELECT ply, move, best, loss, "before", "after", verdict
FROM coins_review(3, '[2,2,2,2]', 'l R l r');
-- records as people write them: takes without brackets (commas, blanks
-- or both), JSON escapes in letters (text and JSONB, whose TEXTJ keeps
-- them), blanks around the variant's name
SELECT group_concat(move, ' ') AS moves FROM coins_review(2, '[1,2,3,-1,-2,-3,7]', '1,2,1', 3);
SELECT group_concat(move, ' ') AS moves FROM coins_review(2, '[1,2,3,-1,-2,-3,7]', ' 1 2 , 1 ', 3);
SELECT group_concat(move, ' ') AS moves FROM coins_review(1, 10, '1 3 2.0', 3);
SELECT group_concat(move, ' ') AS moves FROM coins_review(3, '[8,15,3,7]', '["\u004c","R", "\u006C", "\u0052"]');
-- jsonb('["\u004c","R"]') as SQLite 3.45+ stores it: a TEXTJ, then a TEXT
SELECT group_concat(move, ' ') AS moves FROM coins_review(3, '[8,15]', X'9B685C75303034631752');
SELECT group_concat(move, ' ') AS moves FROM coins_review(' III ', '[8,15]', 'L');
-- empty records and rows: no rows
SELECT count(*) FROM coins_review(3, '[1,2]', '');
SELECT count(*) FROM coins_review(3, '[1,2]', '[]');
SELECT count(*) FROM coins_review(2, '[]', '[]');
SELECT count(*) FROM coins_review(1, 0, '[]');
SELECT count(*) FROM coins_review(2, '[1,2]', '');
SELECT count(*) FROM coins_review(1, 3, ' ');
-- NULL in any argument: no rows
SELECT count(*) FROM coins_review(NULL, '[1]', 'L');
SELECT count(*) FROM coins_review(3, NULL, 'L');
SELECT count(*) FROM coins_review(3, '[1]', NULL);
SELECT count(*) FROM coins_review(2, '[1]', '[1]', NULL);
-- the hidden columns
SELECT arg_variant, arg_coins, arg_moves, arg_max_take FROM coins_review(2, '[4,5]', '[1]');
-- a table of games, joined in both orders
CREATE TABLE games(id INTEGER PRIMARY KEY, variant, coins, moves, max_take);
INSERT INTO games(variant, coins, moves, max_take) VALUES
  (3, '[8,15,3,7]', 'LRLR', 1), ('II', '[5,-1,4]', '[2,1]', 2),
  (1, 4, '[1,2]', 3), (3, '[1,2,3]', '["R"]', 1), (3, '[1]', NULL, 1);
SELECT g.id, r.ply, r.move, r.best, r.loss, r.verdict
FROM games g, coins_review(g.variant, g.coins, g.moves, g.max_take) r
ORDER BY 1, 2;
SELECT g.id, r.ply, r.move, r.best, r.loss, r.verdict
FROM coins_review(g.variant, g.coins, g.moves, g.max_take) r, games g
ORDER BY 1, 2;
SELECT g.id, count(r.ply), sum(r.verdict = 'blunder')
FROM games g LEFT JOIN coins_review(g.variant, g.coins, g.moves, g.max_take) r
GROUP BY g.id;
.headers off
-- coins_play: optimal against optimal is the line of coins_moves
SELECT count(*) FROM (
  SELECT * FROM coins_play(3, '[8,15,3,7]', 'optimal', 'optimal')
  EXCEPT SELECT * FROM coins_moves(3, '[8,15,3,7]'));
.mode box
-- greedy takes the larger end; optimal answers
SELECT * FROM coins_play(3, '[8,15,3,7]', 'greedy', 'optimal');
-- parity ends |E - O| = 17 ahead; optimal play would end 25 ahead
SELECT * FROM coins_play(3, '[54,13,9,33]', 'parity', 'greedy');
SELECT * FROM coins_play(3, '[54,13,9,33]', 'optimal', 'optimal');
-- II: greedy takes the largest sum (fewer coins on ties), left one coin
SELECT * FROM coins_play(2, '[3,-1,1,0,5,-2]', 'greedy', 'left', 3);
-- I: greedy takes as many as allowed
SELECT * FROM coins_play(1, 7, 'greedy', 'optimal', 3);
.mode list
-- seeded players: the same seed gives the same game (on every platform)
SELECT coins_deal(1, 12), coins_deal(2, 12), coins_deal(3, 10);
SELECT group_concat(move, '') FROM coins_play(3, coins_deal(1, 12), 'random:42', 'random:-42');
SELECT group_concat(move, '') FROM coins_play(3, coins_deal(1, 12), 'random:42', 'random:-42');
SELECT group_concat(move, ',') FROM coins_play(2, coins_deal(2, 12), 'random:7', 'careless:100:7', 4);
-- careless:0 plays optimally, careless:100 at random
SELECT group_concat(move, '') FROM coins_play(3, coins_deal(3, 10), 'careless:0:99', 'optimal');
SELECT group_concat(move, '') FROM coins_play(3, coins_deal(3, 10), 'optimal', 'optimal');
SELECT group_concat(move, '') FROM coins_play(3, coins_deal(3, 10), 'careless:100:5', 'left');
-- NULL arguments: no rows; no coins: no rows
SELECT count(*) FROM coins_play(NULL, '[1,2]', 'optimal', 'optimal');
SELECT count(*) FROM coins_play(3, NULL, 'optimal', 'optimal');
SELECT count(*) FROM coins_play(2, '[1,2]', 'optimal', 'optimal', NULL);
SELECT count(*) FROM coins_play(3, '[1,2]', NULL, 'optimal');
SELECT count(*) FROM coins_play(3, '[1,2]', 'optimal', NULL);
SELECT count(*) FROM coins_play(3, '[]', 'parity', 'optimal');
-- a played game reviewed: the optimal player never loses a point
.headers on
SELECT player, count(*) AS moves, sum(loss) AS lost, group_concat(verdict) AS verdicts
FROM coins_review(3, '[8,15,3,7]',
  (SELECT json_group_array(move)
   FROM coins_play(3, '[8,15,3,7]', 'greedy', 'optimal')))
GROUP BY player;
SELECT group_concat(move, ',') AS game
FROM coins_play(2, '[3,-1,1,0,5,-2]', 'greedy', 'optimal', 3);
SELECT player, count(*) AS moves, sum(loss) AS lost, group_concat(verdict) AS verdicts
FROM coins_review(2, '[3,-1,1,0,5,-2]',
  (SELECT json_group_array(move)
   FROM coins_play(2, '[3,-1,1,0,5,-2]', 'greedy', 'optimal', 3)), 3)
GROUP BY player;
-- empty rows: no rows, in every variant (once an offset from a NULL row)
SELECT count(*) FROM coins_review(3, '[]', '[]');
SELECT count(*) FROM coins_play(3, '[]', 'optimal', 'optimal');
SELECT count(*) FROM coins_play(2, '[]', 'greedy', 'random:1');
SELECT count(*) FROM coins_review(1, 0, '[]');
