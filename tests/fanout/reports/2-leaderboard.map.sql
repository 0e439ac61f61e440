-- Report 2 of sql/reports.sql (leaderboard), map half: every player gets
-- a row on every shard (LEFT JOIN: games and wins count even on a shard
-- where the player made no move), with sums and counts instead of
-- averages.  Games are never split between shards, so distinct game
-- counts add up.
SELECT p.name AS player, p.style,
       (SELECT count(*) FROM game_results r
         WHERE p.name IN (r.first_player, r.second_player)) AS games,
       (SELECT count(*) FROM game_results r
         WHERE (r.actual = 'first' AND r.first_player = p.name)
            OR (r.actual = 'second' AND r.second_player = p.name)) AS wins,
       sum(m.verdict = 'best') AS best,
       count(m.verdict = 'best') AS verdicts,
       sum(m.verdict = 'blunder') AS blunders,
       count(DISTINCT m.game_id) AS games_moved,
       sum(CASE WHEN m.variant <> 'I' THEN m.loss END) AS loss_sum,
       count(CASE WHEN m.variant <> 'I' THEN m.loss END) AS loss_n
FROM players p LEFT JOIN reviewed_moves m ON m.mover = p.name
GROUP BY p.name
