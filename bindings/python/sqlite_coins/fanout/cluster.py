"""The map queries on Dask: a LocalCluster, a scheduler or a client; the
workers checked, each shard placed on a machine that has its file, the
outcomes as the tasks finish.  Dask is imported only here, and only when
a run asks for it."""
import contextlib
import logging
import time
import uuid
from typing import Any, Callable, Dict, Generator, Iterator, List, Optional, Set, Tuple

from .mapper import Known, _serial_outcomes, map_shard
from .result import FanoutError, Outcome
from .resume import Stamp
from .shards import Shard, _refuse_twice, _shard_path

# (index, outcome) of each shard, as the shards finish.
Outcomes = Generator[Tuple[int, Outcome], None, None]
# (shards, map_sql, known, timeout) -> Outcomes
OutcomesOf = Callable[[List[Shard], str, Known, Optional[float]], Outcomes]
# Where a shard may run: the hosts that have its file, or None (anywhere).
Placement = Optional[Tuple[str, ...]]


LOCALHOST = "127.0.0.1"
DASK_MISSING = (
    "--local and --scheduler need Dask distributed, which this Python cannot import: "
    "install python3-distributed (Debian) or distributed (pip). "
    "Without them, fanout runs the shards in this process, one after the other."
)


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as e:
        raise FanoutError("%s (%s)" % (DASK_MISSING, e)) from None
    return distributed


def _worker_probe() -> str:
    """On a worker: where its sqlite_coins finds coins (raises if nowhere)."""
    from sqlite_coins import loadable_path

    return loadable_path()


def _check_workers(client: Any, wait: float) -> int:
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


def _identities(paths: List[str]) -> Tuple[List[str], List[Optional[Tuple[int, int, int, int]]]]:
    """On a worker: the names of its machine, and (st_dev, st_ino, st_size,
    st_mtime_ns) of each of paths there (None: no such file)."""
    import os
    import socket

    marks: List[Optional[Tuple[int, int, int, int]]] = []
    for path in paths:
        try:
            st = os.stat(path)
            marks.append((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
        except (OSError, ValueError):
            marks.append(None)
    return [socket.gethostname()], marks


def _placements(seen: Dict[str, bytes], count: int) -> List[Placement]:
    """Where each of count shards may run, from seen: {host: bytes, 1 for
    each shard whose file that host has, else 0}.  A tuple of the hosts
    that see the shard's file (shards on local disks), or None: any worker
    (every host sees it, as on a shared file system; or none does, and
    SQLite will say why)."""
    placements: List[Placement] = []
    for i in range(count):
        hosts = tuple(sorted(h for h, flags in seen.items() if flags[i]))
        placements.append(hosts if hosts and len(hosts) < len(seen) else None)
    return placements


def _live_hosts(client: Any) -> Set[str]:
    from distributed.comm import get_address_host

    return {get_address_host(a) for a in client.scheduler_info()["workers"]}


def _where(
    client: Any, shards: List[Shard], stamps: Optional[List[Optional[Stamp]]] = None
) -> List[Placement]:
    """_placements of shards, asking one worker on each host which shard
    files it sees (for a file: URI, the file its path names).  A
    host:/path shard runs on the workers of that host only (named by the
    address its workers listen on or by its host name), and is compared
    there only.  Two shards that are one file on a host (which this
    machine may not see: local disks) fail the run, as _shards_of does
    here.  stamps, when given, is filled with each shard's file as the
    first host that has it sees it (for --resume)."""
    from distributed.comm import get_address_host

    one_a_host: Dict[str, str] = {}
    for address in client.scheduler_info()["workers"]:
        one_a_host.setdefault(get_address_host(address), address)
    paths = [_shard_path(s) for s in shards]
    seen: Dict[str, bytes] = {}
    names: Dict[str, List[str]] = {}
    found: Dict[int, Stamp] = {}
    for address, (aliases, marks) in client.run(
        _identities, paths, workers=list(one_a_host.values())
    ).items():
        host = get_address_host(address)
        names[host] = [host] + aliases + (["localhost"] if host in ("127.0.0.1", "::1") else [])
        here = [
            i
            for i, s in enumerate(shards)
            if marks[i] is not None and (s.host is None or s.host in names[host])
        ]
        files = {i: marks[i] for i in here}  # (st_dev, st_ino, st_size, st_mtime_ns)
        _refuse_twice(
            [shards[i] for i in here], [(files[i][0], files[i][1]) for i in here], " on " + host
        )
        seen[host] = bytes(i in files for i in range(len(shards)))
        for i, (dev, ino, size, mtime) in files.items():
            found.setdefault(i, (shards[i].host or "", paths[i], dev, ino, size, mtime))
    placements = _placements(seen, len(shards))
    for i, shard in enumerate(shards):
        if shard.host is not None:
            hosts = tuple(sorted(h for h, n in names.items() if shard.host in n))
            placements[i] = hosts or (shard.host,)
    if stamps is not None:
        stamps[:] = [found.get(i) for i in range(len(shards))]
    return placements


def _on_scheduler() -> Tuple[Callable[..., Any], Callable[..., Any]]:
    """Two functions the client runs on the scheduler.  They are made here,
    inside a function, so that Dask ships them by value: the scheduler's
    machine needs no sqlite_coins.

    ages(dask_scheduler, prefix): for each worker running tasks whose key
    starts with prefix, the seconds since it was last heard from and those
    keys.  drop(dask_scheduler, address): forgets a worker that stopped
    answering, so that its tasks run elsewhere (a worker that comes back
    rejoins afresh)."""

    def ages(dask_scheduler: Any, prefix: str) -> Dict[str, Tuple[float, List[str]]]:
        import time

        now = time.time()
        found: Dict[str, Tuple[float, List[str]]] = {}
        for ws in dask_scheduler.workers.values():
            keys = [str(ts.key) for ts in ws.processing if str(ts.key).startswith(prefix)]
            if keys:
                found[ws.address] = (now - ws.last_seen, keys)
        return found

    async def drop(dask_scheduler: Any, address: str) -> None:
        await dask_scheduler.remove_worker(address, stimulus_id="fanout-task-timeout", close=True)

    return ages, drop


class SchedulerLost(FanoutError):
    """The connection to the Dask scheduler broke in the middle of a run."""


def _lost(client: Any, done: int, total: int) -> SchedulerLost:
    return SchedulerLost(
        "lost the Dask scheduler %s in the middle of the run, after %d of %d shards: the "
        "scheduler stopped, or the network between here and it broke (no shard failed)"
        % (client.scheduler.address, done, total)
    )


def _dask_outcomes(
    client: Any,
    shards: List[Shard],
    map_sql: str,
    wait: float,
    known: Known,
    timeout: Optional[float] = None,
    task: Callable[..., Outcome] = map_shard,
    keep: Optional[Dict[int, Any]] = None,
    summary: Optional[Callable[[Outcome], Outcome]] = None,
) -> Outcomes:
    """(index, outcome) of every shard as its task finishes on the cluster.

    known's outcomes come first (a problem found before, a shard kept by
    --resume), without a task.  A shard whose file only some machines have
    (local disks) runs on a worker of one of them (a host restriction: a
    worker restarted there still qualifies); if none of them has a worker
    for wait seconds, its outcome is an error.  An outcome is map_shard's,
    or ("error", message) for a task Dask could not finish (its workers
    died too often).  timeout (--task-timeout): the map query is stopped
    after that many seconds, and a worker running a task that has not been
    heard from for that long is dropped, so that its tasks run elsewhere.
    A connection to the scheduler that breaks raises SchedulerLost.
    Closing the generator early cancels the tasks not yet finished.

    task: what runs on each shard, task(uri, map_sql, timeout=...).  With
    keep (a dict) and summary, the task's results stay on the workers
    (keep[index] = its future), and what comes back is summary(outcome),
    run next to them (sqlite_coins.dask keeps DataFrames there)."""
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:12]
    prefix = "fanout-map-%s-" % run_id
    keys = [prefix + str(i) for i in range(len(shards))]
    stamps: List[Optional[Stamp]] = []
    placements = _where(client, shards, stamps)
    stamps += [None] * (len(shards) - len(stamps))
    ready: List[Tuple[int, Outcome]] = []
    groups: Dict[Placement, List[int]] = {}
    for i, hosts in enumerate(placements):
        given = known(i, stamps[i] if shards[i].problem is None else None)
        if given is not None:
            ready.append((i, given))
        else:
            groups.setdefault(hosts, []).append(i)
    pending: Dict[str, Any] = {}  # key: its future
    for hosts, group in groups.items():
        futures = client.map(
            task,
            [shards[i].uri for i in group],
            map_sql=map_sql,
            timeout=timeout,
            key=[keys[i] + ("-kept" if keep is not None else "") for i in group],
            workers=hosts and list(hosts),
            allow_other_workers=False,
            pure=False,
        )
        if keep is not None and summary is not None:
            keep.update(zip(group, futures))
            futures = client.map(summary, futures, key=[keys[i] for i in group], pure=False)
        pending.update((f.key, f) for f in futures)
    yield from ready
    done = len(ready)
    index = {key: i for i, key in enumerate(keys)}
    pinned = {keys[i]: set(hosts) for i, hosts in enumerate(placements) if hosts}
    pinned = {k: h for k, h in pinned.items() if k in pending}
    stranded: Dict[str, float] = {}  # key: since when no worker can run it
    checked = time.monotonic()
    finished = as_completed(
        list(pending.values()), loop=client.loop, with_results=True, raise_errors=False
    )
    try:
        while not finished.is_empty():
            if client.status != "running":
                raise _lost(client, done, len(shards))
            batch = finished.next_batch(block=False)
            for future, outcome in batch:
                if pending.pop(future.key, None) is None:
                    continue  # reported as stranded, then cancelled
                pinned.pop(future.key, None)
                # a result gathered before its worker died stands, though the
                # future then reads "lost" or "pending"; only an error does not
                if future.status not in ("finished", "lost", "pending"):
                    if client.status != "running" or future.status == "cancelled":
                        raise _lost(client, done, len(shards))
                    exc = outcome[1] if isinstance(outcome, tuple) else outcome
                    outcome = (
                        "error",
                        "Dask could not run its task: %s: %s" % (type(exc).__name__, exc),
                    )
                done += 1
                yield index[future.key], outcome
            if time.monotonic() - checked > 1 and (pinned or timeout is not None):
                checked = time.monotonic()
                for stuck in _stranded(client, pinned, stranded, checked, wait):
                    client.cancel([pending.pop(stuck)])
                    if keep is not None:
                        client.cancel([keep.pop(index[stuck])])
                    done += 1
                    yield index[stuck], (
                        "error",
                        "no Dask worker on %s, the machines that have this shard, for %g s"
                        % (", ".join(sorted(pinned.pop(stuck))), wait),
                    )
                if timeout is not None:
                    _drop_silent(client, prefix, timeout)
            if not batch:
                time.sleep(0.02)
    except (OSError, EnvironmentError) as e:
        if client.status == "running":
            raise
        raise _lost(client, done, len(shards)) from e
    finally:
        if pending and client.status == "running":
            client.cancel(list(pending.values()))


def _stranded(
    client: Any, pinned: Dict[str, Set[str]], since: Dict[str, float], now: float, wait: float
) -> List[str]:
    """The keys of pinned (key: the hosts that have its shard) whose hosts
    have had no live worker for wait seconds."""
    if not pinned:
        return []
    live = _live_hosts(client)
    stuck = []
    for key, machines in pinned.items():
        if machines & live:
            since.pop(key, None)
        elif now - since.setdefault(key, now) > wait:
            stuck.append(key)
    return stuck


def _drop_silent(client: Any, prefix: str, timeout: float) -> None:
    """Drops each worker running a task of this run that has not been
    heard from for timeout seconds (stopped, hung, cut off): Dask then
    runs the task on another worker, as when a worker dies."""
    ages, drop = _on_scheduler()
    for address, (age, _) in client.run_on_scheduler(ages, prefix=prefix).items():
        if age > timeout:
            logging.getLogger("sqlite_coins.fanout").warning(
                "fanout: dropping the Dask worker %s: not heard from for %.0f s, over "
                "--task-timeout; its tasks run elsewhere" % (address, age)
            )
            client.run_on_scheduler(drop, address=address)


def local_cluster(workers: int) -> Any:
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
def _cluster(
    local: Optional[int], scheduler: Optional[str], client: Any, wait: float
) -> Iterator[Tuple[OutcomesOf, Optional[int]]]:
    """A function (shards, map_sql, known, timeout) -> outcomes, and the
    number of Dask workers (None in-process).  For local, starts a
    LocalCluster and stops it at the end; for scheduler, connects to it
    (for at most wait seconds); a client is used as is."""
    if local is None and scheduler is None and client is None:
        yield _serial_outcomes, None
        return
    with contextlib.ExitStack() as stack:
        own = client is None
        if client is None:
            distributed = _import_distributed()
            address = scheduler if local is None else stack.enter_context(local_cluster(local))
            try:
                client = distributed.Client(address, set_as_default=False, timeout=wait)
            except (OSError, TimeoutError) as e:
                raise FanoutError(
                    "cannot reach the Dask scheduler %s (waited %g s): %s" % (scheduler, wait, e)
                ) from None
        workers = _check_workers(client, wait)
        try:
            yield (
                lambda shards, sql, known, timeout: _dask_outcomes(
                    client, shards, sql, wait, known, timeout
                )
            ), workers
        except SchedulerLost:
            if own:  # stop its attempts to reconnect, and say nothing more
                logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
                # Dask logs the cancelled reconnect through the logger of
                # whichever module called it (distributed.utils.log_errors),
                # some with no level set: every library log is off from here,
                # as the run ends with the one message SchedulerLost makes.
                logging.disable(logging.CRITICAL)
                client.close(timeout=2)
            raise
        finally:
            if own and client.status == "running":
                client.close()
