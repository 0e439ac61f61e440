#!/bin/sh
# tests/tools/asan-sqlite3.sh -- the sqlite3 shell with AddressSanitizer's runtime
# preloaded, so that an extension built with -fsanitize=address can be
# loaded into it (make asan).  Leaks of the shell itself are not ours: only
# reports that name coins code fail (see tests/tools/lsan.supp).
dir=$(dirname "$0")
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export LSAN_OPTIONS="suppressions=$dir/lsan.supp:print_suppressions=0"
LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)" exec sqlite3 "$@"
