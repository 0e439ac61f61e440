#!/bin/sh
# tests/platforms/wine-run.sh -- runs a Windows program under wine, as a
# Linux program would run: its standard error joined to its output (in the
# order written), CR LF line ends turned into LF, its exit status kept.
# The wine prefix (C: and the registry) is WINEPREFIX, by default
# build/wine, made on the first run; wine's own messages are silenced.
# A 64-bit program by default; WINEARCH=win32 for a 32-bit one, in a
# 32-bit prefix of its own.
#
#   sh tests/platforms/wine-run.sh build/windows/sqlite3.exe :memory: 'SELECT 1'
#   WINEARCH=win32 WINEPREFIX=build/wine32 sh tests/platforms/wine-run.sh build/windows32/sqlite3.exe
set -u
: "${WINEPREFIX:=$(pwd)/build/wine}"
export WINEPREFIX WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# Debian's wine64 package: /usr/lib/wine/wine64 (/usr/bin/wine runs it,
# but asks for wine32 first); wine32 (i386): /usr/lib/wine/wine
if [ "${WINEARCH:-win64}" = win32 ]; then
  export WINEARCH
  wine=/usr/lib/wine/wine
  need="dpkg --add-architecture i386; apt-get update; apt-get install wine32"
else
  wine=/usr/lib/wine/wine64
  need="apt-get install wine wine64"
fi
[ -x "$wine" ] || wine=$(command -v "${wine##*/}") || {
  echo "wine-run: no ${wine##*/} (Debian: $need)" >&2
  exit 127
}
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  mkdir -p "$WINEPREFIX"
  "$wine" wineboot --init >/dev/null 2>&1
  "${wine%/*}/wineserver" -w 2>/dev/null || wineserver -w 2>/dev/null || true
fi
# Into a file, not a pipe: the services wine starts keep a pipe open until
# the wine server stops, seconds after the program ends.
out=$(mktemp) || exit 1
"$wine" "$@" >"$out" 2>&1
code=$?
tr -d '\r' <"$out"
rm -f "$out"
exit "$code"
