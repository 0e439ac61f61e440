#!/bin/sh
# tests/platforms/wheel-arm64.sh -- the arm64 wheel of make python, as PyPI
# and an arm64 user meet it:
#
#   1. sqlite_coins-VERSION-py3-none-manylinux2014_aarch64.whl: its WHEEL
#      file (Root-Is-Purelib false, that one Tag), sqlite_coins/coins.so its
#      only native file, ELF64 AArch64 (elf-check.sh), needing nothing past
#      glibc 2.17 and no fortified symbol (glibc-symbols.sh, read with
#      aarch64-linux-gnu-objdump); twine check --strict passes it;
#   2. Debian's Python 3.11 for arm64 (arm64-deps.sh python) under
#      qemu-aarch64 installs it with pip install --target (pip checks the
#      tag against the arm64 interpreter), imports sqlite_coins, loads it
#      with sqlite_coins.load and answers 300 games of every variant
#      (wheel_games.py) exactly as the x86-64 build EXT does;
#      tests/clients/smoke.py passes with the installed library.
#
#   sh tests/platforms/wheel-arm64.sh VERSION DIST EXT     (make test-wheel-arm64)
name=wheel-arm64; . tests/packaging/lib.sh
version=${1:?usage: wheel-arm64.sh VERSION DIST EXT}
dist=$(cd "${2:?usage: wheel-arm64.sh VERSION DIST EXT}" && pwd)
ext=${3:?usage: wheel-arm64.sh VERSION DIST EXT}
python=${PYTHON:-/usr/bin/python3}
tag=py3-none-manylinux2014_aarch64
wheel=$dist/sqlite_coins-$version-$tag.whl
a64_python=$root/build/arm64/python/usr/bin/python3.11
# a64 ARGS: the arm64 Python, the installed wheel ($tmp/site) on its path;
# a64_pip ARGS: its pip, Debian's python3-pip (all Python, Architecture: all)
a64() { PYTHONPATH=$tmp/site qemu-aarch64 "$a64_python" "$@"; }
a64_pip() { PYTHONPATH=/usr/lib/python3/dist-packages qemu-aarch64 "$a64_python" -m pip "$@"; }

# ------------------------------------------------------------- 1. the wheel
if [ ! -f "$wheel" ]; then
  bad "no $wheel (make python builds it)"; ls "$dist"; finish; exit 1
fi
$python -m zipfile -e "$wheel" "$tmp/w"
info=$tmp/w/sqlite_coins-$version.dist-info
check "WHEEL: Root-Is-Purelib false, Tag $tag alone" sh -c "
  grep -qx 'Root-Is-Purelib: false' '$info/WHEEL' &&
  [ \"\$(grep '^Tag:' '$info/WHEEL')\" = 'Tag: $tag' ]"
(cd "$tmp/w" && find . -name '*.so' -o -name '*.dll' -o -name '*.dylib' -o -name '*.pyd') >"$tmp/native"
check "its one native file is sqlite_coins/coins.so" [ "$(cat "$tmp/native")" = ./sqlite_coins/coins.so ]
check "coins.so is ELF64 AArch64" sh tests/platforms/elf-check.sh aarch64 "$tmp/w/sqlite_coins/coins.so"
check "coins.so needs nothing past glibc 2.17" \
  sh tests/platforms/glibc-symbols.sh "$tmp/w/sqlite_coins/coins.so" 2.17 aarch64-linux-gnu-objdump
check "twine check --strict" twine check --strict "$wheel"

# --------------------------------------------------- 2. installed on arm64
check "pip install --target, by the arm64 Python" a64_pip install -q --disable-pip-version-check \
  --no-cache-dir --no-index --no-deps --target "$tmp/site" "$wheel"
got=$(cd "$tmp" && a64 -c 'import platform, sqlite_coins
print(sqlite_coins.__version__, platform.machine())' 2>&1)
check "import sqlite_coins on arm64: $got" [ "$got" = "$version aarch64" ]
# the same games on both: x86-64 from EXT, arm64 from the installed package
$python tests/platforms/wheel_games.py "$ext" >"$tmp/x86_64"
if (cd "$tmp" && a64 "$root/tests/platforms/wheel_games.py") >"$tmp/aarch64"; then
  same "$tmp/x86_64" "$tmp/aarch64" "wheel_games.py: the arm64 wheel's answers are x86-64's"
  echo "wheel-arm64: $(grep -c '^[0-9]' "$tmp/aarch64") games, $(wc -l <"$tmp/aarch64") answers alike"
else
  bad "wheel_games.py under the arm64 Python"
fi
check "tests/clients/smoke.py with the installed coins.so on arm64" \
  a64 tests/clients/smoke.py "$tmp/site/sqlite_coins/coins.so"

finish
