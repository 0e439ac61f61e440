"""The map side: a map query on one shard, read-only (the task a Dask
worker runs), and every shard in this process one after the other."""
import socket
import sqlite3
import time
from typing import Callable, Generator, List, Optional, Tuple

from .. import load
from .resume import Stamp, stamp_of
from .result import Outcome
from .shards import Shard, _shard_path

# known(index, stamp of the shard's file or None): an outcome to use
# instead of running the map query (a problem found before, a shard kept
# by --resume), or None
Known = Callable[[int, Optional[Stamp]], Optional[Outcome]]


# SQLite's authorizer action codes (sqlite3.h), for _ReadOnly
_SELECT, _READ, _FUNCTION, _RECURSIVE, _PRAGMA = 21, 20, 31, 33, 19
_INSERT, _UPDATE, _DELETE, _ATTACH = 18, 23, 9, 24
_REFUSED = {
    1: "CREATE INDEX",
    2: "CREATE TABLE",
    3: "CREATE TEMP INDEX",
    4: "CREATE TEMP TABLE",
    5: "CREATE TEMP TRIGGER",
    6: "CREATE TEMP VIEW",
    7: "CREATE TRIGGER",
    8: "CREATE VIEW",
    9: "DELETE FROM",
    10: "DROP INDEX",
    11: "DROP TABLE",
    12: "DROP TEMP INDEX",
    13: "DROP TEMP TABLE",
    14: "DROP TEMP TRIGGER",
    15: "DROP TEMP VIEW",
    16: "DROP TRIGGER",
    17: "DROP VIEW",
    18: "INSERT INTO",
    19: "PRAGMA",
    22: "a transaction",
    23: "UPDATE",
    24: "ATTACH",
    25: "DETACH",
    26: "ALTER TABLE",
    27: "REINDEX",
    28: "ANALYZE",
    29: "CREATE VIRTUAL TABLE",
    30: "DROP VIRTUAL TABLE",
    32: "SAVEPOINT",
}
_SCHEMA_TABLES = ("sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema")
SQLITE_LIMIT_ATTACHED = 7


class _ReadOnly:
    """The authorizer of a shard's connection: the map query may only read.

    It must be a query (SQLite's first check of a SELECT, WITH or VALUES
    is SQLITE_SELECT), which may read tables, call functions, recurse and
    read pragmas' table-valued functions (SQLite has those for pragmas
    without side effects only).  Anything else is refused when the query
    is prepared: ATTACH (VACUUM INTO attaches its file too), CREATE,
    INSERT, UPDATE, DELETE, DROP, PRAGMA statements, transactions.
    SQLite's own bookkeeping in its schema tables (an eponymous table such
    as coins_moves is set up that way) passes: SQLite refuses a statement
    that writes them itself.  refused says what was refused first."""

    def __init__(self) -> None:
        self.query = False
        self.refused: Optional[str] = None

    def __call__(
        self,
        action: int,
        arg1: Optional[str],
        arg2: Optional[str],
        database: Optional[str],
        trigger: Optional[str],
    ) -> int:
        if action in (_INSERT, _UPDATE, _DELETE) and arg1 in _SCHEMA_TABLES:
            return sqlite3.SQLITE_OK
        if action == _SELECT:
            self.query = True
            return sqlite3.SQLITE_OK
        if self.query and action in (_READ, _FUNCTION, _RECURSIVE, _PRAGMA):
            return sqlite3.SQLITE_OK
        if self.refused is None:
            what = _REFUSED.get(action, "SQLite action %d" % action)
            if action == _ATTACH:
                what = "ATTACH or VACUUM" + (" INTO %r" % arg1 if arg1 else "")
            elif arg1 and action not in (22, 32):  # the others name a table, a pragma, ...
                what += " " + arg1
            self.refused = what
        return sqlite3.SQLITE_DENY


def _deadline(until: float) -> Callable[[], int]:
    """A progress handler that stops the query once time.monotonic() passes
    until (SQLite calls it every 10,000 steps of its virtual machine)."""

    def check() -> int:
        return 1 if time.monotonic() > until else 0

    return check


def map_shard(uri: str, map_sql: str, timeout: Optional[float] = None) -> Outcome:
    """Runs map_sql on the shard at uri (read-only); this is the task a Dask
    worker runs.

    The query may only read (see _ReadOnly; no database can be attached
    either): it can create or write no file.  Returns ("ok", columns, rows)
    or ("error", message); a message says what failed (opening the shard,
    loading coins, the map query) in SQLite's own words (the caller adds
    the shard's name).  timeout: seconds the query may run (--task-timeout)
    before it is interrupted and the shard fails.
    """
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as e:
        return ("error", "cannot open: %s" % e)
    try:
        try:
            load(conn)
        except Exception as e:  # the package is broken on this host (no coins.so, ...)
            return ("error", "cannot load coins on %s: %s" % (socket.gethostname(), e))
        try:
            conn.execute("PRAGMA schema_version").fetchone()  # reads the header
        except sqlite3.Error as e:
            return ("error", "cannot open: %s" % e)
        guard = _ReadOnly()
        conn.set_authorizer(guard)
        if hasattr(conn, "setlimit"):  # Python 3.11+; the authorizer refuses ATTACH anyway
            conn.setlimit(SQLITE_LIMIT_ATTACHED, 0)
        if timeout is not None:
            conn.set_progress_handler(_deadline(time.monotonic() + timeout), 10000)
        try:
            cursor = conn.execute(map_sql)
            if cursor.description is None:
                return ("error", "the map query returns no columns (it must be a query)")
            columns = [d[0] for d in cursor.description]
            return ("ok", columns, cursor.fetchall())
        except (sqlite3.Error, sqlite3.Warning) as e:
            if (
                timeout is not None
                and isinstance(e, sqlite3.OperationalError)
                and str(e) == ("interrupted")
            ):
                return (
                    "error",
                    "the map query ran longer than %g s (--task-timeout): " "interrupted" % timeout,
                )
            if guard.refused is not None:
                return (
                    "error",
                    "the map query may only read (one SELECT): %s is refused" % guard.refused,
                )
            return ("error", "the map query failed: %s" % e)
    finally:
        conn.close()


def _serial_outcomes(
    shards: List[Shard], map_sql: str, known: Known, timeout: Optional[float] = None
) -> Generator[Tuple[int, Outcome], None, None]:
    """(index, outcome) of every shard, in this process, in order: known's
    outcome when it has one (a problem found before, a resumed shard), else
    the map query's.  A host:/path shard is read here when it names this
    machine."""
    here = _local_names()
    for i, shard in enumerate(shards):
        path = _shard_path(shard)
        outcome = known(i, stamp_of(path, shard.host or "") if shard.problem is None else None)
        if outcome is None and shard.host is not None and shard.host not in here:
            outcome = (
                "error",
                "the shard is on %s, not on this machine (%s): a Dask worker there can read "
                "it (--scheduler)" % (shard.host, socket.gethostname()),
            )
        yield i, outcome or map_shard(shard.uri, map_sql, timeout)


def _local_names() -> List[str]:
    """The names host:/path may give this machine."""
    return [socket.gethostname(), "localhost", "127.0.0.1", "::1"]
