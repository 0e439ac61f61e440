-- A BLOB must hold a JSONB array; the messages say what was found, with
-- the text parser's words for bad elements.
SELECT coins_margin(3, X'');
SELECT coins_margin(3, CAST('[1,2,3]' AS BLOB));
SELECT coins_margin(3, X'0C');
SELECT coins_margin(3, X'13');
SELECT coins_margin(3, X'8B13311332133313');
SELECT coins_margin(3, X'6B1331133213330D');
SELECT coins_margin(3, X'1B0D');
-- bad elements, named as in text: [1, 1.5], [1e400], ["a"], [[1]], [1, true]
SELECT coins_margin(3, X'6B133135312E35'), coins_margin(3, '[1, 1.5]');
SELECT coins_margin(3, X'6B553165343030');
SELECT coins_margin(3, X'2B1761');
SELECT coins_margin(3, X'3B2B1331');
SELECT coins_margin(3, X'3B133101');
-- [9223372036854775807, 1]
SELECT coins_margin(3, X'CB17C313393232333337323033363835343737353830371331');
-- records: ["L", 1], ["X"], [0], four moves for three coins
SELECT * FROM coins_review(3, X'6B133113321333', X'4B174C1331');
SELECT * FROM coins_review(3, X'6B133113321333', X'2B1758');
SELECT * FROM coins_review(2, X'6B133113321333', X'2B1330');
SELECT * FROM coins_review(3, X'6B133113321333', X'8B174C176C174C174C');
SELECT * FROM coins_review(3, X'6B133113321333', X'');
