"""sqlite_coins.dask.read_sql: shards as a Dask DataFrame, one partition a
shard.  Two reports of sql/reports.sql written in Dask
(tests/fanout/reports/*.dask.py) give exactly the one database's answer
for 1, 7 and 32 shards, in-process, on a LocalCluster and on a cluster of
separate ``dask scheduler`` / ``dask worker`` processes; the shards are
checked as the runner checks them, with its messages."""
import importlib.util
import os
import sqlite3

import pytest

from cluster import ProcessCluster
from conftest import REPORT_HALVES, one_database, report_statements
from sqlite_coins import fanout
from sqlite_coins.dask import read_sql, sqlite_round


def _report(name):
    path = os.path.join(REPORT_HALVES, name + ".dask.py")
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DASK_REPORTS = {1: _report("2-leaderboard"), 3: _report("4-greedy-cost")}


def rows_of(frame):
    """A pandas DataFrame's rows as sqlite3 gives rows: tuples of Python
    int, float, str, None."""
    import pandas

    def value(v):
        if pandas.isna(v):
            return None
        return v.item() if hasattr(v, "item") else v

    return [tuple(value(v) for v in row) for row in frame.astype(object).itertuples(index=False)]


@pytest.fixture(scope="module")
def process_cluster(tmp_path_factory):
    with ProcessCluster(2, str(tmp_path_factory.mktemp("cluster"))) as cluster:
        from distributed import Client

        with Client(cluster.address, set_as_default=False) as client:
            yield client


@pytest.mark.parametrize("where", ["serial", "local-2", "processes-2"])
@pytest.mark.parametrize("n", [1, 7, 32])
@pytest.mark.parametrize("report", sorted(DASK_REPORTS), ids=["leaderboard", "greedy-cost"])
def test_dask_reports_give_the_one_database_answer(report, n, where, shards, clients, request):
    client = {
        "serial": None,
        "local-2": lambda: clients(2),
        "processes-2": lambda: request.getfixturevalue("process_cluster"),
    }[where]
    table = DASK_REPORTS[report].report(shards(n), client=client and client())
    columns, rows = one_database(report_statements()[report])
    assert list(table.columns) == columns
    assert repr(rows_of(table)) == repr(rows)


def test_one_partition_a_shard_in_order(shards, clients):
    paths = shards(7)[::-1]
    df = read_sql(
        "SELECT id, variant FROM games ORDER BY id", paths, client=clients(2), shard_column="shard"
    )
    assert df.npartitions == 7
    assert list(df.columns) == ["shard", "id", "variant"]
    assert [str(t) for t in df.dtypes] == ["object", "Int64", "object"]
    for i, path in enumerate(paths):
        part = df.get_partition(i).compute(scheduler=clients(2))
        conn = sqlite3.connect(path)
        want = [(path,) + r for r in conn.execute("SELECT id, variant FROM games ORDER BY id")]
        conn.close()
        assert rows_of(part) == want


def test_column_types_come_from_every_shard(tmp_path):
    """Integers on one shard and reals on another make a float64 column;
    NULL stays missing; text and mixed columns keep each value."""
    values = [[(1, "a", None), (2, "b", 3)], [(2.5, None, 4), (None, 7, 5)]]
    paths = []
    for k, rows in enumerate(values):
        path = str(tmp_path / ("t%d.db" % k))
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE t (x, y, z)")
        conn.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
        conn.commit()
        conn.close()
        paths.append(path)
    df = read_sql("SELECT x, y, z FROM t", paths)
    assert [str(t) for t in df.dtypes] == ["float64", "object", "Int64"]
    got = df.compute()
    assert rows_of(got) == [(1.0, "a", None), (2.0, "b", 3), (2.5, None, 4), (None, 7, 5)]
    assert df.z.sum().compute() == 12


def test_errors_are_the_runner_s(shards, tmp_path, clients):
    paths = shards(7)
    broken = tmp_path / "notes.db"
    broken.write_bytes(b"not a database, but long enough to be read as one" * 4)
    for client in (None, clients(2)):
        with pytest.raises(fanout.FanoutError) as failed:
            read_sql("SELECT count(*) AS n FROM games", paths[:2] + [str(broken)], client=client)
        assert str(failed.value) == "shard %s: cannot open: file is not a database" % broken
        with pytest.raises(fanout.FanoutError, match="listed twice"):
            read_sql(
                "SELECT 1 AS one",
                [
                    paths[0],
                    os.path.join(os.path.dirname(paths[0]), ".", os.path.basename(paths[0])),
                ],
                client=client,
            )
        with pytest.raises(fanout.FanoutError, match="may only read"):
            read_sql("CREATE TABLE x (y)", paths[:1], client=client)


def test_skip_bad_names_the_skipped(shards, tmp_path):
    paths = shards(7)
    other = tmp_path / "other.db"
    conn = sqlite3.connect(str(other))
    conn.execute("CREATE TABLE games (id, extra)")
    conn.execute("INSERT INTO games VALUES (1, 2)")
    conn.commit()
    conn.close()
    listed = paths[:3] + [str(other), str(tmp_path / "missing.db")] + paths[3:]
    with pytest.warns(UserWarning, match="2 of 9 shards skipped"):
        df = read_sql("SELECT * FROM games LIMIT 1", listed, skip_bad=True)
    assert df.npartitions == 7
    assert [name for name, _ in df.attrs["skipped"]] == [str(other), str(tmp_path / "missing.db")]
    assert "schema differs" in df.attrs["skipped"][0][1]
    assert "unable to open" in df.attrs["skipped"][1][1]
    with pytest.raises(fanout.FanoutError, match="schema differs"):
        read_sql("SELECT * FROM games LIMIT 1", listed[:4])


def test_a_wrong_split_cannot_be_written(shards):
    """The mean Dask takes over the moves' rows is the one database's avg,
    to the last bit, however the games are split: there is no average of
    averages to get wrong."""
    sql = "SELECT mover AS player, verdict = 'best' AS best FROM reviewed_moves"
    want = dict(
        one_database("SELECT mover, avg(verdict = 'best') FROM reviewed_moves " "GROUP BY mover")[1]
    )
    for n in (1, 7, 32):
        got = read_sql(sql, shards(n)).groupby("player").best.mean().compute()
        assert {k: float(v) for k, v in got.items()} == want


def test_sqlite_round_is_sqlite_s():
    """pandas rounds the binary value half to even; SQLite its decimal
    digits half away from zero."""
    import pandas

    assert round(12.25, 1) == 12.2 and sqlite_round(12.25, 1) == 12.3
    assert sqlite_round(-0.125, 2) == -0.13 and sqlite_round(None, 1) is None
    s = sqlite_round(pandas.Series([0.125, 2.5, None]), 2)
    assert rows_of(s.to_frame()) == [(0.13,), (2.5,), (None,)]
