#!/bin/sh
# tests/versions/fetch.sh -- puts the SQLite sources a pin file names
# (tests/versions/sqlite-VERSION.pin) in DIR: `npm pack` fetches the
# package's tarball from the npm registry (or npm's cache); the tarball,
# then each file taken from it, must match the pin's SHA-256 sums, and
# sqlite3.h must say the pinned version.  Any mismatch fails and leaves
# nothing in DIR.  (bindings/wasm/fetch-sqlite.sh does the same for the pinned
# current SQLite, bindings/wasm/sqlite.pin.)
#
#   sh tests/versions/fetch.sh tests/versions/sqlite-3.31.1.pin build/sqlite-3.31.1/src
set -eu
pin=${1:?usage: fetch.sh PIN DIR}
dir=${2:?usage: fetch.sh PIN DIR}
. "$(cd "$(dirname "$pin")" && pwd)/$(basename "$pin")"
package="$PACKAGE-$PACKAGE_VERSION"
tmp="$dir.tmp"
rm -rf "$tmp" "$dir"
mkdir -p "$tmp"
tmp=$(cd "$tmp" && pwd)
fail() { echo "fetch: $*" >&2; rm -rf "$tmp"; exit 1; }
command -v npm >/dev/null 2>&1 || fail "npm is needed (Debian: apt-get install npm)"
npm pack "$PACKAGE@$PACKAGE_VERSION" --pack-destination "$tmp" \
  --loglevel=error --no-fund --no-audit >/dev/null || fail "npm pack $package failed"
got=$(sha256sum "$tmp/$package.tgz" | cut -d' ' -f1)
[ "$got" = "$TARBALL_SHA256" ] || fail "$package.tgz has SHA-256 $got, not $TARBALL_SHA256 ($pin)"
tar -xzf "$tmp/$package.tgz" -C "$tmp" "$INNER" || fail "no $INNER in $package.tgz"
names=$(printf '%s\n' "$FILES" | awk 'NF == 2 { print $2 }')
mkdir "$tmp/src"
# shellcheck disable=SC2086 # one word a file name
tar -xzf "$tmp/$INNER" -C "$tmp/src" --strip-components="$(printf '%s' "$INNER_DIR" | tr -cd / | wc -c)" \
  $(for n in $names; do printf '%s%s ' "$INNER_DIR" "$n"; done) || fail "$INNER lacks a file of $names"
printf '%s\n' "$FILES" | awk 'NF == 2' >"$tmp/sums"
if ! (cd "$tmp/src" && sha256sum -c --strict "$tmp/sums") >"$tmp/check.txt" 2>&1; then
  cat "$tmp/check.txt" >&2
  fail "the files of $package do not match $pin"
fi
grep -q "^#define SQLITE_VERSION  *\"$SQLITE_VERSION\"" "$tmp/src/sqlite3.h" ||
  fail "sqlite3.h is not SQLite $SQLITE_VERSION"
touch "$tmp/src"/* # npm tarballs date their files 1985: make needs them new
mv "$tmp/src" "$dir"
rm -rf "$tmp"
echo "fetch: SQLite $SQLITE_VERSION from $package, checked, in $dir"
