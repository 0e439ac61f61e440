-- coins_moves: the optimal line of each variant, and joins in both orders.
.mode box
SELECT * FROM coins_moves(3, '[8,15,3,7]');
SELECT * FROM coins_moves(2, '[1,2,3,-1,-2,-3,7]', 3);
SELECT * FROM coins_moves(1, 10, 3);
SELECT ply, move, pos FROM coins_moves(1, 1000000000000000000) LIMIT 3;
CREATE TABLE games(id INTEGER PRIMARY KEY, variant, coins, max_take);
INSERT INTO games(variant, coins, max_take) VALUES
  (3, '[1,2,3]', 1), ('II', '[5,-1,4]', 2), (1, 4, 3), (3, '[]', 1), (3, NULL, 1);
.mode list
SELECT g.id, m.ply, m.move, m.first_total, m.second_total
FROM games g, coins_moves(g.variant, g.coins, g.max_take) m ORDER BY 1, 2;
SELECT g.id, m.ply, m.move, m.first_total, m.second_total
FROM coins_moves(g.variant, g.coins, g.max_take) m, games g ORDER BY 1, 2;
SELECT g.id, count(m.ply) FROM games g LEFT JOIN coins_moves(g.variant, g.coins) m GROUP BY g.id;
SELECT arg_variant, arg_coins, arg_max_take FROM coins_moves('iii', '[4,5]') LIMIT 1;
