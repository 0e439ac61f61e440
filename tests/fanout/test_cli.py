"""python3 -m sqlite_coins.fanout as a user runs it: the outputs (box as
the sqlite3 shell draws it, csv, json, --out FILE and FILE.db), the ways
of naming shards, every shard accounted for (errors naming the shard and
SQLite's message, --skip-bad, --allow-partial), the progress bar on a
terminal and nothing but the summary elsewhere, --local, and Dask
missing."""
import csv
import io
import json
import os
import pty
import sqlite3
import subprocess
import sys

import pytest

from conftest import GAMES_DB, REPORT_HALVES, fanout_cli, one_database, report_statements
from sqlite_coins import fanout, loadable_path

MAP4 = "@" + os.path.join(REPORT_HALVES, "4-greedy-cost.map.sql")
REDUCE4 = "@" + os.path.join(REPORT_HALVES, "4-greedy-cost.reduce.sql")
MAP2 = "@" + os.path.join(REPORT_HALVES, "2-leaderboard.map.sql")
REDUCE2 = "@" + os.path.join(REPORT_HALVES, "2-leaderboard.reduce.sql")
COUNT = "SELECT count(*) AS games FROM games"


@pytest.fixture
def seven(shards):
    """The glob of build/games.db in 7 shards."""
    return os.path.join(os.path.dirname(shards(7)[0]), "*.db")


def shell(mode, sql):
    """What the sqlite3 shell prints for sql on build/games.db with coins
    loaded, with the mode options (e.g. -box)."""
    return subprocess.run(
        ["sqlite3", "-bail", "-cmd", ".load " + loadable_path()] + mode + [GAMES_DB, sql],
        stdout=subprocess.PIPE,
        universal_newlines=True,
        check=True,
    ).stdout


def read(at_file):
    with open(at_file[1:], encoding="utf-8") as f:
        return f.read()


def summary_lines(stderr):
    return [line for line in stderr.splitlines() if line.startswith("fanout: ")]


# ------------------------------------------------------------------ outputs


def test_box_is_the_shell_s_box(seven):
    run = fanout_cli("--shards", seven, "--map", MAP2, "--reduce", REDUCE2)
    assert run.returncode == 0, run.stderr
    report = report_statements()[1]
    assert run.stdout == shell(["-box"], report)


def test_csv_reads_as_the_shell_s(seven):
    """The same fields as the shell's CSV (which quotes more: any space)."""
    run = fanout_cli("--shards", seven, "--map", MAP2, "--reduce", REDUCE2, "--format", "csv")
    assert run.returncode == 0, run.stderr
    report = report_statements()[1]
    rows = list(csv.reader(io.StringIO(run.stdout)))
    assert rows == list(csv.reader(io.StringIO(shell(["-csv", "-header"], report))))
    assert len(rows) == 13 and rows[0][0] == "player" and run.stdout.count("\r") == 0


def test_json_is_an_array_of_objects(seven):
    run = fanout_cli("--shards", seven, "--map", MAP4, "--reduce", REDUCE4, "--format", "json")
    assert run.returncode == 0, run.stderr
    columns, rows = one_database(report_statements()[3])
    got = json.loads(run.stdout)
    assert repr([list(o.items()) for o in got]) == repr([list(zip(columns, row)) for row in rows])
    assert summary_lines(run.stderr) == [line for line in run.stderr.splitlines()]
    assert "7 shards (7 read, 0 skipped)" in run.stderr


def test_json_of_nothing_and_blobs(seven):
    run = fanout_cli(
        "--shards", seven, "--map", "SELECT x'00ff' AS b, 1.5 AS r LIMIT 0", "--format", "json"
    )
    assert (run.returncode, run.stdout) == (0, "[]\n")
    run = fanout_cli(
        "--shards",
        seven,
        "--map",
        "SELECT x'00ff' AS b, 2.0 AS r, NULL AS n",
        "--reduce",
        "SELECT DISTINCT b, r, n FROM mapped",
        "--format",
        "json",
    )
    assert json.loads(run.stdout) == [{"b": "00FF", "r": 2.0, "n": None}]


def test_out_db_writes_a_table(seven, tmp_path):
    out = str(tmp_path / "out.db")
    keep = sqlite3.connect(out)
    keep.execute("CREATE TABLE other (x)")
    keep.execute("INSERT INTO other VALUES (1)")
    keep.commit()
    keep.close()
    for _ in range(2):  # the second run replaces the table
        run = fanout_cli("--shards", seven, "--map", MAP4, "--reduce", REDUCE4, "--out", out)
        assert (run.returncode, run.stdout) == (0, ""), run.stderr
    run = fanout_cli("--shards", seven, "--map", COUNT, "--out", out, "--table", "per shard")
    db = sqlite3.connect(out)
    got = db.execute("SELECT * FROM result").fetchall()
    assert repr(got) == repr(one_database(report_statements()[3])[1])
    assert db.execute('SELECT sum(games) FROM "per shard"').fetchone() == (3000,)
    assert db.execute("SELECT * FROM other").fetchall() == [(1,)]
    db.close()


def test_out_file_takes_the_format(seven, tmp_path):
    out = tmp_path / "out.csv"
    run = fanout_cli("--shards", seven, "--map", COUNT, "--format", "csv", "--out", str(out))
    assert (run.returncode, run.stdout) == (0, ""), run.stderr
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0] == ["shard", "games"] and len(rows) == 8
    assert sum(int(r[1]) for r in rows[1:]) == 3000


# ------------------------------------------------------------- naming shards


def test_list_file_paths_uris_and_comments(shards, tmp_path):
    paths = shards(7)
    listing = tmp_path / "list" / "shards.txt"
    listing.parent.mkdir()
    lines = ["# the archive, a shard a line", ""]
    lines += [os.path.relpath(p, listing.parent) for p in paths[:3]]  # relative to the list
    lines += ["file:%s?cache=private" % p for p in paths[3:5]]
    lines += ["file:%s?mode=ro" % paths[5], "  " + paths[6] + "  "]
    listing.write_text("\n".join(lines) + "\n")
    run = fanout_cli("--shards", str(listing), "--map", COUNT, "--format", "json")
    assert run.returncode == 0, run.stderr
    names = [o["shard"] for o in json.loads(run.stdout)]
    assert names == [line.strip() for line in lines[2:]]
    assert sum(o["games"] for o in json.loads(run.stdout)) == 3000


def test_several_globs_and_python_lists(shards):
    paths = shards(7)
    rest = os.path.join(os.path.dirname(paths[0]), "shard-00[1-6].db")
    run = fanout_cli(
        "--shards",
        paths[0],
        "--shards",
        rest,
        "--map",
        MAP4,
        "--reduce",
        REDUCE4,
        "--format",
        "json",
    )
    assert run.returncode == 0, run.stderr
    result = fanout.run(paths, read(MAP4), read(REDUCE4))
    assert json.loads(run.stdout) == [dict(zip(result.columns, r)) for r in result.rows]


@pytest.mark.parametrize("second", ["same", "relative", "symlink", "hardlink", "uri"])
def test_a_shard_listed_twice_is_refused(shards, tmp_path, second):
    first = shards(7)[0]
    other = {
        "same": first,
        "relative": os.path.relpath(first),
        "symlink": str(tmp_path / "link.db"),
        "hardlink": str(tmp_path / "link.db"),
        "uri": "file:%s?cache=private" % first,
    }[second]
    if second == "symlink":
        os.symlink(first, other)
    if second == "hardlink":
        os.link(first, other)
    run = fanout_cli("--shards", first, "--shards", other, "--map", COUNT)
    assert (run.returncode, run.stdout) == (1, "")
    st = os.stat(first)
    assert run.stderr == (
        "fanout: error: shard %s is listed twice: %s and %s are one file "
        "(device %d, inode %d); each shard must be listed once\n"
        % (other, first, other, st.st_dev, st.st_ino)
    )


def test_a_uri_may_not_ask_for_writing(shards):
    with pytest.raises(fanout.FanoutError, match="read-only"):
        fanout.run(["file:%s?mode=rw" % shards(7)[0]], COUNT)


def test_a_glob_that_matches_nothing(tmp_path):
    run = fanout_cli("--shards", str(tmp_path / "*.db"), "--map", COUNT)
    assert run.returncode == 1
    assert "no file matches" in run.stderr


# ----------------------------------------------- every shard accounted for


@pytest.fixture
def bad_shards(tmp_path):
    """{name: (path, SQLite's message)} of shards that fail."""
    text = tmp_path / "notes.db"
    text.write_text("not a database, but named like one\n" * 100)
    other = tmp_path / "other.db"
    db = sqlite3.connect(str(other))
    db.execute("CREATE TABLE notes (x)")
    db.close()
    return {
        "missing": (str(tmp_path / "missing.db"), "cannot open: unable to open database file"),
        "text": (str(text), "cannot open: file is not a database"),
        "no-games": (str(other), "the map query failed: no such table: games"),
    }


@pytest.mark.parametrize("bad", ["missing", "text", "no-games"])
def test_a_bad_shard_stops_the_run(shards, bad_shards, bad, tmp_path):
    path, message = bad_shards[bad]
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(7)[:3] + [path] + shards(7)[3:]))
    run = fanout_cli("--shards", str(listing), "--map", COUNT)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == "fanout: error: shard %s: %s\n" % (path, message)


def test_skip_bad_lists_every_skipped_shard(shards, bad_shards, tmp_path):
    bad = [p for p, _ in bad_shards.values()]
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(bad[:1] + shards(7) + bad[1:]))
    run = fanout_cli(
        "--shards",
        str(listing),
        "--map",
        MAP4,
        "--reduce",
        REDUCE4,
        "--skip-bad",
        "--format",
        "json",
    )
    assert run.returncode == 1, run.stderr
    lines = summary_lines(run.stderr)
    assert lines[0].startswith("fanout: 10 shards (7 read, 3 skipped)")
    assert lines[1:] == ["fanout: skipped %s: %s" % v for v in bad_shards.values()]
    columns, rows = one_database(report_statements()[3])
    # the JSON says it is partial, and names the shards skipped
    assert json.loads(run.stdout) == {
        "partial": True,
        "shards": 10,
        "skipped": [{"shard": s, "message": m} for s, m in bad_shards.values()],
        "rows": [dict(zip(columns, r)) for r in rows],
    }
    partial = fanout_cli(
        "--shards",
        str(listing),
        "--map",
        MAP4,
        "--reduce",
        REDUCE4,
        "--skip-bad",
        "--allow-partial",
        "--format",
        "json",
    )
    assert (partial.returncode, partial.stdout) == (0, run.stdout)
    assert summary_lines(partial.stderr)[1:] == lines[1:]


def test_a_missing_sql_file(seven, tmp_path):
    run = fanout_cli("--shards", seven, "--map", "@" + str(tmp_path / "nothing.sql"))
    assert run.returncode == 2 and "cannot read" in run.stderr and "Traceback" not in run.stderr


def test_allow_partial_goes_with_skip_bad(seven):
    run = fanout_cli("--shards", seven, "--map", COUNT, "--allow-partial")
    assert run.returncode == 2 and "--allow-partial goes with --skip-bad" in run.stderr


def test_no_shard_read_is_an_error(bad_shards):
    with pytest.raises(fanout.FanoutError, match="no shard could be read"):
        fanout.run([p for p, _ in bad_shards.values()], COUNT, skip_bad=True)


@pytest.mark.parametrize(
    "map_sql, reduce_sql, message",
    [
        ("SELECT 1 AS Shard", None, "has a column named shard"),
        ("SELECT 1 AS a, 2 AS A", None, "distinct names"),
        ("SELECT 1 AS a", "SELECT b FROM mapped", "the reduce query failed: no such column: b"),
        ("SELECT 1; SELECT 2", None, "the map query failed: You can only execute one statement"),
    ],
)
def test_query_mistakes(seven, map_sql, reduce_sql, message):
    args = ["--shards", seven, "--map", map_sql] + (["--reduce", reduce_sql] if reduce_sql else [])
    run = fanout_cli(*args)
    assert run.returncode == 1 and message in run.stderr, run.stderr


def test_shards_must_agree_on_the_columns(tmp_path):
    for name, columns in (("a.db", "x"), ("b.db", "x, y")):
        db = sqlite3.connect(str(tmp_path / name))
        db.execute("CREATE TABLE t (%s)" % columns)
        db.close()
    with pytest.raises(fanout.FanoutError, match=r"b\.db: the map query gives the columns"):
        fanout.run(str(tmp_path / "*.db"), "SELECT * FROM t")


# ------------------------------------------------------ progress and summary


def test_progress_bar_on_a_terminal(shards):
    glob32 = os.path.join(os.path.dirname(shards(32)[0]), "*.db")
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sqlite_coins.fanout",
            "--shards",
            glob32,
            "--map",
            COUNT,
            "--format",
            "csv",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the program closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.wait(timeout=60) == 0
    proc.stdout.close()
    text = seen.decode()
    assert "\r[########################] 32/32 shards, 32 rows" in text
    assert "\r\x1b[K" in text  # the bar is erased before the summary
    assert text.rstrip().endswith("result: 32 rows")


def test_quiet_when_not_a_terminal(seven):
    run = fanout_cli("--shards", seven, "--map", COUNT, "--format", "csv")
    assert run.returncode == 0
    [line] = run.stderr.splitlines()
    assert line.startswith("fanout: 7 shards (7 read, 0 skipped), 7 map rows, ")
    assert line.endswith("(in-process); result: 7 rows")


# ------------------------------------------------------------------- Dask


def test_local_workers_give_the_serial_answer(seven):
    serial = fanout_cli("--shards", seven, "--map", MAP2, "--reduce", REDUCE2, "--format", "json")
    local = fanout_cli(
        "--shards", seven, "--map", MAP2, "--reduce", REDUCE2, "--format", "json", "--local", "2"
    )
    assert local.returncode == 0, local.stderr
    assert local.stdout == serial.stdout
    [line] = local.stderr.splitlines()
    assert "(2 Dask workers); result: 12 rows" in line


def test_an_unreachable_scheduler(seven):
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s")
    run = fanout_cli("--shards", seven, "--map", COUNT, "--scheduler", "tcp://127.0.0.1:9", env=env)
    assert run.returncode == 1
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:9" in run.stderr


@pytest.fixture
def without_dask(tmp_path):
    """An environment in which import distributed fails."""
    hide = tmp_path / "hide" / "distributed"
    hide.mkdir(parents=True)
    (hide / "__init__.py").write_text("raise ImportError(\"No module named 'distributed'\")\n")
    path = [str(hide.parent)] + [p for p in [os.environ.get("PYTHONPATH")] if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path))


@pytest.mark.parametrize("where", [["--local", "2"], ["--scheduler", "tcp://127.0.0.1:8786"]])
def test_dask_missing_names_the_package(seven, without_dask, where):
    run = fanout_cli("--shards", seven, "--map", COUNT, *where, env=without_dask)
    assert run.returncode == 1 and run.stdout == ""
    assert "install python3-distributed (Debian) or distributed (pip)" in run.stderr


def test_without_dask_the_rest_works(seven, without_dask):
    check = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sqlite3, sqlite_coins, sqlite_coins.fanout\n"
            "db = sqlite3.connect(':memory:'); sqlite_coins.load(db)\n"
            "print(db.execute('SELECT coins_score(3, \\'[8,15,3,7]\\')').fetchone()[0])\n"
            "try:\n    import distributed\nexcept ImportError:\n    print('no dask')\n",
        ],
        env=without_dask,
        stdout=subprocess.PIPE,
        universal_newlines=True,
    )
    assert check.stdout == "22\nno dask\n"
    run = fanout_cli("--shards", seven, "--map", MAP4, "--reduce", REDUCE4, env=without_dask)
    assert run.returncode == 0 and "(in-process)" in run.stderr
