#!/bin/sh
# tests/packaging/python.sh -- the Python package sqlite-coins as a user
# installs it, offline, in a venv made with the system Python:
#
#   1. the wheel of make python is tagged py3-none-<this platform> and holds
#      sqlite_coins/coins.so (not a coins.cpython-*.so), and the sdist holds
#      the C sources and SQLite's headers;
#   2. /usr/bin/python3 -m venv --system-site-packages (for Debian's pytest
#      and apsw), then each of: pip install --no-build-isolation --no-index
#      . (the source tree), the sdist file, the wheel file; after each, the
#      tests of tests/packaging/python run with pytest against the installed
#      copy, through sqlite3 and apsw, and pip uninstall removes it; after
#      the first, Debian's sqlite-utils loads sqlite_coins.loadable_path()
#      with --load-extension.
#
#   sh tests/packaging/python.sh VERSION DIST      (from the top of the repository)
name=python; . tests/packaging/lib.sh
version=$1
dist=$(cd "$2" && pwd)
python=${PYTHON:-/usr/bin/python3}
# setuptools names the sdist sqlite-coins-V.tar.gz (Debian 12's 66) or
# sqlite_coins-V.tar.gz (69.3 and later)
sdist=$(ls "$dist"/sqlite[-_]coins-"$version".tar.gz 2>/dev/null | head -n 1)
sdist_top=$(basename "$sdist" .tar.gz)
platform=$($python -c 'import sysconfig; print(sysconfig.get_platform().replace("-", "_").replace(".", "_"))')
# setup.py tags Linux wheels manylinux2014 (glibc 2.17, checked as it builds)
case $platform in linux_*) platform=manylinux2014_${platform#linux_} ;; esac
wheel=$dist/sqlite_coins-$version-py3-none-$platform.whl
suffix=so

# ------------------------------------------------------ 1. wheel and sdist
if [ -f "$wheel" ]; then ok; else bad "no $wheel (the wheel is tagged py3-none-$platform)"; ls "$dist"; fi
if [ -n "$sdist" ]; then ok; else bad "no sdist sqlite-coins-$version.tar.gz in $dist"; finish; exit 1; fi
$python -m zipfile -l "$wheel" | awk 'NR > 1 { print $1 }' | grep -v dist-info/ | sort >"$tmp/wheel"
native=$(grep -E '[.](so|pyd|dylib|dll)$' "$tmp/wheel")
if [ "$native" = "sqlite_coins/coins.$suffix" ]; then ok
else bad "wheel: its native files are '$native', not sqlite_coins/coins.$suffix alone"; fi
check "wheel: the module sqlite_coins, nothing outside it" sh -c "
  grep -qx sqlite_coins/__init__.py '$tmp/wheel' && grep -qx sqlite_coins/py.typed '$tmp/wheel' &&
  ! grep -v '^sqlite_coins/' '$tmp/wheel'"
check "wheel: WHEEL says Root-Is-Purelib false, Tag py3-none-$platform" sh -c "
  $python -m zipfile -e '$wheel' '$tmp/w' &&
  grep -qx 'Root-Is-Purelib: false' '$tmp/w/sqlite_coins-$version.dist-info/WHEEL' &&
  grep -qx 'Tag: py3-none-$platform' '$tmp/w/sqlite_coins-$version.dist-info/WHEEL'"
check "wheel: Version $version in METADATA" \
  grep -qx "Version: $version" "$tmp/w/sqlite_coins-$version.dist-info/METADATA"
check "sdist: the C sources, headers and SQLite's headers" sh -c "
  tar tzf '$sdist' >'$tmp/sdist' &&
  for f in setup.py pyproject.toml LICENSE include/coins.h include/coins_sqlite.h \
           ext/sqlite/extension.c ext/core/solve.c sqlite-include/sqlite3.h \
           sqlite-include/sqlite3ext.h bindings/python/sqlite_coins/__init__.py; do
    grep -qx '$sdist_top/'\$f '$tmp/sdist' || { echo \"missing \$f\"; exit 1; }
  done"

# --------------------------------------------------- 2. install, test, remove
venv=$tmp/venv
check "python3 -m venv --system-site-packages" $python -m venv --system-site-packages "$venv"
pip() { "$venv/bin/python" -m pip --disable-pip-version-check --no-cache-dir "$@"; }

# run_tests LABEL: pytest on the installed copy, from a directory away from
# the source tree (nothing of it on sys.path).
run_tests() {
  if (cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 COINS_VERSION=$version COINS_SITE=$venv COINS_NEED_APSW=1 \
        "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/tests/packaging/python") \
       >"$tmp/pytest.log" 2>&1; then
    ok
    echo "python: $1: $(tail -n 1 "$tmp/pytest.log")"
  else
    bad "$1: pytest"; cat "$tmp/pytest.log"
  fi
}

for source in . "$sdist" "$wheel"; do
  label="pip install $(basename "$source")"
  [ "$source" = . ] && label="pip install ."
  if pip install -q --no-build-isolation --no-index "$source" >"$tmp/pip.log" 2>&1; then
    ok
    run_tests "$label"
    if [ "$source" = . ]; then # sqlite-utils (Debian's) given the installed library
      path=$("$venv/bin/python" -c 'import sqlite_coins; print(sqlite_coins.loadable_path())')
      check "sqlite-utils --load-extension sqlite_coins.loadable_path()" sh -c "
        [ \"\$(sqlite-utils memory \"SELECT coins_score(3, '[8,15,3,7]') AS s\" --load-extension '$path')\" = '[{\"s\": 22}]' ]"
    fi
  else
    bad "$label"; cat "$tmp/pip.log"
  fi
  check "$label: pip uninstall" pip uninstall -q -y sqlite-coins
  check "$label: nothing of sqlite_coins left in the venv" sh -c "
    ! '$venv/bin/python' -c 'import sqlite_coins' 2>/dev/null &&
    [ -z \"\$(find '$venv' -name 'sqlite_coins*' -o -name 'coins.$suffix')\" ]"
done

finish
