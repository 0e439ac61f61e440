#!/bin/sh
# bindings/wasm/fetch-sqlite.sh -- puts the pinned SQLite amalgamation (bindings/wasm/sqlite.pin)
# in DIR: `npm pack` fetches the better-sqlite3 tarball from the npm
# registry (or npm's cache), then the tarball and sqlite3.c, sqlite3.h and
# sqlite3ext.h are checked against their SHA-256 sums; any mismatch fails
# and leaves nothing in DIR.
#
#   sh bindings/wasm/fetch-sqlite.sh DIR        (make wasm runs it: DIR = build/wasm/sqlite)
set -eu
dir=${1:?usage: fetch-sqlite.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/sqlite.pin"
package="$SQLITE_PACKAGE-$SQLITE_PACKAGE_VERSION"
tmp="$dir.tmp"
rm -rf "$tmp" "$dir"
mkdir -p "$tmp"
fail() { echo "fetch-sqlite: $*" >&2; rm -rf "$tmp"; exit 1; }
command -v npm >/dev/null 2>&1 || fail "npm is needed (Debian: apt-get install npm)"
npm pack "$SQLITE_PACKAGE@$SQLITE_PACKAGE_VERSION" --pack-destination "$tmp" \
  --loglevel=error --no-fund --no-audit >/dev/null || fail "npm pack $package failed"
got=$(sha256sum "$tmp/$package.tgz" | cut -d' ' -f1)
[ "$got" = "$SQLITE_TARBALL_SHA256" ] ||
  fail "$package.tgz has SHA-256 $got, not $SQLITE_TARBALL_SHA256 (bindings/wasm/sqlite.pin)"
src="$tmp/package/deps/sqlite3"
tar -xzf "$tmp/$package.tgz" -C "$tmp" package/deps/sqlite3/sqlite3.c \
  package/deps/sqlite3/sqlite3.h package/deps/sqlite3/sqlite3ext.h ||
  fail "no amalgamation in $package.tgz"
if ! (cd "$src" && sha256sum -c --strict "$here/sqlite.sha256") >"$tmp/check.txt" 2>&1; then
  cat "$tmp/check.txt" >&2
  (cd "$src" && sha256sum sqlite3.c sqlite3.h sqlite3ext.h) >&2
  fail "the amalgamation does not match bindings/wasm/sqlite.sha256"
fi
grep -q "^#define SQLITE_VERSION  *\"$SQLITE_VERSION\"" "$src/sqlite3.h" ||
  fail "sqlite3.h is not SQLite $SQLITE_VERSION"
touch "$src"/* # npm tarballs date their files 1985: make needs them new
mv "$src" "$dir"
rm -rf "$tmp"
echo "fetch-sqlite: SQLite $SQLITE_VERSION from $package, checked, in $dir"
