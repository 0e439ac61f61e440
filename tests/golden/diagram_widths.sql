-- coins_diagram's column widths: every column is as wide as the widest
-- cell of the game (a coin's value with its sign, the last ply number, at
-- least 2), so that the rows line up.  Each diagram below has as its
-- widest cell one of the values whose decimal width changes at a power of
-- ten (99/100, 109, -9/-10, -19, 999/1000, 1099, 9999, -1000): a width
-- one too narrow shifts that column and shows here.  Variants II and III,
-- with and without a record, abandoned records, and rows that wrap.
.mode list
-- two characters: 99 and -9 (the minimum width is 2 anyway)
SELECT coins_diagram(3, '[99,1,2]');
SELECT coins_diagram(2, '[-9,5,3]');
-- three characters: 100..109 and -10..-19
SELECT coins_diagram(3, '[100,7,3]');
SELECT coins_diagram(2, '[4,105,-1]');
SELECT coins_diagram(3, '[2,1,109]', 'RL');
SELECT coins_diagram(3, '[-10,5,-3]');
SELECT coins_diagram(2, '[-15,2,3]', '[1,2]', 3);
SELECT coins_diagram(3, '[0,-19]', 'R');
-- four characters: 1000..1099 and 9999; five: -1000
SELECT coins_diagram(3, '[1000,3,4,5]');
SELECT coins_diagram(2, '[1,1050,1]');
SELECT coins_diagram(3, '[1099,-1]', 'LR');
SELECT coins_diagram(3, '[9999,0,1]');
SELECT coins_diagram(2, '[-1000,2,3]', '[2,1]', 3);
SELECT coins_diagram(2, '[3,-1000,2]', '[1]', 3);
-- every one of them in one row: width 5 (-1000), 8 columns a block
SELECT coins_diagram(3, '[100,105,109,-10,-15,-19,1000,1050,1099,99,-9,9999,-1000]');
SELECT coins_diagram(2, '[100,105,109,-10,-15,-19,1000,1050,1099,99,-9,9999,-1000]',
                     '[1,2,3,1,2,3]', 3);
-- width 3 from the coins (11 columns a block), wrapping into three blocks
SELECT coins_diagram(3, '[100,-10,109,-19,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,105,-15]');
SELECT coins_diagram(2, '[100,-10,109,-19,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,105,-15]',
                     '[3,3,3,3,3,3,3]', 3);
-- width 3 from the ply numbers alone: 100 one-digit coins
SELECT coins_diagram(3, coins_deal(1, 100, 0, 9));
-- width 4 from 1000..1099 in a row that wraps
SELECT coins_diagram(3, '[1000,1,1099,2,1050,3,4,5,6,7,8,9,10,11,12,13,14,15]', 'LLLLRRRRLR');
