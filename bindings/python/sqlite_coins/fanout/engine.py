"""run(): the map query on every shard, the rows gathered, the reduce query."""
import contextlib
import os
import sqlite3
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Union

from .. import load
from .cluster import SchedulerLost, _cluster
from .gather import LeftOut, _Mapped, _reduce
from .output import MapFiles
from .result import FanoutError, Outcome, Result
from .resume import Resume, Stamp, key_of
from .shards import Shard, _shards_of

# progress(done, total, rows, seconds), after each shard
Progress = Callable[[int, int, int, float], object]


def run(
    shards: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]", Shard]]],
    map_sql: str,
    reduce_sql: Optional[str] = None,
    local: Optional[int] = None,
    scheduler: Optional[str] = None,
    client: Any = None,
    skip_bad: bool = False,
    progress: Optional[Progress] = None,
    wait: float = 30,
    task_timeout: Optional[float] = None,
    resume: Optional[str] = None,
    map_out: Optional[str] = None,
    map_format: str = "csv",
) -> Result:
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
    to wait for the scheduler to answer, for a first Dask worker, and for
    a worker on a machine that has a shard (shards on local disks) when
    none is left.  task_timeout: seconds a map query may run, and a busy
    worker may stay silent, before the shard fails or its task moves to
    another worker.  resume: a directory keeping each shard's map rows as
    they arrive (see resume.py), so that a run again maps only the shards
    that are new or changed.  map_out: a directory where each shard's map
    rows are written as they arrive, one file a shard, map_format "csv"
    or "parquet" (see output.MapFiles).

    Returns a Result; raises FanoutError (the message names the shard and
    gives SQLite's message) when the answer cannot be complete.
    """
    started = time.monotonic()
    if sum(x is not None for x in (local, scheduler, client)) > 1:
        raise ValueError("give at most one of local, scheduler and client")
    listed = _shards_of(shards)
    failed: List[LeftOut] = []
    files = MapFiles(map_out, map_format) if map_out is not None else None
    kept = Resume(resume) if resume is not None else None
    keys: Dict[int, str] = {}
    resumed: Set[int] = set()

    def known(i: int, stamp: Optional[Stamp]) -> Optional[Outcome]:
        if listed[i].problem is not None:
            return ("error", listed[i].problem)
        if kept is None or stamp is None:
            return None
        keys[i] = key_of(stamp, map_sql)
        outcome = kept.get(keys[i])
        if outcome is not None:
            resumed.add(i)
        return outcome

    db = sqlite3.connect("")  # a private temporary database, on disk only if it grows
    try:
        load(db)
        mapped = _Mapped(db)
        with _cluster(local, scheduler, client, wait) as (outcomes_of, workers):
            with contextlib.closing(outcomes_of(listed, map_sql, known, task_timeout)) as outcomes:
                for done, (i, outcome) in enumerate(outcomes, 1):
                    if outcome[0] == "ok" and kept is not None and i not in resumed:
                        kept.put(keys.get(i), listed[i].name, outcome[1], outcome[2])
                    if outcome[0] == "ok" and files is not None:
                        files.put(i, listed[i].name, outcome[1], outcome[2])
                    if outcome[0] != "ok":
                        if not skip_bad:
                            raise FanoutError("shard %s: %s" % (listed[i].name, outcome[1]))
                        failed.append((i, listed[i].name, outcome[1]))
                    mapped.put(i, listed[i], outcome if outcome[0] == "ok" else None)
                    if progress is not None:
                        progress(done, len(listed), mapped.rows, time.monotonic() - started)
        differ = mapped.finish()
        if differ and not skip_bad:
            raise FanoutError("\n".join("shard %s: %s" % d[1:] for d in differ))
        # in the order listed, whatever order the shards finished in
        skipped = [(name, message) for _, name, message in sorted(failed + differ)]
        if len(skipped) == len(listed):
            raise FanoutError(
                "no shard could be read:\n" + "\n".join("  %s: %s" % s for s in skipped)
            )
        map_done = time.monotonic()
        columns, rows = _reduce(db, reduce_sql)
        if files is not None:
            files.finish(len(listed), skipped)
    except SchedulerLost as e:
        if kept is None:
            raise SchedulerLost(
                "%s; run it again when the cluster is back (with --resume DIR, a run keeps "
                "each shard's rows as they arrive, and the next one starts where it stopped)" % e
            ) from None
        raise SchedulerLost(
            "%s; %d shards' rows are kept in %s: run it again with --resume %s when the "
            "cluster is back, and only the others are mapped"
            % (e, kept.kept + len(resumed), resume, resume)
        ) from None
    finally:
        db.close()
        if kept is not None:
            kept.close()
    ended = time.monotonic()
    return Result(
        columns,
        rows,
        len(listed),
        mapped.rows,
        skipped,
        workers,
        ended - started,
        map_done - started,
        ended - map_done,
        len(resumed),
    )
