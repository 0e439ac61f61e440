#!/usr/bin/env python3
"""variant_sites.py -- keeps the "Add a variant" checklist of
docs/architecture.md true (make lint runs it).

A copy of include/coins.h with a throwaway seventh variant (and, apart, a
throwaway fourth notation) shadows the real one while ext/ is compiled with
-fsyntax-only -Wswitch; the switches the compiler names, as (file,
function), are compared with the checklist's items of the form

    - [ ] [ext/core/solve.c](../ext/core/solve.c) (2): `f`, `g`; prose...

(the names between the colon and the first ';' or '.' of the item), and
with the counts written there ("name 23 sites in 7 files").  It also
refuses variant tests the compiler cannot see: == or != against
COINS_I, COINS_II, COINS_III, COINS_I_MISERE, COINS_I_SUM or COINS_I_SUM_MISERE
anywhere in ext/ or include/.

Usage: variant_sites.py [--cc gcc] [--doc docs/architecture.md], from the top folder.
Exit 0 when all agree, 1 with the missing and extra sites named.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

# (the enumerator's line in coins.h, what to add, the checklist's heading)
CHECKS = [
    (
        "COINS_I_SUM_MISERE = 6",
        "COINS_I_SUM_MISERE = 6, COINS_THROWAWAY_VARIANT = 7",
        "## Add a variant",
    ),
    (
        "COINS_NOTATION_PILE = 3",
        "COINS_NOTATION_PILE = 3, COINS_THROWAWAY_NOTATION = 4",
        "### Add a notation",
    ),
]
FUNCTION = re.compile(r"^(.*?): In function '([A-Za-z_0-9]+)':$")
WARNING = re.compile(
    r"^(.*?):\d+:\d+: warning: enumeration value 'COINS_THROWAWAY_\w+' not handled"
)
ITEM = re.compile(r"^- \[ \] \[([^\]]+)\]\([^)]*\) \((\d+)\): (.*)$")
COUNTS = re.compile(r"names? (\d+) sites in (\d+) files")
NAME = r"COINS_(?:I{1,3}|I_MISERE|I_SUM|I_SUM_MISERE)\b"
TEST = re.compile(r"[!=]=\s*" + NAME + r"|\b" + NAME + r"\s*[!=]=")


def compiled_sites(cc, line, patched, include_dir):
    """The (file, function) pairs -Wswitch names with the patched header."""
    header = open(os.path.join(include_dir, "coins.h")).read()
    if header.count(line) != 1:
        sys.exit(f"variant_sites: '{line}' is not once in include/coins.h: update {__file__}")
    sources = sorted(glob.glob("ext/core/*.c") + glob.glob("ext/sqlite/*.c"))
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "coins.h"), "w") as f:
            f.write(header.replace(line, patched))
        cmd = [cc, "-fsyntax-only", "-Wswitch", "-I" + tmp, "-I" + include_dir] + sources
        try:
            run = subprocess.run(
                cmd, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C")
            )
        except FileNotFoundError:
            sys.exit(f"variant_sites: no {cc}: it needs gcc (tests/tools/deps.sh installs it)")
        if run.returncode != 0:
            sys.exit("variant_sites: the throwaway build failed:\n" + run.stderr)
        sites, function = set(), None
        for text in run.stderr.splitlines():
            m = FUNCTION.match(text)
            if m:
                function = m.group(2)
            m = WARNING.match(text)
            if m:
                path = m.group(1).replace(tmp + "/", "include/")
                sites.add((os.path.normpath(path), function))
        return sites


def documented_sites(doc, heading):
    """The checklist's (file, function) pairs under heading (to the next
    paragraph that is not an item), the counts per item, and the counts
    of the sentence that introduces it."""
    lines = open(doc).read().splitlines()
    try:
        start = lines.index(heading)
    except ValueError:
        sys.exit(f"variant_sites: no '{heading}' in {doc}")
    items, intro, in_list = [], [], False
    for text in lines[start:][1:]:
        if text.startswith("#"):
            break
        if text.startswith("- [ ] "):
            items.append(text)
            in_list = True
        elif in_list and text.startswith("  ") and text.strip():
            items[-1] += " " + text.strip()
        elif in_list and text.strip():
            break  # the paragraph after the list: what the compiler does not name
        elif not in_list:
            intro.append(text)
    intro = COUNTS.search(" ".join(intro))  # the sentence may wrap
    sites, problems = set(), []
    for item in items:
        m = ITEM.match(item)
        if not m:
            continue
        path, count, rest = m.group(1), int(m.group(2)), m.group(3)
        names = re.findall(r"`([A-Za-z_0-9]+)`", re.split(r"[;.](?:\s|$)", rest)[0])
        if len(names) != count:
            problems.append(f"{doc}: {path} says ({count}) but lists {len(names)}")
        sites |= {(path, name) for name in names}
    return sites, intro, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cc", default="gcc")  # gcc names the function of each warning
    parser.add_argument("--doc", default="docs/architecture.md")
    args = parser.parse_args()
    failed = False
    for line, patched, heading in CHECKS:
        compiled = compiled_sites(args.cc, line, patched, "include")
        documented, intro, problems = documented_sites(args.doc, heading)
        files = {path for path, _ in compiled}
        for path, name in sorted(compiled - documented):
            problems.append(f"{path}: {name}: named by the compiler, missing under '{heading}'")
        for path, name in sorted(documented - compiled):
            problems.append(f"{path}: {name}: under '{heading}' but not named by the compiler")
        if intro is None:
            problems.append(f"{args.doc}: '{heading}' does not say 'name N sites in M files'")
        elif (int(intro.group(1)), int(intro.group(2))) != (len(compiled), len(files)):
            problems.append(
                f"{args.doc}: '{heading}' says {intro.group(1)} sites in {intro.group(2)} files;"
                f" the compiler names {len(compiled)} in {len(files)}"
            )
        for p in problems:
            print(p)
        failed |= bool(problems)
        if not problems:
            found = f"{len(compiled)} sites in {len(files)} files"
            print(f"variant_sites: '{heading}': {found}, as documented")
    for path in sorted(glob.glob("ext/*/*.[ch]") + glob.glob("include/*.h")):
        for number, text in enumerate(open(path), 1):
            if TEST.search(text) or "moves_are_sides" in text:
                print(
                    f"{path}:{number}: a variant test -Wswitch cannot see: use a switch or a trait"
                )
                failed = True
    if failed:
        print("variant_sites: update the checklist in docs/architecture.md (or the code) to agree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
