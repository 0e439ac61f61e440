"""Faults: a Dask worker killed in the middle of a run does not change the
answer (Dask runs its tasks again; the test shows that the worker's death
was seen with fan-out tasks on it, and that those tasks ran again); a run
killed with its LocalCluster leaves no worker process behind; a
LocalCluster listens on 127.0.0.1 only."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import psutil
import pytest
from distributed import Client

from conftest import fanout_cli, one_database, report_halves, report_statements
from sqlite_coins import fanout

# Report 2 (the leaderboard) with a slow column added to its map half: half
# a second or so of counting per shard, so that a run over 32 shards on two
# workers lasts some seconds and a kill lands while a task is running.
# The reduce half reads the columns it knows, so the answer is unchanged.
SPIN = 500000
NAME, MAP2, REDUCE2 = report_halves()[1]
SLOW_MAP = (
    "SELECT * FROM (%s) JOIN (SELECT count(*) AS spin FROM (WITH RECURSIVE c(i) AS "
    "(SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < %d) SELECT i FROM c))" % (MAP2, SPIN)
)
PREFIX = "fanout-map-"


def _fanout_tasks(dask_scheduler):
    """On the scheduler: (tasks finished, [(worker, key, seconds since it
    was sent there)] of the tasks running) of fanout's tasks."""
    now = time.time()
    sent, finished = {}, 0
    for t in dask_scheduler.transition_log:
        if str(t.key).startswith(PREFIX):
            if t.finish == "processing":
                sent[t.key] = t.timestamp
            finished += t.finish == "memory"
    running = [
        (ws.address, ts.key, now - sent[ts.key])
        for ws in dask_scheduler.workers.values()
        for ts in ws.processing
        if ts.key in sent
    ]
    return finished, running


def _fanout_transitions(dask_scheduler):
    return [
        (t.key, t.finish) for t in dask_scheduler.transition_log if str(t.key).startswith(PREFIX)
    ]


def _removed(client, worker):
    """The scheduler's remove-worker event of worker, once it is there."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for _, event in client.get_events("all"):
            if event.get("action") == "remove-worker" and event.get("worker") == worker:
                return event
        time.sleep(0.05)
    raise AssertionError("the scheduler never saw %s die" % worker)


def _kill_while_busy(client, proc):
    """Kills (SIGKILL) the process of a worker a fanout task was sent to
    less than 0.1 s ago, once two tasks have finished; again (another
    worker) if Dask saw no fanout task on it when it died.  Returns the
    keys that were running on the dead worker."""
    for attempt in range(3):
        pids = client.run(os.getpid)
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, "the run ended before a worker could be killed"
            assert time.monotonic() < deadline, "no fanout task to interrupt"
            finished, running = client.run_on_scheduler(_fanout_tasks)
            fresh = [w for w, key, age in running if age < 0.1 and w in pids]
            if finished >= 2 and fresh:
                break
            time.sleep(0.01)
        os.kill(pids[fresh[0]], signal.SIGKILL)
        lost = [k for k in _removed(client, fresh[0])["processing-tasks"] if k.startswith(PREFIX)]
        if lost:
            return lost
    raise AssertionError("three kills, none while a fanout task ran")


def test_a_worker_killed_mid_run_changes_nothing(shards, tmp_path):
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(32)))
    with fanout.local_cluster(2) as cluster, Client(cluster, set_as_default=False) as client:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sqlite_coins.fanout",
                "--shards",
                str(listing),
                "--map",
                SLOW_MAP,
                "--reduce",
                REDUCE2,
                "--format",
                "json",
                "--scheduler",
                cluster.scheduler_address,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            universal_newlines=True,
        )
        try:
            lost = _kill_while_busy(client, proc)
            out, err = proc.communicate(timeout=180)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        transitions = client.run_on_scheduler(_fanout_transitions)
    assert proc.returncode == 0, err
    for key in lost:  # sent to a worker again after the death, and finished there
        states = [finish for k, finish in transitions if k == key]
        assert states.count("processing") >= 2, (key, states)
        assert "memory" in states[states.index("processing") + 1 :], (key, states)
    assert "32 shards (32 read, 0 skipped), 384 map rows" in err
    columns, rows = one_database(report_statements()[1])
    assert json.loads(out) == [dict(zip(columns, r)) for r in rows]


def _workers_of(pid):
    """The worker processes (multiprocessing's spawn) under process pid."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for child in children:
        try:
            if "spawn_main" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_run_leaves_no_worker_behind(shards, tmp_path, sig):
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(32)))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sqlite_coins.fanout",
            "--shards",
            str(listing),
            "--map",
            SLOW_MAP,
            "--reduce",
            REDUCE2,
            "--local",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        universal_newlines=True,
    )
    workers = []
    try:
        deadline = time.monotonic() + 90
        while len(workers) < 2:
            assert proc.poll() is None and time.monotonic() < deadline, "no workers started"
            workers = _workers_of(proc.pid)
            time.sleep(0.05)
        # the workers have started and are at work (importing Dask costs
        # each about a second of processor time; the map half counts after)
        while sum(w.cpu_times().user for w in workers) < 3.0:
            assert proc.poll() is None and time.monotonic() < deadline, "the workers stay idle"
            time.sleep(0.05)
        proc.send_signal(sig)
        proc.wait(timeout=60)
        gone, alive = psutil.wait_procs(workers, timeout=30)
        assert alive == [], "worker processes left behind: %s" % alive
    finally:
        if proc.poll() is None:
            proc.kill()
        for w in workers:  # never leave them to the next test
            try:
                w.kill()
            except psutil.NoSuchProcess:
                pass
    if sig == signal.SIGTERM:  # stopped its cluster itself
        assert proc.returncode == 143, proc.stderr.read()
    proc.stderr.close()


def test_a_local_cluster_listens_on_localhost_only():
    with fanout.local_cluster(2) as cluster, Client(cluster, set_as_default=False) as client:
        pids = [os.getpid()] + list(client.run(os.getpid).values())
        sockets = [c for pid in pids for c in psutil.Process(pid).connections(kind="inet")]
    listening = [c for c in sockets if c.status == psutil.CONN_LISTEN]
    assert len(listening) >= 1 + 2 * 2  # the scheduler; each worker and its nanny
    assert {c.laddr.ip for c in sockets} == {"127.0.0.1"}
    assert {c.raddr.ip for c in sockets if c.raddr} <= {"127.0.0.1"}


def test_a_worker_without_sqlite_coins_is_named(tmp_path):
    """Workers that cannot import sqlite_coins fail the run at once, with
    the way out, instead of failing every shard."""
    env = dict(os.environ, PYTHONPATH="")  # the workers' Python has no sqlite_coins
    scheduler = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            "127.0.0.1:0",
            "--scheduler-file",
            str(tmp_path / "scheduler.json"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=str(tmp_path),
        env=env,
    )
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "scheduler.json").exists():
            assert time.monotonic() < deadline and scheduler.poll() is None
            time.sleep(0.1)
        time.sleep(0.2)
        address = json.loads((tmp_path / "scheduler.json").read_text())["address"]
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_worker",
                address,
                "--nthreads",
                "1",
                "--host",
                "127.0.0.1",
                "--no-nanny",
                "--dashboard-address",
                "127.0.0.1:0",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=str(tmp_path),
            env=env,
        )
        shard = tmp_path / "one.db"
        sqlite3.connect(str(shard)).execute("CREATE TABLE t (x)").connection.close()
        run = fanout_cli("--shards", str(shard), "--map", "SELECT 1 AS one", "--scheduler", address)
        assert run.returncode == 1
        assert "a Dask worker cannot use sqlite_coins" in run.stderr
        assert "install sqlite-coins on every worker" in run.stderr
    finally:
        for p in (worker, scheduler):
            if p is not None:
                p.terminate()
                try:
                    p.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()


# ---------------------------------------------- shards on local disks


def test_placements_follow_the_files():
    """A shard runs where its file is: on the hosts that see it, anywhere
    when all do (a shared file system) or none does (SQLite then says what
    is wrong)."""
    seen = {"a": b"\x01\x01\x00\x01", "b": b"\x01\x00\x00\x01", "c": b"\x01\x00\x00\x00"}
    assert fanout.cluster._placements(seen, 4) == [None, ("a",), None, ("a", "b")]
    assert fanout.cluster._placements({"a": b"\x00\x01"}, 2) == [None, None]


@pytest.fixture
def pinned(monkeypatch):
    """pinned({index: hosts}): the shards at those indexes run on those
    hosts only, as if only those machines had their files."""

    def pin(where):
        real = fanout.cluster._where

        def fake(client, shards, stamps=None):
            placements = real(client, shards, stamps)
            for i, hosts in where.items():
                placements[i] = hosts
            return placements

        monkeypatch.setattr(fanout.cluster, "_where", fake)

    return pin


def test_a_shard_runs_on_its_host(shards, clients, pinned):
    pinned({0: ("127.0.0.1",), 3: ("127.0.0.1",)})
    result = fanout.run(shards(7), MAP2, REDUCE2, client=clients(2))
    assert repr((result.columns, result.rows)) == repr(one_database(report_statements()[1]))


def test_a_shard_whose_machines_have_no_worker(shards, clients, pinned):
    """Its task would wait for ever: after --wait seconds it fails the run
    (or is skipped), naming the shard and the machines."""
    pinned({3: ("machine-without-workers",)})
    paths = shards(7)
    with pytest.raises(fanout.FanoutError) as failed:
        fanout.run(paths, MAP2, REDUCE2, client=clients(2), wait=2)
    assert str(failed.value) == (
        "shard %s: no Dask worker on machine-without-workers, the "
        "machines that have this shard, for 2 s" % paths[3]
    )
    result = fanout.run(
        paths, "SELECT count(*) AS games FROM games", client=clients(2), wait=2, skip_bad=True
    )
    assert [name for name, _ in result.skipped] == [paths[3]]
    assert [row[0] for row in result.rows] == paths[:3] + paths[4:]
