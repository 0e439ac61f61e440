"""Same answer as one database: the reports of sql/reports.sql, each split
into a map half and a reduce half (tests/fanout/reports), over
build/games.db cut into 1, 7 and 32 shards, in-process and on Dask with 1
and 2 workers, give exactly what the report gives on the one database:
the same columns, the same rows in the same order, the same values of the
same types (compared by repr, so 1 and 1.0 differ)."""
import sqlite3

import pytest

from conftest import one_database, report_halves, report_statements
from sqlite_coins import fanout, load

HALVES = report_halves()
WORKERS = {"serial": 0, "1-worker": 1, "2-workers": 2}


def test_every_report_is_split():
    assert len(HALVES) == len(report_statements()) == 10


@pytest.fixture(scope="module")
def expected():
    """The answer of each report on the one database."""
    return [one_database(sql) for sql in report_statements()]


@pytest.mark.parametrize("where", list(WORKERS))
@pytest.mark.parametrize("n", [1, 7, 32])
@pytest.mark.parametrize("report", range(len(HALVES)), ids=[h[0] for h in HALVES])
def test_same_answer_as_one_database(report, n, where, expected, shards, clients):
    name, map_sql, reduce_sql = HALVES[report]
    workers = WORKERS[where]
    result = fanout.run(
        shards(n), map_sql, reduce_sql, client=clients(workers) if workers else None
    )
    assert (result.shards, result.skipped) == (n, [])
    assert result.workers == (workers or None)
    assert repr((result.columns, result.rows)) == repr(expected[report])


@pytest.mark.parametrize("where", ["serial", "2-workers"])
def test_mapped_is_every_shard_once_in_order(where, shards, clients):
    """Without a reduce, the result is mapped: each shard's map rows once,
    the shard's name first, shards in the order listed, whatever order
    their tasks finish in."""
    paths = shards(32)[::-1]  # an order that is not the alphabetical one
    name, map_sql, _ = HALVES[1]
    result = fanout.run(paths, map_sql, client=clients(2) if where != "serial" else None)
    want = []
    for path in paths:
        conn = sqlite3.connect(path)
        load(conn)
        want += [(path,) + row for row in conn.execute(map_sql)]
        conn.close()
    assert result.columns[0] == "shard"
    assert result.rows == want
    assert result.map_rows == len(want) == 12 * 32


def test_the_check_has_teeth(shards, expected):
    """An average of the shards' averages, the mistake the map halves
    avoid, does not give the one database's answer: the comparison above
    would catch a wrong split."""
    result = fanout.run(
        shards(7),
        "SELECT p.name AS player, round(100.0 * avg(m.verdict = 'best'), 1) AS pct "
        "FROM players p JOIN reviewed_moves m ON m.mover = p.name GROUP BY p.name",
        "SELECT player, round(avg(pct), 1) AS accuracy_pct FROM mapped GROUP BY player",
    )
    columns, rows = expected[1]
    right = {row[0]: row[columns.index("accuracy_pct")] for row in rows}
    assert dict(result.rows) != right
    assert set(dict(result.rows)) == set(right)
