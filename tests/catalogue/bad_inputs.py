"""tests/catalogue/bad_inputs.py -- runs the bad-input catalogue (tests/catalogue/bad_inputs.tsv)
against every SQL function of coins that takes each kind of argument, from
the system Python's stdlib sqlite3 module with the built extension loaded.

    /usr/bin/python3 tests/catalogue/bad_inputs.py build/coins.so [tests/catalogue/bad_inputs.tsv]
    /usr/bin/python3 tests/catalogue/bad_inputs.py --shell "CMD" build/coins.so [...]

With --shell, the statements run instead through a sqlite3 shell that CMD
starts (split as sh would, reading SQL on its standard input): one shell
for the whole catalogue, each statement on its own line, each error found
by the line number the shell names.  This runs the catalogue on another
platform or SQLite: an arm64 shell under qemu, a Windows shell under wine,
a shell linked with musl, an old SQLite's own shell.

Each entry of the catalogue is "kind<TAB>SQL expression<TAB>message" (the
format is described at the top of the .tsv).  For every function that takes
an argument of that kind, the expression is put in that argument's place,
with fixed valid values in the others (coins '[1,2,3]', strategies
'optimal', the default max_take), and the statement (all rows stepped) must
fail with exactly "<function>: <message>" (%V in the message standing for
the variant's name: I, II or III) -- or, for an entry whose message is "-"
(an accepted edge), run without an error.  Prints each failure, then
"N passed, M failed" (N and M count checks, one per entry and call), and
exits non-zero when anything failed.
"""
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients"))
from coins_client import connect, error_of  # noqa: E402

SCALARS = ["coins_win", "coins_outcome", "coins_margin", "coins_score", "coins_best_move"]
SUM_SCALARS = ["coins_win", "coins_outcome", "coins_best_move"]
COINS = "'[1,2,3]'"
# the fixed piles of a record: a misère sum solved with the default max_take
PILES = "'[1,2,2]'"
DEFAULT_TAKE = {1: 2, 2: 2, 3: 1, 4: 2, 5: 2, 6: 2}
VARIANT_NAME = {1: "I", 2: "II", 3: "III", 4: "I-misere", 5: "I-sum", 6: "I-sum-misere"}
NO_VALUES = "variant {} has no coin values; use coins_win or coins_outcome"
OPTIONS_TOO_FAR = "a loss exceeds 2^63-1"
# a misère sum outside the classes solved: no error to the functions that
# only play its moves
UNSOLVED = "misere sums are solved for"
FINISH_ONLY = ("coins_result", "coins_after")


def calls_for(kind, x, v):
    """The (function, SQL) pairs that put x in the argument `kind`, for
    variant v (None for the kinds that have no variant)."""
    k = DEFAULT_TAKE.get(v)
    if kind == "variant":
        return (
            [(f, f"SELECT {f}({x}, {COINS})") for f in SCALARS]
            + [(f, f"SELECT {f}({x}, {COINS}, 1)") for f in SCALARS]
            + [
                ("coins_moves", f"SELECT * FROM coins_moves({x}, {COINS})"),
                ("coins_review", f"SELECT * FROM coins_review({x}, {COINS}, '[]')"),
                ("coins_play", f"SELECT * FROM coins_play({x}, {COINS}, " "'optimal', 'optimal')"),
                ("coins_diagram", f"SELECT coins_diagram({x}, {COINS})"),
                ("coins_diagram", f"SELECT coins_diagram({x}, {COINS}, '[]')"),
                ("coins_rules", f"SELECT coins_rules({x})"),
                ("coins_options", f"SELECT * FROM coins_options({x}, {COINS})"),
                ("coins_scorecard", f"SELECT * FROM coins_scorecard({x}, {COINS}, " "'[]')"),
                ("coins_variant", f"SELECT coins_variant({x})"),
                ("coins_count", f"SELECT coins_count({x}, {COINS})"),
            ]
        )
    if kind == "coins":
        return (
            [(f, f"SELECT {f}({v}, {x})") for f in SCALARS]
            + [(f, f"SELECT {f}({v}, {x}, {k})") for f in SCALARS]
            + [
                ("coins_moves", f"SELECT * FROM coins_moves({v}, {x})"),
                ("coins_review", f"SELECT * FROM coins_review({v}, {x}, '[]')"),
                ("coins_play", f"SELECT * FROM coins_play({v}, {x}, 'optimal', " "'optimal')"),
                ("coins_diagram", f"SELECT coins_diagram({v}, {x})"),
                ("coins_diagram", f"SELECT coins_diagram({v}, {x}, '[]')"),
                ("coins_options", f"SELECT * FROM coins_options({v}, {x})"),
                ("coins_options", f"SELECT * FROM coins_options({v}, {x}, {k}, 0)"),
                ("coins_scorecard", f"SELECT * FROM coins_scorecard({v}, {x}, " "'[]')"),
                ("coins_count", f"SELECT coins_count({v}, {x})"),
            ]
        )
    if kind == "piles":
        sums = [(f, f"SELECT {f}({v}, {x})") for f in SUM_SCALARS]
        sums += [(f, f"SELECT {f}({v}, {x}, {k})") for f in SUM_SCALARS]
        return sums + [
            ("coins_moves", f"SELECT * FROM coins_moves({v}, {x})"),
            ("coins_review", f"SELECT * FROM coins_review({v}, {x}, '[]')"),
            ("coins_play", f"SELECT * FROM coins_play({v}, {x}, 'optimal', 'optimal')"),
            ("coins_options", f"SELECT * FROM coins_options({v}, {x})"),
            ("coins_result", f"SELECT coins_result({v}, {x}, '[]')"),
            ("coins_after", f"SELECT coins_after({v}, {x}, '[]', {k})"),
        ]
    if kind == "pile_moves":
        return [
            ("coins_review", f"SELECT * FROM coins_review({v}, {PILES}, {x})"),
            ("coins_review", f"SELECT * FROM coins_review({v}, {PILES}, {x}, {k})"),
            ("coins_result", f"SELECT coins_result({v}, {PILES}, {x})"),
            ("coins_after", f"SELECT coins_after({v}, {PILES}, {x}, {k})"),
        ]
    if kind == "max_take":
        return [(f, f"SELECT {f}({v}, {COINS}, {x})") for f in SCALARS] + [
            ("coins_moves", f"SELECT * FROM coins_moves({v}, {COINS}, {x})"),
            ("coins_review", f"SELECT * FROM coins_review({v}, {COINS}, '[]', " f"{x})"),
            (
                "coins_play",
                f"SELECT * FROM coins_play({v}, {COINS}, 'optimal', " f"'optimal', {x})",
            ),
            ("coins_diagram", f"SELECT coins_diagram({v}, {COINS}, '[]', {x})"),
            ("coins_options", f"SELECT * FROM coins_options({v}, {COINS}, {x})"),
            ("coins_scorecard", f"SELECT * FROM coins_scorecard({v}, {COINS}, " f"'[]', {x})"),
        ]
    if kind == "moves":
        return [
            ("coins_review", f"SELECT * FROM coins_review({v}, {COINS}, {x})"),
            ("coins_review", f"SELECT * FROM coins_review({v}, {COINS}, {x}, " f"{k})"),
            ("coins_diagram", f"SELECT coins_diagram({v}, {COINS}, {x})"),
            ("coins_diagram", f"SELECT coins_diagram({v}, {COINS}, {x}, {k})"),
            ("coins_scorecard", f"SELECT * FROM coins_scorecard({v}, {COINS}, " f"{x})"),
            ("coins_scorecard", f"SELECT * FROM coins_scorecard({v}, {COINS}, " f"{x}, {k})"),
        ]
    if kind == "lead":
        return [("coins_options", f"SELECT * FROM coins_options({v}, {COINS}, " f"{k}, {x})")]
    if kind in ("strategy", "first", "second"):
        calls = []
        if kind != "second":
            calls += [
                ("coins_play", f"SELECT * FROM coins_play({v}, {COINS}, {x}, " "'optimal')"),
                ("coins_play", f"SELECT * FROM coins_play({v}, {COINS}, {x}, " f"'optimal', {k})"),
            ]
        if kind != "first":
            calls += [
                ("coins_play", f"SELECT * FROM coins_play({v}, {COINS}, " f"'optimal', {x})"),
                ("coins_play", f"SELECT * FROM coins_play({v}, {COINS}, " f"'optimal', {x}, {k})"),
            ]
        return calls
    deal = {
        "seed": [f"{x}, 3", f"{x}, 3, 1, 6"],
        "count": [f"1, {x}", f"1, {x}, 1, 6"],
        "lo": [f"1, 3, {x}, 6"],
        "hi": [f"1, 3, 1, {x}"],
    }
    if kind in deal:
        return [("coins_deal", f"SELECT coins_deal({a})") for a in deal[kind]]
    if kind == "takes":
        return [("coins_grundy", f"SELECT coins_grundy(3, {x})")]
    if kind == "pile":
        return [("coins_grundy", f"SELECT coins_grundy({x}, 2)")]
    array = {
        "key": (f"{x}, 1", ""),
        "value": (f"1, {x}", ""),
        "rows": ("column1, column2", f" FROM ({x})"),
    }
    if kind in array:
        args, source = array[kind]
        return [
            ("coins_array", f"SELECT coins_array({args}){source}"),
            ("coins_array", f"SELECT coins_array({args}) OVER (){source}"),
        ]
    return None


VARIANT_KINDS = {
    "coins",
    "max_take",
    "moves",
    "strategy",
    "first",
    "second",
    "lead",
    "piles",
    "pile_moves",
}
# the variants a kind is tried with when its entry names none: a JSON
# array is a sum of piles in I-sum and I-sum-misere (their own kinds)
DEFAULT_VARIANTS = {"piles": "56", "pile_moves": "56"}


def parse_kind(field):
    """'coins:23' -> ('coins', [2, 3]); 'seed' -> ('seed', [None])."""
    kind, _, qualifier = field.partition(":")
    if kind not in VARIANT_KINDS:
        return (kind, [None]) if not qualifier else (None, None)
    variants = [int(c) for c in qualifier or DEFAULT_VARIANTS.get(kind, "1234")]
    if any(v not in VARIANT_NAME for v in variants):
        return None, None
    return kind, variants


def checks(path):
    """Each check of the catalogue at path: (where, function, sql,
    expected), expected being "-" for an accepted edge; where names a line
    that is not an entry, with function None."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            kind, variants = parse_kind(fields[0])
            if len(fields) != 3 or kind is None or calls_for(kind, "x", variants[0]) is None:
                yield (
                    f"{path}:{number}: not kind<TAB>expression<TAB>"
                    f"message with a known kind: {line!r}",
                    None,
                    None,
                    None,
                )
                continue
            _, expr, message = fields
            for v in variants:
                expected = message.replace("%V", VARIANT_NAME.get(v, "%V"))
                for function, sql in calls_for(kind, expr, v):
                    yield f"{path}:{number}", function, sql, expected


# How a sqlite3 shell reports an error: "Runtime error near line 7: msg"
# (3.40; "Parse error" when preparing fails; " (18)" after the message when
# the code is not plain SQLITE_ERROR), "Error: near line 7: msg" (3.31).
SHELL_ERROR = re.compile(r"^(?:Runtime error|Parse error|Error:) near line (\d+): (.*)$")


def shell_errors(command, extension, statements):
    """The error message of each statement, run by one sqlite3 shell (its
    messages read from its output and its errors alike: a shell under wine
    joins them)."""
    script = [f".load {os.path.splitext(os.path.abspath(extension))[0]}"]
    script += [sql.replace("\n", " ") + ";" for sql in statements]
    run = subprocess.run(
        shlex.split(command),
        input="\n".join(script) + "\n",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        encoding="utf-8",
        errors="backslashreplace",
    )
    errors = {}
    for line in run.stdout.replace("\r\n", "\n").split("\n"):
        m = SHELL_ERROR.match(line)
        if m:
            errors[int(m.group(1)) - 2] = m.group(2)
    if -1 in errors:
        sys.exit(f"the shell could not load {extension}: {errors[-1]}")
    return [errors.get(i) for i in range(len(statements))]


def main():
    args = sys.argv[1:]
    shell = None
    if args[:1] == ["--shell"] and len(args) > 1:
        shell, args = args[1], args[2:]
    if len(args) not in (1, 2):
        sys.exit("usage: bad_inputs.py [--shell CMD] EXTENSION [CATALOGUE.tsv]")
    path = (
        args[1]
        if len(args) == 2
        else os.path.join(os.path.dirname(os.path.abspath(__file__)), "bad_inputs.tsv")
    )
    todo = list(checks(path))
    statements = [sql for _, function, sql, _ in todo if function]
    if shell:
        got_all = iter(shell_errors(shell, args[0], statements))
    else:
        db = connect(args[0])
        got_all = (error_of(db, sql) for sql in statements)

    passed = failed = 0
    entries = len({where for where, function, _, _ in todo if function})
    for where, function, sql, expected in todo:
        if function is None:
            print(f"FAIL {where}")
            failed += 1
            continue
        got = next(got_all)
        if expected.startswith(UNSOLVED) and function in FINISH_ONLY:
            expected = "-"
        if expected == "-":
            # accepted: no error (margin and score of variants I and
            # I-misere have no values whatever the row; coins_options
            # refuses a row where two moves differ by 2^63 or more, which
            # only rows near the limit can)
            accepted = [f"{function}: {NO_VALUES.format(name)}" for name in ("I", "I-misere")]
            ok = got is None or got in accepted + [f"{function}: {OPTIONS_TOO_FAR}"]
            want = "no error"
        else:
            want = f"{function}: {expected}"
            ok = got == want or (
                shell is not None
                and got is not None
                and re.fullmatch(re.escape(want) + r" \(\d+\)", got)
            )
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {where}: {sql}\n  expected: {want}\n  got:      {got}")
    print(f"bad_inputs.py: {entries} entries, {passed} passed, " f"{failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
