-- Every error of coins_svg: each message names the function (SQLite's own
-- argument-count errors excepted).
-- the game, read as every function reads it
SELECT coins_svg(7, '[1]');
SELECT coins_svg(3, '[1,x]');
SELECT coins_svg(3, X'00');
SELECT coins_svg(3, '[1,2]', NULL, 2);
SELECT coins_svg(2, '[1,2]', NULL, 0);
SELECT coins_svg(1, -1);
-- variant I past 10^6 coins, the count given as an INTEGER, a REAL or TEXT
SELECT coins_svg(1, 1000001);
SELECT coins_svg(1, 9223372036854775807);
SELECT coins_svg(1, 1e18);
SELECT coins_svg(1, '2000000', '[1]');
-- the record, checked as coins_review checks it
SELECT coins_svg(3, '[1,2]', 'LRL');
SELECT coins_svg(3, '[1,2]', 'LX');
SELECT coins_svg(3, '[1,2]', 7);
SELECT coins_svg(2, '[1,2,3]', '[2,2]');
SELECT coins_svg(2, '[1,2,3]', '[3]');
SELECT coins_svg(1, 3, '["L"]');
-- a picture longer than SQLITE_LIMIT_LENGTH
.limit length 1000
SELECT coins_svg(3, '[8,15,3,7]');
.limit length 1000000000
-- the argument count
SELECT coins_svg(3);
SELECT coins_svg(3, '[1]', 'L', 1, 1);
