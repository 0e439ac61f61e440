#!/bin/sh
# tests/packaging/dll.sh -- checks the Windows build (make dll): coins.dll exports
# sqlite3_coins_init and nothing else (no core function, no helper), and
# imports only what every Windows has: no SQLite (the loader hands the
# extension its API table), no MinGW runtime DLL.
#
#   sh tests/packaging/dll.sh build/coins.dll x86_64-w64-mingw32-objdump
set -eu
dll=$1
objdump=${2:-x86_64-w64-mingw32-objdump}
dump=$("$objdump" -p "$dll")

# The name table: "[Ordinal/Name Pointer] Table" then "[   0] name" lines.
exports=$(printf '%s\n' "$dump" | awk '
  /^\[Ordinal\/Name Pointer\] Table/ { on = 1; next }
  on && /^[ \t]*\[ *[0-9]+\]/ { print $NF; next }
  on { on = 0 }')
imports=$(printf '%s\n' "$dump" | awk '/DLL Name:/ { print $NF }')

pass=0 fail=0
if [ "$exports" = "sqlite3_coins_init" ]; then
  pass=$((pass + 1))
else
  echo "FAIL $dll should export sqlite3_coins_init alone; it exports:"
  printf '  %s\n' $exports
  fail=$((fail + 1))
fi
bad=""
for name in $imports; do
  case $(printf '%s' "$name" | tr 'A-Z' 'a-z') in
    kernel32.dll | msvcrt.dll | ucrtbase.dll | api-ms-win-crt-*.dll) ;;
    *) bad="$bad $name" ;;
  esac
done
if [ -z "$bad" ]; then
  pass=$((pass + 1))
else
  echo "FAIL $dll imports$bad, which a Windows host may not have"
  fail=$((fail + 1))
fi
echo "dll: exports:" $exports "; imports:" $imports
echo "dll: $pass passed, $fail failed"
[ $fail -eq 0 ]
