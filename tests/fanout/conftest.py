"""tests/fanout/conftest.py -- what the fan-out tests share (make test-fanout).

The tests import sqlite_coins from PYTHONPATH (make test-fanout puts a
copy of bindings/python/sqlite_coins with build/coins.so in build/fanout/py) and
need Dask distributed (Debian: python3-distributed) and the example
database (COINS_GAMES_DB, default build/games.db).

Nothing may pass by not running: a test that is skipped, or a test module
of this directory of which no test was collected, fails the session
(pytest itself fails when nothing at all is collected).
"""
import glob
import logging
import os
import sqlite3
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
GAMES_DB = os.environ.get("COINS_GAMES_DB", os.path.join(REPO, "build", "games.db"))
REPORTS_SQL = os.path.join(REPO, "sql", "reports.sql")
REPORT_HALVES = os.path.join(HERE, "reports")

sys.path.insert(0, HERE)  # archive.py

_skipped = []


def pytest_configure(config):
    # Debian's Dask 2022.12 with its Tornado 6.2: noise, not a finding
    config.addinivalue_line(
        "filterwarnings", "ignore:make_current is deprecated:DeprecationWarning"
    )


def pytest_sessionstart(session):
    try:
        import sqlite_coins

        sqlite_coins.loadable_path()
        import distributed  # noqa: F401
    except Exception as e:  # say what is missing instead of a page of errors
        pytest.exit(
            "tests/fanout: %s: %s (run them with make test-fanout)" % (type(e).__name__, e),
            returncode=3,
        )
    if not os.path.isfile(GAMES_DB):
        pytest.exit("tests/fanout: no %s (make build/games.db)" % GAMES_DB, returncode=3)


def pytest_collection_finish(session):
    """When the whole directory runs (no -k, no -m), every test module must
    give tests."""
    option = session.config.option
    if (
        option.keyword
        or option.markexpr
        or not any(os.path.abspath(a) == HERE for a in session.config.args)
    ):
        return
    collected = {os.path.basename(str(item.fspath)) for item in session.items}
    modules = {os.path.basename(p) for p in glob.glob(os.path.join(HERE, "test_*.py"))}
    if not modules or modules - collected:
        pytest.exit(
            "tests/fanout: no test collected from %s"
            % sorted(modules - collected or {"tests/fanout"}),
            returncode=4,
        )


def pytest_runtest_logreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if _skipped and exitstatus == 0:
        print("\ntests/fanout: skipped tests count as failures: %s" % ", ".join(_skipped))
        session.exitstatus = 1


# ----------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def shards(tmp_path_factory):
    """shards(n): the paths of build/games.db split into n shards (made once)."""
    import archive

    made = {}

    def make(n):
        if n not in made:
            made[n] = archive.split(GAMES_DB, n, str(tmp_path_factory.mktemp("shards%d" % n)))
        return made[n]

    return make


@pytest.fixture(scope="session")
def clients():
    """clients(n): a distributed.Client of a LocalCluster of n workers, as
    --local n starts it (started once, stopped at the end)."""
    from distributed import Client

    from sqlite_coins import fanout

    running = {}

    def get(n):
        if n not in running:
            cluster = fanout.local_cluster(n)
            running[n] = (cluster, Client(cluster, set_as_default=False))
        return running[n][1]

    yield get
    for cluster, client in running.values():
        client.close()
        cluster.close()
    logging.getLogger("distributed").setLevel(logging.ERROR)


def report_statements():
    """The queries of sql/reports.sql, in order (its dot-commands and
    comment lines left out)."""
    with open(REPORTS_SQL, encoding="utf-8") as f:
        body = "\n".join(line for line in f.read().splitlines() if not line.startswith((".", "--")))
    return [s.strip() for s in body.split(";") if s.strip()]


def report_halves():
    """[(name, map SQL, reduce SQL)] of tests/fanout/reports, in report order
    (by number: 10-... after 9-...)."""
    halves = []
    paths = glob.glob(os.path.join(REPORT_HALVES, "*.map.sql"))
    for path in sorted(paths, key=lambda p: int(os.path.basename(p).split("-")[0])):
        with open(path, encoding="utf-8") as m, open(
            path.replace(".map.sql", ".reduce.sql"), encoding="utf-8"
        ) as r:
            halves.append((os.path.basename(path)[: -len(".map.sql")], m.read(), r.read()))
    return halves


def one_database(sql, db=GAMES_DB):
    """(columns, rows) of sql on one database with coins loaded."""
    import sqlite_coins

    conn = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        sqlite_coins.load(conn)
        cursor = conn.execute(sql)
        return [d[0] for d in cursor.description], cursor.fetchall()
    finally:
        conn.close()


def fanout_cli(*args, **kwargs):
    """python3 -m sqlite_coins.fanout ARGS, run to the end (stdout, stderr
    as text): a CompletedProcess."""
    kwargs.setdefault("timeout", 120)
    return subprocess.run(
        [sys.executable, "-m", "sqlite_coins.fanout"] + list(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        **kwargs,
    )
