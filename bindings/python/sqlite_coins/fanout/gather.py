"""The reduce side: the table mapped, filled in the order the shards were
listed, and the reduce query over it."""
import sqlite3
from typing import Dict, List, Optional, Tuple

from .result import FanoutError, Outcome, Row
from .shards import Shard

# (index, shard name, message): a shard left out of mapped.
LeftOut = Tuple[int, str, str]


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class _Columns:
    """The shards whose map query gave one list of columns, and the table
    their rows are gathered in."""

    def __init__(self, columns: List[str], table: str) -> None:
        self.columns = columns
        self.table = table
        self.shards: List[Tuple[int, str]] = []  # (index, name), in the order listed
        self.rows = 0


class _Mapped:
    """The table mapped, filled in the shards' order whatever order their
    rows arrive in: a shard's rows wait until every shard before it is in
    (or skipped), so that mapped is the same on every run.

    Shards whose map query gives other columns than the rest (a schema
    that differs) are gathered apart, one table for each list of columns;
    finish() keeps the list most shards gave (of equals, the first listed)
    as mapped, and names the others."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.sets: List[_Columns] = []  # in the order first seen
        self.rows = 0  # rows gathered so far, in every set
        self.next = 0
        self.waiting: Dict[int, Tuple[Shard, Optional[Outcome]]] = {}

    def put(self, index: int, shard: Shard, outcome: Optional[Outcome]) -> None:
        """outcome: ("ok", columns, rows), or None for a skipped shard."""
        self.waiting[index] = (shard, outcome)
        while self.next in self.waiting:
            shard, outcome = self.waiting.pop(self.next)
            if outcome is not None:
                self._insert(self.next, shard.name, outcome[1], outcome[2])
            self.next += 1

    def _insert(self, index: int, name: str, columns: List[str], rows: List[Row]) -> None:
        into = next((c for c in self.sets if c.columns == columns), None)
        if into is None:
            into = self._create(columns)
        insert = "INSERT INTO %s VALUES (%s)" % (into.table, ", ".join("?" * (len(columns) + 1)))
        self.db.executemany(insert, [(name,) + tuple(r) for r in rows])
        into.shards.append((index, name))
        into.rows += len(rows)
        self.rows += len(rows)

    def _create(self, columns: List[str]) -> _Columns:
        lower = [c.lower() for c in columns]
        if "shard" in lower:
            raise FanoutError(
                "the map query has a column named shard, which fanout adds "
                "(the shard's name): rename it"
            )
        if len(set(lower)) != len(lower):
            raise FanoutError(
                "the map query's columns must have distinct names "
                "(mapped is a table): %s" % columns
            )
        # no declared types: every value keeps the type the shard gave it
        created = _Columns(columns, "mapped_%d" % (len(self.sets) + 1))
        self.db.execute(
            "CREATE TABLE %s (shard, %s)" % (created.table, ", ".join(map(_quote, columns)))
        )
        self.sets.append(created)
        return created

    def finish(self) -> List[LeftOut]:
        """Makes mapped; returns (index, name, message) of each shard whose
        columns differ from those of mapped, in the order listed."""
        if not self.sets:
            self.db.execute("CREATE TABLE mapped (shard)")
            self.db.commit()
            return []
        kept = max(self.sets, key=lambda c: len(c.shards))
        self.db.execute("ALTER TABLE %s RENAME TO mapped" % kept.table)
        differ: List[LeftOut] = []
        for other in self.sets:
            if other is not kept:
                self.db.execute("DROP TABLE %s" % other.table)
                differ += [
                    (
                        i,
                        name,
                        "the map query gives the columns (%s) on this shard but "
                        "(%s) on %d other%s: its schema differs"
                        % (
                            ", ".join(other.columns),
                            ", ".join(kept.columns),
                            len(kept.shards),
                            "" if len(kept.shards) == 1 else "s",
                        ),
                    )
                    for i, name in other.shards
                ]
        self.rows = kept.rows
        self.db.commit()
        return sorted(differ)


def _reduce(db: sqlite3.Connection, reduce_sql: Optional[str]) -> Tuple[List[str], List[Row]]:
    try:
        cursor = db.execute(reduce_sql or "SELECT * FROM mapped ORDER BY rowid")
        if cursor.description is None:
            raise FanoutError("the reduce query returns no columns (it must be a query)")
        return [d[0] for d in cursor.description], cursor.fetchall()
    except (sqlite3.Error, sqlite3.Warning) as e:
        raise FanoutError("the reduce query failed: %s" % e) from None
