"""The result written out: a box as the sqlite3 shell draws it, CSV, JSON,
or a table of an SQLite database."""
import csv
import json
import os
import re
import sqlite3
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple

from .gather import _quote
from .result import FanoutError, Result, Row

# A writer: writer(out, columns, rows).
Writer = Callable[[TextIO, List[str], List[Row]], None]


FORMATS = ("box", "csv", "json")


def _text(value: Any) -> str:
    """A value as the sqlite3 shell shows it: NULL empty, a REAL with
    %!.15g (always a decimal point), a BLOB as hex digits."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = "%.15g" % value
        if text.lstrip("-").isalpha():  # inf
            return text
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + e + exponent
    if isinstance(value, bytes):
        return value.hex().upper()
    return str(value)


def write_box(out: TextIO, columns: List[str], rows: List[Row]) -> None:
    """The sqlite3 shell's .mode box (nothing for no rows, as the shell)."""
    if not rows:
        return
    cells = [[_text(v) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]

    def rule(left: str, mid: str, right: str) -> str:
        return left + mid.join("\u2500" * (w + 2) for w in widths) + right + "\n"

    def line(values: Sequence[str], center: bool = False) -> str:
        parts = []
        for v, w in zip(values, widths):
            pad = w - len(v)
            left = pad // 2 if center else 0
            parts.append(" " * left + v + " " * (pad - left))
        return "\u2502 " + " \u2502 ".join(parts) + " \u2502\n"

    out.write(rule("\u250c", "\u252c", "\u2510"))
    out.write(line(columns, center=True))
    out.write(rule("\u251c", "\u253c", "\u2524"))
    for row in cells:
        out.write(line(row))
    out.write(rule("\u2514", "\u2534", "\u2518"))


def write_csv(out: TextIO, columns: List[str], rows: List[Row]) -> None:
    """CSV with a header row; values as the sqlite3 shell prints them."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_text(v) for v in row])


def _json_value(value: Any) -> str:
    if isinstance(value, bytes):
        return json.dumps(value.hex().upper())
    return json.dumps(value)


def write_json(out: TextIO, columns: List[str], rows: List[Row]) -> None:
    """A JSON array of objects keyed by column name, one object a line
    (keys in column order; a BLOB as a string of hex digits)."""
    keys = [json.dumps(c) + ": " for c in columns]
    out.write("[")
    for n, row in enumerate(rows):
        out.write(",\n" if n else "\n")
        out.write("{" + ", ".join(k + _json_value(v) for k, v in zip(keys, row)) + "}")
    out.write("\n]\n" if rows else "]\n")


WRITERS: Dict[str, Writer] = {"box": write_box, "csv": write_csv, "json": write_json}


def partial_note(shards: int, skipped: Sequence[Tuple[str, str]]) -> str:
    """The line that marks a partial result (CSV: a trailing comment; box:
    a last line): how many shards were skipped, and their names as a JSON
    array."""
    return "# fanout: partial result: %d of %d shards skipped: %s" % (
        len(skipped),
        shards,
        json.dumps([name for name, _ in skipped], ensure_ascii=False),
    )


def write_result(out: TextIO, fmt: str, result: Result) -> None:
    """The result in format fmt.  A partial result (shards skipped) says so
    in the output itself: CSV and box end with partial_note's line; JSON
    becomes an object {"partial": true, "shards": N, "skipped": [{"shard",
    "message"}], "rows": [the array a complete result is]}."""
    if fmt == "json" and result.partial:
        out.write(
            '{"partial": true, "shards": %d, "skipped": %s,\n"rows": '
            % (
                result.shards,
                json.dumps(
                    [{"shard": n, "message": m} for n, m in result.skipped], ensure_ascii=False
                ),
            )
        )
        write_json(out, result.columns, result.rows)
        out.write("}\n")
        return
    WRITERS[fmt](out, result.columns, result.rows)
    if result.partial:
        out.write(partial_note(result.shards, result.skipped) + "\n")


def write_table(
    path: str, table: str, columns: List[str], rows: List[Row], run: Optional[Result] = None
) -> None:
    """Writes the result into table of the SQLite database path (created if
    need be; a table of that name is replaced, nothing else is touched).
    With run, the table _fanout gets a row for table (replacing one): the
    shards listed, read and skipped, partial (0 or 1), the skipped shards
    as a JSON array of {"shard", "message"}, and when."""
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute("DROP TABLE IF EXISTS %s" % _quote(table))
            db.execute("CREATE TABLE %s (%s)" % (_quote(table), ", ".join(map(_quote, columns))))
            db.executemany(
                "INSERT INTO %s VALUES (%s)" % (_quote(table), ", ".join("?" * len(columns))), rows
            )
            if run is not None:
                db.execute(
                    "CREATE TABLE IF NOT EXISTS _fanout (result_table TEXT PRIMARY KEY, "
                    "shards INTEGER, read INTEGER, skipped INTEGER, partial INTEGER, "
                    "skipped_shards TEXT, written_at TEXT)"
                )
                db.execute(
                    "INSERT OR REPLACE INTO _fanout VALUES (?, ?, ?, ?, ?, ?, datetime('now'))",
                    (
                        table,
                        run.shards,
                        run.shards - len(run.skipped),
                        len(run.skipped),
                        int(run.partial),
                        json.dumps(
                            [{"shard": n, "message": m} for n, m in run.skipped],
                            ensure_ascii=False,
                        ),
                    ),
                )
    finally:
        db.close()


def _plain(value: Any) -> str:
    """A value for a CSV file another program reads: NULL empty, a REAL as
    Python's repr (the shortest text that reads back as the same number),
    a BLOB as hex digits."""
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, bytes):
        return value.hex().upper()
    return str(value)


PARQUET_MISSING = (
    "--map-format parquet needs pyarrow, which this Python cannot import; Debian 12 has "
    "no python3-pyarrow (pip install pyarrow), or write --map-format csv"
)


class MapFiles:
    """--map-out DIR: each shard's map rows, as they arrive, in a file of
    their own, NNNNN-NAME.csv (or .parquet), NNNNN the shard's place in
    the list; then DIR/_fanout.json: the shards listed, the file of each
    shard read, and the shards skipped (partial: true when any was)."""

    def __init__(self, directory: str, fmt: str) -> None:
        if fmt not in ("csv", "parquet"):
            raise FanoutError("--map-format is csv or parquet, not %s" % fmt)
        self.pyarrow: Any = None
        if fmt == "parquet":
            try:
                import pyarrow  # type: ignore[import]
                import pyarrow.parquet  # type: ignore[import]  # noqa: F401
            except ImportError:
                raise FanoutError(PARQUET_MISSING) from None
            self.pyarrow = pyarrow
        os.makedirs(directory, exist_ok=True)
        self.directory = directory
        self.fmt = fmt
        self.files: Dict[int, Tuple[str, str]] = {}  # index: (shard, file)

    def put(self, index: int, shard: str, columns: List[str], rows: List[Row]) -> None:
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", os.path.basename(shard.rstrip("/")))[:80]
        name = "%05d-%s.%s" % (index, stem, self.fmt)
        path = os.path.join(self.directory, name)
        if self.fmt == "csv":
            with open(path + ".part", "w", encoding="utf-8", newline="") as f:
                writer = csv.writer(f, lineterminator="\n")
                writer.writerow(columns)
                writer.writerows([_plain(v) for v in row] for row in rows)
        else:
            table = self.pyarrow.table({c: [r[k] for r in rows] for k, c in enumerate(columns)})
            self.pyarrow.parquet.write_table(table, path + ".part")
        os.replace(path + ".part", path)
        self.files[index] = (shard, name)

    def finish(self, shards: int, skipped: Sequence[Tuple[str, str]]) -> None:
        manifest = {
            "shards": shards,
            "partial": bool(skipped),
            "files": [{"shard": s, "file": f} for _, (s, f) in sorted(self.files.items())],
            "skipped": [{"shard": n, "message": m} for n, m in skipped],
        }
        with open(os.path.join(self.directory, "_fanout.json"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=1, ensure_ascii=False)
            f.write("\n")
