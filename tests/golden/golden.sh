#!/bin/sh
# tests/golden/golden.sh -- runs each tests/golden/NAME.sql through the sqlite3
# shell with the extension loaded and diffs what it prints (stdout and
# stderr) against tests/golden/NAME.out.  Files run with -bail, so a query
# that fails ends the run and shows in the diff; NAME.errors.sql files run
# without it, to show error messages one after another.  Each file has a
# time limit (tests/tools/run_limited.sh): GOLDEN_TIMEOUT seconds if set, else 60,
# or 600 when the shell runs under valgrind (make valgrind: some files take
# minutes there); a file that runs longer fails, named.
#
#   sh tests/golden/golden.sh build/coins.so [sqlite3]     (UPDATE=1 rewrites .out)
ext=${1:?usage: golden.sh EXTENSION [SQLITE3]}
ext=$(cd "$(dirname "$ext")" && pwd)/$(basename "$ext")
shell=${2:-sqlite3}
dir=$(dirname "$0")
case $shell in *valgrind*) limit=600 ;; *) limit=60 ;; esac
limit=${GOLDEN_TIMEOUT:-$limit}
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for sql in "$dir"/*.sql; do
  name=$(basename "$sql" .sql)
  case $name in *.errors) bail= ;; *) bail=-bail ;; esac
  { echo ".load ${ext%.*}"; cat "$sql"; } |
    RUN_LIMITED_NAME="golden/$name.sql" sh "$dir/../tools/run_limited.sh" "$limit" \
      $shell $bail :memory: >"$tmp/$name.got" 2>&1
  status=$?
  if [ $status -eq 124 ] || [ $status -eq 137 ]; then
    echo "FAIL golden/$name.sql: timed out (the limit is GOLDEN_TIMEOUT=$limit s)"
    sed 's/^/  /' "$tmp/$name.got" | tail -5
    fail=$((fail + 1))
    continue
  fi
  if [ -n "$UPDATE" ]; then cp "$tmp/$name.got" "$dir/$name.out"; fi
  if [ -n "$bail" ] && [ $status -ne 0 ]; then
    echo "FAIL golden/$name.sql: the shell exited with $status"
    sed 's/^/  /' "$tmp/$name.got" | tail -5
    fail=$((fail + 1))
  elif ! diff -u "$dir/$name.out" "$tmp/$name.got" >"$tmp/diff"; then
    echo "FAIL golden/$name.sql: output differs from golden/$name.out"
    head -40 "$tmp/diff"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
echo "golden: $pass passed, $fail failed"
[ $fail -eq 0 ]
