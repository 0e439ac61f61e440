#!/bin/sh
# tests/platforms/glibc-symbols.sh -- the glibc build of coins asks for no
# symbol newer than glibc MAX (2.17: what manylinux2014 promises) and for
# no fortified one (__memcpy_chk and the like, which musl lacks): then it
# loads on any glibc from MAX on, and under musl (Alpine) too, whose loader
# takes libc.so.6 for its own libc.
#
#   sh tests/platforms/glibc-symbols.sh build/coins.so 2.17 [objdump]
set -eu
file=${1:?usage: glibc-symbols.sh FILE MAX [OBJDUMP]}
max=${2:?usage: glibc-symbols.sh FILE MAX [OBJDUMP]}
objdump=${3:-objdump}
# "(GLIBC_2.14) memcpy" for each symbol the file takes from a library
needs=$("$objdump" -T "$file" | awk '$0 ~ /\*UND\*/ { print $(NF - 1), $NF }')
bad=$(printf '%s\n' "$needs" | awk -v max="$max" '
  function newer(v, m,   a, b, i, n) {
    n = split(v, a, "."); split(m, b, ".")
    for (i = 1; i <= n || i in b; i++)
      if (a[i] + 0 != b[i] + 0) return a[i] + 0 > b[i] + 0
    return 0
  }
  $2 ~ /_chk$/ { print $2 " (fortified: glibc only)"; next }
  match($1, /GLIBC_[0-9.]+/) {
    v = substr($1, RSTART + 6, RLENGTH - 6)
    if (newer(v, max)) print $2 " (glibc " v ")"
  }')
newest=$(printf '%s\n' "$needs" | sed -n 's/^(GLIBC_\([0-9.]*\)).*/\1/p' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
if [ -n "$bad" ]; then
  echo "glibc-symbols: FAIL $file needs, beyond glibc $max:"
  printf '%s\n' "$bad" | sed 's/^/  /'
  exit 1
fi
echo "glibc-symbols: $file needs glibc ${newest:-(none)} at most, no fortified symbol (limit $max)"
