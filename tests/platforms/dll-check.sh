#!/bin/sh
# tests/platforms/dll-check.sh -- a Windows build of coins is a DLL of the
# right width (PE32+ for x64, PE32 for x86) that imports KERNEL32.dll and
# msvcrt.dll and nothing else: every Windows has both, and a MinGW runtime
# DLL (libgcc_s_seh-1.dll, libwinpthread-1.dll) is one a user would lack.
#
#   sh tests/platforms/dll-check.sh build/coins.dll pe32+ x86_64-w64-mingw32-objdump
#   sh tests/platforms/dll-check.sh build/win32/coins.dll pe32 i686-w64-mingw32-objdump
set -eu
dll=${1:?usage: dll-check.sh DLL pe32|pe32+ OBJDUMP}
want=${2:?usage: dll-check.sh DLL pe32|pe32+ OBJDUMP}
objdump=${3:?usage: dll-check.sh DLL pe32|pe32+ OBJDUMP}
dump=$("$objdump" -p "$dll")
case $want in
  pe32+) magic="020b" ;;
  pe32) magic="010b" ;;
  *) echo "dll-check: pe32 or pe32+, not $want" >&2; exit 2 ;;
esac
got=$(printf '%s\n' "$dump" | awk '$1 == "Magic" { print $2; exit }')
imports=$(printf '%s\n' "$dump" | awk '/DLL Name:/ { print $NF }' | sort | tr '\n' ' ')
fail=0
[ "$got" = "$magic" ] || { echo "dll-check: FAIL $dll: magic $got, not $magic ($want)"; fail=1; }
[ "$imports" = "KERNEL32.dll msvcrt.dll " ] ||
  { echo "dll-check: FAIL $dll imports $imports(want KERNEL32.dll and msvcrt.dll only)"; fail=1; }
[ $fail -eq 0 ] && echo "dll-check: $dll: $want, imports $imports"
exit $fail
