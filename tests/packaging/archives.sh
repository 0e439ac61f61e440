#!/bin/sh
# tests/packaging/archives.sh -- build/dist as make dist leaves it:
#
#   0. one version: no packaging file writes the version (include/coins.h
#      is its one source);
#   1. SHA256SUMS lists every other file there, and sha256sum -c agrees;
#   2. every artifact is there, its name carrying the version of
#      include/coins.h; nothing else is there;
#   3. sqlpkg.json: the version, the two archives per platform (sqlpkg's
#      platform names), their checksums, the SQL functions; the
#      repository's sqlpkg.json is what packaging/archives.py root writes
#      for this version, and names exactly the binary archives make dist made;
#   4. coins-VERSION-linux-x86_64.tar.gz: exactly its files, flat; coins.so
#      is 64-bit x86-64, exports sqlite3_coins_init alone and loads in the
#      sqlite3 shell; tests/packaging/embed.c builds against its libcoins.a and
#      headers and prints 22|first;
#   5. coins-VERSION-windows-x86_64.zip and coins-VERSION-windows-x86.zip:
#      exactly their files; coins.dll is a PE32+ x86-64 DLL, a PE32 i386 one,
#      with the exports and imports of tests/packaging/dll.sh; each README.md
#      says its width and names the other archive;
#   6. coins-VERSION.tar.gz unpacked in an empty directory builds with make
#      there, and that coins.so answers with the version.
#
#   sh tests/packaging/archives.sh VERSION DIST      (from the top of the repository)
name=archives; . tests/packaging/lib.sh
version=$1
dist=$(cd "$2" && pwd)
arch=$(dpkg-architecture -qDEB_HOST_ARCH 2>/dev/null || echo amd64)
linux=coins-$version-linux-x86_64.tar.gz
linux_arm64=coins-$version-linux-aarch64.tar.gz
windows=coins-$version-windows-x86_64.zip
windows_x86=coins-$version-windows-x86.zip
src=coins-$version.tar.gz

# ------------------------------------------------------------- one version
# The packaging files carry no version of their own: every one comes from
# COINS_VERSION in include/coins.h when make dist runs.
check "no packaging file names the version $version (include/coins.h is the one source)" sh -c "
  ! grep -rnF --exclude-dir=__pycache__ '$version' setup.py pyproject.toml MANIFEST.in bindings/python/sqlite_coins bindings/python/README.md \
      npm packaging tests/packaging/*.sh tests/packaging/python tests/packaging/node/*.*ts \
      tests/packaging/node/*.test.*"
check "include/coins.h: COINS_VERSION is $version" grep -qx "#define COINS_VERSION \"$version\"" include/coins.h

# --------------------------------------------------------------- checksums
check "SHA256SUMS: sha256sum -c" sh -c "cd '$dist' && sha256sum --quiet -c SHA256SUMS"
(cd "$dist" && ls | grep -vx SHA256SUMS) >"$tmp/files"
awk '{ print $2 }' "$dist/SHA256SUMS" >"$tmp/summed"
same "$tmp/files" "$tmp/summed" "SHA256SUMS lists every file of $dist"

# --------------------------------------------------------- the artifacts
LC_ALL=C sort >"$tmp/want" <<EOF
SHA256SUMS
$linux
$linux_arm64
$windows
$windows_x86
$src
libsqlite3-mod-coins-dev_$version-1_$arch.deb
libsqlite3-mod-coins-dev_$version-1_arm64.deb
libsqlite3-mod-coins_$version-1_$arch.deb
libsqlite3-mod-coins_$version-1_arm64.deb
$(cd "$dist" && ls sqlite[-_]coins-"$version".tar.gz)
sqlite-coins-$version.tgz
sqlite-coins-linux-arm64-$version.tgz
sqlite-coins-linux-x64-$version.tgz
sqlite-coins-win32-x64-$version.tgz
sqlite_coins-$version-py3-none-manylinux2014_aarch64.whl
sqlite_coins-$version-py3-none-manylinux2014_x86_64.whl
sqlpkg.json
EOF
(cd "$dist" && ls | LC_ALL=C sort) >"$tmp/got"
same "$tmp/want" "$tmp/got" "the files of $dist (names from COINS_VERSION $version)"

# ------------------------------------------------------------ sqlpkg.json
check "sqlpkg.json: version, files, checksums, symbols" /usr/bin/python3 -c "
import hashlib, json, sys
dist, version = sys.argv[1:]
spec = json.load(open(dist + '/sqlpkg.json'))
assert spec['version'] == version, spec['version']
assert spec['owner'] and spec['name'] and spec['license'] == 'MIT'
files = spec['assets']['files']
assert sorted(files) == ['linux-amd64', 'linux-arm64', 'windows-386', 'windows-amd64'], files
for platform, pattern in files.items():
    name = pattern.replace('{version}', version)
    digest = hashlib.sha256(open(dist + '/' + name, 'rb').read()).hexdigest()
    assert spec['assets']['checksums'][name] == 'sha256-' + digest, name
for f in ['coins_version', 'coins_win', 'coins_moves', 'coins_review', 'coins_array']:
    assert f in spec['symbols'], f
" "$dist" "$version"
check "sqlpkg.json at the root is current (make sqlpkg.json writes it)" sh -c "
  /usr/bin/python3 packaging/archives.py root '$version' '$tmp/root.json' >/dev/null &&
  diff -u sqlpkg.json '$tmp/root.json'"
check "sqlpkg.json at the root names make dist's binary archives, all of them" /usr/bin/python3 -c "
import json, os, sys
dist, version = sys.argv[1:]
files = json.load(open('sqlpkg.json'))['assets']['files']
named = sorted(f.replace('{version}', version) for f in files.values())
made = sorted(n for n in os.listdir(dist) if n.startswith('coins-' + version + '-'))
assert named == made, (named, made)
assert files == json.load(open(dist + '/sqlpkg.json'))['assets']['files']
" "$dist" "$version"

# --------------------------------------------------------- the Linux archive
printf '%s\n' LICENSE README.md coins.h coins.so coins_sqlite.h libcoins.a >"$tmp/want"
tar tzf "$dist/$linux" | LC_ALL=C sort >"$tmp/got"
same "$tmp/want" "$tmp/got" "$linux: its files, flat"
mkdir "$tmp/linux" && tar xzf "$dist/$linux" -C "$tmp/linux"
check "$linux: coins.so is a 64-bit x86-64 shared object" elf_x86_64 "$tmp/linux/coins.so"
check "$linux: coins.so exports sqlite3_coins_init alone" exports_entry_alone "$tmp/linux/coins.so"
check "$linux: .load of coins in the sqlite3 shell" loads_in_shell "$tmp/linux/coins" "$version"
check "$linux: tests/packaging/embed.c against its libcoins.a and headers" sh -c "
  cc -I'$tmp/linux' tests/packaging/embed.c '$tmp/linux/libcoins.a' -lsqlite3 -o '$tmp/embed' &&
  [ \"\$('$tmp/embed')\" = '22|first' ]"
check "$linux: README.md tells how to load it" grep -q '^    sqlite> .load ./coins$' "$tmp/linux/README.md"

# ---------------------------------------------------- the Linux arm64 archive
printf '%s\n' LICENSE README.md coins.h coins.so coins_sqlite.h libcoins.a >"$tmp/want"
tar tzf "$dist/$linux_arm64" | LC_ALL=C sort >"$tmp/got"
same "$tmp/want" "$tmp/got" "$linux_arm64: its files, flat"
mkdir "$tmp/arm64" && tar xzf "$dist/$linux_arm64" -C "$tmp/arm64"
check "$linux_arm64: coins.so is ELF64 AArch64" sh tests/platforms/elf-check.sh aarch64 "$tmp/arm64/coins.so"

# ------------------------------------------------------ the Windows archives
# windows_archive ZIP DIR FORMAT OBJDUMP BITS OTHER: ZIP's files, unpacked
# into DIR; its coins.dll of objdump's FORMAT; its README.md on BITS bits
# and the archive OTHER
windows_archive() {
  zip=$1 dir=$2 format=$3 objdump=$4 bits=$5 other=$6
  printf '%s\n' LICENSE README.md coins.dll coins.h coins_sqlite.h >"$tmp/want"
  /usr/bin/python3 -c "import sys, zipfile; print('\n'.join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))" \
    "$dist/$zip" >"$tmp/got"
  same "$tmp/want" "$tmp/got" "$zip: its files, flat"
  mkdir "$dir" && /usr/bin/python3 -m zipfile -e "$dist/$zip" "$dir"
  check "$zip: coins.dll is a $format DLL" sh -c \
    "$objdump -f '$dir/coins.dll' | grep -q 'file format $format'"
  check "$zip: coins.dll exports and imports (tests/packaging/dll.sh)" \
    sh tests/packaging/dll.sh "$dir/coins.dll" "$objdump"
  check "$zip: README.md explains 'The specified module could not be found'" \
    grep -q 'The specified module could not be found' "$dir/README.md"
  check "$zip: README.md says $bits-bit and names $other" sh -c "
    grep -q '\*\*$bits-bit\*\*' '$dir/README.md' && grep -qF '$other' '$dir/README.md' &&
    ! grep -q '@[A-Z_]*@' '$dir/README.md'"
}
windows_archive "$windows" "$tmp/windows" pei-x86-64 x86_64-w64-mingw32-objdump 64 "$windows_x86"
windows_archive "$windows_x86" "$tmp/windows_x86" pei-i386 i686-w64-mingw32-objdump 32 "$windows"

# -------------------------------------------------------- the source tarball
tar tzf "$dist/$src" >"$tmp/src"
check "$src: everything under coins-$version/, no build/ nor node_modules" sh -c "
  ! grep -v '^coins-$version/' '$tmp/src' && ! grep -E '/build/|/node_modules/' '$tmp/src' &&
  grep -qx 'coins-$version/Makefile' '$tmp/src' && grep -qx 'coins-$version/ext/sqlite/extension.c' '$tmp/src'"
mkdir "$tmp/src-build" && tar xzf "$dist/$src" -C "$tmp/src-build"
if (cd "$tmp/src-build/coins-$version" && ${MAKE:-make} --no-print-directory) >"$tmp/make.log" 2>&1; then
  ok
else
  bad "$src: make in the unpacked tree"; tail -n 30 "$tmp/make.log"
fi
check "$src: the coins.so it builds loads and says $version" \
  loads_in_shell "$tmp/src-build/coins-$version/build/coins" "$version"

finish
