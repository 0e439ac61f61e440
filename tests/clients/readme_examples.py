"""tests/clients/readme_examples.py -- runs every ```sql block of the README and of
the pages of docs/ through the sqlite3 shell, with the extension loaded, on
a scratch copy of an example database, so that the documentation cannot
drift from what coins does.

    /usr/bin/python3 tests/clients/readme_examples.py EXT FILE.md ... -- DB ...

    e.g. tests/clients/readme_examples.py build/coins.so README.md docs/*.md \\
             -- build/demo.db build/games.db

In each markdown file:
- a ```text block right after a ```sql block is its expected output,
  compared exactly; a block that fails (the shell runs with -bail) fails
  the test.  Blocks run on a copy of the first database; a block whose
  first line is "-- on games.db" runs on a copy of the database of that
  name instead.
- rows of an error table, | `coins_f(...)` | `message` |, must give
  exactly that message.
- every relative link, [text](path) or [text](path#anchor), must name a
  file or directory that exists (relative to the markdown file); when the
  target is a markdown file, the anchor must be one of its headings (as
  GitHub makes anchors).  Links to http(s) and mailto addresses, and links
  to an anchor of the same page (#anchor), are not checked.

With UPDATE=1 the text blocks are rewritten from what the shell printed,
each in its own file (read the diff before committing it).  Without "--"
the arguments ending in .md are the files and the others the databases.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

if len(sys.argv) < 3:
    sys.exit(__doc__)
ext = os.path.splitext(os.path.abspath(sys.argv[1]))[0]
rest = sys.argv[2:]
if "--" in rest:
    cut = rest.index("--")
    documents, databases = rest[:cut], rest[cut + 1 :]
else:
    documents = [a for a in rest if a.endswith(".md")]
    databases = [a for a in rest if not a.endswith(".md")]
shell = os.environ.get("SQLITE3", "sqlite3")

FENCE = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.M | re.S)
ERROR_ROW = re.compile(r"^\| `(coins_\w+\(.*?\))` \| `(.*?)` \|$", re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)[^`].*?\1", re.S)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)

passed = failed = 0


def fail(message):
    global failed
    print(f"FAIL {message}")
    failed += 1


def without_code(text):
    """text with fenced blocks, indented blocks and code spans blanked."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    text = re.sub(r"^(?: {4}|\t).*$", "", text, flags=re.M)
    return INLINE_CODE.sub("", text)


def anchors_of(path):
    """The anchors GitHub gives the headings of the markdown file path."""
    found, seen = set(), {}
    text = open(path, encoding="utf-8").read()
    for title in HEADING.findall(FENCE.sub("", text)):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)  # [text](url)
        slug = re.sub(r"[^\w\- ]", "", title.replace("`", "").strip().lower())
        slug = slug.replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def check_links(doc, text):
    global passed
    base = os.path.dirname(os.path.abspath(doc))
    for target in LINK.findall(without_code(text)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue  # http:, https:, mailto:, ... and anchors of this page
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(base, path))
        if not os.path.exists(full):
            fail(f"{doc}: link to {target}: no such file {os.path.relpath(full)}")
        elif anchor and full.endswith(".md") and anchor not in anchors_of(full):
            fail(f"{doc}: link to {target}: no heading with that anchor")
        else:
            passed += 1


def run_blocks(doc, text, tmp):
    """Runs the sql blocks of text; returns {block index: new output}."""
    global passed
    matches = list(FENCE.finditer(text))
    blocks = [(m.group(1), m.group(2)) for m in matches]
    updates = {}
    for i, (lang, body) in enumerate(blocks):
        if lang != "sql":
            continue
        db = os.path.join(tmp, "example.db")
        wanted = re.match(r"-- on (\S+)", body)
        source = [d for d in databases if not wanted or os.path.basename(d) == wanted.group(1)]
        if wanted and not source:
            fail(f"{doc}: block {body.splitlines()[0]!r}: no database " f"{wanted.group(1)} given")
            continue
        if os.path.exists(db):
            os.remove(db)
        if source:
            shutil.copy(source[0], db)
        run = subprocess.run(
            [shell, "-bail", db], input=f".load {ext}\n{body}", capture_output=True, text=True
        )
        want = None
        if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
            want = blocks[i + 1][1]
        first = body.strip().splitlines()[0]
        if run.returncode != 0 or run.stderr:
            fail(f"{doc}: block {first!r}: {run.stderr.strip()}")
        elif want is not None and run.stdout != want and os.environ.get("UPDATE"):
            updates[i + 1] = run.stdout
            passed += 1
        elif want is not None and run.stdout != want:
            fail(
                f"{doc}: block {first!r}: output differs\n"
                f"--- {doc}\n{want}--- got\n{run.stdout}"
            )
        else:
            passed += 1
    if updates:
        out, last = [], 0
        for j, m in enumerate(matches):
            if j in updates:
                out += [text[last : m.start(2)], updates[j]]
                last = m.end(2)
        out.append(text[last:])
        open(doc, "w", encoding="utf-8").write("".join(out))
        print(f"{doc}: {len(updates)} text block(s) rewritten")


def check_error_rows(doc, text):
    """| `coins_f(...)` | `message` | rows must fail just so."""
    global passed
    for call, message in ERROR_ROW.findall(text):
        run = subprocess.run(
            [shell, ":memory:"],
            input=f".load {ext}\nSELECT {call};\n",
            capture_output=True,
            text=True,
        )
        got = run.stderr.strip().split(": ", 1)[-1]
        if got != message:
            fail(f"{doc}: error row {call}: got {got!r}")
        else:
            passed += 1


with tempfile.TemporaryDirectory() as tmp:
    for doc in documents:
        text = open(doc, encoding="utf-8").read()
        check_links(doc, text)
        run_blocks(doc, text, tmp)
        check_error_rows(doc, text)

print(f"readme_examples.py: {len(documents)} files, {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
