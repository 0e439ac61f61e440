#!/bin/sh
# tests/platforms/arm64-deps.sh -- what make test-arm64 needs: the cross
# compiler and qemu-user (tests/tools/deps.sh installs them), Debian's arm64
# libraries through multiarch (deps.sh adds the arm64 architecture to
# dpkg when it lacks it: cmocka, SQLite 3.40.1, what the arm64
# sqlite3 shell links, and libstdc++ for the arm64 Node of
# tests/platforms/npm-arm64.sh), and that shell itself, unpacked into DIR: Debian's
# sqlite3 package is one architecture a machine, so the arm64 one is not
# installed but taken apart (apt-get download, dpkg-deb -x).  With
# "python", Debian's Python 3.11 for arm64 is taken apart the same way into
# DIR/python (for tests/platforms/wheel-arm64.sh); it runs as
# qemu-aarch64 DIR/python/usr/bin/python3.11, with multiarch libraries.
#
#   sh tests/platforms/arm64-deps.sh build/arm64 [python]   (DIR/sqlite3: the shell)
set -eu
dir=${1:?usage: arm64-deps.sh DIR [python]}
with=${2:-}
here=$(dirname "$0")
sh "$here/../tools/deps.sh" gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user \
  libcmocka-dev:arm64 libsqlite3-dev:arm64 libreadline8:arm64 zlib1g:arm64 libstdc++6:arm64 \
  libexpat1:arm64
mkdir -p "$dir"

# unpack ROOT PACKAGE=VERSION...: the arm64 packages' files under ROOT
unpack() {
  root=$1; shift
  rm -rf "$dir/deb" && mkdir -p "$dir/deb"
  # apt-get download writes to the current folder, as _apt where it can
  (cd "$dir/deb" && chmod 777 . && apt-get download -q "$@") >/dev/null
  for deb in "$dir"/deb/*.deb; do dpkg-deb -x "$deb" "$root"; done
  rm -rf "$dir/deb"
}

if [ ! -x "$dir/sqlite3" ]; then
  version=$(dpkg-query -W -f '${Version}' libsqlite3-0:arm64)
  unpack "$dir/sqlite3-root" "sqlite3:arm64=$version"
  cp "$dir/sqlite3-root/usr/bin/sqlite3" "$dir/sqlite3"
  rm -rf "$dir/sqlite3-root"
  echo "arm64-deps: Debian's sqlite3 $version for arm64 in $dir/sqlite3"
fi
# python3.11-minimal is one architecture a machine, like sqlite3; its
# libraries are taken from the same version (libexpat1 is installed above)
if [ "$with" = python ] && [ ! -x "$dir/python/usr/bin/python3.11" ]; then
  version=$(apt-cache policy python3.11-minimal:arm64 | awk '$1 == "Candidate:" { print $2 }')
  rm -rf "$dir/python"
  unpack "$dir/python" "python3.11-minimal:arm64=$version" \
    "libpython3.11-minimal:arm64=$version" "libpython3.11-stdlib:arm64=$version"
  echo "arm64-deps: Debian's Python $version for arm64 in $dir/python"
fi
