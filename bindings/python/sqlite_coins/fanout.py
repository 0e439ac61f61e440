"""sqlite_coins.fanout -- one report over many SQLite files: map, gather, reduce.

A game archive that outgrows one machine is usually many SQLite files (one
a day, a region, a server): shards.  coins works row by row, so a report
splits in two halves: a *map* query that runs on every shard where it lies,
and a *reduce* query over the union of what the map queries returned,
gathered into one table named ``mapped`` (with the shard's name in a
column ``shard``).  Sums, counts, minima and maxima reduce directly;
averages are reduced from sums and counts; DISTINCT and top-k from the
shards' own DISTINCT and top-k rows.

    python3 -m sqlite_coins.fanout --shards 'archive/*.db' \\
        --map "SELECT variant, count(*) AS games,
                      sum(coins_win(variant, coins, max_take)) AS first_wins
               FROM games GROUP BY variant" \\
        --reduce "SELECT variant, sum(games) AS games, sum(first_wins) AS first_wins
                  FROM mapped GROUP BY variant ORDER BY variant" \\
        --local 2

or, from Python:

    from sqlite_coins import fanout
    result = fanout.run("archive/*.db", MAP_SQL, REDUCE_SQL, local=2)
    print(result.columns, result.rows)

Every shard is opened read-only (a ``mode=ro`` URI) with coins loaded,
and the map query may only read: one SELECT (WITH and VALUES too); ATTACH,
VACUUM INTO, CREATE, INSERT, UPDATE, DELETE, PRAGMA statements and the like
are refused on the shard's connection, so a map query makes no file.
Where the map queries run:

- ``local=N`` (--local N): a Dask LocalCluster of N worker processes on
  this machine, listening on 127.0.0.1 only, started and stopped by the run;
- ``scheduler="tcp://HOST:PORT"`` (--scheduler): a running Dask cluster
  (dask-scheduler and dask-worker; sqlite-coins installed on every worker,
  the shards' paths valid there);
- ``client=`` (Python only): an existing ``distributed.Client``;
- none of these: in this process, one shard after the other.  Same
  results, and Dask is not needed.

Nothing is lost and nothing is doubled: a file listed twice, under any
two names (a symbolic or hard link, a bind mount: the same device and
inode), is refused; each shard's rows enter ``mapped`` once, in the order
the shards were listed whatever order they finish in (so a reduce gives
the same answer serially and on any cluster); a shard that cannot be
opened, whose map query fails, or whose map query gives other columns than
most shards' (a schema that differs), stops the run with an error naming
the shard and what went wrong, unless ``skip_bad=True`` (--skip-bad), which
records it in ``Result.skipped``, in the order listed.
When a Dask worker dies mid-run, Dask runs its tasks again elsewhere; the
client still takes exactly one result per shard.

Dask (Debian: python3-distributed; pip: distributed) is needed only for
``local``, ``scheduler`` and ``client``; it is imported only then.
"""
import argparse
import contextlib
import csv
import glob
import io
import json
import logging
import os
import pathlib
import signal
import socket
import sqlite3
import sys
import time
import uuid
from collections import namedtuple
from urllib.parse import quote, urlsplit
from urllib.request import url2pathname

from . import load

__all__ = [
    "FanoutError",
    "Result",
    "Shard",
    "find_shards",
    "local_cluster",
    "map_shard",
    "run",
    "main",
]

SQLITE_MAGIC = b"SQLite format 3\x00"
LOCALHOST = "127.0.0.1"
FORMATS = ("box", "csv", "json")
DB_SUFFIXES = (".db", ".sqlite", ".sqlite3")
DASK_MISSING = (
    "--local and --scheduler need Dask distributed, which this Python cannot import: "
    "install python3-distributed (Debian) or distributed (pip). "
    "Without them, fanout runs the shards in this process, one after the other."
)


class FanoutError(Exception):
    """A run that cannot give a complete, correct answer (the message says why)."""


class Shard(namedtuple("Shard", "name uri")):
    """One shard: name is what the ``shard`` column of ``mapped`` says (the
    path or URI as given), uri the read-only URI that SQLite opens."""

    __slots__ = ()


class Result(
    namedtuple(
        "Result",
        "columns rows shards map_rows skipped workers seconds " "map_seconds reduce_seconds",
    )
):
    """What a run gives back.

    columns, rows: the result (the reduce query's, or ``mapped`` itself);
    shards: the number of shards listed; map_rows: rows gathered into
    ``mapped``; skipped: (shard name, message) of each shard skipped under
    skip_bad, in the order the shards were listed; workers: Dask workers
    at the start (None: in-process); seconds: the whole run, map_seconds
    until the last shard's rows were in, reduce_seconds the reduce query.
    """

    __slots__ = ()

    def summary(self):
        """The run's summary, as the command line prints it on stderr."""
        where = (
            "in-process"
            if self.workers is None
            else "%d Dask worker%s" % (self.workers, "" if self.workers == 1 else "s")
        )
        lines = [
            "fanout: %d shards (%d read, %d skipped), %s map rows, %.2f s (%s); "
            "result: %s rows"
            % (
                self.shards,
                self.shards - len(self.skipped),
                len(self.skipped),
                format(self.map_rows, ","),
                self.seconds,
                where,
                format(len(self.rows), ","),
            )
        ]
        lines += ["fanout: skipped %s: %s" % (name, message) for name, message in self.skipped]
        return "\n".join(lines)


# ------------------------------------------------------------------ shards


def _is_sqlite_file(path):
    with open(path, "rb") as f:
        return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def _absolute_uri_path(path, base):
    """The path part of a file: URI (what follows "file:"), made absolute
    against base when it is relative (file:archive/a.db), as a plain path
    is; an authority (file://...), an absolute path, an empty one and
    :memory: are left as they are."""
    if not path or path.startswith("/") or path.startswith(":memory:"):
        return path
    return quote(os.path.abspath(base), safe="/") + "/" + path


def _shard(entry, base="."):
    """A Shard from a path or a file: URI (taken literally, no glob);
    relative paths, in a URI too, are relative to base."""
    if entry.startswith("file:"):
        path, _, fragment = entry.partition("#")
        path, _, query = path[len("file:") :].partition("?")
        modes = [p[5:] for p in query.split("&") if p.startswith("mode=")]
        if any(m != "ro" for m in modes):
            raise FanoutError(
                "shard %s: fanout opens shards read-only; leave mode out of "
                "the URI or write mode=ro" % entry
            )
        if not modes:
            query += ("&" if query else "") + "mode=ro"
        uri = "file:" + _absolute_uri_path(path, base) + "?" + query
        return Shard(entry, uri + ("#" + fragment if fragment else ""))
    full = os.path.abspath(os.path.join(base, entry))
    return Shard(entry, pathlib.Path(full).as_uri() + "?mode=ro")


def find_shards(spec):
    """The shards one --shards argument names, in a stable order.

    spec is a glob pattern (``**`` included), whose matches are sorted by
    name; a ``file:`` URI, one shard; or the path of a text file (not an
    SQLite database) listing the shards, one path or ``file:`` URI a line,
    in that order: blank lines and lines starting with # are ignored,
    relative paths (a relative ``file:`` URI too) are relative to the
    list's directory.
    """
    if spec.startswith("file:"):
        return [_shard(spec)]
    if os.path.isfile(spec) and not _is_sqlite_file(spec):
        base = os.path.dirname(spec) or "."
        with open(spec, encoding="utf-8") as f:
            entries = [line.strip() for line in f]
        shards = [_shard(e, base) for e in entries if e and not e.startswith("#")]
        if not shards:
            raise FanoutError(
                "--shards %s: the file lists no shard (a file that is not an SQLite "
                "database, an empty one too, is read as a list)" % spec
            )
        return shards
    matches = sorted(p for p in glob.glob(spec, recursive=True) if not os.path.isdir(p))
    if not matches:
        raise FanoutError("--shards %s: no file matches" % spec)
    return [_shard(p) for p in matches]


def _shard_path(shard):
    """The file a shard's URI names (on the machine that opens it)."""
    return url2pathname(urlsplit(shard.uri).path)


def _file_identity(path):
    """(st_dev, st_ino) of the file at path, symbolic links followed: the
    same for every name of one file (hard links, bind mounts); None when
    the file cannot be reached from here."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def _refuse_twice(shards, identities, where=""):
    """Raises FanoutError when two shards are one file: the same
    identity (see _file_identity), or, for files not reachable from
    here, the same path once symbolic links are resolved."""
    seen = {}
    for shard, identity in zip(shards, identities):
        path = _shard_path(shard)
        key = ("path", os.path.realpath(path)) if identity is None else ("file", identity)
        if key in seen:
            same = (
                "the same file %s" % path
                if identity is None
                else "one file (device %d, inode %d)%s" % (identity + (where,))
            )
            raise FanoutError(
                "shard %s is listed twice: %s and %s are %s; each shard must "
                "be listed once" % (shard.name, seen[key], shard.name, same)
            )
        seen[key] = shard.name


def _shards_of(shards):
    """run()'s shards argument as a list of Shard: a str is one --shards
    argument (find_shards); otherwise an iterable of paths and URIs, each
    one shard.  The same file twice is an error (it would count twice),
    under any two names: see _refuse_twice."""
    if isinstance(shards, (str, os.PathLike)):
        found = find_shards(os.fspath(shards))
    else:
        found = [s if isinstance(s, Shard) else _shard(os.fspath(s)) for s in shards]
    if not found:
        raise FanoutError("no shards given")
    _refuse_twice(found, [_file_identity(_shard_path(s)) for s in found])
    return found


# ------------------------------------------------------------- the map side

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

    def __init__(self):
        self.query = False
        self.refused = None

    def __call__(self, action, arg1, arg2, database, trigger):
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


def map_shard(uri, map_sql):
    """Runs map_sql on the shard at uri (read-only); this is the task a Dask
    worker runs.

    The query may only read (see _ReadOnly; no database can be attached
    either): it can create or write no file.  Returns ("ok", columns, rows)
    or ("error", message); a message says what failed (opening the shard,
    loading coins, the map query) in SQLite's own words (the caller adds
    the shard's name).
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
        try:
            cursor = conn.execute(map_sql)
            if cursor.description is None:
                return ("error", "the map query returns no columns (it must be a query)")
            columns = [d[0] for d in cursor.description]
            return ("ok", columns, cursor.fetchall())
        except (sqlite3.Error, sqlite3.Warning) as e:
            if guard.refused is not None:
                return (
                    "error",
                    "the map query may only read (one SELECT): %s is refused" % guard.refused,
                )
            return ("error", "the map query failed: %s" % e)
    finally:
        conn.close()


def _serial_outcomes(shards, map_sql):
    """(index, outcome) of every shard, in this process, in order."""
    for i, shard in enumerate(shards):
        yield i, map_shard(shard.uri, map_sql)


def _import_distributed():
    try:
        import distributed
    except ImportError as e:
        raise FanoutError("%s (%s)" % (DASK_MISSING, e)) from None
    return distributed


def _worker_probe():
    """On a worker: where its sqlite_coins finds coins (raises if nowhere)."""
    from sqlite_coins import loadable_path

    return loadable_path()


def _check_workers(client, wait):
    """Waits up to wait seconds for a worker; fails early, with the way out,
    when a worker cannot import sqlite_coins or finds no coins library."""
    try:
        client.wait_for_workers(1, timeout=wait)
    except Exception:
        raise FanoutError(
            "the Dask scheduler %s has no workers (waited %g s); start "
            "dask-worker on the machines that hold the shards" % (client.scheduler.address, wait)
        ) from None
    try:
        probes = client.run(_worker_probe)
    except Exception as e:
        raise FanoutError(
            "a Dask worker cannot use sqlite_coins (%s: %s): install "
            "sqlite-coins on every worker, with the same version as here" % (type(e).__name__, e)
        ) from None
    return len(probes)


def _identities(paths):
    """On a worker: _file_identity of each of paths on its machine."""
    return [_file_identity(p) for p in paths]


def _placements(seen, count):
    """Where each of count shards may run, from seen: {host: bytes, 1 for
    each shard whose file that host has, else 0}.  A tuple of the hosts
    that see the shard's file (shards on local disks), or None: any worker
    (every host sees it, as on a shared file system; or none does, and
    SQLite will say why)."""
    placements = []
    for i in range(count):
        hosts = tuple(sorted(h for h, flags in seen.items() if flags[i]))
        placements.append(hosts if hosts and len(hosts) < len(seen) else None)
    return placements


def _live_hosts(client):
    from distributed.comm import get_address_host

    return {get_address_host(a) for a in client.scheduler_info()["workers"]}


def _where(client, shards):
    """_placements of shards, asking one worker on each host which shard
    files it sees (for a file: URI, the file its path names).  Two shards
    that are one file on a host (which this machine may not see: local
    disks) fail the run, as _shards_of does here."""
    from distributed.comm import get_address_host

    one_a_host = {}
    for address in client.scheduler_info()["workers"]:
        one_a_host.setdefault(get_address_host(address), address)
    paths = [_shard_path(s) for s in shards]
    seen = {}
    for address, identities in client.run(
        _identities, paths, workers=list(one_a_host.values())
    ).items():
        host = get_address_host(address)
        found = [(s, i) for s, i in zip(shards, identities) if i is not None]
        _refuse_twice([s for s, _ in found], [i for _, i in found], " on " + host)
        seen[host] = bytes(i is not None for i in identities)
    return _placements(seen, len(shards))


def _dask_outcomes(client, shards, map_sql, wait):
    """(index, outcome) of every shard as its task finishes on the cluster.

    A shard whose file only some machines have (local disks) runs on a
    worker of one of them (a host restriction: a worker restarted there
    still qualifies); if none of them has a worker for wait seconds, its
    outcome is an error.  An outcome is map_shard's, or ("error", message)
    for a task Dask could not finish (its workers died too often, the
    cluster went away).  Closing the generator early cancels the tasks not
    yet finished."""
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:12]
    keys = ["fanout-map-%s-%d" % (run_id, i) for i in range(len(shards))]
    placements = _where(client, shards)
    groups = {}
    for i, hosts in enumerate(placements):
        groups.setdefault(hosts, []).append(i)
    pending = {}
    for hosts, group in groups.items():
        futures = client.map(
            map_shard,
            [shards[i].uri for i in group],
            map_sql=map_sql,
            key=[keys[i] for i in group],
            workers=hosts and list(hosts),
            allow_other_workers=False,
            pure=False,
        )
        pending.update((f.key, f) for f in futures)
    index = {key: i for i, key in enumerate(keys)}
    pinned = {keys[i]: set(hosts) for i, hosts in enumerate(placements) if hosts}
    stranded = {}  # key: since when no worker can run it
    checked = time.monotonic()
    finished = as_completed(
        list(pending.values()), loop=client.loop, with_results=True, raise_errors=False
    )
    try:
        while not finished.is_empty():
            batch = finished.next_batch(block=not pinned)
            for future, outcome in batch:
                if pending.pop(future.key, None) is None:
                    continue  # reported as stranded, then cancelled
                pinned.pop(future.key, None)
                if future.status != "finished":
                    exc = outcome[1] if isinstance(outcome, tuple) else outcome
                    outcome = (
                        "error",
                        "Dask could not run its task: %s: %s" % (type(exc).__name__, exc),
                    )
                yield index[future.key], outcome
            if pinned and time.monotonic() - checked > 2:
                checked = time.monotonic()
                live = _live_hosts(client)
                for key, hosts in list(pinned.items()):
                    if hosts & live:
                        stranded.pop(key, None)
                    elif checked - stranded.setdefault(key, checked) > wait:
                        del pinned[key]
                        client.cancel([pending.pop(key)])
                        yield index[key], (
                            "error",
                            "no Dask worker on %s, the machines that "
                            "have this shard, for %g s" % (", ".join(sorted(hosts)), wait),
                        )
            if not batch:
                time.sleep(0.02)
    finally:
        if pending:
            client.cancel(list(pending.values()))


def local_cluster(workers):
    """A Dask LocalCluster as --local N starts it: N worker processes of
    one thread each (SQLite runs a query on one core); the scheduler, the
    nannies and the workers listen on 127.0.0.1 only, on ports the system
    picks, their HTTP endpoints too (left to their defaults, the
    scheduler's would take port 8787 and the workers' every interface);
    no scheduler dashboard; Dask logs errors only.  Use it as a context
    manager; Client(cluster) connects.  The worker processes end with the
    process that started them, even when it is killed."""
    distributed = _import_distributed()
    if workers < 1:
        raise FanoutError("--local wants at least 1 worker, not %d" % workers)
    http = LOCALHOST + ":0"
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host=LOCALHOST,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": http},
        worker_dashboard_address=http,
        silence_logs=logging.ERROR,
    )


@contextlib.contextmanager
def _cluster(local, scheduler, client, wait):
    """A function (shards, map_sql) -> outcomes, and the number of Dask
    workers (None in-process).  For local, starts a LocalCluster and stops
    it at the end; for scheduler, connects to it; a client is used as is."""
    if local is None and scheduler is None and client is None:
        yield _serial_outcomes, None
        return
    with contextlib.ExitStack() as stack:
        if client is None:
            distributed = _import_distributed()
            address = scheduler if local is None else stack.enter_context(local_cluster(local))
            try:
                client = stack.enter_context(distributed.Client(address, set_as_default=False))
            except OSError as e:
                raise FanoutError(
                    "cannot reach the Dask scheduler %s: %s" % (scheduler, e)
                ) from None
        workers = _check_workers(client, wait)
        yield (lambda shards, sql: _dask_outcomes(client, shards, sql, wait)), workers


# ---------------------------------------------------------- the reduce side


def _quote(name):
    return '"' + name.replace('"', '""') + '"'


class _Columns:
    """The shards whose map query gave one list of columns, and the table
    their rows are gathered in."""

    def __init__(self, columns, table):
        self.columns = columns
        self.table = table
        self.shards = []  # (index, name), in the order listed
        self.rows = 0


class _Mapped:
    """The table mapped, filled in the shards' order whatever order their
    rows arrive in: a shard's rows wait until every shard before it is in
    (or skipped), so that mapped is the same on every run.

    Shards whose map query gives other columns than the rest (a schema
    that differs) are gathered apart, one table for each list of columns;
    finish() keeps the list most shards gave (of equals, the first listed)
    as mapped, and names the others."""

    def __init__(self, db):
        self.db = db
        self.sets = []  # _Columns, in the order first seen
        self.rows = 0  # rows gathered so far, in every set
        self.next = 0
        self.waiting = {}

    def put(self, index, shard, outcome):
        """outcome: ("ok", columns, rows), or None for a skipped shard."""
        self.waiting[index] = (shard, outcome)
        while self.next in self.waiting:
            shard, outcome = self.waiting.pop(self.next)
            if outcome is not None:
                self._insert(self.next, shard.name, outcome[1], outcome[2])
            self.next += 1

    def _insert(self, index, name, columns, rows):
        into = next((c for c in self.sets if c.columns == columns), None)
        if into is None:
            into = self._create(columns)
        insert = "INSERT INTO %s VALUES (%s)" % (into.table, ", ".join("?" * (len(columns) + 1)))
        self.db.executemany(insert, [(name,) + tuple(r) for r in rows])
        into.shards.append((index, name))
        into.rows += len(rows)
        self.rows += len(rows)

    def _create(self, columns):
        lower = [c.lower() for c in columns]
        if "shard" in lower:
            raise FanoutError(
                "the map query has a column named shard, which fanout adds "
                "(the shard's name): rename it"
            )
        if len(set(lower)) != len(lower):
            raise FanoutError(
                "the map query's columns must have distinct names "
                "(mapped is a table): %s" % columns
            )
        # no declared types: every value keeps the type the shard gave it
        created = _Columns(columns, "mapped_%d" % (len(self.sets) + 1))
        self.db.execute(
            "CREATE TABLE %s (shard, %s)" % (created.table, ", ".join(map(_quote, columns)))
        )
        self.sets.append(created)
        return created

    def finish(self):
        """Makes mapped; returns (index, name, message) of each shard whose
        columns differ from those of mapped, in the order listed."""
        if not self.sets:
            self.db.execute("CREATE TABLE mapped (shard)")
            self.db.commit()
            return []
        kept = max(self.sets, key=lambda c: len(c.shards))
        self.db.execute("ALTER TABLE %s RENAME TO mapped" % kept.table)
        differ = []
        for other in self.sets:
            if other is not kept:
                self.db.execute("DROP TABLE %s" % other.table)
                differ += [
                    (
                        i,
                        name,
                        "the map query gives the columns (%s) on this shard but "
                        "(%s) on %d other%s: its schema differs"
                        % (
                            ", ".join(other.columns),
                            ", ".join(kept.columns),
                            len(kept.shards),
                            "" if len(kept.shards) == 1 else "s",
                        ),
                    )
                    for i, name in other.shards
                ]
        self.rows = kept.rows
        self.db.commit()
        return sorted(differ)


def _reduce(db, reduce_sql):
    try:
        cursor = db.execute(reduce_sql or "SELECT * FROM mapped ORDER BY rowid")
        if cursor.description is None:
            raise FanoutError("the reduce query returns no columns (it must be a query)")
        return [d[0] for d in cursor.description], cursor.fetchall()
    except (sqlite3.Error, sqlite3.Warning) as e:
        raise FanoutError("the reduce query failed: %s" % e) from None


def run(
    shards,
    map_sql,
    reduce_sql=None,
    local=None,
    scheduler=None,
    client=None,
    skip_bad=False,
    progress=None,
    wait=30,
):
    """Runs map_sql on every shard and reduce_sql over the rows gathered.

    shards: a glob pattern or a file listing shards (as --shards; see
    find_shards), or a list of paths and file: URIs.  map_sql: one query,
    run on each shard (read-only, coins loaded).  reduce_sql: one query over
    the table mapped (the map rows, shard first) in a fresh database with
    coins loaded; None gives mapped itself.  local=N, scheduler=ADDRESS or
    client=distributed.Client: where the map queries run (at most one;
    none: in this process).  skip_bad: a shard that fails, or whose map
    query gives other columns than most shards', is recorded in
    Result.skipped (in the order listed) instead of stopping the run.  progress: called as
    progress(done, total, rows, seconds) after each shard.  wait: seconds
    to wait for a first Dask worker, and for a worker on a machine that
    has a shard (shards on local disks) when none is left.

    Returns a Result; raises FanoutError (the message names the shard and
    gives SQLite's message) when the answer cannot be complete.
    """
    started = time.monotonic()
    if sum(x is not None for x in (local, scheduler, client)) > 1:
        raise ValueError("give at most one of local, scheduler and client")
    shards = _shards_of(shards)
    skipped = []
    db = sqlite3.connect("")  # a private temporary database, on disk only if it grows
    try:
        load(db)
        mapped = _Mapped(db)
        with _cluster(local, scheduler, client, wait) as (outcomes_of, workers):
            with contextlib.closing(outcomes_of(shards, map_sql)) as outcomes:
                for done, (i, outcome) in enumerate(outcomes, 1):
                    if outcome[0] != "ok":
                        if not skip_bad:
                            raise FanoutError("shard %s: %s" % (shards[i].name, outcome[1]))
                        skipped.append((i, shards[i].name, outcome[1]))
                        outcome = None
                    mapped.put(i, shards[i], outcome)
                    if progress is not None:
                        progress(done, len(shards), mapped.rows, time.monotonic() - started)
        differ = mapped.finish()
        if differ and not skip_bad:
            raise FanoutError("\n".join("shard %s: %s" % d[1:] for d in differ))
        # in the order listed, whatever order the shards finished in
        skipped = [(name, message) for _, name, message in sorted(skipped + differ)]
        if len(skipped) == len(shards):
            raise FanoutError(
                "no shard could be read:\n" + "\n".join("  %s: %s" % s for s in skipped)
            )
        map_done = time.monotonic()
        columns, rows = _reduce(db, reduce_sql)
    finally:
        db.close()
    ended = time.monotonic()
    return Result(
        columns,
        rows,
        len(shards),
        mapped.rows,
        skipped,
        workers,
        ended - started,
        map_done - started,
        ended - map_done,
    )


# ------------------------------------------------------------------ output


def _text(value):
    """A value as the sqlite3 shell shows it: NULL empty, a REAL with
    %!.15g (always a decimal point), a BLOB as hex digits."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = "%.15g" % value
        if text.lstrip("-").isalpha():  # inf
            return text
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + e + exponent
    if isinstance(value, bytes):
        return value.hex().upper()
    return str(value)


def write_box(out, columns, rows):
    """The sqlite3 shell's .mode box (nothing for no rows, as the shell)."""
    if not rows:
        return
    cells = [[_text(v) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]

    def rule(left, mid, right):
        return left + mid.join("\u2500" * (w + 2) for w in widths) + right + "\n"

    def line(values, center=False):
        parts = []
        for v, w in zip(values, widths):
            pad = w - len(v)
            left = pad // 2 if center else 0
            parts.append(" " * left + v + " " * (pad - left))
        return "\u2502 " + " \u2502 ".join(parts) + " \u2502\n"

    out.write(rule("\u250c", "\u252c", "\u2510"))
    out.write(line(columns, center=True))
    out.write(rule("\u251c", "\u253c", "\u2524"))
    for row in cells:
        out.write(line(row))
    out.write(rule("\u2514", "\u2534", "\u2518"))


def write_csv(out, columns, rows):
    """CSV with a header row; values as the sqlite3 shell prints them."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_text(v) for v in row])


def _json_value(value):
    if isinstance(value, bytes):
        return json.dumps(value.hex().upper())
    return json.dumps(value)


def write_json(out, columns, rows):
    """A JSON array of objects keyed by column name, one object a line
    (keys in column order; a BLOB as a string of hex digits)."""
    keys = [json.dumps(c) + ": " for c in columns]
    out.write("[")
    for n, row in enumerate(rows):
        out.write(",\n" if n else "\n")
        out.write("{" + ", ".join(k + _json_value(v) for k, v in zip(keys, row)) + "}")
    out.write("\n]\n" if rows else "]\n")


WRITERS = {"box": write_box, "csv": write_csv, "json": write_json}


def write_table(path, table, columns, rows):
    """Writes the result into table of the SQLite database path (created if
    need be; a table of that name is replaced, nothing else is touched)."""
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute("DROP TABLE IF EXISTS %s" % _quote(table))
            db.execute("CREATE TABLE %s (%s)" % (_quote(table), ", ".join(map(_quote, columns))))
            db.executemany(
                "INSERT INTO %s VALUES (%s)" % (_quote(table), ", ".join("?" * len(columns))), rows
            )
    finally:
        db.close()


# ------------------------------------------------------------ command line


class _ProgressBar:
    """shards done / total, map rows, elapsed, redrawn in place on a
    terminal at most ten times a second; erased before the summary."""

    def __init__(self, stream):
        self.stream = stream
        self.last = 0.0
        self.shown = False

    def __call__(self, done, total, rows, seconds):
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = 24 * done // total
        self.stream.write(
            "\r[%s%s] %d/%d shards, %s rows, %.1f s\x1b[K"
            % ("#" * filled, "." * (24 - filled), done, total, format(rows, ","), seconds)
        )
        self.stream.flush()
        self.shown = True

    def erase(self):
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _sql_argument(text):
    """--map/--reduce: the SQL itself, or @FILE for the SQL in FILE."""
    if text.startswith("@"):
        try:
            with open(text[1:], encoding="utf-8") as f:
                return f.read()
        except OSError as e:
            raise argparse.ArgumentTypeError("cannot read %s: %s" % (text[1:], e.strerror))
    return text


def _parser():
    p = argparse.ArgumentParser(
        prog="python3 -m sqlite_coins.fanout",
        description="Runs a map query on every SQLite shard (read-only, coins loaded), "
        "gathers the rows with a shard column into a table mapped, and runs a "
        "reduce query over mapped in a fresh database with coins loaded.",
        epilog="Exit status: 0 done; 1 a shard or a query failed, or shards were skipped "
        "(--skip-bad without --allow-partial); 2 wrong arguments. A run ends with a "
        "summary (shards, map rows, time) on stderr, or with the error that stopped it.",
    )
    p.add_argument(
        "--shards",
        action="append",
        required=True,
        metavar="GLOB|LIST",
        help="a glob of shard files, a file: URI, or a text file listing shards "
        "(a path or file: URI a line); may be repeated",
    )
    p.add_argument(
        "--map",
        required=True,
        type=_sql_argument,
        metavar="SQL|@FILE",
        help="the query run on every shard",
    )
    p.add_argument(
        "--reduce",
        type=_sql_argument,
        metavar="SQL|@FILE",
        help="the query over the table mapped (default: mapped itself)",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--local",
        type=int,
        metavar="N",
        help="run on a Dask LocalCluster of N worker processes (127.0.0.1)",
    )
    where.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="run on the Dask cluster of this scheduler"
    )
    p.add_argument("--format", choices=FORMATS, default="box", help="output format (box)")
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write to FILE instead of stdout; FILE.db (.sqlite, .sqlite3): "
        "into a table of that SQLite database",
    )
    p.add_argument(
        "--table",
        default="result",
        help="the table --out FILE.db writes, replacing one of that name (result)",
    )
    p.add_argument(
        "--wait",
        type=float,
        default=30,
        metavar="SECONDS",
        help="how long to wait for a first Dask worker, and for a worker on a "
        "machine that has a shard when none is left (30)",
    )
    p.add_argument(
        "--skip-bad",
        action="store_true",
        help="skip shards that fail, list them in the summary, exit 1",
    )
    p.add_argument(
        "--allow-partial",
        action="store_true",
        help="with --skip-bad: exit 0 even when shards were skipped",
    )
    return p


def main(argv=None):
    """The command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.allow_partial and not args.skip_bad:
        parser.error("--allow-partial goes with --skip-bad")
    # a SIGTERM unwinds like Ctrl-C: a LocalCluster's workers are stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        shards = []
        for spec in args.shards:
            shards += find_shards(spec)
        result = run(
            shards,
            args.map,
            args.reduce,
            local=args.local,
            scheduler=args.scheduler,
            skip_bad=args.skip_bad,
            progress=bar,
            wait=args.wait,
        )
    except (FanoutError, KeyboardInterrupt) as e:
        if bar:
            bar.erase()
        print(
            "fanout: %s" % ("interrupted" if isinstance(e, KeyboardInterrupt) else "error: %s" % e),
            file=sys.stderr,
        )
        return 130 if isinstance(e, KeyboardInterrupt) else 1
    if bar:
        bar.erase()
    if args.out and args.out.lower().endswith(DB_SUFFIXES):
        write_table(args.out, args.table, result.columns, result.rows)
    elif args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            WRITERS[args.format](f, result.columns, result.rows)
    else:
        out = io.TextIOWrapper(
            sys.stdout.buffer,
            encoding="utf-8",
            newline="",
            line_buffering=False,
            write_through=False,
        )
        WRITERS[args.format](out, result.columns, result.rows)
        out.flush()
        out.detach()
    print(result.summary(), file=sys.stderr)
    return 1 if result.skipped and not args.allow_partial else 0


if __name__ == "__main__":
    # run as sqlite_coins.fanout, not __main__, so that Dask ships the
    # tasks by reference to the module every worker imports
    from sqlite_coins.fanout import main as _main

    sys.exit(_main())
