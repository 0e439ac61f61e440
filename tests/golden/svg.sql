-- coins_svg: the exact SVG of a few games (docs/browser.md): the optimal
-- line of each variant, records with inaccuracies and blunders, an
-- abandoned record, no coins, and NULLs; then what is drawn of long rows
-- (wrapping, and the summary past 400 coins), counted rather than shown.
.mode list
-- variant III, the optimal line (moves left out, and NULL)
SELECT coins_svg(3, '[8,15,3,7]');
SELECT coins_svg(3, '[8,15,3,7]', NULL) = coins_svg(3, '[8,15,3,7]');
-- variant III, a record: two blunders, then best moves
SELECT coins_svg('III', '[8,15,3,7]', 'LRLR');
-- variant II, max_take 3: a record abandoned with one coin left
SELECT coins_svg(2, '[1,2,3,-9,4,5,6,7,1,1]', '[2,1,1,3,2]', 3);
-- variant I: a count, the optimal line, and a record with a blunder
SELECT coins_svg(1, 7, NULL, 3);
SELECT coins_svg(1, 5, '[2,1,2]');
-- no coins; no moves
SELECT coins_svg(3, '[]');
SELECT coins_svg(2, '[5,-5]', '[]');
-- NULL in variant, coins or max_take: NULL
SELECT coins_svg(NULL, '[1]') IS NULL, coins_svg(3, NULL) IS NULL,
       coins_svg(2, '[1]', NULL, NULL) IS NULL, coins_svg(2, '[1]', '[1]', NULL) IS NULL;
-- wide values: wider coins, fewer a line (5 of 20 digits)
SELECT coins_svg(2, '[4611686018427387000,-4611686018427387000,1,2,3,4,5,6]', '[1,1,1,1,1,1]', 5);
-- long rows: every coin drawn up to 400 (at most 20 a line: 72 units
-- each), then the first and the last 200 with a line that says how many
-- are not
SELECT n, (length(s) - length(replace(s, '<g>', ''))) / 3 AS coins_drawn,
       CAST(substr(s, instr(s, 'height="') + 8, 5) AS INTEGER) AS height,
       CASE WHEN instr(s, '... coin') > 0
         THEN substr(s, instr(s, '... coin'), instr(s, ') ...') - instr(s, '... coin') + 5)
       END AS says
FROM (SELECT value AS n, coins_svg(3, coins_deal(7, value)) AS s
      FROM json_each('[20, 21, 400, 401, 1000]'));
-- a variant I count of 10^6 coins is drawn the same way
SELECT instr(coins_svg(1, 1000000), '... coins 201 to 999800 are not drawn') > 0;
-- JSONB coins and moves, built by hand (tests/golden/jsonb.sql): [8,15,3,7]
-- and ["L","R"]
SELECT coins_svg(3, X'9B133823313513331337', X'4B174C1752') = coins_svg(3, '[8,15,3,7]', 'LR');
