"""The command line, python3 -m sqlite_coins.fanout: arguments, a progress
bar on a terminal, the result and the run's summary."""
import argparse
import io
import logging
import signal
import sys
import time
from typing import List, Optional, TextIO

from .engine import run
from .output import FORMATS, write_result, write_table
from .result import FanoutError
from .shards import find_shards


DB_SUFFIXES = (".db", ".sqlite", ".sqlite3")


class _ProgressBar:
    """shards done / total, map rows, elapsed, redrawn in place on a
    terminal at most ten times a second; erased before the summary."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int, rows: int, seconds: float) -> None:
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

    def erase(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _sql_argument(text: str) -> str:
    """--map/--reduce: the SQL itself, or @FILE for the SQL in FILE."""
    if text.startswith("@"):
        try:
            with open(text[1:], encoding="utf-8") as f:
                return f.read()
        except OSError as e:
            raise argparse.ArgumentTypeError("cannot read %s: %s" % (text[1:], e.strerror))
    return text


def _parser() -> argparse.ArgumentParser:
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
        "(a path, a file: URI or HOST:/PATH a line); may be repeated",
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
        help="how long to wait for the scheduler to answer, for a first Dask worker, "
        "and for a worker on a machine that has a shard when none is left (30)",
    )
    p.add_argument(
        "--task-timeout",
        type=float,
        metavar="SECONDS",
        help="stop a shard's map query after SECONDS (the shard fails), and move the tasks "
        "of a worker silent that long to other workers (default: no limit)",
    )
    p.add_argument(
        "--resume",
        metavar="DIR",
        help="keep each shard's map rows in DIR as they arrive; a run again with the same "
        "DIR maps only the shards that are new or changed (or whose map query changed)",
    )
    p.add_argument(
        "--map-out",
        metavar="DIR",
        help="also write each shard's map rows into DIR, a file a shard, for other "
        "programs to read, with DIR/_fanout.json listing them",
    )
    p.add_argument(
        "--map-format",
        choices=("csv", "parquet"),
        default="csv",
        help="the files of --map-out (csv; parquet needs pyarrow)",
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


def _quiet_dask() -> None:
    """A scheduler lost mid-run is reported once, as that (SchedulerLost),
    not also as the tracebacks Dask's client and Tornado log about the
    broken connection.  Importing distributed sets its loggers' levels from
    Dask's configuration, so this comes after that import."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return  # run() says what to install
    for noisy in ("distributed.client", "distributed.utils", "tornado.application"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)


def main(argv: Optional[List[str]] = None) -> int:
    """The command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.allow_partial and not args.skip_bad:
        parser.error("--allow-partial goes with --skip-bad")
    if args.local is not None or args.scheduler is not None:
        _quiet_dask()
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
            task_timeout=args.task_timeout,
            resume=args.resume,
            map_out=args.map_out,
            map_format=args.map_format,
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
        write_table(args.out, args.table, result.columns, result.rows, result)
    elif args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            write_result(f, args.format, result)
    else:
        out = io.TextIOWrapper(
            sys.stdout.buffer,
            encoding="utf-8",
            newline="",
            line_buffering=False,
            write_through=False,
        )
        write_result(out, args.format, result)
        out.flush()
        out.detach()
    print(result.summary(), file=sys.stderr)
    return 1 if result.skipped and not args.allow_partial else 0
