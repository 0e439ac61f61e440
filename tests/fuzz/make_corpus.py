#!/usr/bin/env python3
"""make_corpus.py -- writes the seed corpora of the fuzz harnesses:
tests/fuzz/corpus/<harness>/<name>, small files with the contract's
examples and inputs known to be tricky; the dictionary coins.dict; and the
regression inputs it can describe (regressions/<harness>/<name>).  Deterministic; run it from the
repository root after changing the harnesses' input formats:

    python3 tests/fuzz/make_corpus.py

fuzz_sql's first byte is the index of a query in fuzz_sql.c's table, found
here by the query's text, so reordering the table needs a re-run."""

import os
import random
import re
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def write(harness, name, data):
    d = os.path.join(CORPUS, harness)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("latin-1")
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


# ------------------------------------------------------------ fuzz_parse

PARSE = {
    # the contract's rows and forms
    "contract-8-15-3-7": "[8, 15, 3, 7]",
    "contract-3-2-2": "[3,2,2]",
    "contract-1-20-4": "[1,20,4]",
    "empty": "[]",
    "empty-spaced": " [ \t\n\r] ",
    "exact-fractions": " [ 2.0 ,1e1,\t700e-2\n, -0 ] ",
    "exponents": "[1e3,1E3,1e+3,0.7e1,12300e-2,0e999999999]",
    "negatives": "[-1,-0,-9223372036854775807,0]",
    "int64-max": "[9223372036854775807]",
    "int64-max-plus-1": "[9223372036854775808]",
    "int64-min": "[-9223372036854775808]",
    "sum-overflow": "[9223372036854775807,1]",
    "sum-overflow-neg": "[-4611686018427387904,-4611686018427387904]",
    "sum-exact": "[4611686018427387903,-4611686018427387904]",
    "nineteen-digits": "[1000000000000000000,999999999999999999]",
    "many-digits": "[" + "0" * 1 + "." + "0" * 60 + "1e61]",
    "long-zero-fraction": "[5." + "0" * 200 + "]",
    "fraction": "[1,2,2.5]",
    "huge-exp": "[1e400]",
    "neg-exp-big": "[100e-1000000000000]",
    "leading-zero": "[01]",
    "leading-zero-neg": "[-01]",
    "dot-end": "[1.]",
    "dot-start": "[.5]",
    "e-end": "[1e]",
    "plus": "[+1]",
    "minus-alone": "[-]",
    "string": '["7"]',
    "nested": "[1,[2]]",
    "double-comma": "[1,,2]",
    "trailing-comma": "[1,2,]",
    "leading-comma": "[,1]",
    "unterminated": "[1,2",
    "trailing-garbage": "[1,2] x",
    "two-arrays": "[1][2]",
    "nul-inside": "[1,\x002]",
    "nul-after": "[1]\x00",
    "utf8": "[1,\xc3\xa9]",
    "cut-utf8": "[\xc3]",
    "nbsp": "[1,\xa02]",
    "empty-text": "",
    "space-only": "   ",
    "object": '{"a":1}',
    "infinity": "[Infinity,NaN]",
    "hex": "[0x10]",
    "long-token": "[" + "9" * 300 + "]",
    "long-garbage": "[1," + "x" * 100 + "]",
    # records and strategies (the same harness parses every input all ways)
    "record-json": '["L","R","l","r"]',
    "record-json-spaced": '[ "L" , "R" ]',
    "record-bare": "LRRL",
    "record-bare-spaced": " l r\tR\nL ",
    "record-bad-letter": '["L","X"]',
    "record-quote-cut": '["L',
    "record-two-letters": '["LR"]',
    "record-takes": "[1,2,3,1]",
    "record-take-zero": "[1,0]",
    "record-take-negative": "[-1]",
    "record-escaped": '["\\u004c","R","\\u006C","\\u0052"]',
    "record-escaped-bad": '["\\u004", "\\x4c", "\\u004c\\u0052"]',
    "record-bare-takes": "1,2 1 , 3",
    "record-bare-takes-bad": "1,,2",
    "record-bare-mixed": "1,L",
    "record-letters-in-array": "[L, R]",
    "record-string-top": '"LR"',
    "record-tuple": "(1, 2, 3)",
    "record-nested-letters": '[["L"]]',
    "strategy-blanks": " \tcareless:5:3\n",
    "strategy-optimal": "optimal",
    "strategy-greedy": "greedy",
    "strategy-left": "left",
    "strategy-parity": "parity",
    "strategy-random": "random:42",
    "strategy-random-min": "random:-9223372036854775808",
    "strategy-random-max": "random:9223372036854775807",
    "strategy-random-over": "random:9223372036854775808",
    "strategy-random-empty": "random:",
    "strategy-careless": "careless:10:7",
    "strategy-careless-100": "careless:100:-1",
    "strategy-careless-101": "careless:101:1",
    "strategy-careless-neg": "careless:-0:1",
    "strategy-careless-noseed": "careless:5:",
    "strategy-careless-nocolon": "careless:5",
    "strategy-upper": "OPTIMAL",
}

# ------------------------------------------------------------- fuzz_sql


def sql_queries():
    path = os.path.join(HERE, "fuzz_sql.c")
    src = open(path).read()
    start = src.index("queries[] = {")
    end = src.index("};", start)
    body = re.sub(r"/\*.*?\*/", "", src[start + len("queries[] = {") : end], flags=re.S)
    qs, cur = [], ""
    for tok in re.findall(r'"(?:[^"\\]|\\.)*"|,', body):
        if tok == ",":
            qs.append(cur)
            cur = ""
        else:
            cur += tok[1:-1].replace('\\"', '"')
    if cur:
        qs.append(cur)
    return qs


def t(s):
    return b"t" + (s.encode("latin-1") if isinstance(s, str) else s)


def i(v):
    return b"i" + str(v).encode()


N = b"n"


def b(s):
    return b"b" + s


def r(v):
    return b"r" + struct.pack("<d", v)


SQL = [
    # name, query text (a unique substring), arguments
    ("sum-nim", "coins_best_move('I-sum', ?1, ?2), ", [t("[3,4,5]"), i(5)]),
    ("sum-set-line", "coins_moves('I-sum', ?1, ?2) LIMIT", [t("[9,4,5]"), t("[1,3,4]")]),
    ("sum-review", "coins_review('I-sum', ?1, ?2, ?3)", [t("[3,4,5]"), t("1:1 2:2"), i(2)]),
    (
        "sum-play",
        "coins_play('I-sum', ?1, ?2, ?3, ?4)",
        [t("[3,4,5]"), t("greedy"), t("random:3"), i(3)],
    ),
    ("sum-options", "coins_options('I-sum', ?1, ?2)", [t("[3,0,4]"), t("[1,3,4]")]),
    ("sum-after", "coins_after('I-sum', ?1, ?2, ?3)", [t("[3,4,5]"), t('["1:1","3:2"]'), i(2)]),
    ("misere-nim-line", "coins_moves('I-sum-misere', ?1, ?2)", [t("[1,2,3]"), i(3)]),
    (
        "misere-one-pile-review",
        "coins_review('I-sum-misere', ?1, ?2, ?3)",
        [t("[0,9,1]"), t("2:3 2:4"), t("[3,4]")],
    ),
    ("misere-options", "coins_options('I-sum-misere', ?1, ?2)", [t("[3,4,1]"), i(4)]),
    (
        "misere-after",
        "coins_after('I-sum-misere', ?1, ?2, ?3)",
        [t("[3,4]"), t("1:3 2:1"), t("[1,3]")],
    ),
    ("win-contract", "SELECT coins_win(?1, ?2)", [i(3), t("[3,2,2]")]),
    ("win-1-20-4", "SELECT coins_win(?1, ?2)", [i(3), t("[1,20,4]")]),
    ("win-count", "SELECT coins_win(?1, ?2)", [i(1), i(3)]),
    ("win-bad-type", "SELECT coins_win(?1, ?2)", [r(2.0), t("[1]")]),
    ("win-blob", "SELECT coins_win(?1, ?2)", [i(3), b(b"[1]")]),
    (
        "win-huge-k",
        "SELECT coins_win(?1, ?2, ?3)",
        [i(1), i(9223372036854775807), i(9223372036854775807)],
    ),
    ("win-k0", "SELECT coins_win(?1, ?2, ?3)", [i(2), t("[1]"), i(0)]),
    ("outcome-draw", "SELECT coins_outcome(?1, ?2)", [t("III"), t("[2,2,2,2]")]),
    ("outcome-stone3", "SELECT coins_outcome(?1, ?2, ?3)", [t("ii"), t("[1,2,3,-9]"), i(3)]),
    ("margin-variant-1", "SELECT coins_margin(?1, ?2)", [i(1), i(5)]),
    ("margin-sum-max", "SELECT coins_margin(?1, ?2)", [i(3), t("[9223372036854775807,0,0]")]),
    ("score-contract", "SELECT coins_score(?1, ?2)", [i(3), t("[8,15,3,7]")]),
    (
        "score-spaces",
        "SELECT coins_score(?1, ?2, ?3)",
        [t("iii"), t(" [ 2.0 ,1e1,\t700e-2\n, -0 ] "), i(1)],
    ),
    ("best-move-empty", "SELECT coins_best_move(?1, ?2)", [i(3), t("[]")]),
    ("best-move-huge", "SELECT coins_best_move(?1, ?2, ?3)", [i(1), i(9223372036854775807), i(2)]),
    (
        "rows-reuse",
        "SELECT coins_margin(v, c, k), coins_best_move",
        [
            i(2),
            t("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]"),
            i(3),
            i(2),
            t("[5]"),
            i(1),
            i(2),
            t("[1,2," + ",".join("7" for _ in range(40)) + "]"),
            i(40),
        ],
    ),
    (
        "rows-reuse-3",
        "SELECT coins_win(v, c), coins_outcome",
        [i(3), t("[" + ",".join(str(x) for x in range(30)) + "]"), i(3), t("[1]"), t("I"), i(7)],
    ),
    ("version", "SELECT coins_version()", []),
    ("deal", "SELECT coins_deal(?1, ?2)", [i(42), i(10)]),
    ("deal-huge", "SELECT coins_deal(?1, ?2)", [i(1), i(9223372036854775807)]),
    (
        "deal-range",
        "SELECT coins_deal(?1, ?2, ?3, ?4)",
        [i(7), i(5), i(-9223372036854775808), i(9223372036854775807)],
    ),
    ("deal-bad", "SELECT coins_deal(?1, ?2, ?3, ?4)", [i(7), i(5), i(9), i(1)]),
    ("diagram", "SELECT coins_diagram(?1, ?2)", [i(3), t("[8,15,3,7]")]),
    ("diagram-count", "SELECT coins_diagram(?1, ?2)", [i(1), i(40)]),
    ("diagram-count-big", "SELECT coins_diagram(?1, ?2)", [i(1), i(10001)]),
    ("diagram-record", "SELECT coins_diagram(?1, ?2, ?3)", [i(3), t("[8,15,3,7]"), t("LR")]),
    (
        "diagram-record-k",
        "SELECT coins_diagram(?1, ?2, ?3, ?4)",
        [i(2), t("[1,-2,3,-4,5,-6,7]"), t("[3,1,2]"), i(3)],
    ),
    (
        "diagram-wide",
        "SELECT coins_diagram(?1, ?2)",
        [i(2), t("[-922337203685477580,922337203685477580,1,2,3,4,5,6]")],
    ),
    (
        "win-of-deal",
        "SELECT coins_win(?1, coins_deal(",
        [i(3), i(1), i(3), i(-9223372036854775808), i(9223372036854775807), N],
    ),
    ("array-one", "SELECT coins_array(?1, ?2)", [i(0), i(5)]),
    ("array-null", "SELECT coins_array(?1, ?2)", [i(0), N]),
    (
        "array-pairs",
        "SELECT coins_array(k, v) FROM t",
        [i(3), i(7), i(1), i(8), i(2), i(9), i(0), i(10)],
    ),
    (
        "array-dup",
        "SELECT coins_array(k, v) FROM t",
        [i(1), t("L"), i(1), t("r"), i(2), t("R"), i(3), t("L")],
    ),
    (
        "array-mixed",
        "SELECT coins_array(k, v) FROM t",
        [i(1), t("L"), i(2), i(5), N, N, i(4), t("x")],
    ),
    (
        "array-json",
        "SELECT coins_array(key, value) FROM json_each(?1)",
        [t('[8,15,"L",3.5,null,[1],{"a":1}]')],
    ),
    ("array-window", "SELECT coins_array(key, value) OVER", [t('["L","R","l","r","L"]')]),
    (
        "array-window-pairs",
        "SELECT coins_array(k, v) OVER",
        [i(5), i(1), i(5), i(1), i(-9223372036854775808), i(3), i(2), t("L")],
    ),
    ("win-of-array", "SELECT coins_win(?1, coins_array(", [i(3), t("[8,15,3,7]")]),
    ("moves", "SELECT * FROM coins_moves(?1, ?2)", [i(3), t("[8,15,3,7]")]),
    ("moves-ii", "SELECT * FROM coins_moves(?1, ?2, ?3)", [i(2), t("[1,2,3,-1,-2,-3,7]"), i(3)]),
    (
        "moves-huge-count",
        "SELECT * FROM coins_moves(?1, ?2, ?3)",
        [i(1), i(9223372036854775807), i(1)],
    ),
    (
        "moves-hidden",
        "SELECT *, arg_variant, arg_coins, arg_max_take FROM coins_moves",
        [t("III"), t("[5,3,7,10]"), N],
    ),
    ("moves-desc", "ORDER BY ply DESC", [i(2), t("[5,-3,7,10,-2]"), i(2)]),
    (
        "moves-where",
        "SELECT * FROM coins_moves WHERE",
        [i(2), t("[5,3,7,10]"), i(9223372036854775807)],
    ),
    (
        "moves-join",
        "SELECT m.* FROM g, coins_moves",
        [i(3), t("[1,2,3,4,5,6,7,8,9]"), N, i(2), t("[4,4]"), i(1)],
    ),
    (
        "review",
        "SELECT * FROM coins_review(?1, ?2, ?3)",
        [i(3), t("[8,15,3,7]"), t('["L","R","L","R"]')],
    ),
    (
        "review-bare",
        "SELECT * FROM coins_review(?1, ?2, ?3, ?4)",
        [t("3"), t("[8,15,3,7]"), t("RLL"), i(1)],
    ),
    (
        "review-ii",
        "SELECT * FROM coins_review(?1, ?2, ?3, ?4)",
        [i(2), t("[1,2,3,-1,-2,-3,7]"), t("[1,3,2]"), i(3)],
    ),
    (
        "review-count",
        "SELECT * FROM coins_review(?1, ?2, ?3, ?4)",
        [i(1), i(1000000000000), t("[5,5,5]"), i(9)],
    ),
    ("review-illegal", "SELECT * FROM coins_review(?1, ?2, ?3)", [i(2), t("[1,2]"), t("[3]")]),
    (
        "review-loss-overflow",
        "SELECT * FROM coins_review(?1, ?2, ?3)",
        [i(3), t("[9223372036854775807,0,0]"), t("R")],
    ),
    (
        "review-hidden",
        "SELECT *, arg_variant, arg_coins, arg_moves",
        [i(3), t("[1,2,3]"), b(b"LR"), i(1)],
    ),
    (
        "review-join",
        "SELECT m.* FROM g, coins_review",
        [i(3), t("[1,5,2]"), t("LRL"), i(2), t("[4,4,4]"), t("[2,1]")],
    ),
    (
        "review-of-moves",
        "SELECT * FROM coins_review(?1, ?2, (SELECT",
        [i(2), t("[3,1,4,1,5,9,2,6]"), i(2)],
    ),
    (
        "play",
        "SELECT * FROM coins_play(?1, ?2, ?3, ?4)",
        [i(3), t("[8,15,3,7]"), t("parity"), t("greedy")],
    ),
    (
        "play-random",
        "SELECT * FROM coins_play(?1, ?2, ?3, ?4, ?5)",
        [i(2), t("[1,2,3,4,5,6,7,8]"), t("random:42"), t("careless:30:7"), i(3)],
    ),
    (
        "play-huge",
        "SELECT * FROM coins_play(?1, ?2, ?3, ?4, ?5)",
        [i(1), i(9223372036854775807), t("left"), t("random:-1"), i(1)],
    ),
    (
        "play-hidden",
        "SELECT *, arg_variant, arg_coins, arg_first",
        [i(3), t("[1,2,3,4]"), t("optimal"), t("left"), N],
    ),
    (
        "play-join",
        "SELECT m.* FROM g, coins_play",
        [t("optimal"), t("greedy"), t("random:1"), t("parity"), i(3), t("[2,9,4,1]")],
    ),
    (
        "play-bad-strategy",
        "SELECT * FROM coins_play(?1, ?2, ?3, ?4)",
        [i(3), t("[1,2]"), t("best"), t("random:x")],
    ),
    ("moves-rowid", "SELECT rowid, arg_max_take, * FROM coins_moves", [i(2), t("[4,-1,7,7,2]")]),
    (
        "review-rowid",
        "SELECT rowid, arg_max_take, * FROM coins_review",
        [i(3), t("[4,-1,7,7,2]"), t("RRL")],
    ),
    (
        "diagram-of-play",
        "SELECT coins_diagram(?1, ?2, (SELECT",
        [i(2), t("[5,1,4,1,5,9,2,6]"), t("greedy"), t("optimal"), i(3)],
    ),
]

# ------------------------------------------------------------ fuzz_diff
# [variant, k, n, model, values..., strategies, seed, record...]

DIFF = {
    "iii-8-15-3-7": bytes([2, 0, 4, 0, 8, 15, 3, 7, 0, 0]) + bytes([0, 1, 0, 1]),
    "iii-ties": bytes([2, 0, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3 * 6 + 1, 5, 0x80, 1, 0x40, 0x81]),
    "iii-parity": bytes([2, 0, 6, 0, 5, 3, 7, 10, 1, 2, 3, 4]) + bytes([0x80] * 6),
    "iii-extreme": bytes([2, 0, 3, 5, 0, 0, 0, 0, 0, 0]) + bytes([1]),
    "iii-near-max": bytes([2, 0, 16, 4]) + bytes(range(0, 32, 2)) + bytes([5, 9]) + bytes(16),
    "ii-stone3": bytes([1, 2, 4, 0, 1, 2, 3, 7, 6, 1, 0, 1, 2]),
    "ii-negatives": bytes([1, 2, 7, 0, 1, 2, 3, 0xFF, 0xFE, 0xFD, 7, 7, 3, 0x80, 0x40, 2]),
    "ii-huge-k": bytes([1, 0x80, 10, 2]) + bytes(range(20)) + bytes([1, 1, 3, 5, 7]),
    "ii-large": bytes([1, 5, 5, 3]) + bytes(range(1, 41)) + bytes([8, 3, 9, 9, 9]),
    "ii-sum-max": bytes([1, 3, 6, 5, 1, 2, 3, 4, 5, 6, 2, 1]) + bytes([0x80, 0x81, 0x40]),
    "i-count": bytes([0, 2, 40, 0, 0]) + bytes([1, 2, 3, 0x80, 0x40]),
    "i-lost": bytes([0, 2, 3 * 7, 7, 9]) + bytes([0x80] * 10),
    "i-huge-k": bytes([0, 0x87, 200, 2, 3, 0, 1]),
    "i-zero": bytes([0, 0, 0, 0, 0]),
    "empty-ii": bytes([1, 1, 0, 0, 0, 0]),
}

# ---------------------------------------------------------- regressions
# One minimal input per finding, replayed by make fuzz (make fuzz-regress).
# Written here when they can be described; a raw crash artifact can be
# copied into regressions/<harness>/ by hand (this script leaves other
# files alone).

REGRESSIONS_SQL = [
    # UBSan: coins_review.c restart_line computes st->a + st->lo with a NULL
    # row (variant III, '[]', a fresh cursor: the row buffer is never
    # allocated for an empty array): "applying zero offset to null pointer"
    (
        "review-iii-empty-row-null-offset",
        "SELECT * FROM coins_review(?1, ?2, ?3)",
        [i(3), t("[]"), t("")],
    ),
    (
        "play-iii-empty-row-null-offset",
        "SELECT * FROM coins_play(?1, ?2, ?3, ?4)",
        [i(3), t("[]"), t("optimal"), t("optimal")],
    ),
    # a legal move whose loss exceeds 2^63-1: a documented error
    (
        "review-loss-over-int64",
        "SELECT * FROM coins_review(?1, ?2, ?3)",
        [i(3), t("[9223372036854775807,0,0]"), t("R")],
    ),
]

REGRESSIONS_DIFF = {
    # [INT64_MAX, 0, 0], variant III, record "R": loss 2^64-2 is refused
    # with "ply 1: the loss exceeds 2^63-1" (the harness expects that)
    "review-loss-over-int64": bytes([2, 0, 3, 5, 0, 0, 0, 0, 0, 0, 0, 1]),
}

DICT = [
    "[",
    "]",
    ",",
    "-",
    ".",
    "e",
    "E",
    "e+",
    "e-",
    "0",
    "1",
    "2.0",
    "1e3",
    "0.7e1",
    "700e-2",
    "-0",
    " ",
    "\t",
    "\n",
    "\r",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "4611686018427387904",
    "1000000000000000000",
    '"L"',
    '"R"',
    '"l"',
    '"r"',
    '["L"]',
    "L",
    "R",
    "LRRL",
    "optimal",
    "greedy",
    "left",
    "parity",
    "random:",
    "careless:",
    "careless:50:",
    "random:-1",
    "I",
    "II",
    "III",
    "iii",
    "1",
    "3",
    # fuzz_sql's piece syntax: separator and type bytes
    "|",
    "|t",
    "|i",
    "|n",
    "|b",
    "|r",
    "|x",
    "|t3",
    "|i1",
    "|t[",
    "|i9223372036854775807",
    "|i-9223372036854775808",
    # fuzz_scan: runs that fill or straddle a 32- or 64-byte block, the
    # bytes the scanners refuse, separators people write
    " " * 31,
    " " * 63,
    "9" * 18,
    "9" * 19,
    "123456789012345678,",
    "999,",
    "999, ",
    ", -",
    "-0,",
    "00",
    "\x00",
    "\x80",
    "\xff",
    " , ",
    # records as people write them: escaped letters, takes without brackets
    "\\u004c",
    "\\u0052",
    "\\u006C",
    "\\u00",
    "\\",
    "(",
    ")",
]

# fuzz_scan: a shift byte (spaces put before the rest, mod 130), then a row
SCAN = {
    "compact-64": "[" + ",".join(str((i * 389) % 1000) for i in range(64)) + "]",
    "spaced-64": "[" + ", ".join(str((i * 577) % 1000) for i in range(64)) + "]",
    "signed": "[" + ",".join(str((i * 7919) % 2001 - 1000) for i in range(40)) + "]",
    "long": "[" + ",".join(str(10 ** (i % 18) + i) for i in range(30)) + "]",
    "whitespace": " [ 1 ,\t2\n,\r3 , 4,5 ,6\t,  7,\n\n8 ] ",
    "empty": "[]",
    "nul-inside": "[1,2,3,\x004,5]",
    "high-byte": "[1,2,\x803]",
}


def sql_input(qs, needle, args):
    hits = [n for n, q in enumerate(qs) if needle in q]
    if not hits:
        raise SystemExit("make_corpus: no query matches %r" % needle)
    return bytes([hits[0]]) + b"".join(b"|" + a for a in args)


def write_regression(harness, name, data):
    d = os.path.join(HERE, "regressions", harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    if os.path.isdir(CORPUS):
        shutil.rmtree(CORPUS)
    for name, text in PARSE.items():
        write("fuzz_parse", name, text)
    qs = sql_queries()
    for name, needle, args in SQL:
        write("fuzz_sql", name, sql_input(qs, needle, args))
    for name, data in DIFF.items():
        write("fuzz_diff", name, data)
    for shift in (0, 1, 31, 32, 63, 64):
        for name, text in SCAN.items():
            write("fuzz_scan", "%s-%d" % (name, shift), chr(shift) + text)
    for name, needle, args in REGRESSIONS_SQL:
        write_regression("fuzz_sql", name, sql_input(qs, needle, args))
    for name, data in REGRESSIONS_DIFF.items():
        write_regression("fuzz_diff", name, data)
    # and a spread of random games: every variant and value model, records
    # of every kind (seeded, so the files are always the same)
    rng = random.Random(20240601)
    models = ["int8", "012", "int16", "large", "nearmax", "summax"]
    for variant in range(3):
        for model in range(6):
            if variant == 0 and model > 1:
                continue
            n = rng.randrange(17) if variant else rng.randrange(256)
            data = bytes([variant, rng.randrange(256), n, model])
            data += bytes(rng.randrange(256) for _ in range(8 * 16 + 2))
            data += bytes(rng.randrange(256) for _ in range(rng.randrange(20)))
            write("fuzz_diff", "random-%s-%s" % ("I" * (variant + 1), models[model]), data)
    with open(os.path.join(HERE, "coins.dict"), "w") as f:
        f.write(
            "# tests/fuzz/coins.dict -- libFuzzer dictionary for "
            "fuzz_parse, fuzz_scan and fuzz_sql\n# (written by make_corpus.py)\n"
        )
        for n, tok in enumerate(DICT):
            esc = "".join(
                c
                if 0x20 <= ord(c) < 0x7F and c not in '"\\'
                else "\\" + c
                if c in '"\\'
                else "\\x%02X" % ord(c)
                for c in tok
            )
            f.write('tok_%d="%s"\n' % (n, esc))


if __name__ == "__main__":
    main()
