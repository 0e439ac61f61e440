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
A list line HOST:/PATH is a shard on that machine's disk; a glob match
that is no regular file is an error, not dropped; a partial result
(skip_bad) says so in its output (CSV, box, JSON, the _fanout table).
A lost scheduler is reported as that (cluster.SchedulerLost);
``resume=DIR`` (--resume) keeps each shard's rows as they arrive, so that
a run again maps only new or changed shards; ``task_timeout``
(--task-timeout) stops a long map query and drops a silent worker.
sqlite_coins.dask makes the shards one Dask DataFrame instead.

Dask (Debian: python3-distributed; pip: distributed) is needed only for
``local``, ``scheduler`` and ``client``; it is imported only then.
"""
from .cli import main
from .cluster import local_cluster
from .engine import run
from .mapper import map_shard
from .output import write_box, write_csv, write_json, write_table
from .result import FanoutError, Result
from .shards import Shard, find_shards

__all__ = [
    "FanoutError",
    "Result",
    "Shard",
    "find_shards",
    "local_cluster",
    "map_shard",
    "run",
    "main",
    "write_box",
    "write_csv",
    "write_json",
    "write_table",
]
