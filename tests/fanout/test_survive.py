"""Runs that survive, on a cluster of separate processes (``dask scheduler``
and two ``dask worker`` under their nannies, each restarted by a
supervisor when it exits, on 127.0.0.1; tests/fanout/cluster.py):

- the scheduler SIGKILLed mid-run: the run says it lost the scheduler
  (not that a shard failed), the shards done are kept by --resume, and
  once the scheduler is back a run maps only the others and gives the one
  database's answer;
- a worker SIGSTOPped with tasks on it: past --task-timeout it is dropped
  and its tasks run elsewhere, long before Dask's five-minute TTL;
- an archive grown by a shard between two runs: the second maps the new
  shard only.

Every wait is bounded; every process started is stopped, on failure too."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from cluster import ProcessCluster
from conftest import fanout_cli, one_database, report_halves, report_statements
from sqlite_coins import fanout

NAME, MAP2, REDUCE2 = report_halves()[1]
# the leaderboard's map half with some counting added: a task of a second
# or so, so that a run over 32 shards on two workers lasts long enough for
# a kill to land in its middle
SLOW_MAP = (
    "SELECT * FROM (%s) JOIN (SELECT count(*) AS spin FROM (WITH RECURSIVE c(i) AS "
    "(SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000000) SELECT i FROM c))" % MAP2
)


def leaderboard_json():
    columns, rows = one_database(report_statements()[1])
    return [dict(zip(columns, r)) for r in rows]


def kept(resume_dir):
    """Shards kept in a --resume directory so far."""
    path = os.path.join(resume_dir, fanout.resume.FILE)
    if not os.path.exists(path):
        return 0
    db = sqlite3.connect(path, timeout=10)
    try:
        return db.execute("SELECT count(*) FROM mapped_shard").fetchone()[0]
    except sqlite3.OperationalError:  # not made yet
        return 0
    finally:
        db.close()


def start_run(*args):
    return subprocess.Popen(
        [sys.executable, "-m", "sqlite_coins.fanout"] + list(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
    )


def finish(proc, timeout):
    try:
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_a_lost_scheduler_is_said_and_the_run_resumes(shards, tmp_path):
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(32)))
    resume = str(tmp_path / "resume")
    args = ["--shards", str(listing), "--map", SLOW_MAP, "--reduce", REDUCE2, "--format", "json"]
    with ProcessCluster(2, str(tmp_path)) as cluster:
        run = start_run(*args, "--scheduler", cluster.address, "--resume", resume)
        try:
            deadline = time.monotonic() + 120
            while kept(resume) < 2:
                assert run.poll() is None, run.communicate()
                assert time.monotonic() < deadline, "no shard done in 120 s"
                time.sleep(0.05)
            cluster.kill_scheduler(signal.SIGKILL)
            lost_at = time.monotonic()
            out, err = finish(run, 60)
        finally:
            if run.poll() is None:
                run.kill()
        assert run.returncode == 1
        assert time.monotonic() - lost_at < 30, "the run took long to see the scheduler go"
        assert "fanout: error: lost the Dask scheduler %s" % cluster.address in err, err
        assert "no shard failed" in err and "--resume %s" % resume in err
        assert "error: shard" not in err and "Traceback" not in err, err
        done_before = kept(resume)
        assert 2 <= done_before < 32
        # the scheduler back on its port; the supervisors start the workers
        # again, which join it
        cluster.start_scheduler()
        cluster.wait_for_workers(2, 120)
        again = fanout_cli(*args, "--scheduler", cluster.address, "--resume", resume, timeout=180)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == leaderboard_json()
    resumed = int(again.stderr.split(" of them from --resume")[0].rsplit(" ", 1)[1])
    assert resumed >= done_before, again.stderr
    assert "32 shards (32 read, %d of them from --resume, 0 skipped), 384 map rows" % resumed in (
        again.stderr
    )
    assert kept(resume) == 32


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with ProcessCluster(2, str(tmp_path_factory.mktemp("survive"))) as running:
        yield running


def test_a_stopped_worker_loses_its_tasks_after_the_timeout(cluster, shards, tmp_path):
    from distributed import Client

    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(7)))
    with Client(cluster.address, set_as_default=False, timeout=30) as client:
        pids = client.run(os.getpid)
        run = start_run(
            "--shards", str(listing), "--map", SLOW_MAP, "--reduce", REDUCE2, "--format",
            "json", "--scheduler", cluster.address, "--task-timeout", "4",
        )  # fmt: skip
        stopped = None
        try:
            deadline = time.monotonic() + 60
            while True:
                assert run.poll() is None, run.communicate()
                assert time.monotonic() < deadline, "no worker got a task"
                ages, _ = fanout.cluster._on_scheduler()
                busy = [w for w in client.run_on_scheduler(ages, prefix="fanout-map-") if w in pids]
                if busy:
                    break
                time.sleep(0.05)
            stopped = pids[busy[0]]
            os.kill(stopped, signal.SIGSTOP)
            stopped_at = time.monotonic()
            out, err = finish(run, 120)
        finally:
            if stopped is not None:
                os.kill(stopped, signal.SIGKILL)  # its nanny starts another
            if run.poll() is None:
                run.kill()
    assert run.returncode == 0, err
    assert time.monotonic() - stopped_at < 100  # Dask alone: 300 s
    assert "dropping the Dask worker %s" % busy[0] in err
    assert json.loads(out) == leaderboard_json()
    cluster.wait_for_workers(2, 120)


def test_a_grown_archive_maps_only_the_new_shard(cluster, shards, tmp_path):
    paths = shards(8)
    resume = str(tmp_path / "resume")
    first = fanout.run(paths[:7], MAP2, REDUCE2, scheduler=cluster.address, resume=resume)
    assert (first.shards, first.resumed) == (7, 0)
    grown = fanout.run(paths, MAP2, REDUCE2, scheduler=cluster.address, resume=resume)
    assert (grown.shards, grown.resumed, grown.skipped) == (8, 7, [])
    assert repr((grown.columns, grown.rows)) == repr(one_database(report_statements()[1]))
    assert "(8 read, 7 of them from --resume, 0 skipped)" in grown.summary()
    # another map query, or a shard that changed, is mapped afresh
    other = fanout.run(paths, MAP2 + " ", None, scheduler=cluster.address, resume=resume)
    assert other.resumed == 0
    os.utime(paths[3], ns=(time.time_ns(), time.time_ns()))
    touched = fanout.run(paths, MAP2, REDUCE2, scheduler=cluster.address, resume=resume)
    assert touched.resumed == 7
    assert repr((touched.columns, touched.rows)) == repr((grown.columns, grown.rows))


def test_a_long_map_query_stops_at_the_timeout(shards):
    with pytest.raises(fanout.FanoutError) as failed:
        fanout.run(shards(1), SLOW_MAP, task_timeout=0.05)
    assert str(failed.value) == (
        "shard %s: the map query ran longer than 0.05 s (--task-timeout): interrupted"
        % shards(1)[0]
    )


def test_wait_bounds_the_connection(tmp_path, shards):
    from cluster import free_port

    started = time.monotonic()
    run = fanout_cli(
        "--shards", shards(1)[0], "--map", "SELECT 1 AS one",
        "--scheduler", "tcp://127.0.0.1:%d" % free_port(), "--wait", "3",
    )  # fmt: skip
    assert run.returncode == 1
    assert time.monotonic() - started < 20
    assert "fanout: error: cannot reach the Dask scheduler tcp://127.0.0.1:" in run.stderr
    assert "(waited 3 s)" in run.stderr
