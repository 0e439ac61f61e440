# tests/packaging/lib.sh -- what the channel tests share (sourced):
# counting checks, the scratch directory, and looking inside binaries.
#   name=NAME; . tests/packaging/lib.sh     (from the top of the repository)
set -u
name=${name:?set name before sourcing tests/packaging/lib.sh}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $name: $*"; fail=$((fail + 1)); }
# check WHAT COMMAND...: runs COMMAND, its output kept for a failure.
check() {
  what=$1; shift
  if out=$("$@" 2>&1); then ok; else bad "$what"; printf '%s\n' "$out" | tail -n 30; fi
}
# same FILE-A FILE-B WHAT: the two files are equal (a diff on failure).
same() {
  if diff -u "$1" "$2" >"$tmp/diff" 2>&1; then ok; else bad "$3"; cat "$tmp/diff"; fi
}
finish() {
  echo "$name: $pass passed, $fail failed"
  [ $fail -eq 0 ]
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/coins-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$(pwd)

# elf_x86_64 FILE: FILE is a 64-bit x86-64 ELF shared object.
elf_x86_64() {
  readelf -h "$1" | grep -q 'Class:[[:space:]]*ELF64' &&
    readelf -h "$1" | grep -q 'Machine:[[:space:]]*Advanced Micro Devices X86-64' &&
    readelf -h "$1" | grep -q 'Type:[[:space:]]*DYN'
}
# exports_entry_alone FILE: the only dynamic symbol FILE defines is sqlite3_coins_init.
exports_entry_alone() {
  [ "$(nm -D --defined-only "$1" | awk '{ print $NF }')" = sqlite3_coins_init ]
}
# loads_in_shell PATH VERSION: the sqlite3 shell loads PATH (no suffix
# needed) and coins answers with VERSION.
loads_in_shell() {
  got=$(${SQLITE3:-sqlite3} -bail :memory: ".load $1" \
        "SELECT coins_version() || '|' || coins_score(3, '[8,15,3,7]');" 2>&1)
  [ "$got" = "$2|22" ] || { echo "$1 in sqlite3 said: $got"; return 1; }
}
