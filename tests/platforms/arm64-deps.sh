#!/bin/sh
# tests/platforms/arm64-deps.sh -- what make test-arm64 needs: the cross
# compiler and qemu-user (tests/tools/deps.sh installs them), Debian's arm64
# libraries through multiarch (cmocka, SQLite 3.40.1, what the arm64
# sqlite3 shell links, and libstdc++ for the arm64 Node of
# tests/platforms/npm-arm64.sh), and that shell itself, unpacked into DIR: Debian's
# sqlite3 package is one architecture a machine, so the arm64 one is not
# installed but taken apart (apt-get download, dpkg-deb -x).
#
#   sh tests/platforms/arm64-deps.sh build/arm64     (DIR/sqlite3: the shell)
set -eu
dir=${1:?usage: arm64-deps.sh DIR}
here=$(dirname "$0")
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  if [ "$(id -u)" != 0 ]; then
    echo "arm64-deps: run as root, or first: sudo dpkg --add-architecture arm64" >&2
    exit 1
  fi
  echo "arm64-deps: adding the arm64 architecture (dpkg --add-architecture arm64)"
  dpkg --add-architecture arm64
  apt-get -o DPkg::Lock::Timeout=600 update -qq
fi
sh "$here/../tools/deps.sh" gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user \
  libcmocka-dev:arm64 libsqlite3-dev:arm64 libreadline8:arm64 zlib1g:arm64 libstdc++6:arm64
mkdir -p "$dir"
if [ ! -x "$dir/sqlite3" ]; then
  version=$(dpkg-query -W -f '${Version}' libsqlite3-0:arm64)
  rm -rf "$dir/deb" && mkdir -p "$dir/deb"
  # apt-get download writes to the current folder, as _apt where it can
  (cd "$dir/deb" && chmod 777 . && apt-get download -q "sqlite3:arm64=$version") >/dev/null
  dpkg-deb -x "$dir"/deb/sqlite3_*_arm64.deb "$dir/deb/root"
  cp "$dir/deb/root/usr/bin/sqlite3" "$dir/sqlite3"
  rm -rf "$dir/deb"
  echo "arm64-deps: Debian's sqlite3 $version for arm64 in $dir/sqlite3"
fi
