"""tests/versions/refuses.py -- on an SQLite older than coins' minimum,
loading coins fails with coins' own message and leaves no function behind.
Run by the system Python on that SQLite (LD_LIBRARY_PATH names its folder).

    LD_LIBRARY_PATH=build/sqlite-3.29.0 /usr/bin/python3 \\
        tests/versions/refuses.py build/coins.so 3.29.0 3.31.0
"""
import os
import sqlite3
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: refuses.py EXTENSION VERSION MINIMUM")
    extension, version, minimum = sys.argv[1:]
    if sqlite3.sqlite_version != version:
        sys.exit(f"FAIL this is SQLite {sqlite3.sqlite_version}, not {version}")
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    want = f"coins: needs SQLite {minimum} or later; this is {version}"
    try:
        db.load_extension(os.path.splitext(os.path.abspath(extension))[0])
        sys.exit(f"FAIL coins loaded on SQLite {version}")
    except sqlite3.OperationalError as e:
        # SQLite before 3.31 puts its own words before the extension's
        if str(e) not in (want, f"error during initialization: {want}"):
            sys.exit(f"FAIL loading said {str(e)!r}, not {want!r}")
    try:
        db.execute("SELECT coins_score(3, '[8,15,3,7]')")
        sys.exit("FAIL coins_score exists after the refusal")
    except sqlite3.OperationalError as e:
        if str(e) != "no such function: coins_score":
            sys.exit(f"FAIL coins_score: {e}")
    print(f"refuses.py on SQLite {version}: 2 passed, 0 failed")


if __name__ == "__main__":
    main()
