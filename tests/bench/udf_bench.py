#!/usr/bin/python3
"""udf_bench.py -- coins against what a user would write without it.

    /usr/bin/python3 tests/bench/udf_bench.py [--smoke] [--wall] [--rows=N]
                                              [--rounds=R] [build/coins]

Builds the 64-coin games(coins TEXT) table of tests/bench/bench.c (values
0..999 from splitmix64 seeded with 64: the first rows of the same table),
registers py_margin, the textbook O(n^2) DP for variant III written as a
Python user-defined function (json.loads the text, fill one interval length
at a time), loads the coins extension into the same connection and times

    SELECT sum(py_margin(coins)) FROM games
    SELECT sum(coins_margin(3, coins)) FROM games

side by side in one process: interleaved rounds, medians, per-row times and
their ratio.  The clock is the CPU time of the thread (time.thread_time, as
in bench.c), so that other processes on a busy machine do not count; --wall:
time.perf_counter instead.  The two sums must be equal (exit status 1
otherwise).  The target "Python UDF at least 100x slower per row than
coins" is printed as met / not met and never fails the run.  --smoke: a
tiny table, no meaning in the times.
"""
import json
import os
import sqlite3
import statistics
import sys
import time

MASK = (1 << 64) - 1


def deal(seed, n):
    """n values 0..999 from splitmix64, as bench.c's deal(); returns the
    new state and the values."""
    out = []
    for _ in range(n):
        seed = (seed + 0x9E3779B97F4A7C15) & MASK
        z = seed
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        out.append(z % 1000)
    return seed, out


def py_margin(text):
    """First player's total minus second's, one coin from either end: the
    textbook DP d[i][j] = max(a[i] - d[i+1][j], a[j] - d[i][j-1]), O(n^2)
    time, O(n) memory (d[i] holds the interval of the current length
    starting at i)."""
    if text is None:
        return None
    a = json.loads(text)
    n = len(a)
    if n == 0:
        return 0
    d = list(a)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            left = a[i] - d[i + 1]
            right = a[i + length - 1] - d[i]
            d[i] = left if left > right else right
    return d[0]


def main(argv):
    smoke = os.environ.get("BENCH_SMOKE", "0") not in ("", "0")
    rows, rounds, ext = None, None, "build/coins"
    clock, clock_name = time.thread_time, "CPU time of the thread"
    for arg in argv[1:]:
        if arg == "--smoke":
            smoke = True
        elif arg == "--wall":
            clock, clock_name = time.perf_counter, "wall time"
        elif arg.startswith("--rows="):
            rows = int(arg[7:])
        elif arg.startswith("--rounds="):
            rounds = int(arg[9:])
        elif arg.startswith("-"):
            sys.exit(__doc__)
        else:
            ext = arg
    if rows is None:
        rows = 50 if smoke else 2000
    if rounds is None:
        rounds = 3 if smoke else 5
    if ext.endswith((".so", ".dylib", ".dll")):
        ext = os.path.splitext(ext)[0]

    # the UDF against known answers (AtCoder EDPC L "Deque") before timing it
    known = {"[10,80,90,30]": 10, "[10,100,10]": -80, "[10]": 10, "[]": 0, "[4,2,9,7,1,5]": 2}
    for text, want in known.items():
        if py_margin(text) != want:
            print(f"MISMATCH: py_margin({text}) = {py_margin(text)}, not {want}")
            return 1

    conn = sqlite3.connect(":memory:")
    conn.create_function("py_margin", 1, py_margin, deterministic=True)
    conn.enable_load_extension(True)
    conn.load_extension(ext)
    conn.enable_load_extension(False)

    conn.execute("CREATE TABLE games(coins TEXT)")
    seed, texts = 64, []
    for _ in range(rows):
        seed, a = deal(seed, 64)
        texts.append((json.dumps(a, separators=(",", ":")),))
    with conn:
        conn.executemany("INSERT INTO games(coins) VALUES (?)", texts)

    queries = {
        "py_margin": "SELECT sum(py_margin(coins)) FROM games",
        "coins_margin": "SELECT sum(coins_margin(3, coins)) FROM games",
    }
    # coins_margin is so fast that one query is repeated to last >= 20 ms
    reps = {"py_margin": 1, "coins_margin": 1}
    sums = {}
    for name, sql in queries.items():  # warm-up, results, repetitions
        t0 = clock()
        sums[name] = conn.execute(sql).fetchone()[0]
        dt = clock() - t0
        if not smoke and dt < 0.02:
            reps[name] = int(0.02 / max(dt, 1e-6)) + 1
    times = {name: [] for name in queries}
    ratios = []
    names = list(queries)
    for r in range(rounds):
        order = names if r % 2 == 0 else names[::-1]
        per_row = {}
        for name in order:
            t0 = clock()
            for _ in range(reps[name]):
                got = conn.execute(queries[name]).fetchone()[0]
            per_row[name] = (clock() - t0) / reps[name] / rows
            if got != sums[name]:
                print(f"MISMATCH: {name} gave {got}, earlier {sums[name]}")
                return 1
            times[name].append(per_row[name])
        ratios.append(per_row["py_margin"] / per_row["coins_margin"])
    conn.close()

    py, co = (statistics.median(times[n]) for n in names)
    ratio = statistics.median(ratios)
    print(
        f"\nPython UDF (textbook O(n^2) DP, json.loads) against"
        f" coins_margin(3, ...): {rows} rows of 64 coins,\nPython"
        f" {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version};"
        f" {rounds} interleaved rounds, medians; clock: {clock_name}"
    )
    print(f"  {'SELECT sum(f(coins)) FROM games':40} {'us/row':>10}" f" {'x coins':>9}")
    print(f"  {'py_margin(coins)':40} {py * 1e6:10.2f} {ratio:9.1f}")
    print(f"  {'coins_margin(3, coins)':40} {co * 1e6:10.2f} {1:9.1f}")
    ok = sums["py_margin"] == sums["coins_margin"]
    print(
        f"  sums: py_margin {sums['py_margin']}, coins_margin"
        f" {sums['coins_margin']}: {'equal' if ok else 'DIFFERENT'}"
    )
    met = ratio >= 100
    note = "  (smoke sizes: not meaningful)" if smoke else ""
    print(
        f"  {'[met]' if met else '[not met]':9} Python UDF {ratio:.0f}x"
        f" slower per row than coins (target >= 100x){note}"
    )
    if not ok:
        print("MISMATCH: the sums differ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
