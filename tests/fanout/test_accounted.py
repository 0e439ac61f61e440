"""Nothing lost without saying so: HOST:/PATH shards (the same path on two
hosts is two shards), a glob that matches a directory or a file that is no
regular file, and a partial result that says so in its own output (CSV,
box, JSON, the _fanout table of --out FILE.db, --map-out's manifest)."""
import csv
import io
import json
import os
import socket
import sqlite3

import pytest

from conftest import REPORT_HALVES, fanout_cli, one_database, report_statements
from sqlite_coins import fanout

MAP2 = "@" + os.path.join(REPORT_HALVES, "2-leaderboard.map.sql")
REDUCE2 = "@" + os.path.join(REPORT_HALVES, "2-leaderboard.reduce.sql")
COUNT = "SELECT count(*) AS games FROM games"


def test_host_path_lines(tmp_path):
    listing = tmp_path / "shards.txt"
    listing.write_text(
        "127.0.0.1:/srv/a.db\nnode-7.example:/srv/a.db\n[::1]:/srv/b.db\nrel/c.db\n" "file:d.db\n"
    )
    found = fanout.find_shards(str(listing))
    assert [(s.name, s.host) for s in found] == [
        ("127.0.0.1:/srv/a.db", "127.0.0.1"),
        ("node-7.example:/srv/a.db", "node-7.example"),
        ("[::1]:/srv/b.db", "::1"),
        ("rel/c.db", None),
        ("file:d.db", None),
    ]
    assert found[0].uri == found[1].uri == "file:///srv/a.db?mode=ro"
    # the same path on two hosts: two shards, not one listed twice
    fanout.shards._refuse_twice(found[:2], [None, None])
    with pytest.raises(fanout.FanoutError, match="listed twice"):
        fanout.shards._refuse_twice([found[0], found[0]], [None, None])


def test_a_host_path_shard_runs_on_its_host_only(shards, clients, tmp_path):
    """On 127.0.0.1's workers for 127.0.0.1:/PATH; a host without workers
    fails the shard after --wait (or skips it), naming the host."""
    paths = shards(7)
    here = ["127.0.0.1:" + p for p in paths[:6]]
    result = fanout.run(
        here + [paths[6]], COUNT, "SELECT sum(games) FROM mapped", client=clients(2)
    )
    assert result.rows == [(3000,)]
    away = "elsewhere.invalid:" + paths[6]
    with pytest.raises(fanout.FanoutError) as failed:
        fanout.run(here + [away], COUNT, client=clients(2), wait=2)
    assert str(failed.value) == (
        "shard %s: no Dask worker on elsewhere.invalid, the machines that have this shard, "
        "for 2 s" % away
    )
    skipped = fanout.run(here + [away], COUNT, client=clients(2), wait=2, skip_bad=True)
    assert [name for name, _ in skipped.skipped] == [away]
    # in-process: a shard on another host cannot be read here, and says so
    with pytest.raises(fanout.FanoutError, match="is on elsewhere.invalid, not on this machine"):
        fanout.run([away], COUNT)
    name = "%s:%s" % (socket.gethostname(), paths[0])
    assert fanout.run([name], COUNT).rows == [(name, one_database(COUNT, paths[0])[1][0][0])]


def test_a_glob_never_drops_a_match_silently(shards, tmp_path):
    for k, path in enumerate(shards(2)):
        os.link(path, str(tmp_path / ("s%d.db" % k)))
    (tmp_path / "sub.db").mkdir()
    os.symlink(str(tmp_path / "gone.db"), str(tmp_path / "t-dangling.db"))
    os.mkfifo(str(tmp_path / "u-pipe.db"))
    pattern = str(tmp_path / "*.db")
    run = fanout_cli("--shards", pattern, "--map", COUNT)
    assert run.returncode == 1
    assert run.stderr.startswith(
        "fanout: error: shard %s: a directory, not a shard" % (tmp_path / "sub.db")
    )
    run = fanout_cli("--shards", pattern, "--map", COUNT, "--skip-bad", "--format", "csv")
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert lines[0].startswith("fanout: 5 shards (2 read, 3 skipped)")
    assert lines[1:] == [
        "fanout: skipped %s: a directory, not a shard (a glob such as DIR/*.db names its files)"
        % (tmp_path / "sub.db"),
        "fanout: skipped %s: no such file (No such file or directory)"
        % (tmp_path / "t-dangling.db"),
        "fanout: skipped %s: not a regular file (a pipe, a socket or a device), not a shard"
        % (tmp_path / "u-pipe.db"),
    ]
    assert run.stdout.splitlines()[-1] == "# fanout: partial result: 3 of 5 shards skipped: %s" % (
        json.dumps([str(tmp_path / n) for n in ("sub.db", "t-dangling.db", "u-pipe.db")])
    )


@pytest.fixture
def partial_listing(shards, tmp_path):
    """7 shards and one that is missing: (list file, missing path)."""
    listing = tmp_path / "shards.txt"
    missing = str(tmp_path / "missing.db")
    listing.write_text("\n".join(shards(7) + [missing]))
    return str(listing), missing


def test_a_partial_result_says_so_everywhere(partial_listing, tmp_path):
    listing, missing = partial_listing
    args = ["--shards", listing, "--map", MAP2, "--reduce", REDUCE2, "--skip-bad"]
    columns, rows = one_database(report_statements()[1])
    note = '# fanout: partial result: 1 of 8 shards skipped: ["%s"]' % missing

    got = fanout_cli(*args, "--format", "csv")
    assert got.returncode == 1
    lines = got.stdout.splitlines()
    assert lines[-1] == note
    assert list(csv.reader(io.StringIO("\n".join(lines[:-1]))))[0] == columns

    got = fanout_cli(*args)  # box
    assert got.stdout.splitlines()[-1] == note

    got = fanout_cli(*args, "--format", "json")
    data = json.loads(got.stdout)
    assert (data["partial"], data["shards"], data["skipped"][0]["shard"]) == (True, 8, missing)
    assert data["rows"] == [dict(zip(columns, r)) for r in rows]

    out = str(tmp_path / "out.db")
    assert fanout_cli(*args, "--allow-partial", "--out", out).returncode == 0
    db = sqlite3.connect(out)
    meta = db.execute(
        "SELECT result_table, shards, read, skipped, partial, skipped_shards " "FROM _fanout"
    ).fetchall()
    assert db.execute("SELECT count(*) FROM result").fetchone()[0] == len(rows)
    db.close()
    assert len(meta) == 1 and meta[0][:5] == ("result", 8, 7, 1, 1)
    assert [s["shard"] for s in json.loads(meta[0][5])] == [missing]


def test_a_complete_result_has_no_mark_and_a_clean_fanout_row(shards, tmp_path):
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(shards(7)))
    got = fanout_cli(
        "--shards", str(listing), "--map", MAP2, "--reduce", REDUCE2, "--format", "csv"
    )
    assert got.returncode == 0 and "#" not in got.stdout
    out = str(tmp_path / "out.db")
    fanout_cli("--shards", str(listing), "--map", COUNT, "--out", out, "--table", "t")
    db = sqlite3.connect(out)
    assert db.execute(
        "SELECT shards, read, skipped, partial, skipped_shards FROM _fanout "
        "WHERE result_table = 't'"
    ).fetchall() == [(7, 7, 0, 0, "[]")]
    db.close()


def test_map_out_writes_a_file_a_shard(partial_listing, shards, tmp_path):
    listing, missing = partial_listing
    out = tmp_path / "mapped"
    got = fanout_cli(
        "--shards",
        listing,
        "--map",
        "SELECT id, coins, 1.5 * id AS x, NULL AS z " "FROM games ORDER BY id",
        "--map-out",
        str(out),
        "--skip-bad",
    )
    assert got.returncode == 1
    manifest = json.loads((out / "_fanout.json").read_text())
    assert manifest["partial"] is True and manifest["shards"] == 8
    assert [f["shard"] for f in manifest["files"]] == shards(7)
    assert [s["shard"] for s in manifest["skipped"]] == [missing]
    read = []
    for entry in manifest["files"]:
        with open(str(out / entry["file"]), encoding="utf-8", newline="") as f:
            table = list(csv.reader(f))
        assert table[0] == ["id", "coins", "x", "z"]
        read += table[1:]
    assert len(read) == 3000
    assert read[0][2] == repr(1.5 * int(read[0][0])) and read[0][3] == ""
    parquet = fanout_cli(
        "--shards", listing, "--map", COUNT, "--map-out", str(out), "--map-format", "parquet"
    )
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        assert parquet.returncode == 1
        assert "--map-format parquet needs pyarrow" in parquet.stderr
        assert "Debian 12 has no python3-pyarrow" in parquet.stderr
    else:
        assert parquet.returncode == 1  # the missing shard
