"""The result written out: a box as the sqlite3 shell draws it, CSV, JSON,
or a table of an SQLite database."""
import csv
import json
import sqlite3
from typing import Any, Callable, Dict, List, Sequence, TextIO

from .gather import _quote
from .result import Row

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


def write_table(path: str, table: str, columns: List[str], rows: List[Row]) -> None:
    """Writes the result into table of the SQLite database path (created if
    need be; a table of that name is replaced, nothing else is touched)."""
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute("DROP TABLE IF EXISTS %s" % _quote(table))
            db.execute("CREATE TABLE %s (%s)" % (_quote(table), ", ".join(map(_quote, columns))))
            db.executemany(
                "INSERT INTO %s VALUES (%s)" % (_quote(table), ", ".join("?" * len(columns))), rows
            )
    finally:
        db.close()
