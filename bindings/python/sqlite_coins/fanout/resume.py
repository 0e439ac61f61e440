"""sqlite_coins.fanout.resume -- --resume DIR: each shard's map rows kept
as they arrive, so that a run after a crash, or over a grown archive,
maps only the shards that are new or changed.

The rows are kept in one SQLite database, DIR/fanout-resume.db, a row a
shard, under a key made of the map query and the shard's file as the
machine that holds it sees it: its host (for a ``host:path`` shard), its
path with symbolic links resolved, device and inode, size and modification
time in nanoseconds.  A shard whose file changed (a write changes its size
or its modification time) or a new map query misses the cache and is
mapped again; a shard that is gone is simply not asked for.  The values
are kept with marshal (int, float, str, bytes, None: what sqlite3 gives),
which, unlike pickle, runs no code when read back.
"""

import hashlib
import json
import marshal
import os
import sqlite3
from typing import Any, List, Optional, Sequence, Tuple

FILE = "fanout-resume.db"

# (host, real path, st_dev, st_ino, st_size, st_mtime_ns): a shard's file
Stamp = Tuple[str, str, int, int, int, int]


def stamp_of(path: str, host: str = "") -> Optional[Stamp]:
    """The Stamp of the file at path on this machine; None when it cannot
    be reached from here."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (host, os.path.realpath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def key_of(stamp: Sequence[Any], map_sql: str) -> str:
    """The cache key of a shard's file and a map query."""
    text = json.dumps([list(stamp), map_sql], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Resume:
    """The cache of DIR (created if need be)."""

    def __init__(self, directory: str) -> None:
        os.makedirs(directory, exist_ok=True)
        self.path = os.path.join(directory, FILE)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS mapped_shard (key TEXT PRIMARY KEY, shard TEXT NOT NULL, "
            "columns TEXT NOT NULL, rows BLOB NOT NULL, kept_at TEXT NOT NULL)"
        )
        self.hits = 0
        self.kept = 0

    def get(self, key: Optional[str]) -> Optional[Tuple[str, List[str], List[Tuple[Any, ...]]]]:
        """("ok", columns, rows) kept under key, or None."""
        if key is None:
            return None
        found = self.db.execute(
            "SELECT columns, rows FROM mapped_shard WHERE key = ?", (key,)
        ).fetchone()
        if found is None:
            return None
        self.hits += 1
        return ("ok", json.loads(found[0]), [tuple(r) for r in marshal.loads(found[1])])

    def put(self, key: Optional[str], shard: str, columns: List[str], rows: List[Any]) -> None:
        """Keeps a shard's map rows (committed at once: a crash loses none)."""
        if key is None:
            return
        self.db.execute(
            "INSERT OR REPLACE INTO mapped_shard VALUES (?, ?, ?, ?, datetime('now'))",
            (key, shard, json.dumps(columns), marshal.dumps([tuple(r) for r in rows])),
        )
        self.kept += 1

    def close(self) -> None:
        self.db.close()
