"""tests/fanout/bench_scale.py -- make bench-scale: what sqlite_coins.fanout
and sqlite_coins.dask do with an archive of 10^6 games, on a cluster of
separate processes, and the figures a projection to 10^9 games needs.
docs/scale.md reports a run of it.

    PYTHONPATH=build/fanout/py python3 tests/fanout/bench_scale.py \\
        [--games 1000000] [--shards 32] [--dir build/scale] [--runs 2]

1. The archive: --games games in --shards shards, dealt and played by
   sql/games_db.sql (archive.deal, two processes at a time) into DIR once,
   and kept.  Its files are read once before the runs, so every run finds
   them in the page cache: the figures are what the processors do.
2. A cluster as deployed (tests/fanout/cluster.py): ``dask scheduler`` and
   two ``dask worker`` processes (nanny, one thread), on 127.0.0.1.
3. Three reports, in this process and on the cluster (--runs times each):
   games per CPU second of the map (the workers'; in-process, this
   process's), wall time, and the CPU the scheduler and this process (the
   client) spent.  The answers must agree.
     light:     per variant, games and first-player wins with best play
                (coins_win: one solve of 4-20 coins a game);
     moves:     the leaderboard's core from reviewed_moves (coins_review:
                every move judged), aggregated on each shard;
     scorecard: a card a game and player (moves, best moves, blunders,
                loss) from reviewed_moves: a row per game and player comes
                back, and the reduce takes each player's mean card.
4. The scorecard's reduce two ways: the runner's (the rows gathered into
   mapped in the client, one SQL query) and the DataFrame route
   (sqlite_coins.dask.read_sql, then a Dask group-by on the workers).
5. Fixed costs on the cluster: a task of nothing (SELECT on each of 1,000
   shards holding one empty table): CPU on the scheduler, the client and
   the workers a task; the bytes a shard's map result weighs.
6. The projection to 10^9 games on 10, 100 and 1,000 workers, as a range
   between the slowest and the fastest run measured (docs/scale.md says
   what it leaves out).
"""
import argparse
import json
import multiprocessing
import os
import pickle
import sqlite3
import sys
import tempfile
import time

import psutil
from distributed import Client

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import archive  # noqa: E402
from cluster import ProcessCluster  # noqa: E402
import sqlite_coins  # noqa: E402
from sqlite_coins import fanout  # noqa: E402
from sqlite_coins.dask import read_sql, sqlite_round  # noqa: E402

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
    "scorecard": (
        "SELECT game_id, mover AS player, count(*) AS moves, sum(verdict = 'best') AS best, "
        "sum(verdict = 'blunder') AS blunders, total(loss) AS loss "
        "FROM reviewed_moves GROUP BY game_id, mover",
        "SELECT player, count(*) AS games, round(avg(100.0 * best / moves), 2) AS game_accuracy, "
        "round(avg(blunders), 3) AS blunders, max(blunders) AS worst, "
        "round(avg(loss), 2) AS loss FROM mapped GROUP BY player ORDER BY player",
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
    if os.path.exists(stamp) and all(map(os.path.exists, paths)):
        with open(stamp) as f:
            if json.load(f) == want:
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


class Meter:
    """CPU seconds of this process (the client), of the scheduler process
    and of the workers, and wall seconds, over a with block."""

    def __init__(self, client=None, scheduler_pid=None):
        self.client = client
        self.scheduler = psutil.Process(scheduler_pid) if scheduler_pid else None

    def _now(self):
        workers = sum(self.client.run(time.process_time).values()) if self.client else 0.0
        sched = 0.0
        if self.scheduler is not None:
            t = self.scheduler.cpu_times()
            sched = t.user + t.system
        return time.monotonic(), time.process_time(), sched, workers

    def __enter__(self):
        self.start = self._now()
        return self

    def __exit__(self, *exc):
        end = self._now()
        self.wall_s, self.client_cpu_s, self.scheduler_cpu_s, self.worker_cpu_s = [
            b - a for a, b in zip(self.start, end)
        ]


def scorecard_on_dask(paths, client):
    """The scorecard report by the DataFrame route: (rows, seconds of the
    map (read_sql), seconds of the reduce (the group-by, on the workers))."""
    map_sql = REPORTS["scorecard"][0]
    started = time.monotonic()
    cards = read_sql(map_sql, paths, client=client)
    mapped = time.monotonic()
    cards = cards.assign(acc=100.0 * cards.best / cards.moves)
    table = (
        cards.groupby("player")
        .agg(
            games=("game_id", "count"),
            game_accuracy=("acc", "mean"),
            blunders=("blunders", "mean"),
            worst=("blunders", "max"),
            loss=("loss", "mean"),
        )
        .compute(scheduler=client)
        .sort_index()
    )
    reduced = time.monotonic()
    rows = [
        (
            player,
            int(r.games),
            sqlite_round(r.game_accuracy, 2),
            sqlite_round(r.blunders, 3),
            int(r.worst),
            sqlite_round(r.loss, 2),
        )
        for player, r in table.iterrows()
    ]
    tasks = len(cards.groupby("player").agg(games=("game_id", "count")).__dask_graph__())
    return rows, mapped - started, reduced - mapped, tasks


def reduce_at_scale(paths, map_sql, reduce_sql, shards):
    """Seconds to put one shard's map result into mapped `shards` times
    (as run() does with each result it gathers) and run the reduce query;
    and the rows of mapped."""
    outcome = fanout.map_shard(fanout.find_shards(paths[0])[0].uri, map_sql)
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
    p.add_argument("--runs", type=int, default=2)
    args = p.parse_args()

    paths, dealt = make_archive(args.dir, args.games, args.shards)
    tiny = make_tiny(os.path.join(args.dir, "tiny"))
    warm(paths + tiny)
    size = sum(os.path.getsize(p) for p in paths)
    out = {
        "load_average_before": os.getloadavg(),
        "games": args.games,
        "shards": args.shards,
        "archive_bytes": size,
        "bytes_per_game": size / args.games,
        "cores": os.cpu_count(),
        "deal_seconds": dealt,
        "reports": {},
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

    # the workers run in their own directory: sqlite_coins on an absolute path
    os.environ["PYTHONPATH"] = os.pathsep.join(
        os.path.abspath(d) for d in os.environ.get("PYTHONPATH", "").split(os.pathsep) if d
    )
    with tempfile.TemporaryDirectory() as scratch, ProcessCluster(2, scratch) as cluster:
        with Client(cluster.address, set_as_default=False) as client:
            for name, (map_sql, reduce_sql) in REPORTS.items():
                figures = {"serial": [], "cluster": []}
                answers = []
                for where in ("serial", "cluster"):
                    for _ in range(args.runs if where == "cluster" else 1):
                        on = client if where == "cluster" else None
                        with Meter(on, cluster.scheduler.pid) as m:
                            result = fanout.run(paths, map_sql, reduce_sql, client=on)
                        answers.append(result.rows)
                        cpu = m.worker_cpu_s if on else m.client_cpu_s
                        took = dict(
                            vars(m),
                            games_per_cpu_s=args.games / cpu,
                            games_per_s=args.games / m.wall_s,
                            reduce_s=result.reduce_seconds,
                            map_rows=result.map_rows,
                        )
                        took.pop("client"), took.pop("scheduler"), took.pop("start")
                        figures[where].append(took)
                        print(
                            "%-9s %-7s %6.2f s wall %9s games/s | %9s games a map CPU second "
                            "| reduce %.2f s, %s map rows"
                            % (
                                name,
                                where,
                                m.wall_s,
                                format(round(took["games_per_s"]), ","),
                                format(round(took["games_per_cpu_s"]), ","),
                                result.reduce_seconds,
                                format(result.map_rows, ","),
                            )
                        )
                if any(a != answers[0] for a in answers):
                    sys.exit("bench-scale: %s: the answers differ between runs" % name)
                shipped = [
                    len(pickle.dumps(fanout.map_shard(fanout.find_shards(p)[0].uri, map_sql)))
                    for p in paths[:4]
                ]
                figures["bytes_per_shard"] = sum(shipped) / len(shipped)
                figures["map_rows_per_game"] = answers and result.map_rows / args.games
                if name != "scorecard":  # its mapped at 10^9 games: 2 * 10^9 rows
                    target = round(TARGET_GAMES / (args.games / args.shards))
                    seconds, rows = reduce_at_scale(paths, map_sql, reduce_sql, target)
                    figures["reduce_at_target"], figures["mapped_rows_at_target"] = seconds, rows
                    print(
                        "%-9s at 10^9 games: mapped %s rows, gathered and reduced in %.1f s"
                        % (name, format(rows, ","), seconds)
                    )
                out["reports"][name] = figures
                scorecard = answers[0]
            route = []
            sql_reduce = out["reports"]["scorecard"]["cluster"][0]["reduce_s"]
            for _ in range(args.runs):
                rows, map_s, reduce_s, tasks = scorecard_on_dask(paths, client)
                route.append({"map_s": map_s, "reduce_s": reduce_s, "graph_tasks": tasks})
                print(
                    "scorecard DataFrame route: read_sql %.2f s, Dask group-by %.2f s "
                    "(%d tasks in its graph) | the runner's SQL reduce: %.2f s"
                    % (map_s, reduce_s, tasks, sql_reduce)
                )
                if rows != scorecard:
                    sys.exit("bench-scale: the DataFrame route's scorecard differs from SQL's")
            out["dataframe_route"] = route
            nothing = []
            for _ in range(args.runs):
                with Meter(client, cluster.scheduler.pid) as m:
                    fanout.run(tiny, NOTHING, client=client)
                each = {
                    k: getattr(m, k) / len(tiny)
                    for k in ("wall_s", "client_cpu_s", "scheduler_cpu_s", "worker_cpu_s")
                }
                nothing.append(each)
                print(
                    "a task of nothing: %.2f ms wall; CPU: scheduler %.2f ms, client %.2f ms, "
                    "workers %.2f ms"
                    % tuple(
                        1e3 * each[k]
                        for k in ("wall_s", "scheduler_cpu_s", "client_cpu_s", "worker_cpu_s")
                    )
                )
            out["task_of_nothing"] = nothing
    out["load_average_after"] = os.getloadavg()
    print(
        "load average: %.1f before, %.1f after (1 minute)"
        % (out["load_average_before"][0], out["load_average_after"][0])
    )
    out["projection"] = project(out, args.games / args.shards)
    with open(os.path.join(args.dir, "results.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("(all figures: %s)" % os.path.join(args.dir, "results.json"))


def project(out, games_per_shard):
    """10^9 games on W workers, each with a core of its own, the cluster
    already running, from processor times (which a loaded machine distorts
    far less than wall times), as a range: low from the slowest figures
    measured, high from the fastest.
    - map: each worker runs shards / W tasks, each costing the shard's
      games at the games per worker CPU second measured on the cluster,
      plus the worker CPU a task of nothing cost;
    - central: every task costs the scheduler and the client (processes of
      their own, each on a core) the CPU a task of nothing cost them; the
      busier of the two bounds the rate at which tasks can go;
    - reduce: gathering into mapped and reducing, measured at that number
      of shards (the scorecard: its measured reduce, times the growth of
      its mapped rows).
    The run takes the longer of map and central, then the reduce.  The
    scorecard by the DataFrame route: its group-by's tasks add to central
    (the graph's tasks a shard, measured), and its reduce is the measured
    group-by's CPU (2 workers' wall time) times the growth of the games,
    spread over the W workers.  For the archive's shard size and for
    shards of 10^6 games."""
    nothing = out["task_of_nothing"]
    route = out["dataframe_route"]
    projection = {}
    for per_shard in (games_per_shard, 10**6):
        shards = TARGET_GAMES / per_shard
        print(
            "\n10^9 games (%.0f GB) in %s shards of %s games (slow .. fast):"
            % (
                TARGET_GAMES * out["bytes_per_game"] / 1e9,
                format(round(shards), ","),
                format(round(per_shard), ","),
            )
        )
        rows = [(name, name) for name in out["reports"]] + [("scorecard", "scorecard, DataFrame")]
        for name, label in rows:
            figures = out["reports"][name]
            dataframe = label != name
            if "reduce_at_target" in figures:
                reduce_s = figures["reduce_at_target"] * games_per_shard / per_shard
            elif not dataframe:  # grows with the rows mapped, which grow with the games
                reduce_s = (
                    max(r["reduce_s"] for r in figures["cluster"]) * TARGET_GAMES / (out["games"])
                )
            for workers in PROJECT_WORKERS:
                ends = []
                for slow in (True, False):
                    pick = max if slow else min
                    task_worker = pick(n["worker_cpu_s"] for n in nothing)
                    task_central = pick(
                        max(n["scheduler_cpu_s"], n["client_cpu_s"]) for n in nothing
                    )
                    # the map's own rate: the workers' CPU less what the tasks cost them
                    rate = (min if slow else max)(
                        out["games"] / (r["worker_cpu_s"] - out["shards"] * task_worker)
                        for r in figures["cluster"]
                    )
                    tasks = shards
                    if dataframe:  # the group-by's tasks too, and its work spread over W
                        tasks *= max(r["graph_tasks"] for r in route) / out["shards"]
                        reduce_s = (
                            pick(r["reduce_s"] for r in route)
                            * 2
                            * TARGET_GAMES
                            / out["games"]
                            / workers
                        )
                    mapping = max(1.0, shards / workers) * (per_shard / rate + task_worker)
                    central = tasks * task_central
                    ends.append(
                        {
                            "map_s": mapping,
                            "central_s": central,
                            "reduce_s": reduce_s,
                            "total_s": max(mapping, central) + reduce_s,
                            "bound": "map" if mapping >= central else "scheduler",
                        }
                    )
                projection["%s, %d games a shard, %d workers" % (label, per_shard, workers)] = ends
                print(
                    "%-20s %5d workers: map %7.1f .. %7.1f s, central %6.1f .. %6.1f s, reduce "
                    "%7.1f .. %7.1f s -> %7.1f .. %7.1f s (%s .. %s)"
                    % (
                        label,
                        workers,
                        ends[0]["map_s"],
                        ends[1]["map_s"],
                        ends[0]["central_s"],
                        ends[1]["central_s"],
                        ends[0]["reduce_s"],
                        ends[1]["reduce_s"],
                        ends[0]["total_s"],
                        ends[1]["total_s"],
                        ends[0]["bound"],
                        ends[1]["bound"],
                    )
                )
    return projection


if __name__ == "__main__":
    main()
