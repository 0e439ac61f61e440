"""tests/fanout/bench_scale.py -- make bench-scale: what sqlite_coins.fanout
does with an archive of 10^6 games, and the fixed costs a projection to
10^9 games needs.  docs/scale.md reports a run of it.

    PYTHONPATH=build/fanout/py python3 tests/fanout/bench_scale.py \\
        [--games 1000000] [--shards 32] [--dir build/scale]

1. The archive: --games games in --shards shards, dealt and played by
   sql/games_db.sql (archive.deal, two processes at a time) into DIR once,
   and kept (a new count of games or shards deals afresh).  Its files are
   read once before the runs, so every run finds them in the page cache:
   the figures are what the processor does; docs/scale.md takes I/O apart.
2. Two reports, each serially (in this process), on a LocalCluster of 1
   and of 2 workers (started beforehand, the start timed apart): games per
   second of wall time, from the start of the run to its answer, reduce
   included, and games per CPU second of the workers (in-process: of this
   process), which a machine busy with other work distorts far less.  The
   three answers must agree.
     light: per variant, games and first-player wins with best play
            (coins_win on every game: one solve of a row of 4-20 coins);
     moves: the leaderboard's core (accuracy, blunders per game, average
            loss) from reviewed_moves (coins_review of every game, every
            move judged).
3. The fixed costs: starting a LocalCluster of 1 and 2 workers; a task of
   nothing (SELECT on each of 1,000 shards holding one empty table)
   serially, on 1 worker and on 2 workers, in wall time, CPU time of this
   process (client and scheduler) and of the workers, so the cost of
   opening a shard and what Dask adds to a task come apart; the bytes a
   shard's map result weighs (pickled, as Dask ships it back) for each
   report; and the reduce side for the archive of 10^9 games in shards of
   this size: one shard's map result put into mapped as many times as
   there would be shards, then the reduce query.
4. A projection for 10^9 games on 10, 100 and 1,000 workers, from these
   figures only (docs/scale.md says what it leaves out).
"""
import argparse
import json
import multiprocessing
import os
import pickle
import sqlite3
import subprocess
import sys
import time

from distributed import Client

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import archive  # noqa: E402
import sqlite_coins  # noqa: E402
from sqlite_coins import fanout  # noqa: E402

REPORTS = {
    "light": (
        "SELECT variant, count(*) AS games, "
        "sum(coins_win(variant, coins, max_take)) AS first_wins FROM games GROUP BY variant",
        "SELECT variant, sum(games) AS games, sum(first_wins) AS first_wins, "
        "round(100.0 * sum(first_wins) / sum(games), 2) AS first_win_pct "
        "FROM mapped GROUP BY variant ORDER BY variant",
    ),
    "moves": (
        "SELECT mover AS player, count(verdict) AS moves, sum(verdict = 'best') AS best, "
        "sum(verdict = 'blunder') AS blunders, count(DISTINCT game_id) AS games, "
        "sum(CASE WHEN variant <> 'I' THEN loss END) AS loss_sum, "
        "count(CASE WHEN variant <> 'I' THEN loss END) AS loss_n "
        "FROM reviewed_moves GROUP BY mover",
        "SELECT player, sum(games) AS games, "
        "round(100.0 * sum(best) / sum(moves), 1) AS accuracy_pct, "
        "round(1.0 * sum(blunders) / sum(games), 2) AS blunders_per_game, "
        "round(CAST(sum(loss_sum) AS REAL) / sum(loss_n), 2) AS avg_loss "
        "FROM mapped GROUP BY player ORDER BY accuracy_pct DESC, player",
    ),
}
TINY_SHARDS = 1000
NOTHING = "SELECT 1 AS one FROM t LIMIT 0"  # the map of a task of nothing
TARGET_GAMES = 10**9
PROJECT_WORKERS = (10, 100, 1000)


def _deal(job):
    first, last, path = job
    archive.deal(first, last, path + ".part")
    os.replace(path + ".part", path)


def make_archive(directory, games, shards):
    """The shard paths, dealt unless DIR/archive.json says they are there."""
    os.makedirs(directory, exist_ok=True)
    stamp = os.path.join(directory, "archive.json")
    paths = [os.path.join(directory, "games-%04d.db" % k) for k in range(shards)]
    want = {"games": games, "shards": shards}
    if os.path.exists(stamp) and json.load(open(stamp)) == want and all(map(os.path.exists, paths)):
        return paths, None
    jobs = [(k * games // shards + 1, (k + 1) * games // shards, p) for k, p in enumerate(paths)]
    started = time.monotonic()
    with multiprocessing.Pool(2) as pool:
        for done, _ in enumerate(pool.imap_unordered(_deal, jobs), 1):
            print("\rdealing: %d/%d shards" % (done, shards), end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(stamp, "w") as f:
        json.dump(want, f)
    return paths, time.monotonic() - started


def make_tiny(directory):
    os.makedirs(directory, exist_ok=True)
    paths = [os.path.join(directory, "tiny-%03d.db" % k) for k in range(TINY_SHARDS)]
    for p in paths:
        if not os.path.exists(p):
            db = sqlite3.connect(p)
            db.execute("CREATE TABLE t (x)")
            db.close()
    return paths


def warm(paths):
    for p in paths:
        with open(p, "rb") as f:
            while f.read(1 << 20):
                pass


def measure(shards, map_sql, reduce_sql, client):
    """Runs fanout.run; returns the result and what it took: wall seconds,
    CPU seconds of this process (the client, and with a LocalCluster the
    scheduler too) and CPU seconds of the Dask workers (in-process: none).
    CPU time is what a machine shared with other work still measures
    right; wall time is what this run took on this machine as loaded."""

    def worker_cpu():
        return sum(client.run(time.process_time).values()) if client else 0.0

    cpu, workers, wall = time.process_time(), worker_cpu(), time.monotonic()
    result = fanout.run(shards, map_sql, reduce_sql, client=client)
    wall = time.monotonic() - wall
    return result, {
        "wall_s": wall,
        "central_cpu_s": time.process_time() - cpu,
        "worker_cpu_s": worker_cpu() - workers,
    }


def central_costs(tiny, directory):
    """CPU a task of nothing costs the scheduler and the client apart, on a
    cluster as deployed: dask-scheduler and dask-worker (2 worker
    processes) as processes of their own, on 127.0.0.1."""
    import psutil

    directory = os.path.abspath(directory)  # their working directory
    os.makedirs(directory, exist_ok=True)
    address_file = os.path.join(directory, "scheduler.json")
    if os.path.exists(address_file):
        os.remove(address_file)
    local = ["--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"]
    # they run in directory: sqlite_coins must be on an absolute path
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(
            os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
        ),
    )
    scheduler = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--port",
            "0",
            "--scheduler-file",
            address_file,
        ]
        + local,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=directory,
        env=env,
    )
    workers = None
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(address_file):
            if scheduler.poll() is not None or time.monotonic() > deadline:
                sys.exit("bench-scale: dask-scheduler did not start")
            time.sleep(0.1)
        time.sleep(0.2)
        with open(address_file) as f:
            address = json.load(f)["address"]
        workers = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_worker",
                address,
                "--nworkers",
                "2",
                "--nthreads",
                "1",
            ]
            + local,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=directory,
            env=env,
        )
        with Client(address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)
            cpu = psutil.Process(scheduler.pid).cpu_times()
            _, took = measure(tiny, NOTHING, None, client)
            after = psutil.Process(scheduler.pid).cpu_times()
        spent = (after.user + after.system) - (cpu.user + cpu.system)
        return {
            "wall_s": took["wall_s"] / len(tiny),
            "scheduler_cpu_s": spent / len(tiny),
            "client_cpu_s": took["central_cpu_s"] / len(tiny),
            "worker_cpu_s": took["worker_cpu_s"] / len(tiny),
        }
    finally:
        for process in (workers, scheduler):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def start_cluster(workers):
    cluster = fanout.local_cluster(workers)
    return cluster, Client(cluster, set_as_default=False)


def map_result(path, map_sql):
    """What the map task of one shard returns (and Dask ships back)."""
    return fanout.map_shard(fanout.find_shards(path)[0].uri, map_sql)


def reduce_at_scale(paths, map_sql, reduce_sql, shards):
    """Seconds to put one shard's map result into mapped `shards` times
    (as run() does with each result it gathers: fanout's _Mapped) and run
    the reduce query (fanout's _reduce)."""
    outcome = map_result(paths[0], map_sql)
    db = sqlite3.connect("")
    sqlite_coins.load(db)
    started = time.monotonic()
    mapped = fanout.gather._Mapped(db)
    shard = fanout.Shard("a/shard/name-of-some-length-0000.db", "")
    for i in range(shards):
        mapped.put(i, shard, outcome)
    mapped.finish()
    fanout.gather._reduce(db, reduce_sql)
    seconds = time.monotonic() - started
    db.close()
    return seconds, mapped.rows


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10**6)
    p.add_argument("--shards", type=int, default=32)
    p.add_argument("--dir", default="build/scale")
    args = p.parse_args()

    paths, dealt = make_archive(args.dir, args.games, args.shards)
    tiny = make_tiny(os.path.join(args.dir, "tiny"))
    warm(paths + tiny)
    size = sum(os.path.getsize(p) for p in paths)
    games_per_shard = args.games / args.shards
    out = {
        "load_average_before": os.getloadavg(),
        "games": args.games,
        "shards": args.shards,
        "archive_bytes": size,
        "bytes_per_game": size / args.games,
        "cores": os.cpu_count(),
        "deal_seconds": dealt,
        "reports": {},
        "fixed": {},
    }
    print(
        "archive: %s games in %d shards, %.0f MB (%.0f bytes a game)%s"
        % (
            format(args.games, ","),
            args.shards,
            size / 1e6,
            size / args.games,
            "" if dealt is None else ", dealt in %.0f s" % dealt,
        )
    )

    clusters = {}
    for n in (1, 2):
        started = time.monotonic()
        clusters[n] = start_cluster(n)
        out["fixed"]["cluster_start_%d" % n] = time.monotonic() - started
    where = (("serial", None), ("1 worker", clusters[1][1]), ("2 workers", clusters[2][1]))
    try:
        for name, (map_sql, reduce_sql) in REPORTS.items():
            figures = {}
            answers = []
            for label, client in where:
                result, took = measure(paths, map_sql, reduce_sql, client)
                answers.append(result.rows)
                # the map's processor time: the workers', or in-process all of it
                cpu = took["worker_cpu_s"] or took["central_cpu_s"]
                took.update(
                    games_per_s=args.games / took["wall_s"],
                    games_per_cpu_s=args.games / cpu,
                    reduce_s=result.reduce_seconds,
                    map_rows=result.map_rows,
                )
                figures[label] = took
                print(
                    "%-6s %-9s %6.2f s wall %10s games/s | map %6.2f s CPU %10s games "
                    "a CPU second | %5.2f s CPU here"
                    % (
                        name,
                        label,
                        took["wall_s"],
                        format(round(took["games_per_s"]), ","),
                        cpu,
                        format(round(took["games_per_cpu_s"]), ","),
                        took["central_cpu_s"],
                    )
                )
            if not answers[0] == answers[1] == answers[2]:
                sys.exit("bench-scale: %s: the answers differ between serial and Dask" % name)
            shipped = [
                len(pickle.dumps(map_result(p, map_sql), protocol=pickle.HIGHEST_PROTOCOL))
                for p in paths[:4]
            ]
            figures["bytes_per_shard"] = sum(shipped) / len(shipped)
            target_shards = round(TARGET_GAMES / games_per_shard)
            figures["reduce_at_target"], figures["mapped_rows_at_target"] = reduce_at_scale(
                paths, map_sql, reduce_sql, target_shards
            )
            print(
                "%-6s %s bytes a shard shipped back; at 10^9 games (%s shards): mapped "
                "%s rows, gathered and reduced in %.1f s"
                % (
                    name,
                    format(round(figures["bytes_per_shard"]), ","),
                    format(target_shards, ","),
                    format(figures["mapped_rows_at_target"], ","),
                    figures["reduce_at_target"],
                )
            )
            out["reports"][name] = figures
        for label, client in where:
            _, took = measure(tiny, NOTHING, None, client)
            out["fixed"]["tiny " + label] = {k: v / len(tiny) for k, v in took.items()}
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    out["fixed"]["tiny apart"] = central_costs(tiny, os.path.join(args.dir, "cluster"))
    out["load_average_after"] = os.getloadavg()

    fixed = out["fixed"]
    print(
        "cluster start: 1 worker %.2f s, 2 workers %.2f s"
        % (fixed["cluster_start_1"], fixed["cluster_start_2"])
    )
    for label in ("serial", "1 worker", "2 workers"):
        tiny_took = fixed["tiny " + label]
        print(
            "a task of nothing (%d shards), %-9s: %5.2f ms wall, %5.2f ms CPU here, %5.2f ms "
            "CPU in workers, a shard"
            % (
                TINY_SHARDS,
                label,
                1e3 * tiny_took["wall_s"],
                1e3 * tiny_took["central_cpu_s"],
                1e3 * tiny_took["worker_cpu_s"],
            )
        )
    apart = fixed["tiny apart"]
    print(
        "a task of nothing, dask-scheduler and dask-worker apart: %.2f ms wall, %.2f ms CPU in "
        "the scheduler, %.2f ms in the client, %.2f ms in the workers, a shard"
        % (
            1e3 * apart["wall_s"],
            1e3 * apart["scheduler_cpu_s"],
            1e3 * apart["client_cpu_s"],
            1e3 * apart["worker_cpu_s"],
        )
    )
    print(
        "load average: %.1f before, %.1f after (1 minute)"
        % (out["load_average_before"][0], out["load_average_after"][0])
    )
    out["projection"] = project(out, games_per_shard)
    with open(os.path.join(args.dir, "results.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("(all figures: %s)" % os.path.join(args.dir, "results.json"))


def project(out, games_per_shard):
    """10^9 games on W workers, each with a core of its own, the cluster
    already running, from processor times (which a loaded machine does not
    distort the way it does wall times):
    - map: each worker runs shards / W tasks, each costing the shard's
      games at the games per CPU second the 2 workers kept up here, plus
      the worker CPU a task of nothing cost (opening a shard, Dask's own
      bookkeeping);
    - central: every task costs the scheduler and the client (processes
      of their own, each on a core) the CPU a task of nothing cost them
      with dask-scheduler and dask-worker apart; the busier of the two
      bounds the rate at which tasks can go;
    - reduce: gathering into mapped and reducing, measured at that number
      of shards.
    The run takes the longer of map and central, then the reduce.  For the
    archive's shard size and for shards of 10^6 games."""
    apart = out["fixed"]["tiny apart"]
    central_task = max(apart["scheduler_cpu_s"], apart["client_cpu_s"])
    central_name = "scheduler" if apart["scheduler_cpu_s"] >= apart["client_cpu_s"] else "client"
    projection = {}
    for per_shard in (games_per_shard, 10**6):
        shards = TARGET_GAMES / per_shard
        print(
            "\n10^9 games (%.0f GB) in %s shards of %s games:"
            % (
                TARGET_GAMES * out["bytes_per_game"] / 1e9,
                format(round(shards), ","),
                format(round(per_shard), ","),
            )
        )
        for name, figures in out["reports"].items():
            rate = figures["2 workers"]["games_per_cpu_s"]
            reduce_seconds = figures["reduce_at_target"] * games_per_shard / per_shard
            read_rate = rate * out["bytes_per_game"]
            central = shards * central_task
            for workers in PROJECT_WORKERS:
                each = per_shard / rate + apart["worker_cpu_s"]
                mapping = max(1.0, shards / workers) * each
                total = max(mapping, central) + reduce_seconds
                projection["%s, %d games a shard, %d workers" % (name, per_shard, workers)] = {
                    "map_s": mapping,
                    "central_s": central,
                    "reduce_s": reduce_seconds,
                    "total_s": total,
                    "read_MB_s_a_worker": read_rate / 1e6,
                    "read_GB_s_all": read_rate * workers / 1e9,
                    "shipped_MB": shards * figures["bytes_per_shard"] / 1e6,
                }
                print(
                    "%-6s %5d workers: map %8.1f s, central %6.1f s, reduce %5.1f s -> %8.1f s "
                    "(%s); reads %.0f MB/s a worker, %.1f GB/s in all; %.0f MB shipped back"
                    % (
                        name,
                        workers,
                        mapping,
                        central,
                        reduce_seconds,
                        total,
                        "map" if mapping >= central else central_name,
                        read_rate / 1e6,
                        read_rate * workers / 1e9,
                        shards * figures["bytes_per_shard"] / 1e6,
                    )
                )
    return projection


if __name__ == "__main__":
    main()
