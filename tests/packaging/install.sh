#!/bin/sh
# tests/packaging/install.sh -- make install / make uninstall, the installed copy in
# use, and what coins asks of SQLite.  Run by `make test-packaging`:
#
#   1. every SQLite API ext/ uses is no newer than COINS_SQLITE_MIN_VERSION
#      (functions: the version block of sqlite3ext.h they sit in; types and
#      constants: the list below);
#   2. coins.so refuses an older SQLite with a message (tests/packaging/old_sqlite.c);
#   3. make install DESTDIR=... puts exactly the expected files there; with
#      pkg-config --cflags --libs coins, tests/packaging/embed.c compiles and links
#      against the installed libcoins.a and prints 22|first; the installed
#      coins.so loads in the sqlite3 shell and exports sqlite3_coins_init
#      alone; make uninstall removes exactly those files;
#   4. the same with PREFIX=/opt/coins.
#
#   sh tests/packaging/install.sh SO EXT    (SO: so or dylib; EXT: the built coins.so)
# Environment: MAKE, CC, EMBED_CFLAGS, SQLITE3, SQLITE_INCLUDE.
set -u
cd "$(dirname "$0")/../.."
so=${1:-so}
ext=${2:-build/coins.$so}
make=${MAKE:-make}
cc=${CC:-cc}
cflags=${EMBED_CFLAGS:--O2 -g -Wall -Wextra}
sqlite3=${SQLITE3:-sqlite3}
sqlite_include=${SQLITE_INCLUDE:-/usr/include}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

version=$(sed -n 's/^.define COINS_VERSION "\(.*\)"/\1/p' include/coins.h)
min=$(sed -n 's/^.define COINS_SQLITE_MIN_VERSION "\(.*\)"/\1/p' include/coins_sqlite.h)

# ------------------------------------------------- 1. SQLite API versions
# What reaches SQLite at run time must be no newer than the minimum: the API
# functions (looked up in sqlite3ext.h below) and the constants passed to
# them, listed here with the release that brought them.  Types and the
# sqlite3ext.h macros only matter at compile time ("-").  A name found
# nowhere fails the check: add it here.
cat >"$tmp/known" <<'EOF'
SQLITE_OK 3.0.0
SQLITE_ERROR 3.0.0
SQLITE_NOMEM 3.0.0
SQLITE_DONE 3.0.0
SQLITE_ROW 3.0.0
SQLITE_MISMATCH 3.0.0
SQLITE_TOOBIG 3.0.0
SQLITE_CONSTRAINT 3.0.0
SQLITE_INTEGER 3.0.0
SQLITE_FLOAT 3.0.0
SQLITE_TEXT 3.0.0
SQLITE_BLOB 3.0.0
SQLITE_NULL 3.0.0
SQLITE_UTF8 3.0.0
SQLITE_STATIC 3.0.0
SQLITE_TRANSIENT 3.0.0
SQLITE_INDEX_CONSTRAINT_EQ 3.3.7
SQLITE_INDEX_CONSTRAINT_GT 3.3.7
SQLITE_INDEX_CONSTRAINT_GE 3.3.7
SQLITE_INDEX_CONSTRAINT_LT 3.3.7
SQLITE_INDEX_CONSTRAINT_LE 3.3.7
SQLITE_LIMIT_LENGTH 3.5.8
SQLITE_DETERMINISTIC 3.8.3
SQLITE_INNOCUOUS 3.31.0
SQLITE_VTAB_INNOCUOUS 3.31.0
SQLITE_INTERRUPT 3.0.0
EOF
# sqlite3_is_interrupted (3.41.0) is called only where
# sqlite3_libversion_number() says the library has it (ext/sqlite/interrupt.c).
echo "sqlite3_is_interrupted -" >>"$tmp/known"
for name in sqlite3_api_routines sqlite3_context sqlite3_value sqlite3_int64 \
  sqlite3_uint64 sqlite3_module sqlite3_vtab sqlite3_vtab_cursor \
  sqlite3_index_info sqlite3_index_constraint sqlite3_str sqlite3_stmt \
  SQLITE_EXTENSION_INIT1 SQLITE_EXTENSION_INIT2 SQLITE_EXTENSION_INIT3 SQLITE_VERSION_NUMBER SQLITE_CORE; do
  echo "$name -" >>"$tmp/known"
done
# sqlite3_X -> the "Version N and later" block of the routines table that
# holds its entry (entries before the first such comment: 3.7.15 or older).
awk '
  /^struct sqlite3_api_routines/ { in_struct = 1; ver = "3.7.15"; next }
  in_struct && /^};/ { in_struct = 0 }
  in_struct && /Version [0-9.]+ and later/ {
    match($0, /[0-9]+\.[0-9]+\.[0-9]+/); ver = substr($0, RSTART, RLENGTH) }
  in_struct && match($0, /\(\*[a-z0-9_]+\)/) {
    since[substr($0, RSTART + 2, RLENGTH - 3)] = ver }
  /^#define sqlite3_[a-z0-9_]+ +sqlite3_api->/ {
    member = $3; sub(/^sqlite3_api->/, "", member)
    if (member in since) print $2, since[member] }
' "$sqlite_include/sqlite3ext.h" >>"$tmp/known"

# Identifiers in ext/ outside comments; sqlite3_coins_init is ours.
awk '{
  out = ""; n = length($0)
  for (i = 1; i <= n; i++) {
    c = substr($0, i, 1); d = substr($0, i, 2)
    if (in_comment) { if (d == "*/") { in_comment = 0; i++ }; continue }
    if (quote != "") {
      out = out c
      if (c == "\\") { out = out substr($0, i + 1, 1); i++ }
      else if (c == quote) quote = ""
      continue
    }
    if (d == "/*") { in_comment = 1; i++; out = out " "; continue }
    if (d == "//") break
    if (c == "\"" || c == "\047") quote = c
    out = out c
  }
  print out
}' ext/*/*.c ext/*/*.h |
  grep -oE '\b(sqlite3_[a-z0-9_]+|SQLITE_[A-Z0-9_]+)\b' | sort -u |
  grep -v '^sqlite3_coins_init$' >"$tmp/used"
[ -s "$tmp/used" ] || bad "found no SQLite names in ext/"
too_new=$(awk -v min="$min" '
  function num(v, p) { split(v, p, "."); return p[1] * 1000000 + p[2] * 1000 + p[3] }
  NR == FNR { since[$1] = $2; next }
  !($1 in since) { print "  " $1 " (unknown: add it to tests/packaging/install.sh with its version)"; next }
  since[$1] != "-" && num(since[$1]) > num(min) { print "  " $1 " (" since[$1] ")" }
' "$tmp/known" "$tmp/used")
if [ -z "$too_new" ]; then
  ok
else
  bad "ext/ uses SQLite APIs newer than the minimum $min:"
  echo "$too_new"
fi

# ------------------------------------------------ 2. refusing old SQLite
if "$cc" -Iinclude $cflags -o "$tmp/old_sqlite" tests/packaging/old_sqlite.c \
     -lsqlite3 -ldl && "$tmp/old_sqlite" "$ext"; then
  ok
else
  bad "tests/packaging/old_sqlite.c: coins.so does not refuse SQLite older than $min"
fi

# --------------------------------------------------- 3, 4. install/uninstall
# check_install NAME PREFIX DIR: make install, use it, make uninstall.
check_install() {
  name=$1 prefix=$2 stage=$tmp/$1
  p=${prefix#/}
  mkdir -p "$stage/$p/lib"
  echo keep >"$stage/$p/lib/not-ours.txt" # uninstall must leave it alone
  if ! $make -s --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" \
       >"$tmp/$name.log" 2>&1; then
    bad "$name: make install failed"; cat "$tmp/$name.log"; return
  fi
  (cd "$stage" && find . ! -type d | sed 's|^\./||' | sort) >"$tmp/$name.got"
  sort >"$tmp/$name.want" <<EOF
$p/include/coins.h
$p/include/coins_sqlite.h
$p/lib/coins.$so
$p/lib/libcoins.a
$p/lib/not-ours.txt
$p/lib/pkgconfig/coins.pc
$p/share/doc/coins/LICENSE
$p/share/doc/coins/README.md
EOF
  if diff -u "$tmp/$name.want" "$tmp/$name.got"; then ok
  else bad "$name: make install put other files than these"; fi

  # pkg-config reads the staged coins.pc; PKG_CONFIG_SYSROOT_DIR puts the
  # staging directory in front of its -I and -L paths.
  pc() {
    PKG_CONFIG_PATH="$stage/$p/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" \
      pkg-config "$@"
  }
  got=$(pc --modversion coins)
  if [ "$got" = "$version" ]; then ok
  else bad "$name: pkg-config --modversion coins says '$got', coins.h '$version'"; fi
  if grep -qx "prefix=$prefix" "$stage/$p/lib/pkgconfig/coins.pc"; then ok
  else bad "$name: coins.pc has no line prefix=$prefix"; fi

  flags=$(pc --cflags --libs coins) || { bad "$name: pkg-config --cflags --libs coins failed"; return; }
  # shellcheck disable=SC2086
  if "$cc" $cflags tests/packaging/embed.c $flags -o "$tmp/$name-embed" &&
     out=$("$tmp/$name-embed") && [ "$out" = "22|first" ]; then
    ok
  else
    bad "$name: tests/packaging/embed.c built with '$flags' printed '${out-}' (want 22|first)"
  fi

  out=$("$sqlite3" -bail :memory: ".load $stage/$p/lib/coins" \
        "SELECT coins_version(), coins_score(3, '[8,15,3,7]');" 2>&1)
  if [ "$out" = "$version|22" ]; then ok
  else bad "$name: the installed coins.$so in $sqlite3 said: $out"; fi

  if [ "$(uname -s)" = Linux ]; then
    syms=$(nm -D --defined-only "$stage/$p/lib/coins.$so" | awk '{ print $NF }')
    if [ "$syms" = sqlite3_coins_init ]; then ok
    else bad "$name: coins.$so exports more than sqlite3_coins_init:" $syms; fi
  fi

  if ! $make -s --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" \
       >"$tmp/$name.log" 2>&1; then
    bad "$name: make uninstall failed"; cat "$tmp/$name.log"; return
  fi
  left=$(cd "$stage" && find . ! -type d | sed 's|^\./||')
  if [ -d "$stage/$p/share/doc/coins" ]; then bad "$name: make uninstall left share/doc/coins"; fi
  if [ "$left" = "$p/lib/not-ours.txt" ]; then ok
  else bad "$name: after make uninstall, left: $left"; fi
}

check_install default /usr/local
check_install opt /opt/coins

echo "packaging: $pass passed, $fail failed"
[ $fail -eq 0 ]
