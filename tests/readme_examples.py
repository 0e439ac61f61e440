"""tests/readme_examples.py -- runs every ```sql block of the README through
the sqlite3 shell, with the extension loaded, on a scratch copy of the
example database, so that the README cannot drift from what coins does.
A ```text block right after a ```sql block is its expected output, compared
exactly; a block that fails (the shell runs with -bail) fails the test.
Rows of the README's error table must give exactly the message they show.
With UPDATE=1 the text blocks are rewritten from what the shell printed
(read the diff before committing it).

    /usr/bin/python3 tests/readme_examples.py build/coins.so README.md [db ...]

Blocks run on a copy of the first database; a block whose first line is
"-- on games.db" runs on a copy of the database of that name instead.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ext = os.path.splitext(os.path.abspath(sys.argv[1]))[0]
readme = open(sys.argv[2], encoding="utf-8").read()
databases = sys.argv[3:]
shell = os.environ.get("SQLITE3", "sqlite3")

pattern = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.M | re.S)
matches = list(pattern.finditer(readme))
blocks = [(m.group(1), m.group(2)) for m in matches]
updates = {}
passed = failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for i, (lang, body) in enumerate(blocks):
        if lang != "sql":
            continue
        db = os.path.join(tmp, "example.db")
        wanted = re.match(r"-- on (\S+)", body)
        source = [d for d in databases
                  if not wanted or os.path.basename(d) == wanted.group(1)]
        if os.path.exists(db):
            os.remove(db)
        if source:
            shutil.copy(source[0], db)
        run = subprocess.run([shell, "-bail", db], input=f".load {ext}\n{body}",
                             capture_output=True, text=True)
        want = None
        if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
            want = blocks[i + 1][1]
        first = body.strip().splitlines()[0]
        if run.returncode != 0 or run.stderr:
            print(f"FAIL README block {first!r}: {run.stderr.strip()}")
            failed += 1
        elif want is not None and run.stdout != want and os.environ.get("UPDATE"):
            updates[i + 1] = run.stdout
            passed += 1
        elif want is not None and run.stdout != want:
            print(f"FAIL README block {first!r}: output differs\n"
                  f"--- README\n{want}--- got\n{run.stdout}")
            failed += 1
        else:
            passed += 1
# The error table: | `coins_f(...)` | `message` | rows must fail just so.
for call, message in re.findall(r"^\| `(coins_\w+\(.*?\))` \| `(.*?)` \|$",
                                readme, re.M):
    run = subprocess.run([shell, ":memory:"], input=f".load {ext}\nSELECT {call};\n",
                         capture_output=True, text=True)
    got = run.stderr.strip().split(": ", 1)[-1]
    if got != message:
        print(f"FAIL README error row {call}: got {got!r}")
        failed += 1
    else:
        passed += 1

if updates:
    out, last = [], 0
    for j, m in enumerate(matches):
        if j in updates:
            out += [readme[last:m.start(2)], updates[j]]
            last = m.end(2)
    out.append(readme[last:])
    open(sys.argv[2], "w", encoding="utf-8").write("".join(out))
print(f"readme_examples.py: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
