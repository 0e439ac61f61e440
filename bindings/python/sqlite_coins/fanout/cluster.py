"""The map queries on Dask: a LocalCluster, a scheduler or a client; the
workers checked, each shard placed on a machine that has its file, the
outcomes as the tasks finish.  Dask is imported only here, and only when
a run asks for it."""
import contextlib
import logging
import time
import uuid
from typing import Any, Callable, Dict, Generator, Iterator, List, Optional, Set, Tuple

from .mapper import _serial_outcomes, map_shard
from .result import FanoutError, Outcome
from .shards import Identity, Shard, _file_identity, _refuse_twice, _shard_path

# (index, outcome) of each shard, as the shards finish.
Outcomes = Generator[Tuple[int, Outcome], None, None]
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


def _identities(paths: List[str]) -> List[Optional[Identity]]:
    """On a worker: _file_identity of each of paths on its machine."""
    return [_file_identity(p) for p in paths]


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


def _where(client: Any, shards: List[Shard]) -> List[Placement]:
    """_placements of shards, asking one worker on each host which shard
    files it sees (for a file: URI, the file its path names).  Two shards
    that are one file on a host (which this machine may not see: local
    disks) fail the run, as _shards_of does here."""
    from distributed.comm import get_address_host

    one_a_host: Dict[str, str] = {}
    for address in client.scheduler_info()["workers"]:
        one_a_host.setdefault(get_address_host(address), address)
    paths = [_shard_path(s) for s in shards]
    seen: Dict[str, bytes] = {}
    for address, identities in client.run(
        _identities, paths, workers=list(one_a_host.values())
    ).items():
        host = get_address_host(address)
        found = [(s, i) for s, i in zip(shards, identities) if i is not None]
        _refuse_twice([s for s, _ in found], [i for _, i in found], " on " + host)
        seen[host] = bytes(i is not None for i in identities)
    return _placements(seen, len(shards))


def _dask_outcomes(client: Any, shards: List[Shard], map_sql: str, wait: float) -> Outcomes:
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
    groups: Dict[Placement, List[int]] = {}
    for i, hosts in enumerate(placements):
        groups.setdefault(hosts, []).append(i)
    pending: Dict[str, Any] = {}  # key: its future
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
    stranded: Dict[str, float] = {}  # key: since when no worker can run it
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
                for key, machines in list(pinned.items()):
                    if machines & live:
                        stranded.pop(key, None)
                    elif checked - stranded.setdefault(key, checked) > wait:
                        del pinned[key]
                        client.cancel([pending.pop(key)])
                        yield index[key], (
                            "error",
                            "no Dask worker on %s, the machines that "
                            "have this shard, for %g s" % (", ".join(sorted(machines)), wait),
                        )
            if not batch:
                time.sleep(0.02)
    finally:
        if pending:
            client.cancel(list(pending.values()))


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
) -> Iterator[Tuple[Callable[[List[Shard], str], Outcomes], Optional[int]]]:
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
