"""tests/clients/smoke.py -- loads the built extension from the system Python's
stdlib sqlite3 module, as a user would, and checks a value, a table-valued
function and error messages (which must decode as UTF-8 even when the input
does not).

    /usr/bin/python3 tests/clients/smoke.py build/coins.so
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coins_client import Checks, connect, error_of  # noqa: E402

db = connect(sys.argv[1])
check = Checks("smoke.py")


def one(sql, *args):
    return db.execute(sql, args).fetchone()[0]


check(one("SELECT coins_score(3, ?)", "[8,15,3,7]"), 22, "coins_score")
check(one("SELECT coins_outcome('ii', ?, 3)", "[1,2,3,6]"), "draw", "coins_outcome")
check(one("SELECT coins_best_move(3, ?)", "[8,15,3,7]"), "R", "coins_best_move")
check(one("SELECT coins_win(1, ?)", 3), 0, "coins_win on a count")
check(one("SELECT coins_win(3, ?)", None), None, "NULL in, NULL out")
rows = db.execute("SELECT ply, move, gain FROM coins_moves(3, '[8,15,3,7]')").fetchall()
check(rows, [(1, "R", 7), (2, "L", 8), (3, "L", 15), (4, "L", 3)], "coins_moves")
rows = db.execute("SELECT ply FROM coins_moves(3, '[8,15,3,7]') WHERE ply = 1 OR rowid = 3")
check(rows.fetchall(), [(1,), (3,)], "an OR over coins_moves")
check(
    error_of(db, "SELECT coins_win(3, '[1,2,2.5]')"),
    "coins_win: element 3 is not an integer: 2.5",
    "error message",
)
check(
    error_of(db, "SELECT coins_win(3, CAST(X'5B31FF5D' AS TEXT))"),
    "coins_win: element 1 is not a valid JSON number: 1\\xFF",
    "non-UTF-8 input",
)
check(
    error_of(db, "SELECT coins_win(CAST(X'C3' AS TEXT), '[1]')"),
    "coins_win: unknown variant '\\xC3'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
    "'I-misere', 'I-sum' or 'I-sum-misere'",
    "half a UTF-8 character",
)
check.done()
