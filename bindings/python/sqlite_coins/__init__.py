"""sqlite_coins -- the coins SQLite extension for Python.

coins solves and analyses "coins in a line" games in SQL.  This package
carries the extension, compiled for this platform, and loads it:

    import sqlite3
    import sqlite_coins

    db = sqlite3.connect(":memory:")
    sqlite_coins.load(db)
    print(db.execute("SELECT coins_score(3, '[8,15,3,7]')").fetchone()[0])   # 22

load(conn) takes the standard library's sqlite3.Connection or an
apsw.Connection.  loadable_path() is the library's path without its
suffix, as load_extension() and the shell's .load want it.  Every SQL
function is described in docs/reference.md of the coins repository.
"""
import os
import sys
from importlib.metadata import PackageNotFoundError, version as _dist_version
from typing import Any, Callable, Optional, Tuple

__all__ = ["ExtensionLoadingUnavailable", "load", "loadable_path", "__version__"]

__version__: Optional[str]
try:  # the version of the installed distribution: COINS_VERSION of coins.h
    __version__ = _dist_version("sqlite-coins")
except PackageNotFoundError:  # imported from a source tree, not installed
    __version__ = None

_HERE = os.path.dirname(os.path.abspath(__file__))
_NAME = "coins"  # SQLite derives sqlite3_coins_init from it


class ExtensionLoadingUnavailable(RuntimeError):
    """This Python's sqlite3 module cannot load extensions."""


def _suffix() -> str:
    if sys.platform in ("win32", "cygwin"):
        return ".dll"
    if sys.platform == "darwin":
        return ".dylib"
    return ".so"


def loadable_path() -> str:
    """The path of the coins library, without its suffix (.so, .dylib, .dll).

    SQLite adds the platform's suffix and derives the entry point
    (sqlite3_coins_init) from the name, so this path is all that
    load_extension() or the shell's .load needs.
    """
    path = os.path.join(_HERE, _NAME)
    if not os.path.isfile(path + _suffix()):
        raise FileNotFoundError(
            f"sqlite_coins: {path + _suffix()} is missing: this copy of sqlite_coins "
            "was not built. Install the package (pip install sqlite-coins, or "
            "pip install . in the coins repository) rather than importing it from "
            "the source tree."
        )
    return path


def _no_loading_message() -> str:
    return (
        "sqlite_coins.load: this Python's sqlite3 module cannot load extensions: "
        "it was built without --enable-loadable-sqlite-extensions, as the macOS "
        "system Python, pyenv's default builds and the Pythons of GitHub's "
        "setup-python are, so sqlite3.Connection has no enable_load_extension. "
        "Ways out: (1) use a Python built with extension loading: on Debian and "
        "Ubuntu /usr/bin/python3, Homebrew's python, or with pyenv "
        "PYTHON_CONFIGURE_OPTS=--enable-loadable-sqlite-extensions pyenv install 3.x.y; "
        "(2) use apsw (pip install apsw, or Debian's python3-apsw), which loads "
        "extensions on every build: sqlite_coins.load(apsw.Connection(...)). "
        "More: docs/install.md of coins, 'Python cannot load extensions'."
    )


def _loader(conn: Any) -> Tuple[Callable[[bool], Any], Callable[[str], Any]]:
    """(enable, load) of conn: sqlite3 and apsw >= 3.41 spell them
    enable_load_extension/load_extension; older apsw (Debian 12's 3.40)
    enableloadextension/loadextension."""
    for enable, load_ in (
        ("enable_load_extension", "load_extension"),
        ("enableloadextension", "loadextension"),
    ):
        on, loader = getattr(conn, enable, None), getattr(conn, load_, None)
        if callable(on) and callable(loader):
            return on, loader
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(conn, sqlite3.Connection):
        raise ExtensionLoadingUnavailable(_no_loading_message())
    raise TypeError(
        "sqlite_coins.load wants a sqlite3.Connection or an apsw.Connection "
        f"(something with enable_load_extension and load_extension), not {type(conn).__name__}"
    )


def load(conn: Any) -> None:
    """Loads coins into conn, a sqlite3.Connection or an apsw.Connection.

    Extension loading is switched on for the load and off again afterwards,
    so SQL cannot call load_extension() later.  Loading twice is harmless.
    Raises ExtensionLoadingUnavailable when this Python's sqlite3 cannot
    load extensions (the message names the ways out).
    """
    enable, load_extension = _loader(conn)
    path = loadable_path()
    enable(True)
    try:
        load_extension(path)
    finally:
        enable(False)
