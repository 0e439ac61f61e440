#!/bin/sh
# tests/platforms/elf-check.sh -- fails unless each FILE is an ELF object of
# the given class and machine, read from its header (not from its name):
# the arm64 build is checked with it before it is tested or packaged.
#
#   sh tests/platforms/elf-check.sh aarch64 build/arm64/coins.so ...
#   (machines: aarch64, x86_64: ELF64, little-endian, e_machine 183 or 62)
set -eu
want=${1:?usage: elf-check.sh aarch64|x86_64 FILE...}
shift
case $want in
  aarch64) machine=183 ;;
  x86_64) machine=62 ;;
  *) echo "elf-check: unknown machine $want" >&2; exit 2 ;;
esac
status=0
for f in "$@"; do
  # bytes 0-3 the magic, 4 the class (2: 64-bit), 5 the data (1: little
  # endian), 18-19 e_machine (little endian)
  set -- $(od -An -tu1 -N20 "$f")
  if [ $# -eq 20 ] && [ "$1 $2 $3 $4" = "127 69 76 70" ] && [ "$5" = 2 ] && [ "$6" = 1 ] &&
     [ $((${19} + 256 * ${20})) = "$machine" ]; then
    echo "elf-check: $f: ELF64 $want"
  else
    echo "elf-check: FAIL $f is not an ELF64 little-endian $want object" >&2
    status=1
  fi
done
exit $status
