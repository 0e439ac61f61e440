#!/bin/sh
# tests/golden.sh -- runs each tests/golden/NAME.sql through the sqlite3
# shell with the extension loaded and diffs what it prints (stdout and
# stderr) against tests/golden/NAME.out.  Files run with -bail, so a query
# that fails ends the run and shows in the diff; NAME.errors.sql files run
# without it, to show error messages one after another.
#
#   sh tests/golden.sh build/coins.so [sqlite3]     (UPDATE=1 rewrites .out)
ext=${1:?usage: golden.sh EXTENSION [SQLITE3]}
ext=$(cd "$(dirname "$ext")" && pwd)/$(basename "$ext")
shell=${2:-sqlite3}
dir=$(dirname "$0")/golden
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for sql in "$dir"/*.sql; do
  name=$(basename "$sql" .sql)
  case $name in *.errors) bail= ;; *) bail=-bail ;; esac
  { echo ".load ${ext%.*}"; cat "$sql"; } |
    $shell $bail :memory: >"$tmp/$name.got" 2>&1
  status=$?
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
