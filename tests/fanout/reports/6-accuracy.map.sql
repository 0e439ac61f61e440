-- Report 6 of sql/reports.sql (leaderboard by accuracy), map half: per
-- shard and player, the sum and the count of the cards' accuracies (the
-- average of averages would be wrong) and the sums as the report has them.
SELECT p.name AS player, p.style, count(*) AS games,
       sum(s.accuracy) AS accuracy_sum, count(s.accuracy) AS accuracy_n,
       sum(s.mistakes) AS mistakes, sum(s.blunders) AS blunders,
       sum(s.result = 'win') AS wins, sum(s.expected = 'win') AS won_positions
FROM games g, coins_scorecard(g.variant, g.coins, g.moves, g.max_take) s
JOIN players p ON p.name = iif(s.player = 1, g.first_player, g.second_player)
GROUP BY p.name
