#!/bin/sh
# packaging/deb.sh -- builds the Debian packages of coins with dpkg-deb
# from a make install tree (no debian/ source package: binary packages
# only, made the same way on any Debian or Ubuntu):
#
#   libsqlite3-mod-coins      /usr/lib/<multiarch>/coins.so, the loadable
#                             extension (named like Debian's own
#                             libsqlite3-mod-spatialite, libsqlite3-mod-impexp)
#   libsqlite3-mod-coins-dev  libcoins.a, coins.h, coins_sqlite.h and coins.pc
#                             under /usr/lib/<multiarch> and /usr/include
#
# each with /usr/share/doc/<package>/{copyright,changelog.Debian.gz,README.Debian}
# and its lintian overrides (packaging/debian/*.lintian-overrides say why).
# The tree comes from `make install DESTDIR=... PREFIX=/usr
# LIBDIR=/usr/lib/<multiarch>`, built in a build directory of its own with
# Debian's hardening flags (dpkg-buildflags); binaries are stripped.
#
#   sh packaging/deb.sh VERSION OUT BUILD     (from the top of the repository)
#
# VERSION is COINS_VERSION (include/coins.h); the package version is
# VERSION-1.  OUT receives the .deb files; BUILD/deb is the scratch space.
# Environment: MAKE, DEB_MAINTAINER, SOURCE_DATE_EPOCH (the changelog's date;
# by default the last commit's), DEB_ARCH (the Debian architecture to build
# for, by default this machine's; arm64 is cross-built with
# aarch64-linux-gnu-gcc and needs libc6:arm64 for dpkg-shlibdeps).
set -eu
version=$1
out=$2
mkdir -p "$3" "$2"
work=$(cd "$3" && pwd)/deb
make=${MAKE:-make}
maintainer=${DEB_MAINTAINER:-coins maintainers <maintainers@users.noreply.a-seed-d0856de4.example>}
arch=${DEB_ARCH:-$(dpkg-architecture -qDEB_HOST_ARCH)}
ma=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
cross=""
[ "$arch" = "$(dpkg-architecture -qDEB_BUILD_ARCH)" ] || cross="$ma-"
# dpkg-buildflags and dpkg-shlibdeps then work for that architecture
[ -z "$cross" ] || export DEB_HOST_ARCH="$arch"
debversion=$version-1
sqlite_min=$(sed -n 's/^.define COINS_SQLITE_MIN_VERSION "\(.*\)"/\1/p' include/coins_sqlite.h)
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH
date=$(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")

rm -rf "$work"
mkdir -p "$work" "$out"
tree=$work/install

# ----------------------------------------------------- the make install tree
# A SONAME as Debian wants for a shared object in a library directory (its
# own file name: coins is loaded by path, never linked against); the
# lintian overrides say what else does not apply to an SQLite module.
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
cflags="$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
ldflags="$(dpkg-buildflags --get LDFLAGS) -Wl,-soname,coins.so"
$make --no-print-directory -s install B="$work/build" DESTDIR="$tree" PREFIX=/usr \
  LIBDIR="/usr/lib/$ma" DOCDIR=/usr/share/doc/coins CFLAGS="$cflags" LDFLAGS="$ldflags" \
  ${cross:+CC=${cross}gcc AR=${cross}ar}
(cd "$tree" && find . ! -type d | sed 's|^\./||' | sort) >"$work/installed"
cat >"$work/expected" <<EOF
usr/include/coins.h
usr/include/coins_sqlite.h
usr/lib/$ma/coins.so
usr/lib/$ma/libcoins.a
usr/lib/$ma/pkgconfig/coins.pc
usr/share/doc/coins/LICENSE
usr/share/doc/coins/README.md
EOF
if ! diff -u "$work/expected" "$work/installed"; then
  echo "deb.sh: make install put other files than these: place them in a package" >&2
  exit 1
fi

# ------------------------------------------------------------ shared files
# copyright (machine-readable, Debian's format) from LICENSE: its text is
# the Expat license under "MIT License" and a copyright line.
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: coins"
  echo
  echo "Files: *"
  echo "Copyright: $(sed -n 's/^Copyright (c) //p' LICENSE)"
  echo "License: Expat"
  echo
  echo "License: Expat"
  sed -e '1,/^Copyright/d' LICENSE | sed -e '/./,$!d' | sed -e 's/^$/./' -e 's/^/ /'
} >"$work/copyright"

fill() { # fill TEMPLATE PACKAGE SIZE DEPENDS
  sed -e "s|@VERSION@|$version|g" -e "s|@DEBVERSION@|$debversion|g" \
    -e "s|@ARCH@|$arch|g" -e "s|@MULTIARCH@|$ma|g" -e "s|@MAINTAINER@|$maintainer|g" \
    -e "s|@SQLITE_MIN@|$sqlite_min|g" -e "s|@DATE@|$date|g" -e "s|@PACKAGE@|$2|g" \
    -e "s|@SIZE@|${3:-}|g" -e "s|@DEPENDS@|${4:-}|g" "$1"
}

# package NAME FILE...: a package of those files of the install tree (paths
# relative to it), with its doc directory, control file and md5sums.
package() {
  pkg=$1; shift
  root=$work/$pkg
  for f in "$@"; do
    mkdir -p "$root/$(dirname "$f")"
    cp -p "$tree/$f" "$root/$f"
  done
  doc=$root/usr/share/doc/$pkg
  mkdir -p "$doc"
  install -m 644 "$work/copyright" "$doc/copyright"
  fill packaging/debian/changelog.in "$pkg" | gzip -9n >"$doc/changelog.Debian.gz"
  chmod 644 "$doc/changelog.Debian.gz"
  fill packaging/debian/README.Debian.in "$pkg" >"$doc/README.Debian"
  chmod 644 "$doc/README.Debian"
  mkdir -p "$root/usr/share/lintian/overrides"
  install -m 644 "packaging/debian/$pkg.lintian-overrides" "$root/usr/share/lintian/overrides/$pkg"
  find "$root" -type d -exec chmod 755 {} +
  find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

  depends=""
  case $pkg in
    libsqlite3-mod-coins)
      # what coins.so needs (libc6), as dpkg-shlibdeps finds it
      mkdir -p "$work/shlibdeps/debian"
      printf 'Source: coins\n\nPackage: %s\nArchitecture: any\n' "$pkg" >"$work/shlibdeps/debian/control"
      depends=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O -e"$root/usr/lib/$ma/coins.so" 2>/dev/null |
                sed -n 's/^shlibs:Depends=//p')
      [ -n "$depends" ] || { echo "deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
      ;;
  esac
  size=$(du -s -k --apparent-size "$root" | cut -f1)
  mkdir -p "$root/DEBIAN"
  fill "packaging/debian/$pkg.control.in" "$pkg" "$size" "$depends" >"$root/DEBIAN/control"
  (cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
  chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
  if [ "$pkg" = libsqlite3-mod-coins ]; then # a shared object in a library directory
    echo "activate-noawait ldconfig" >"$root/DEBIAN/triggers"
    chmod 644 "$root/DEBIAN/triggers"
  fi
  dpkg-deb --root-owner-group -Zxz --build "$root" "$out/${pkg}_${debversion}_$arch.deb" >/dev/null
  echo "deb: $out/${pkg}_${debversion}_$arch.deb"
}

# Binaries stripped as Debian does (debug symbols would go in a -dbgsym).
${cross}strip --strip-unneeded --remove-section=.comment --remove-section=.note "$tree/usr/lib/$ma/coins.so"
chmod 644 "$tree/usr/lib/$ma/coins.so"
${cross}strip --strip-debug --remove-section=.comment --remove-section=.note \
  --enable-deterministic-archives "$tree/usr/lib/$ma/libcoins.a"

package libsqlite3-mod-coins "usr/lib/$ma/coins.so"
package libsqlite3-mod-coins-dev usr/include/coins.h usr/include/coins_sqlite.h \
  "usr/lib/$ma/libcoins.a" "usr/lib/$ma/pkgconfig/coins.pc"
