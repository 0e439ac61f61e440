-- Counts past 2^32 that 32 bits would cut to a few coins: too many to draw
-- on every platform.
SELECT coins_diagram(1, 4294967301);
SELECT coins_svg(1, 4294967296 + 3);
SELECT coins_diagram(1, 4294967296, NULL, '[1,3,4]');
