#!/bin/sh
# tests/tools/deps.sh -- makes sure the packages the build and the tests need are
# there.  Missing ones are installed when we run as root with apt-get;
# otherwise it stops and prints the exact command to run.  An extra
# package of another architecture (wine32:i386) has that architecture
# added to dpkg first (multiarch) when it lacks it.
#
#   sh tests/tools/deps.sh [extra-package[:arch] ...]
missing=""
need() { # need PACKAGE TEST...
  pkg=$1; shift
  "$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
has_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/local/include/$1" ]; }

need gcc command -v cc
need make command -v make
need sqlite3 command -v sqlite3
need libsqlite3-dev has_header sqlite3ext.h
need libcmocka-dev has_header cmocka.h
need python3 test -x /usr/bin/python3
need nodejs command -v node   # the Node test (better-sqlite3, built by npm ci)
need npm command -v npm
need g++ command -v g++
need pkg-config command -v pkg-config
need black command -v black       # make lint: Python format
need flake8 command -v flake8     # make lint: Python checks
need mypy command -v mypy         # make lint: sqlite_coins's types
arches=""
for extra in "$@"; do
  dpkg -s "$extra" >/dev/null 2>&1 || missing="$missing $extra"
  case $extra in
    *:*) arch=${extra#*:}
      [ "$arch" = "$(dpkg --print-architecture)" ] ||
        dpkg --print-foreign-architectures | grep -qx "$arch" ||
        case " $arches " in *" $arch "*) ;; *) arches="$arches $arch" ;; esac ;;
  esac
done

[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  for arch in $arches; do
    echo "deps: adding the $arch architecture (dpkg --add-architecture $arch)"
    dpkg --add-architecture "$arch" || { echo "deps: dpkg --add-architecture $arch failed"; exit 1; }
  done
  echo "deps: installing$missing"
  apt-get -o DPkg::Lock::Timeout=600 update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq$missing >/dev/null \
    || { echo "deps: apt-get install failed"; exit 1; }
  exit 0
fi
echo "deps: missing packages:$missing"
for arch in $arches; do
  echo "deps: first add their architecture:  sudo dpkg --add-architecture $arch && sudo apt-get update"
done
echo "deps: install them with:  sudo apt-get install -y$missing"
exit 1
