"""web/examples.py -- writes build/web/examples.js for the playground (make
web): the example queries of the README and of docs/reference.md, and
sql/demo_db.sql, the games table the page creates at start.

    python3 web/examples.py README.md docs/reference.md sql/demo_db.sql > build/web/examples.js

Each ```sql block becomes an example titled by the heading above it, with
the ```text block under it as its expected output.  Lines that are sqlite3
shell commands (.mode box) are dropped from the SQL, and noted: box says
the expected output is drawn as .mode box draws it (tests/browser compares
every example's result, drawn the same way, with it).  Blocks that start
with "-- on games.db" need the database of make demo's reports: left out.
"""
import json
import re
import sys

FENCE = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.M | re.S)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*$", re.M)

examples, demo_db = [], ""
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    if path.endswith(".sql"):
        demo_db = text
        continue
    blocks = list(FENCE.finditer(text))
    count = {}
    for i, m in enumerate(blocks):
        lang, body = m.group(1), m.group(2)
        if lang != "sql" or body.startswith("-- on "):
            continue
        headings = HEADING.findall(FENCE.sub("", text[: m.start()]))
        title = headings[-1].replace("`", "") if headings else path
        count[title] = count.get(title, 0) + 1
        if count[title] > 1:
            title = f"{title} ({count[title]})"
        commands = [line for line in body.splitlines() if line.startswith(".")]
        sql = "\n".join(line for line in body.splitlines() if not line.startswith("."))
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        expected = after.group(2) if after and after.group(1) == "text" else None
        examples.append(
            {
                "title": f"{title}  [{path.split('/')[-1]}]",
                "sql": sql.strip() + "\n",
                "box": any(c.split()[:2] == [".mode", "box"] for c in commands),
                "expected": expected,
            }
        )

print("/* build/web/examples.js -- made by web/examples.py from the README,")
print("   docs/reference.md and sql/demo_db.sql (make web); do not edit. */")
print("window.COINS_EXAMPLES = " + json.dumps(examples, indent=1, ensure_ascii=False) + ";")
print("window.COINS_DEMO_DB = " + json.dumps(demo_db, ensure_ascii=False) + ";")
