"""tests/platforms/wheel_games.py -- the same games put to two builds of
coins, one answer a line, for a diff: random rows of every variant (fixed
seed), each asked for its outcome, margin, best move, optimal line, the
options of its first position and a review of a random legal record, plus
inputs that must fail (their messages are answers too).

    python3 tests/platforms/wheel_games.py build/coins.so   (a library file)
    python3 tests/platforms/wheel_games.py                  (the installed sqlite_coins)

The second form imports sqlite_coins and loads it with sqlite_coins.load,
as a user of the wheel does; the first line names the machine and version.
REALs (the review's accuracy) are printed in full (repr): the two builds
must agree to the last bit, not just to the digits a shell shows.
"""
import os
import platform
import random
import sqlite3
import sys

GAMES = 300
SCALARS = ["coins_outcome", "coins_best_move"]
VALUED = ["coins_margin", "coins_score"]  # variants II and III
BAD = [
    "SELECT coins_win(3, '[1,2,2.5]')",
    "SELECT coins_win('[1,2]', 3)",
    "SELECT coins_score(1, 5)",
    "SELECT coins_win(3, '[1,2]', 2)",
    "SELECT * FROM coins_review(2, '[1,2,3]', 'LR')",
]


def connect():
    db = sqlite3.connect(":memory:")
    if len(sys.argv) > 1:
        db.enable_load_extension(True)
        db.load_extension(os.path.splitext(os.path.abspath(sys.argv[1]))[0])
        db.enable_load_extension(False)
        return db
    import sqlite_coins

    sqlite_coins.load(db)
    return db


def answer(db, sql, *args):
    try:
        return repr(db.execute(sql, args).fetchall())
    except sqlite3.Error as e:
        return f"error: {e}"


def game(rng):
    """(variant, coins, max_take as given, a legal record as text)."""
    variant = rng.choice(["I", "II", "III", "I-misere"])
    n = rng.choice([0, 1, 2, 3, rng.randint(4, 40), rng.randint(41, 400)])
    top = rng.choice([9, 1000, 10**12])
    coins = [rng.randint(-top // 3, top) for _ in range(n)]
    if variant == "III":
        take, takes = 1, [1]
    elif rng.random() < 0.2:
        takes = sorted(rng.sample(range(1, 9), rng.randint(1, 4)))
        take = "[" + ",".join(map(str, takes)) + "]"
    else:
        take = rng.randint(1, 6)
        takes = list(range(1, take + 1))
    record, left = [], n
    while left > 0 and len(record) < 12:
        if variant == "III":
            record.append(rng.choice("LR"))
            left -= 1
            continue
        fits = [t for t in takes if t <= left]
        if not fits:
            break
        record.append(rng.choice(fits))
        left -= record[-1]
    moves = "".join(record) if variant == "III" else ",".join(map(str, record))
    return variant, coins, take, moves


def main():
    db = connect()
    version = db.execute("SELECT coins_version()").fetchone()[0]
    print(f"# {platform.machine()} coins {version} (answers follow)", file=sys.stderr)
    rng = random.Random(31)
    for i in range(GAMES):
        variant, coins, take, moves = game(rng)
        args = (variant, "[" + ",".join(map(str, coins)) + "]", take)
        print(i, variant, take, len(coins))
        for f in SCALARS + (VALUED if variant in ("II", "III") else []):
            print(f, answer(db, f"SELECT {f}(?, ?, ?)", *args))
        print("moves", answer(db, "SELECT * FROM coins_moves(?, ?, ?)", *args))
        print("options", answer(db, "SELECT * FROM coins_options(?, ?, ?)", *args))
        print(
            "review", answer(db, "SELECT * FROM coins_review(?, ?, ?, ?)", *args[:2], moves, take)
        )
    for sql in BAD:
        print(sql, answer(db, sql))


if __name__ == "__main__":
    main()
