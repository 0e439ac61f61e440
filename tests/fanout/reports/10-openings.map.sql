-- Report 10 of sql/reports.sql (openings), map half: per shard and first
-- move, the counts, which add up across shards.
SELECT r.move AS first_move, count(*) AS played, sum(r.grade = 'best') AS best,
       sum(s.result = 'win') AS won, sum(s.result = 'loss') AS lost,
       sum(s.expected = 'win') AS best_play_wins
FROM games g,
     coins_review(g.variant, g.coins, g.moves, g.max_take) r,
     coins_scorecard(g.variant, g.coins, g.moves, g.max_take) s
WHERE g.variant = 'III' AND coins_count(g.variant, g.coins) = 12 AND r.ply = 1 AND s.player = 1
GROUP BY r.move
