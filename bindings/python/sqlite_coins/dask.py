"""sqlite_coins.dask -- SQLite shards as one Dask DataFrame.

``read_sql(query, shards, client=client)`` runs query on every shard
(read-only, coins loaded on the worker, exactly as ``sqlite_coins.fanout``
runs a map query) and returns a ``dask.dataframe.DataFrame`` with one
partition per shard, in the order the shards are listed.  The reduce is
then written in Dask, which runs it on the workers in a tree:

    from distributed import Client
    from sqlite_coins.dask import read_sql

    client = Client("tcp://10.0.0.1:8786")
    moves = read_sql("SELECT mover AS player, verdict = 'best' AS best "
                     "FROM reviewed_moves", "archive/*.db", client=client)
    accuracy = moves.groupby("player").best.mean()   # no average of averages
    print(accuracy.compute(scheduler=client))

The map runs when read_sql is called, as ``persist`` would run it: read_sql
returns once every shard's rows are in the workers' memory (not the
client's), so that every shard is checked as the runner checks it before
anything is computed.  Shards, placement (a shard on a machine's own disk
runs there), the same file under two names, shards that fail or whose
query gives other columns: all as in the runner, with the same messages;
with ``skip_bad=True`` the skipped shards are in ``df.attrs["skipped"]``
(and a warning) instead of an error.  Without a client the shards are
read in this process, one after the other.

Column types: SQLite's are per value, pandas' per column.  A column whose
values are integers on every shard (NULL aside) becomes pandas' nullable
``Int64``; integers and reals ``float64``; anything else (text, BLOBs, a
mix, NULL only) ``object``, each value as sqlite3 gives it.  The meta (the
columns) is the one most shards give; the types are decided from every
shard's values.
"""

import contextlib
import warnings
from typing import Any, Dict, List, Optional, Tuple

from .fanout import cluster as _cluster, mapper as _mapper, shards as _shards
from .fanout.result import FanoutError

__all__ = ["read_sql", "sqlite_round"]

# A shard's outcome on a worker: ("ok", columns, kinds, frame), kinds the
# Python type names of each column's values (NULL left out); or
# ("error", message).
Outcome = Tuple[Any, ...]


def _import_dask() -> Any:
    try:
        import dask.dataframe
        import pandas  # noqa: F401
    except ImportError as e:
        raise FanoutError(
            "sqlite_coins.dask needs dask.dataframe and pandas, which this Python cannot "
            "import (%s): install python3-dask and python3-pandas (Debian) or "
            "'dask[dataframe]' (pip)" % e
        ) from None
    return dask.dataframe


def _frame(uri: str, map_sql: str, timeout: Optional[float] = None) -> Outcome:
    """On a worker: the rows of map_sql on the shard at uri as a pandas
    DataFrame of objects (every value as sqlite3 gives it)."""
    import pandas

    outcome = _mapper.map_shard(uri, map_sql, timeout)
    if outcome[0] != "ok":
        return outcome
    _, columns, rows = outcome
    kinds = [
        sorted({type(row[c]).__name__ for row in rows} - {"NoneType"}) for c in range(len(columns))
    ]
    frame = pandas.DataFrame.from_records(rows, columns=columns, coerce_float=False)
    return ("ok", columns, kinds, frame.astype(object) if len(columns) else frame)


def _summary(outcome: Outcome) -> Outcome:
    """On a worker: the outcome without its rows (what the client needs to
    check the shards), with the number of rows."""
    if outcome[0] != "ok":
        return outcome
    return ("ok", outcome[1], outcome[2], len(outcome[3]))


def _dtype(kinds: List[str]) -> str:
    """The pandas dtype of a column whose values have these Python types."""
    if kinds == ["int"]:
        return "Int64"
    if kinds in (["float"], ["float", "int"]):
        return "float64"
    return "object"


def _typed(outcome: Outcome, dtypes: Dict[str, str], shard: Optional[Tuple[str, str]]) -> Any:
    """On a worker: the frame of outcome with the DataFrame's dtypes (and
    the shard column (name, value), if asked for)."""
    frame = outcome[3].astype(dtypes)
    if shard is not None:
        frame.insert(0, shard[0], shard[1])
        frame[shard[0]] = frame[shard[0]].astype(object)
    return frame


def _outcomes(
    client: Any, shards: List[_shards.Shard], sql: str, wait: float, timeout: Optional[float]
) -> List[Tuple[Outcome, Any]]:
    """(summary, outcome or its future) of every shard: on the cluster of
    client as the runner places shards (the DataFrames stay on the
    workers), or in this process."""

    def known(i: int, stamp: Any) -> Optional[Outcome]:
        return None if shards[i].problem is None else ("error", shards[i].problem)

    done: List[Any] = [None] * len(shards)
    if client is None:
        for i, shard in enumerate(shards):
            outcome = known(i, None) or _frame(shard.uri, sql, timeout)
            done[i] = (_summary(outcome), outcome)
        return done
    _cluster._check_workers(client, wait)
    kept: Dict[int, Any] = {}
    outcomes = _cluster._dask_outcomes(
        client, shards, sql, wait, known, timeout, task=_frame, keep=kept, summary=_summary
    )
    with contextlib.closing(outcomes):
        for i, summary in outcomes:
            done[i] = (summary, kept.get(i))
    return done


def read_sql(
    query: str,
    shards: Any,
    client: Any = None,
    skip_bad: bool = False,
    wait: float = 30,
    shard_column: Optional[str] = None,
    task_timeout: Optional[float] = None,
) -> Any:
    """The rows of query on every shard as a Dask DataFrame, one partition
    per shard in the order listed.

    query: one read-only query, as the runner's map query.  shards: a glob
    or a file listing shards (as --shards), or a list of paths and file:
    URIs.  client: a distributed.Client (None: in this process); compute
    on it (``x.compute(scheduler=client)``).  skip_bad: a shard that fails
    or gives other columns is left out and listed in df.attrs["skipped"]
    as (shard, message), instead of raising FanoutError.  wait: seconds to
    wait for a first worker, and for a worker on a machine that has a
    shard.  shard_column: the name of a first column holding each row's
    shard name (none by default).  task_timeout: as the runner's."""
    dd = _import_dask()
    import dask

    found = _shards._shards_of(shards)
    done = _outcomes(client, found, query, wait, task_timeout)
    failed = [(i, s[1]) for i, (s, _) in enumerate(done) if s[0] != "ok"]
    if failed and not skip_bad:
        i, message = failed[0]
        raise FanoutError("shard %s: %s" % (found[i].name, message))
    good = [(i, s) for i, (s, _) in enumerate(done) if s[0] == "ok"]
    if not good:
        raise FanoutError(
            "no shard could be read:\n"
            + "\n".join("  %s: %s" % (found[i].name, m) for i, m in failed)
        )
    # the columns most shards give (of equals, those of the first listed)
    counts: Dict[Tuple[str, ...], int] = {}
    for _, s in good:
        counts[tuple(s[1])] = counts.get(tuple(s[1]), 0) + 1
    columns = max(counts, key=lambda c: (counts[c], -[tuple(s[1]) for _, s in good].index(c)))
    differ = []
    for i, s in good:
        if tuple(s[1]) != columns:
            differ.append(
                (
                    i,
                    "the map query gives the columns (%s) on this shard but (%s) on "
                    "%d other%s: its schema differs"
                    % (
                        ", ".join(s[1]),
                        ", ".join(columns),
                        counts[columns],
                        "" if counts[columns] == 1 else "s",
                    ),
                )
            )
    if differ and not skip_bad:
        raise FanoutError("\n".join("shard %s: %s" % (found[i].name, m) for i, m in differ))
    if shard_column is not None and shard_column in columns:
        raise FanoutError(
            "the query has a column named %s, the shard_column: rename "
            "one of them" % shard_column
        )
    kept = [i for i, s in good if tuple(s[1]) == columns]
    kinds: List[set] = [set() for _ in columns]
    for i in kept:
        for k, names in zip(kinds, done[i][0][2]):
            k.update(names)
    dtypes = {c: _dtype(sorted(k)) for c, k in zip(columns, kinds)}
    import pandas

    meta = pandas.DataFrame({c: pandas.Series([], dtype=t) for c, t in dtypes.items()})
    if shard_column is not None:
        meta.insert(0, shard_column, pandas.Series([], dtype=object))
    parts = []
    for i in kept:
        named = None if shard_column is None else (shard_column, found[i].name)
        if client is None:
            part = _typed(done[i][1], dtypes, named)
            parts.append(dask.delayed(part, name="sqlite-coins-read-%d-%d" % (id(part), i)))
        else:
            parts.append(client.submit(_typed, done[i][1], dtypes, named, pure=False))
    frame = dd.from_delayed(parts, meta=meta, verify_meta=False)
    skipped = [(found[i].name, m) for i, m in sorted(failed + differ)]
    frame.attrs["skipped"] = skipped
    if skipped:
        warnings.warn(
            "sqlite_coins.dask: %d of %d shards skipped: %s"
            % (len(skipped), len(found), "; ".join("%s: %s" % s for s in skipped)),
            stacklevel=2,
        )
    return frame


def sqlite_round(values: Any, digits: int = 0) -> Any:
    """round(x, digits) as SQLite computes it, for a pandas Series or one
    number: pandas and Python round the binary value half to even, SQLite
    rounds its decimal digits half away from zero, so that an exact tie
    (12.25 to one digit) differs.  Use it to get the digits a SQL report
    prints."""
    import sqlite3

    import pandas

    db = sqlite3.connect(":memory:")
    try:

        def one(x: Any) -> Any:
            if pandas.isna(x):  # NULL, NaN, pandas.NA
                return None
            return db.execute("SELECT round(?, ?)", (float(x), digits)).fetchone()[0]

        if hasattr(values, "map"):
            return values.map(one)
        return one(values)
    finally:
        db.close()
