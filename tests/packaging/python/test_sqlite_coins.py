"""tests/packaging/python/test_sqlite_coins.py -- the installed Python
package sqlite_coins, through the standard library's sqlite3 and apsw.

Run by tests/packaging/python.sh with the Python of a venv into which the
package was installed (pip install ., then the wheel made from the sdist):

    COINS_VERSION=<version> COINS_SITE=/path/to/venv python -m pytest -q tests/packaging/python

COINS_VERSION: the version the package must report (include/coins.h).
COINS_SITE: sqlite_coins must be imported from below this directory (the
venv), not from the source tree.  COINS_NEED_APSW=1: apsw missing is a
failure rather than a skip.
"""
import os
import platform
import sqlite3
import struct
import subprocess
import sys

import pytest

import sqlite_coins

SUFFIX = {"win32": ".dll", "cygwin": ".dll", "darwin": ".dylib"}.get(sys.platform, ".so")

try:
    import apsw
except ImportError:
    apsw = None

need_apsw = pytest.mark.skipif(
    apsw is None and os.environ.get("COINS_NEED_APSW") != "1", reason="apsw is not installed"
)


def apsw_connection():
    if apsw is None:
        pytest.fail("apsw is not installed (Debian: python3-apsw)")
    return apsw.Connection(":memory:")


def one(conn, sql, *args):
    return list(conn.execute(sql, args))[0][0]


def test_imported_from_the_installed_copy():
    site = os.environ.get("COINS_SITE")
    if not site:
        pytest.skip("COINS_SITE not set")
    here = os.path.realpath(sqlite_coins.__file__)
    assert here.startswith(os.path.realpath(site) + os.sep), here


def test_loadable_path_has_no_suffix_and_names_the_entry_point():
    path = sqlite_coins.loadable_path()
    assert os.path.isabs(path)
    assert os.path.basename(path) == "coins"
    assert os.path.isfile(path + SUFFIX)
    # SQLite derives the entry point from the file name up to its first dot
    # (sqlite3_coins_init): no Python-extension name like coins.cpython-311-...so
    files = [f for f in os.listdir(os.path.dirname(path)) if f.startswith("coins")]
    assert files == ["coins" + SUFFIX]


def test_the_library_is_for_this_machine():
    """Not a 32-bit library in a 64-bit wheel, nor another architecture's."""
    with open(sqlite_coins.loadable_path() + SUFFIX, "rb") as f:
        head = f.read(64)
    if sys.platform.startswith("linux"):
        assert head[:4] == b"\x7fELF"
        bits = {1: 32, 2: 64}[head[4]]
        assert bits == struct.calcsize("P") * 8
        machine = struct.unpack_from("<H", head, 18)[0]
        expect = {"x86_64": 62, "aarch64": 183, "i686": 3, "armv7l": 40}.get(platform.machine())
        if expect is not None:
            assert machine == expect, (machine, platform.machine())
    elif sys.platform == "darwin":
        assert head[:4] in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe")
    elif sys.platform == "win32":
        assert head[:2] == b"MZ"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="nm -D: Linux")
def test_exports_the_entry_point_alone():
    try:
        out = subprocess.run(
            ["nm", "-D", "--defined-only", sqlite_coins.loadable_path() + SUFFIX],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except FileNotFoundError:
        pytest.skip("no nm")
    assert [line.split()[-1] for line in out.splitlines()] == ["sqlite3_coins_init"]


def test_version_is_the_header_version():
    want = os.environ.get("COINS_VERSION")
    db = sqlite3.connect(":memory:")
    sqlite_coins.load(db)
    got = one(db, "SELECT coins_version()")
    assert sqlite_coins.__version__ == got
    if want:
        assert got == want


def test_load_into_sqlite3():
    db = sqlite3.connect(":memory:")
    sqlite_coins.load(db)
    assert one(db, "SELECT coins_score(3, ?)", "[8,15,3,7]") == 22
    assert one(db, "SELECT coins_outcome(2, '[1,2,4]')") == "second"
    rows = db.execute("SELECT ply, move, gain FROM coins_moves(3, '[8,15,3,7]')").fetchall()
    assert rows == [(1, "R", 7), (2, "L", 8), (3, "L", 15), (4, "L", 3)]
    with pytest.raises(sqlite3.OperationalError, match="element 3 is not an integer: 2.5"):
        db.execute("SELECT coins_win(3, '[1,2,2.5]')").fetchone()


def test_load_switches_extension_loading_off_again():
    db = sqlite3.connect(":memory:")
    sqlite_coins.load(db)
    with pytest.raises(sqlite3.OperationalError, match="not authorized"):
        db.execute("SELECT load_extension(?)", (sqlite_coins.loadable_path(),)).fetchone()


def test_loading_twice_is_harmless():
    db = sqlite3.connect(":memory:")
    sqlite_coins.load(db)
    sqlite_coins.load(db)
    assert one(db, "SELECT coins_win(3, '[1,20,4]')") == 0


def test_loadable_path_in_sql_needs_no_entry_point():
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.execute("SELECT load_extension(?)", (sqlite_coins.loadable_path(),)).fetchone()
    db.enable_load_extension(False)
    assert one(db, "SELECT coins_best_move(3, '[8,15,3,7]')") == "R"


def test_loadable_path_in_the_shell(tmp_path):
    try:
        out = subprocess.run(
            [
                "sqlite3",
                ":memory:",
                f".load {sqlite_coins.loadable_path()}",
                "SELECT coins_score(3, '[8,15,3,7]');",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except FileNotFoundError:
        pytest.skip("no sqlite3 shell")
    assert out.strip() == "22"


@need_apsw
def test_load_into_apsw():
    db = apsw_connection()
    sqlite_coins.load(db)
    assert one(db, "SELECT coins_score(3, ?)", "[8,15,3,7]") == 22
    assert [r[0] for r in db.execute("SELECT move FROM coins_moves(3, '[8,15,3,7]')")] == [
        "R",
        "L",
        "L",
        "L",
    ]
    with pytest.raises(apsw.SQLError, match="element 3 is not an integer: 2.5"):
        list(db.execute("SELECT coins_win(3, '[1,2,2.5]')"))


class NewApsw:
    """An apsw.Connection seen through the method names of apsw >= 3.41
    only (enable_load_extension, load_extension)."""

    def __init__(self, conn):
        self.conn, self.calls = conn, []

    def enable_load_extension(self, on):
        self.calls.append(("enable", on))
        (getattr(self.conn, "enable_load_extension", None) or self.conn.enableloadextension)(on)

    def load_extension(self, path):
        self.calls.append(("load", path))
        (getattr(self.conn, "load_extension", None) or self.conn.loadextension)(path)

    def execute(self, *args):
        return self.conn.execute(*args)


@need_apsw
def test_load_into_apsw_with_either_spelling():
    db = apsw_connection()
    spelled = NewApsw(db)
    sqlite_coins.load(spelled)
    assert spelled.calls == [
        ("enable", True),
        ("load", sqlite_coins.loadable_path()),
        ("enable", False),
    ]
    assert one(db, "SELECT coins_margin(3, '[8,15,3,7]')") == 11
    if hasattr(db, "enableloadextension"):  # Debian 12's apsw 3.40: the old names
        db2 = apsw_connection()
        sqlite_coins.load(db2)
        assert one(db2, "SELECT coins_version()") == sqlite_coins.__version__


class NoExtensions(sqlite3.Connection):
    """sqlite3.Connection as a Python built without
    --enable-loadable-sqlite-extensions has it."""

    @property
    def enable_load_extension(self):
        raise AttributeError("'sqlite3.Connection' object has no attribute 'enable_load_extension'")

    @property
    def load_extension(self):
        raise AttributeError("'sqlite3.Connection' object has no attribute 'load_extension'")


def test_a_python_without_extension_loading_is_told_the_ways_out():
    db = sqlite3.connect(":memory:", factory=NoExtensions)
    with pytest.raises(sqlite_coins.ExtensionLoadingUnavailable) as caught:
        sqlite_coins.load(db)
    message = str(caught.value)
    assert "cannot load extensions" in message
    assert "--enable-loadable-sqlite-extensions" in message
    assert "apsw" in message
    assert isinstance(caught.value, RuntimeError)


def test_not_a_connection():
    with pytest.raises(TypeError, match="sqlite3.Connection or an apsw.Connection"):
        sqlite_coins.load("games.db")
