#!/bin/sh
# tests/versions/golden_old.sh -- the golden files (tests/golden) through an
# older SQLite's own sqlite3 shell, which words errors otherwise: both the
# expected output and the shell's are first brought to one form ("Runtime
# error near line 7: m" and "Parse error near line 7: m", the code "(18)"
# after m, the statement and "^--- error here" under it, all as the 3.31
# shell's "Error: near line 7: m").  A file named in NEEDS (NAME<TAB>why,
# one a line) needs a newer SQLite or shell: it is run too, and must fail
# (one that passes is stale in NEEDS, and fails the run).
#
#   sh tests/versions/golden_old.sh build/coins.so build/sqlite-3.31.1/sqlite3 \
#     tests/versions/golden-3.31.1.needs
ext=${1:?usage: golden_old.sh EXTENSION SHELL NEEDS}
shell=${2:?usage: golden_old.sh EXTENSION SHELL NEEDS}
needs=${3:?usage: golden_old.sh EXTENSION SHELL NEEDS}
ext=$(cd "$(dirname "$ext")" && pwd)/$(basename "$ext")
dir=$(dirname "$0")/../golden
version=$($shell :memory: 'SELECT sqlite_version()') || exit 1
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
one_form() {
  awk '{ sub(/^(Runtime|Parse) error near line/, "Error: near line") }
    /^Error: near line/ { sub(/ \([0-9]+\)$/, "") }
    /^ *\^--- error here$/ { has = 0; next }
    { if (has) print held; held = $0; has = 1 }
    END { if (has) print held }' "$1"
}
for sql in "$dir"/*.sql; do
  name=$(basename "$sql" .sql)
  case $name in *.errors) bail= ;; *) bail=-bail ;; esac
  { echo ".load ${ext%.*}"; cat "$sql"; } |
    RUN_LIMITED_NAME="golden/$name.sql" sh "$dir/../tools/run_limited.sh" 60 \
      $shell $bail :memory: >"$tmp/got" 2>&1
  status=$?
  one_form "$dir/$name.out" >"$tmp/want.1"
  one_form "$tmp/got" >"$tmp/got.1"
  ok=1
  { [ -n "$bail" ] && [ $status -ne 0 ]; } && ok=0
  diff -u "$tmp/want.1" "$tmp/got.1" >"$tmp/diff" || ok=0
  why=$(awk -F '\t' -v n="$name" '$1 == n { print $2 }' "$needs")
  if [ -n "$why" ] && [ $ok = 0 ]; then
    echo "skip golden/$name.sql on $version: needs $why"
    skip=$((skip + 1))
  elif [ -n "$why" ]; then
    echo "FAIL golden/$name.sql passes on $version: take it out of $needs"
    fail=$((fail + 1))
  elif [ $ok = 1 ]; then
    pass=$((pass + 1))
  else
    echo "FAIL golden/$name.sql on $version (exit status $status)"
    head -40 "$tmp/diff"
    fail=$((fail + 1))
  fi
done
echo "golden on SQLite $version: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
