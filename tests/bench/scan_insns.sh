#!/bin/sh
# tests/bench/scan_insns.sh -- instructions a row of each scanner and mode,
# counted under qemu (which cannot time them): qemu-user run one
# instruction a block (-singlestep) logs a line for each it executes
# (-d exec,nochain); the count of two passes over ROWS rows less that of
# one, over ROWS, is one row's, rows made and checked by scan_rows.c.
#
#   sh tests/bench/scan_insns.sh PROGRAM QEMU "SCANNERS" [N] [ROWS]
#   sh tests/bench/scan_insns.sh build/arm64/scan_rows qemu-aarch64 "neon portable"
#
# PROGRAM: scan_rows.c built static for the target (make scan-insns-arm64 does
# it all for arm64).
set -eu
prog=${1:?usage: scan_insns.sh PROGRAM QEMU SCANNERS [N] [ROWS]}
qemu=${2:?}
scanners=${3:?}
n=${4:-64}
rows=${5:-200}

count() { # scanner mode format passes: instructions executed
  "$qemu" -singlestep -d exec,nochain -D /dev/stdout "$prog" "$1" "$2" "$3" "$n" "$rows" "$4" |
    grep -c '^Trace'
}

printf '%-10s %-6s %-8s %s\n' scanner mode format "instructions a $n-coin row"
for s in $scanners; do
  for mode in store fuse count line; do
    for format in compact spaced; do
      one=$(count "$s" "$mode" "$format" 1)
      two=$(count "$s" "$mode" "$format" 2)
      printf '%-10s %-6s %-8s %s\n' "$s" "$mode" "$format" $(((two - one) / rows))
    done
  done
done
