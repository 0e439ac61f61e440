"""web/puzzles.py -- writes build/web/puzzles.js for the playground (make
web): the puzzles of build/games.db, mined by the puzzles report of
sql/reports.sql (positions right after the opponent's mistake or blunder
where only one move keeps the win; the answer is that move).

    python3 web/puzzles.py build/coins.so build/games.db sql/reports.sql \
        > build/web/puzzles.js

The report's own query is read from sql/reports.sql (the section whose
title says "Puzzles:"), so there is one copy of the SQL.  Its LIMIT, there
to keep the report short, is dropped: every puzzle is kept, with the
max_take of its game, easiest first (fewest coins), then by game and ply.
Mined here rather than in the page: the WebAssembly build would spend
about 1.8 s of every start playing the games and running the report
(docs/browser.md, Puzzles).
"""
import json
import os
import re
import sqlite3
import sys

COLUMNS = ("game", "ply", "variant", "max_take", "position", "lead", "to_keep", "answer")


def report_query(path):
    """The SQL of the report titled "Puzzles:", without its LIMIT."""
    text = open(path, encoding="utf-8").read()
    for section in re.split(r"^(?=\.print \d+\. )", text, flags=re.M):
        if not re.match(r"\.print \d+\. Puzzles:", section):
            continue
        sql = "\n".join(line for line in section.splitlines() if not line.startswith("."))
        sql, limits = re.subn(r"\s+LIMIT\s+\d+\s*;\s*$", "", sql.strip())
        if limits != 1:
            sys.exit(f"puzzles.py: the puzzles report of {path} does not end with LIMIT n;")
        return sql
    sys.exit(f'puzzles.py: {path} has no section titled "Puzzles:"')


def main():
    ext, games_db, reports = sys.argv[1:4]
    db = sqlite3.connect(f"file:{games_db}?mode=ro", uri=True)
    db.enable_load_extension(True)
    db.load_extension(os.path.splitext(os.path.abspath(ext))[0])
    db.enable_load_extension(False)
    sql = (
        f"SELECT p.game, p.ply, p.variant, g.max_take, p.position, p.lead, p.to_keep, p.answer "
        f"FROM ({report_query(reports)}) p JOIN games g ON g.id = p.game "
        f"ORDER BY coins_count(p.variant, p.position), p.game, p.ply"
    )
    rows = db.execute(sql).fetchall()
    if not rows:
        sys.exit(f"puzzles.py: no puzzle in {games_db}")
    print("/* build/web/puzzles.js -- made by web/puzzles.py from build/games.db with the")
    print("   puzzles report of sql/reports.sql (make web); do not edit. */")
    print("window.COINS_PUZZLES = [")
    for row in rows:
        print(" " + json.dumps(dict(zip(COLUMNS, row)), separators=(",", ":")) + ",")
    print("];")


main()
