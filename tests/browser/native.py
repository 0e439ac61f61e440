"""tests/browser/native.py -- the native build's answers, for the tests that
compare the WebAssembly build and the playground with it
(wasm_vs_native.js, browser.js): reads a JSON request on stdin, runs its
queries through /usr/bin/python3's sqlite3 with build/coins.so loaded, and
writes the results as JSON on stdout.

    {"setup": "SQL run first (optional)",
     "queries": [{"sql": "...", "params": [...] or {...}}, ...]}
 -> [{"columns": [...], "rows": [[value, ...], ...]} or {"error": "message"}, ...]

Each value is written as a string that says its type, the same way the
JavaScript side writes the WASM build's: "null", "int:12", "real:<the 16
hex digits of the IEEE double>", "text:...", "blob:<hex>".

    /usr/bin/python3 tests/browser/native.py build/coins.so < request.json
"""
import json
import os
import sqlite3
import struct
import sys


def typed(v):
    if v is None:
        return "null"
    if isinstance(v, int):
        return f"int:{v}"
    if isinstance(v, float):
        return "real:" + struct.pack(">d", v).hex()
    if isinstance(v, bytes):
        return "blob:" + v.hex()
    return "text:" + v


def main():
    ext = os.path.splitext(os.path.abspath(sys.argv[1]))[0]
    request = json.load(sys.stdin)
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(ext)
    db.enable_load_extension(False)
    if request.get("setup"):
        db.executescript(request["setup"])
    out = []
    for q in request["queries"]:
        try:
            cur = db.execute(q["sql"], q.get("params", []))
            rows = [[typed(v) for v in row] for row in cur.fetchall()]
            columns = [d[0] for d in cur.description or []]
            out.append({"columns": columns, "rows": rows})
        except sqlite3.Error as e:
            out.append({"error": str(e)})
    json.dump(out, sys.stdout)


main()
