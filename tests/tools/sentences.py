"""tests/tools/sentences.py -- names every sentence of the given markdown
files that spans more than four lines of the source, so that long
sentences are split.

    /usr/bin/python3 tests/tools/sentences.py [--max N] FILE.md ...

A sentence is counted in the lines of the file it spans, from the line of
its first word to the line of its last.  Only prose counts.  Code blocks
(fenced, or indented after a blank line), tables, headings, HTML comments
and link definitions are skipped.  A paragraph, and each item of a list
with the lines that continue it, is read on its own: a sentence never
runs from one into the next.  Inside them, code spans and link targets
are masked, so a dot in `coins.so` or in (../ext/core/line.c) ends
nothing.  A sentence ends at '.', '!' or '?' (after any closing quotes,
brackets or emphasis) followed by a space or the end of the paragraph,
but not after an abbreviation ("e.g.", "i.e.", "etc.", ...) or in an
ellipsis ("1, 2, 3, ..."); each item of a line of links set apart by
" · " counts as one.

Exits 1 and prints FILE:LINE: N lines: the sentence's first words, for
each long sentence; exits 0 and prints a count otherwise.
"""

import re
import sys

FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])(\s+)(\[[ xX]\]\s+)?")
HEADING = re.compile(r"^\s{0,3}#{1,6}(\s|$)")
LINK_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
ABBREVIATIONS = r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)(?<!\bcf)(?<!\bresp)(?<!\bapprox)"
END = re.compile(r"(?<!\.\.)" + ABBREVIATIONS + r"[.!?][\"')\]*_]*(?=\s|$)| ·(?= )")


def blocks(lines):
    """Yield (first line number, [lines]) for each paragraph or list item."""
    block, start = [], 0
    in_fence = in_comment = False
    after_blank = True
    item_indent = -1  # where the text of the open list item starts; -1: none

    def close():
        nonlocal block
        if block:
            yield_list.append((start, block))
        block = []

    yield_list = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if in_fence:
            in_fence = not FENCE.match(line)
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if FENCE.match(line):
            close()
            in_fence = True
            continue
        if stripped.startswith("<!--"):
            close()
            in_comment = "-->" not in stripped
            continue
        if not stripped:
            close()
            after_blank = True
            continue
        indent = len(line) - len(line.lstrip())
        code_indent = 4 if item_indent < 0 else item_indent + 4
        if after_blank and indent >= code_indent:
            close()  # an indented code block
            continue
        was_blank, after_blank = after_blank, False
        if stripped.startswith("|") or HEADING.match(line) or LINK_DEF.match(line):
            close()
            continue
        item = LIST_ITEM.match(line)
        if item:
            close()
            item_indent = item.end()
            start, block = number, [line[item.end() :]]
            continue
        if was_blank and indent < max(item_indent, 1):
            item_indent = -1  # a paragraph outside the list
        if stripped.startswith(">"):
            stripped = stripped.lstrip(">").strip()
        if not block:
            start = number
        block.append(stripped)
    close()
    return yield_list


def masked(text):
    """The text with code spans and link targets made free of stops."""

    def blank(match):
        return re.sub(r"[^\n]", "X", match.group(0))

    def blank_code(match):
        # a code span that ends a sentence ("`... is not installed.` npm ...")
        code = blank(match)
        return code[:-1] + "." if re.search(r"[.!?]$", match.group(2)) else code

    return LINK_TARGET.sub(blank, CODE_SPAN.sub(blank_code, text))


def long_sentences(path, most):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for start, block in blocks(lines):
        text = "\n".join(block)
        plain = masked(text)
        begin = 0
        for end in [m.end() for m in END.finditer(plain)] + [len(plain)]:
            sentence = text[begin:end]
            lead = len(sentence) - len(sentence.lstrip())
            first = start + text.count("\n", 0, begin + lead)
            last = start + text.count("\n", 0, max(end - 1, begin))
            if sentence.strip() and last - first + 1 > most:
                words = " ".join(sentence.split()[:8])
                yield first, last - first + 1, words
            begin = end


def main(argv):
    most = 4
    if argv[:1] == ["--max"]:
        most, argv = int(argv[1]), argv[2:]
    if not argv:
        sys.exit(__doc__)
    found = 0
    for path in argv:
        for line, count, words in long_sentences(path, most):
            print(f"{path}:{line}: {count} lines: {words} ...")
            found += 1
    if found:
        print(f"sentences: {found} sentences run past {most} lines (split them)")
        return 1
    print(f"sentences: no sentence of {len(argv)} files runs past {most} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
