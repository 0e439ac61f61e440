#!/bin/sh
# tests/deps.sh -- makes sure the packages the build and the tests need are
# there.  Missing ones are installed when we run as root with apt-get;
# otherwise it stops and prints the exact command to run.
#
#   sh tests/deps.sh [extra-package ...]
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
for extra in "$@"; do
  dpkg -s "$extra" >/dev/null 2>&1 || missing="$missing $extra"
done

[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing$missing"
  apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600$missing >/dev/null \
    || { echo "deps: apt-get install failed"; exit 1; }
  exit 0
fi
echo "deps: missing packages:$missing"
echo "deps: install them with:  sudo apt-get install -y$missing"
exit 1
