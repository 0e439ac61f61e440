-- sql/demo.sql -- what `make demo` shows first: coins answering questions
-- about the games in build/demo.db (built from sql/demo_db.sql).  Run with
--
--   sqlite3 -cmd '.load build/coins' build/demo.db < sql/demo.sql
.mode box
.print
.print Who wins each game with best play, and by how much
.print (margin = first player's total minus second's; variant I has no values)
SELECT id, variant, coins, max_take,
       coins_outcome(variant, coins, max_take)   AS outcome,
       coins_best_move(variant, coins, max_take) AS best_move,
       CASE WHEN variant <> 'I' THEN coins_score(variant, coins, max_take) END  AS score,
       CASE WHEN variant <> 'I' THEN coins_margin(variant, coins, max_take) END AS margin
FROM games
ORDER BY id;

.print
.print How often the first player wins with best play, per variant
SELECT variant,
       count(*) AS games,
       sum(coins_outcome(variant, coins, max_take) = 'first')  AS first_wins,
       sum(coins_outcome(variant, coins, max_take) = 'second') AS second_wins,
       sum(coins_outcome(variant, coins, max_take) = 'draw')   AS draws
FROM games
GROUP BY variant
ORDER BY length(variant);

.print
.print The optimal line of game 1 (coins_moves)
SELECT m.*
FROM games g, coins_moves(g.variant, g.coins, g.max_take) m
WHERE g.id = 1;
