"""tests/clients/coins_client.py -- what the Python test clients share
(tests/clients/smoke.py, tests/catalogue/bad_inputs.py, tests/clients/report.py): a stdlib
sqlite3 connection with the built extension loaded as a user would load it,
the error message of a statement, and checks that stop at the first failure.

Scripts outside tests/clients put this folder on sys.path to import it.
"""
import os
import sqlite3
import sys


def connect(extension, database=":memory:"):
    """A connection to `database` with the extension `extension` (a path
    such as build/coins.so, loaded by its name without the suffix)."""
    db = sqlite3.connect(database)
    if not hasattr(db, "enable_load_extension"):
        sys.exit("this Python's sqlite3 was built without extension loading")
    db.enable_load_extension(True)
    db.load_extension(os.path.splitext(os.path.abspath(extension))[0])
    db.enable_load_extension(False)
    return db


def error_of(db, sql, *args):
    """The message of the error running sql (every row) gives, or None."""
    try:
        db.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        return str(e)
    return None


class Checks:
    """check(got, want, what) exits at the first failure, naming it; done()
    prints how many passed."""

    def __init__(self, name):
        self.name = name
        self.passed = 0

    def __call__(self, got, want, what):
        if got != want:
            sys.exit(f"FAIL {what}: got {got!r}, want {want!r}")
        self.passed += 1

    def done(self):
        print(f"{self.name}: {self.passed} passed, 0 failed")
