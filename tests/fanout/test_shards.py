"""Shards as a hostile tester names and fills them: one file under two
names (a hard link, a bind mount: compared by device and inode, here and on
the workers' machines), a relative file: URI in a list (relative to the
list, as a path is), a map query that tries to attach or write (refused on
every shard's connection, no file made), a shard whose schema differs from
the others' (named, whichever place it has in the list; skipped with
skip_bad), and skipped shards reported in the order listed when workers
finish them in another order."""
import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from conftest import fanout_cli
from sqlite_coins import fanout

COUNT = "SELECT count(*) AS games FROM games"


def make_db(path, *statements):
    """A database at path made by statements; returns path as a str."""
    db = sqlite3.connect(str(path))
    for sql in statements:
        db.execute(sql)
    db.commit()
    db.close()
    return str(path)


def files_under(top):
    return sorted(os.path.join(d, f) for d, _, names in os.walk(str(top)) for f in names)


# ------------------------------------------------ one file under two names


def test_a_hard_link_is_refused_from_python(shards, tmp_path):
    first = shards(7)[0]
    link = str(tmp_path / "copy-that-is-not.db")
    os.link(first, link)
    with pytest.raises(fanout.FanoutError, match="is listed twice: .* are one file"):
        fanout.run([first] + shards(7)[1:] + [link], COUNT)
    copy = str(tmp_path / "a-real-copy.db")
    shutil.copyfile(first, copy)  # a byte-identical copy is another file: not detected
    result = fanout.run([first, copy], COUNT)
    assert [r[1] for r in result.rows] == [result.rows[0][1]] * 2


def test_a_hard_link_is_refused_on_the_workers_machines(shards, tmp_path, clients):
    """Shards on the workers' local disks may not be visible where the
    command runs: each machine's worker compares the files it has."""
    first = shards(7)[0]
    link = str(tmp_path / "link.db")
    os.link(first, link)
    st = os.stat(first)
    listed = [fanout.Shard(p, fanout.shards._shard(p).uri) for p in (first, shards(7)[1], link)]
    with pytest.raises(fanout.FanoutError) as refused:
        fanout.cluster._where(clients(1), listed)
    assert str(refused.value) == (
        "shard %s is listed twice: %s and %s are one file (device %d, inode %d) on 127.0.0.1; "
        "each shard must be listed once" % (link, first, link, st.st_dev, st.st_ino)
    )
    assert fanout.cluster._where(clients(1), listed[:2]) == [None, None]


def _private_mount_namespace():
    """The command that runs a program in a mount namespace of its own (a
    bind mount made there is seen by nothing else and ends with it): a
    user namespace where the kernel allows it, else, as root, a mount
    namespace alone."""
    for command in (
        ["unshare", "--user", "--map-root-user", "--mount", "--propagation", "private"],
        ["unshare", "--mount", "--propagation", "private"],
    ):
        try:
            probe = subprocess.run(
                command + ["true"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                universal_newlines=True,
            )
        except OSError as e:
            pytest.fail("the bind-mount test needs unshare (util-linux): %s" % e)
        if probe.returncode == 0:
            return command
    pytest.fail(
        "the bind-mount test needs a private mount namespace: unshare --user "
        "--map-root-user --mount (user namespaces) or root; here: %s" % probe.stderr
    )


def test_a_bind_mounted_shard_is_refused(shards, tmp_path):
    """The shards' folder bind-mounted elsewhere: the same file under
    another path, which no resolving of the path reveals."""
    first = shards(7)[0]
    folder = os.path.dirname(first)
    mount = tmp_path / "mounted"
    mount.mkdir()
    again = str(mount / os.path.basename(first))
    script = (
        'mount --bind "$1" "$2" && test -f "$4" && '
        'exec "$5" -m sqlite_coins.fanout --shards "$3" --shards "$4" --map "$6"'
    )
    run = subprocess.run(
        _private_mount_namespace()
        + ["sh", "-c", script, "sh", folder, str(mount), first, again, sys.executable, COUNT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        timeout=120,
    )
    st = os.stat(first)
    assert (run.returncode, run.stdout) == (1, ""), run.stderr
    assert run.stderr == (
        "fanout: error: shard %s is listed twice: %s and %s are one file "
        "(device %d, inode %d); each shard must be listed once\n"
        % (again, first, again, st.st_dev, st.st_ino)
    )
    assert os.listdir(str(mount)) == []  # the mount was private to that namespace


# ------------------------------------------------ relative URIs in a list


def test_a_relative_uri_in_a_list_is_relative_to_the_list(shards, tmp_path):
    paths = shards(7)
    folder = tmp_path / "the list #1"  # a space and a # to quote in the URI
    folder.mkdir()
    lines = [
        "file:" + os.path.relpath(p, str(folder)) + ("?cache=private" if i % 2 else "")
        for i, p in enumerate(paths)
    ]
    (folder / "shards.txt").write_text("\n".join(lines) + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = fanout_cli(
        "--shards",
        str(folder / "shards.txt"),
        "--map",
        COUNT,
        "--format",
        "csv",
        cwd=str(elsewhere),
    )
    assert run.returncode == 0, run.stderr
    rows = [line.split(",") for line in run.stdout.splitlines()[1:]]
    assert [name for name, _ in rows] == lines
    assert sum(int(n) for _, n in rows) == 3000
    assert os.listdir(str(elsewhere)) == []
    # the URI a worker gets names the file itself, wherever it runs
    shard = fanout.shards._shard("file:a b.db?cache=private", "/srv/the list #1")
    assert shard[:2] == (
        "file:a b.db?cache=private",
        "file:/srv/the%20list%20%231/a b.db?cache=private&mode=ro",
    )
    assert fanout.shards._shard("file:///srv/a.db").uri == "file:///srv/a.db?mode=ro"
    assert fanout.shards._shard("file:/srv/a.db#x", "/elsewhere").uri == "file:/srv/a.db?mode=ro#x"


# --------------------------------------------- a map query may only read


@pytest.fixture
def one_shard(tmp_path):
    """(the folder the command runs in, a shard in a folder of its own)."""
    (tmp_path / "cwd").mkdir()
    (tmp_path / "shard").mkdir()
    return tmp_path / "cwd", make_db(
        tmp_path / "shard" / "one.db", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"
    )


WRITES = [
    ("ATTACH 'made.db' AS e", "ATTACH or VACUUM INTO 'made.db'"),
    ("VACUUM INTO 'made.db'", "ATTACH or VACUUM INTO 'made.db'"),
    ("CREATE TABLE made (x)", "CREATE TABLE made"),
    ("CREATE TABLE made AS SELECT * FROM t", "CREATE TABLE made"),
    ("CREATE TEMP TABLE made (x)", "CREATE TEMP TABLE made"),
    ("INSERT INTO t VALUES (2)", "INSERT INTO t"),
    ("WITH v(x) AS (VALUES (2)) INSERT INTO t SELECT x FROM v", "INSERT INTO t"),
    ("UPDATE t SET x = 3", "UPDATE t"),
    ("DELETE FROM t", "DELETE FROM t"),
    ("PRAGMA user_version = 7", "PRAGMA user_version"),
    ("BEGIN IMMEDIATE", "a transaction"),
]


@pytest.mark.parametrize("map_sql, refused", WRITES, ids=[sql for sql, _ in WRITES])
def test_a_map_query_cannot_write(one_shard, tmp_path, map_sql, refused):
    cwd, shard = one_shard
    with open(shard, "rb") as f:
        before = f.read()
    run = fanout_cli("--shards", shard, "--map", map_sql, cwd=str(cwd))
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr == (
        "fanout: error: shard %s: the map query may only read (one SELECT): "
        "%s is refused\n" % (shard, refused)
    )
    assert files_under(tmp_path) == [shard]  # made.db nowhere, not a journal either
    with open(shard, "rb") as f:
        assert f.read() == before


def test_a_map_query_cannot_attach_on_a_worker(one_shard, tmp_path, clients):
    cwd, shard = one_shard
    made = str(tmp_path / "made.db")
    with pytest.raises(fanout.FanoutError) as refused:
        fanout.run([shard], "ATTACH '%s' AS e" % made, client=clients(1))
    assert str(refused.value) == (
        "shard %s: the map query may only read (one SELECT): "
        "ATTACH or VACUUM INTO '%s' is refused" % (shard, made)
    )
    assert files_under(tmp_path) == [shard]


def test_a_map_query_may_read_everything(one_shard):
    """Tables, coins' and SQLite's table-valued functions (whose set-up
    SQLite does in its schema table), pragmas' table-valued functions,
    recursion, VALUES."""
    cwd, shard = one_shard
    result = fanout.run(
        [shard],
        "WITH RECURSIVE c(i) AS (VALUES (1) UNION ALL SELECT i + 1 "
        "FROM c WHERE i < 3) SELECT (SELECT count(*) FROM c) AS c, "
        "(SELECT count(*) FROM coins_moves(3, '[1,2,3]')) AS plies, "
        "(SELECT group_concat(name) FROM pragma_table_info('t')) AS cols, "
        "(SELECT sum(value) FROM json_each('[1,2]')) AS j, x FROM t",
    )
    assert result.rows == [(shard, 3, 3, "x", 3, 1)]


# --------------------------------------- a shard whose schema differs


@pytest.fixture
def one_differs(tmp_path):
    """Seven shards of a table t, the first of them with an extra column."""
    paths = []
    for k in range(7):
        columns = "x, y" if k == 0 else "x"
        paths.append(
            make_db(
                tmp_path / ("s%d.db" % k),
                "CREATE TABLE t (%s)" % columns,
                "INSERT INTO t (x) VALUES (%d)" % k,
            )
        )
    return paths


def test_the_shard_whose_schema_differs_is_named(one_differs):
    """The first shard listed differs: it is named, not the six others."""
    with pytest.raises(fanout.FanoutError) as differs:
        fanout.run(one_differs, "SELECT * FROM t")
    assert str(differs.value) == (
        "shard %s: the map query gives the columns (x, y) on this "
        "shard but (x) on 6 others: its schema differs" % one_differs[0]
    )


def test_skip_bad_skips_the_shard_whose_schema_differs(one_differs, tmp_path):
    listing = tmp_path / "shards.txt"
    listing.write_text("\n".join(one_differs[1:4] + one_differs[:1] + one_differs[4:]))
    run = fanout_cli(
        "--shards", str(listing), "--map", "SELECT * FROM t", "--skip-bad", "--format", "csv"
    )
    assert run.returncode == 1, run.stderr
    assert run.stdout.splitlines() == ["shard,x"] + [
        "%s,%d" % (one_differs[k], k) for k in (1, 2, 3, 4, 5, 6)
    ] + ['# fanout: partial result: 1 of 7 shards skipped: ["%s"]' % one_differs[0]]
    lines = run.stderr.splitlines()
    assert lines[0].startswith("fanout: 7 shards (6 read, 1 skipped), 6 map rows, ")
    assert lines[1:] == [
        "fanout: skipped %s: the map query gives the columns (x, y) on this "
        "shard but (x) on 6 others: its schema differs" % one_differs[0]
    ]


def test_of_two_equal_sets_the_first_listed_is_kept(tmp_path):
    a = make_db(tmp_path / "a.db", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)")
    b = make_db(tmp_path / "b.db", "CREATE TABLE t (y)", "INSERT INTO t VALUES (2)")
    result = fanout.run([b, a], "SELECT * FROM t", skip_bad=True)
    assert (result.columns, result.rows, result.map_rows) == (["shard", "y"], [(b, 2)], 1)
    assert result.skipped == [
        (
            a,
            "the map query gives the columns (x) on this shard but "
            "(y) on 1 other: its schema differs",
        )
    ]


# ------------------------------- skipped shards in the order listed, on workers

# Fails on a shard whose t.v is INT64_MIN (abs() overflows), after counting
# to t.n: a shard of a large n fails late, one of n = 1 at once.
LATE_FAILURE = (
    "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c "
    "WHERE i < (SELECT n FROM t)) "
    "SELECT sum(CASE WHEN i = (SELECT n FROM t) THEN abs((SELECT v FROM t)) "
    "ELSE 0 END) AS k FROM c"
)


@pytest.fixture
def finishing_order(monkeypatch):
    """The shards' indexes in the order their outcomes reached run() from
    the workers."""
    order = []
    real = fanout.cluster._dask_outcomes

    def spy(*args):
        with contextlib.closing(real(*args)) as outcomes:
            for i, outcome in outcomes:
                order.append(i)
                yield i, outcome

    monkeypatch.setattr(fanout.cluster, "_dask_outcomes", spy)
    return order


def test_skipped_shards_are_reported_in_the_order_listed_on_workers(
    tmp_path, clients, finishing_order
):
    """Two workers: the first shard fails after a second or so of work,
    the others at once or not at all, so the workers finish the failing
    shards in another order than the list's; the report keeps the list's."""
    plan = [
        (1000000, "-9223372036854775808"),
        (1, "-9223372036854775808"),
        (1, "0"),
        (1, "-9223372036854775808"),
        (1, "0"),
    ]
    paths = [
        make_db(
            tmp_path / ("s%d.db" % k),
            "CREATE TABLE t (n, v)",
            "INSERT INTO t VALUES (%d, %s)" % plan[k],
        )
        for k in range(len(plan))
    ]
    result = fanout.run(paths, LATE_FAILURE, skip_bad=True, client=clients(2))
    failed = [0, 1, 3]
    assert [i for i in finishing_order if i in failed] != failed  # the workers' order
    assert result.skipped == [(paths[i], "the map query failed: integer overflow") for i in failed]
    assert result.rows == [(paths[2], 0), (paths[4], 0)]
    assert result.summary().splitlines()[1:] == [
        "fanout: skipped %s: the map query failed: integer overflow" % paths[i] for i in failed
    ]
