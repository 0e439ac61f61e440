#!/bin/sh
# tests/packaging/deb.sh -- the Debian packages of make deb:
#
#   1. lintian on both: no error (its whole output is shown; the tags that
#      do not apply are overridden in the packages, with the reason);
#   2. their contents, the library's machine and exports, and the control
#      fields (version from include/coins.h);
#   3. as root: dpkg -i both, then .load of the installed path in the
#      sqlite3 shell and in Python, pkg-config --modversion coins, and
#      tests/packaging/embed.c built with pkg-config --cflags --libs coins against the
#      installed libcoins.a; dpkg -r both; the paths with "coins" in them
#      under /usr, /etc and dpkg's database are then exactly those before
#      (nothing left behind).
#      Not root: step 3 is skipped, and says so.
#
#   sh tests/packaging/deb.sh VERSION DIST      (from the top of the repository)
name=deb; . tests/packaging/lib.sh
version=$1
dist=$(cd "$2" && pwd)
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
lib=$dist/libsqlite3-mod-coins_$version-1_$arch.deb
dev=$dist/libsqlite3-mod-coins-dev_$version-1_$arch.deb

# ----------------------------------------------------------------- lintian
if lintian --fail-on error --pedantic -I "$lib" "$dev" >"$tmp/lintian" 2>&1; then ok
else bad "lintian reports errors"; fi
grep -v 'running with root privileges' "$tmp/lintian" | sed 's/^/lintian: /'
[ -s "$tmp/lintian" ] && ! grep -q '^[EW]:' "$tmp/lintian" && echo "lintian: no error, no warning"

# -------------------------------------------------------- contents, fields
dpkg-deb -c "$lib" | awk '{ print $NF }' | grep -v '/$' | sort >"$tmp/lib.got"
sort >"$tmp/lib.want" <<EOF
./usr/lib/$ma/coins.so
./usr/share/doc/libsqlite3-mod-coins/README.Debian
./usr/share/doc/libsqlite3-mod-coins/changelog.Debian.gz
./usr/share/doc/libsqlite3-mod-coins/copyright
./usr/share/lintian/overrides/libsqlite3-mod-coins
EOF
same "$tmp/lib.want" "$tmp/lib.got" "libsqlite3-mod-coins: contents"
dpkg-deb -c "$dev" | awk '{ print $NF }' | grep -v '/$' | sort >"$tmp/dev.got"
sort >"$tmp/dev.want" <<EOF
./usr/include/coins.h
./usr/include/coins_sqlite.h
./usr/lib/$ma/libcoins.a
./usr/lib/$ma/pkgconfig/coins.pc
./usr/share/doc/libsqlite3-mod-coins-dev/README.Debian
./usr/share/doc/libsqlite3-mod-coins-dev/changelog.Debian.gz
./usr/share/doc/libsqlite3-mod-coins-dev/copyright
./usr/share/lintian/overrides/libsqlite3-mod-coins-dev
EOF
same "$tmp/dev.want" "$tmp/dev.got" "libsqlite3-mod-coins-dev: contents"
check "control: Version $version-1, Multi-Arch same, Depends on libc6" sh -c "
  [ \"\$(dpkg-deb -f '$lib' Version)\" = '$version-1' ] &&
  [ \"\$(dpkg-deb -f '$dev' Version)\" = '$version-1' ] &&
  [ \"\$(dpkg-deb -f '$lib' Multi-Arch)\" = same ] &&
  dpkg-deb -f '$lib' Depends | grep -q '^libc6 (>= '"
mkdir "$tmp/x" && dpkg-deb -x "$lib" "$tmp/x"
check "libsqlite3-mod-coins: coins.so is a 64-bit x86-64 shared object" elf_x86_64 "$tmp/x/usr/lib/$ma/coins.so"
check "libsqlite3-mod-coins: coins.so exports sqlite3_coins_init alone" exports_entry_alone "$tmp/x/usr/lib/$ma/coins.so"
check "changelog.Debian.gz: coins ($version-1)" sh -c "
  dpkg-deb --fsys-tarfile '$lib' | tar xOf - ./usr/share/doc/libsqlite3-mod-coins/changelog.Debian.gz |
    gzip -dc | head -n 1 | grep -q '^coins ($version-1) unstable; urgency=medium\$'"

# ---------------------------------------------------- install, use, remove
if [ "$(id -u)" != 0 ]; then
  echo "deb: dpkg -i/-r skipped (needs root; CI runs as root)"
  finish
  exit $?
fi
for p in libsqlite3-mod-coins-dev libsqlite3-mod-coins; do # a run that stopped halfway
  if dpkg -s "$p" >/dev/null 2>&1; then dpkg_wait -P "$p"; fi
done
# The paths under /usr, /etc and dpkg's database with "coins" in them
# (every file and directory of both packages has); other paths may change
# meanwhile when another apt-get runs on the machine.
snapshot() {
  find /usr /etc /var/lib/dpkg/info -xdev 2>/dev/null | grep coins | LC_ALL=C sort >"$1"
}
# dpkg_wait ARGS...: dpkg ARGS, waiting (up to 5 minutes) while another
# dpkg or apt-get holds dpkg's lock.
dpkg_wait() {
  n=0
  while ! dpkg "$@" >"$tmp/dpkg.log" 2>&1; do
    grep -q 'lock' "$tmp/dpkg.log" && [ $n -lt 150 ] || return 1
    n=$((n + 1)); sleep 2
  done
}
snapshot "$tmp/before"
if dpkg_wait -i "$lib" "$dev"; then ok
else bad "dpkg -i"; cat "$tmp/dpkg.log"; fi
trap 'dpkg -r libsqlite3-mod-coins-dev libsqlite3-mod-coins >/dev/null 2>&1; rm -rf "$tmp"' EXIT

check "installed: dpkg -L lists /usr/lib/$ma/coins.so" sh -c \
  "dpkg -L libsqlite3-mod-coins | grep -qx '/usr/lib/$ma/coins.so'"
check "installed: .load /usr/lib/$ma/coins in the sqlite3 shell" loads_in_shell "/usr/lib/$ma/coins" "$version"
check "installed: load_extension('/usr/lib/$ma/coins') from /usr/bin/python3" /usr/bin/python3 -c "
import sqlite3
db = sqlite3.connect(':memory:')
db.enable_load_extension(True)
db.load_extension('/usr/lib/$ma/coins')
assert db.execute('SELECT coins_version()').fetchone()[0] == '$version'"
check "installed: pkg-config --modversion coins" sh -c "[ \"\$(pkg-config --modversion coins)\" = '$version' ]"
check "installed: tests/packaging/embed.c with pkg-config --cflags --libs coins" sh -c "
  cc tests/packaging/embed.c \$(pkg-config --cflags --libs coins) -o '$tmp/embed' && [ \"\$('$tmp/embed')\" = '22|first' ]"

if dpkg_wait -r libsqlite3-mod-coins-dev libsqlite3-mod-coins; then ok
else bad "dpkg -r"; cat "$tmp/dpkg.log"; fi
trap 'rm -rf "$tmp"' EXIT
check "removed: dpkg knows neither package" sh -c "
  ! dpkg -s libsqlite3-mod-coins >/dev/null 2>&1 && ! dpkg -s libsqlite3-mod-coins-dev >/dev/null 2>&1"
snapshot "$tmp/after"
same "$tmp/before" "$tmp/after" "dpkg -r left files behind (or removed others)"

finish
