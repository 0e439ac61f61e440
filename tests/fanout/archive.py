"""tests/fanout/archive.py -- game archives in shards, for the fan-out tests
and make bench-scale.  Both shapes are the example database of
sql/games_db.sql (players, games, coin_rows, the views reviewed_moves and
game_results), so the reports of sql/reports.sql run on every shard:

- split(source, n, directory): build/games.db cut into n shards by game id
  (contiguous ranges, as an archive kept a file a day would be); the
  players table is in every shard, each game and its coin rows in one.
- deal(first, last, path): a shard dealt and played afresh by
  sql/games_db.sql itself, for the games first..last (every game is a
  function of its number, so the shards of consecutive ranges make one
  archive with no game twice).

    python3 tests/fanout/archive.py split SOURCE N DIRECTORY
    python3 tests/fanout/archive.py deal FIRST LAST PATH
    (with sqlite_coins importable: PYTHONPATH=build/fanout/py after make
    test-fanout or make bench-scale, or the package installed)
"""
import os
import re
import sqlite3
import sys

import sqlite_coins

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES_DB_SQL = os.path.join(HERE, "..", "..", "sql", "games_db.sql")
# the one line of sql/games_db.sql that says which games it makes
GAME_RANGE = re.compile(r"seq\(i\) AS \(SELECT 1 UNION ALL SELECT i \+ 1 FROM seq WHERE i < 3000\)")
SPLIT_TABLES = {"games": "id", "coin_rows": "game_id"}  # the rest is copied whole


def _connect(path):
    db = sqlite3.connect(path, isolation_level=None)
    sqlite_coins.load(db)  # the views call coins
    return db


def split(source, n, directory):
    """Cuts the database source into n shards in directory; returns their
    paths (shard-000.db, ...), each holding about len(games) / n games."""
    os.makedirs(directory, exist_ok=True)
    src = _connect(source)
    ids = [r[0] for r in src.execute("SELECT id FROM games ORDER BY id")]
    schema = [
        r[0]
        for r in src.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL " "ORDER BY type = 'view', rowid"
        )
    ]
    tables = [r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    src.close()
    paths = []
    for k in range(n):
        part = ids[k * len(ids) // n : (k + 1) * len(ids) // n]
        lo, hi = (part[0], part[-1]) if part else (1, 0)
        path = os.path.join(directory, "shard-%03d.db" % k)
        if os.path.exists(path):
            os.remove(path)
        db = _connect(path)
        db.execute("ATTACH ? AS src", (os.path.abspath(source),))
        db.execute("BEGIN")
        for sql in schema:
            db.execute(sql)
        for table in tables:
            key = SPLIT_TABLES.get(table)
            where = " WHERE %s BETWEEN ? AND ?" % key if key else ""
            db.execute(
                "INSERT INTO main.%s SELECT * FROM src.%s%s" % (table, table, where),
                (lo, hi) if key else (),
            )
        db.execute("COMMIT")
        db.execute("DETACH src")
        db.close()
        paths.append(path)
    return paths


def deal(first, last, path):
    """Deals and plays games first..last into a new database at path, with
    sql/games_db.sql (its range of games changed, nothing else)."""
    with open(GAMES_DB_SQL, encoding="utf-8") as f:
        script, found = GAME_RANGE.subn(
            "seq(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM seq WHERE i < %d)" % (first, last),
            f.read(),
        )
    if found != 1:
        sys.exit(
            "archive.py: sql/games_db.sql no longer says 'SELECT 1 ... WHERE i < 3000' "
            "once; update GAME_RANGE"
        )
    if os.path.exists(path):
        os.remove(path)
    db = _connect(path)
    db.executescript("BEGIN;" + script + ";COMMIT;")
    db.close()


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "split":
        print("\n".join(split(sys.argv[2], int(sys.argv[3]), sys.argv[4])))
    elif len(sys.argv) == 5 and sys.argv[1] == "deal":
        deal(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit(__doc__)
