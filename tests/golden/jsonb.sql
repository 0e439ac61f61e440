-- JSONB (SQLite's binary JSON, as jsonb() makes it from 3.45 on) is read
-- directly.  The blobs here are built by hand, so that SQLite 3.40 runs
-- them too: a header byte (low nibble the type: 3 INT, 5 FLOAT, 7 TEXT,
-- 11 ARRAY; high nibble the payload size), then the payload.
-- [1,2,3,4]:
SELECT coins_margin(3, X'8B1331133213331334'), coins_margin(3, '[1,2,3,4]');
-- [1,2,3] for every scalar; variant I counts its elements
SELECT coins_win(1, X'6B133113321333'), coins_outcome(2, X'6B133113321333'),
       coins_score(2, X'6B133113321333'), coins_best_move(3, X'6B133113321333');
-- FLOAT elements holding integers [2.0, 1e1, -3]; sizes in a byte and in
-- two bytes after the header; a JSON5 hexadecimal INT5 [0x10, 1]
SELECT coins_margin(3, X'BB35322E3035316531232D33'), coins_margin(3, '[2.0, 1e1, -3]');
SELECT coins_margin(3, X'CB0A13311332133313341335'), coins_margin(3, X'DB000A13311332133313341335');
SELECT coins_margin(3, X'7B44307831301331');
-- table-valued functions, records as JSONB: ["L","R","L"] and [1,2]
SELECT group_concat(move, '') FROM coins_moves(3, X'8B1331133213331334');
SELECT group_concat(move || ':' || best || ':' || loss, ' ')
FROM coins_review(3, X'8B1331133213331334', X'6B174C1752174C');
SELECT group_concat(move, ' ') FROM coins_review(2, X'8B1331133213331334', X'4B13311332');
SELECT coins_result(3, X'8B1331133213331334', X'6B174C1752174C'),
       coins_after(3, X'8B1331133213331334', X'6B174C1752174C');
SELECT coins_diagram(3, X'8B1331133213331334', X'6B174C1752174C');
-- the hidden column gives the BLOB back as it was
SELECT hex(arg_coins) FROM coins_moves(3, X'6B133113321333') LIMIT 1;
-- an empty JSONB array
SELECT coins_margin(3, X'0B'), coins_best_move(3, X'0B') IS NULL;
