"""tests/clients/report.py -- runs a report of sql/reports.sql (the player
leaderboard) on the example database from the system Python's stdlib
sqlite3 module, with the extension loaded as a user would load it.

    /usr/bin/python3 tests/clients/report.py build/coins.so build/games.db
"""
import os
import re
import sys

from coins_client import Checks, connect


def report_sql(number):
    """The SQL of report `number` in sql/reports.sql (its dot-commands dropped)."""
    text = open(os.path.join(os.path.dirname(__file__), "../../sql/reports.sql")).read()
    section = re.search(
        rf"^\.print {number}\. .*?(?=^\.print\s*\n\.print \d+\.|\Z)", text, re.M | re.S
    ).group(0)
    return "\n".join(line for line in section.splitlines() if not line.startswith("."))


db = connect(sys.argv[1], sys.argv[2])
rows = db.execute(report_sql(2)).fetchall()
check = Checks("clients/report.py")

check(len(rows), 12, "one row per player")
check(rows[0][:5], ("ivy", "near-optimal", 503, 313, 99.6), "the best player")
check([r[4] for r in rows], sorted((r[4] for r in rows), reverse=True), "ordered by accuracy")
check(
    {r[1] for r in rows},
    {"near-optimal", "greedy", "careless", "random", "always left"},
    "every style",
)
check(sum(r[2] for r in rows), 2 * 3000, "every game has two players")
check.done()
