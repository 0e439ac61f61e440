"""tests/browser/svg_check.py -- coins_svg on many random games, every
picture parsed as XML (xml.etree) and read back against the other
functions of the native build:

- the document is one <svg> element in the SVG namespace, with integer
  width, height and a matching viewBox, and every coin inside it;
- one <g> per coin drawn: all of them up to 400 coins, else the first and
  the last 200 and a line that names the coins left out;
- each coin's value (variants II, III), fill (who took it) and ply label
  agree with coins_moves (the optimal line) or coins_review (a record);
- every coin has the same width, wide enough for the longest value drawn
  and the last ply: 8 units a character + 8, at least 36 (coins left out
  of a long row do not count, the first one after them does; a 401-coin
  row with one long value on either side of its gap checks that);
- the ?!/?? badges sit on the first coin of each move coins_review does
  not call best, and the review line counts them per player;
- the result line is the last line of coins_diagram for the same game.

Games: every variant, rows of 0..60 coins (some of up to 1,000), values
from small to near 2^62, records played by coins_play between random,
careless and greedy strategies, some cut short (abandoned); and four
401-coin rows with one long value next to the gap or at an end.

    /usr/bin/python3 tests/browser/svg_check.py build/coins.so [GAMES]
"""
import json
import os
import random
import sqlite3
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
FILL = {"#4e79a7": 1, "#f28e2b": 2, "#ffffff": 0}

if len(sys.argv) < 2:
    sys.exit(__doc__)
ext = os.path.splitext(os.path.abspath(sys.argv[1]))[0]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 600
db = sqlite3.connect(":memory:")
db.enable_load_extension(True)
db.load_extension(ext)
db.enable_load_extension(False)
failures = 0


def fail(what, game):
    global failures
    failures += 1
    if failures <= 10:
        print(f"FAIL {what}: {game}")


def one(sql, *args):
    return db.execute(sql, args).fetchone()[0]


def check(variant, coins, moves, k, name=None):
    game = name or (variant, coins, moves, k)
    svg = one("SELECT coins_svg(?, ?, ?, ?)", variant, coins, moves, k)
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        fail(f"not XML ({e})", game)
        return
    if root.tag != NS + "svg":
        fail(f"root is {root.tag}", game)
        return
    width, height = int(root.get("width")), int(root.get("height"))
    if root.get("viewBox") != f"0 0 {width} {height}":
        fail("viewBox", game)
    values = variant != 1
    row = [None] * coins if isinstance(coins, int) else json.loads(coins)
    n = len(row)
    # who took each coin, at which ply, and each ply's verdict
    ply_of, verdict = [0] * n, {}
    if moves is None:
        rows = db.execute(
            "SELECT ply, pos, take, 'best' FROM coins_moves(?, ?, ?)", (variant, coins, k)
        )
    else:
        rows = db.execute(
            "SELECT ply, pos, take, verdict FROM coins_review(?, ?, ?, ?)",
            (variant, coins, moves, k),
        )
    for ply, pos, take, v in rows:
        for i in range(pos, pos + take):
            ply_of[i] = ply
        verdict[ply] = v
    drawn = list(range(n)) if n <= 400 else list(range(200)) + list(range(n - 200, n))
    groups = root.findall(NS + "g")
    if len(groups) != len(drawn):
        fail(f"{len(groups)} coins drawn, not {len(drawn)}", game)
        return
    texts = ["".join(t.itertext()) for t in root.findall(NS + "text")]
    if (n > 400) != any(" not drawn " in t for t in texts):
        fail("the summary line", game)
    chars = max([len(str(max(verdict, default=0)))] + [len(str(row[i])) for i in drawn if values])
    want_w = max(chars * 8 + 16, 44) - 8
    marks = {"??": 0, "?!": 0}
    previous, wrong_w = None, []
    for i, g in zip(drawn, groups):
        rect = g.find(NS + "rect")
        x, w = int(rect.get("x")), int(rect.get("width"))
        if x < 0 or x + w > width or int(rect.get("y")) + 36 > height:
            fail(f"coin {i + 1} outside the picture", game)
        if w != want_w:
            wrong_w.append((i + 1, w))
        player = FILL.get(rect.get("fill"))
        labels = ["".join(t.itertext()) for t in g.findall(NS + "text")]
        ply = ply_of[i]
        want_player = 0 if ply == 0 else 2 - ply % 2
        if player != want_player:
            fail(f"coin {i + 1} has the colour of player {player}, not {want_player}", game)
        if values and labels[0] != str(row[i]):
            fail(f"coin {i + 1} shows {labels[0]}, not {row[i]}", game)
        if labels[1 if values else 0] != (str(ply) if ply else "-"):
            fail(f"coin {i + 1} has ply {labels[1]}, not {ply}", game)
        badge = labels[-1] if labels[-1] in marks else None
        first = ply != previous or (n > 400 and i == n - 200)
        want = {"blunder": "??", "inaccuracy": "?!"}.get(verdict.get(ply)) if first else None
        if badge != want:
            fail(f"coin {i + 1} (ply {ply}) is marked {badge}, not {want}", game)
        if badge:
            marks[badge] += 1
        previous = ply
    if wrong_w:
        fail(
            f"{len(wrong_w)} coins not {want_w} wide, the first coin {wrong_w[0][0]}: "
            f"{wrong_w[0][1]}",
            game,
        )
    diagram = one("SELECT coins_diagram(?, ?, ?, ?)", variant, coins, moves, k)
    if diagram.splitlines()[-1] not in texts:
        fail(f"no result line {diagram.splitlines()[-1]!r}", game)
    if moves is not None:
        counts = db.execute(
            "SELECT player, sum(verdict = 'inaccuracy'), sum(verdict = 'blunder') "
            "FROM coins_review(?, ?, ?, ?) GROUP BY player",
            (variant, coins, moves, k),
        ).fetchall()
        line = next((t for t in texts if t.startswith("moves not best: ")), "")
        for player, inaccuracies, blunders in counts:
            part = line.split("; ")[player - 1]
            for number, word in ((inaccuracies, "inaccurac"), (blunders, "blunder")):
                if number and f"{number} {word}" not in part or not number and word in part:
                    fail(f"review line {line!r}", game)
    return root


def coin_widths(root):
    return {int(g.find(NS + "rect").get("width")) for g in root.findall(NS + "g")}


# A 401-coin row draws coins 1-200 and 202-401 (coin 201 is left out): a
# long value at index 201, the first coin after the gap, widens every coin
# (10 characters: 96 - 8 = 88 units), one at index 200 (left out) does not
# (3 characters, of ply 401: the least, 44 - 8 = 36).
LONG_ROWS = ((201, 88), (200, 36), (199, 88), (400, 88))
for at, want in LONG_ROWS:
    row = [i % 10 for i in range(401)]
    row[at] = -123456789
    name = f"401 coins, -123456789 at index {at}"
    root = check(3, json.dumps(row), None, 1, name)
    if root is None or coin_widths(root) != {want}:
        fail(
            f"coins {sorted(coin_widths(root)) if root is not None else None} wide, not {want}",
            name,
        )


rng = random.Random(20260601)
strategies = ["random:{}", "careless:30:{}", "greedy", "optimal", "left"]
for g in range(games):
    variant = rng.choice([1, 2, 3])
    n = rng.choice([0, 1, 2, 3, rng.randint(4, 25), rng.randint(20, 60), rng.randint(380, 1000)])
    if n > 60 and rng.random() < 0.7:
        n = rng.randint(4, 60)
    hi = rng.choice([9, 100, 10**6, 2**62 // max(n, 1)])
    k = 1 if variant == 3 else rng.randint(1, 5)
    coins = one("SELECT coins_deal(?, ?, ?, ?)", g, n, -hi // 3, hi)
    if variant == 1 and rng.random() < 0.5:
        coins = n  # a count
    moves = None
    if rng.random() < 0.7:
        first, second = (rng.choice(strategies).format(rng.randint(0, 10**9)) for _ in range(2))
        moves = one(
            "SELECT json_group_array(move) FROM coins_play(?, ?, ?, ?, ?)",
            variant,
            coins,
            first,
            second,
            k,
        )
        if rng.random() < 0.25:  # abandoned
            plies = moves.count(",") + 1 if moves != "[]" else 0
            cut = rng.randint(0, plies)
            moves = one(
                "SELECT json_group_array(value) FROM " "(SELECT value FROM json_each(?) LIMIT ?)",
                moves,
                cut,
            )
    check(variant, coins, moves, k)

print(f"svg_check.py: {games} random games and {len(LONG_ROWS)} long rows, {failures} failures")
sys.exit(1 if failures else 0)
