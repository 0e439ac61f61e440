#!/bin/sh
# tests/packaging/npm.sh -- the npm packages as a user gets them, offline:
#
#   1. the three tarballs of make npm hold what they should: the loader
#      (CommonJS, ESM, types), the Linux library (64-bit x86-64 ELF,
#      sqlite3_coins_init alone), the Windows DLL (tests/packaging/dll.sh);
#   2. their package.json: one version (include/coins.h), the platform
#      packages as optionalDependencies, "os"/"cpu" as Node spells them;
#   3. a scratch project depends on the sqlite-coins tarball; "overrides"
#      points the platform packages at their tarballs, so npm install
#      --offline (no registry at all) installs sqlite-coins and
#      sqlite-coins-linux-x64 and skips sqlite-coins-win32-x64 (os: win32);
#   4. coins.test.cjs and coins.test.mjs run there with node --test,
#      through better-sqlite3 12 (tests/clients/node's lock-filed install) and
#      libsql (tests/packaging/node's), both linked into the project;
#   5. tsc --strict checks the declarations from CommonJS and ESM
#      (types.cts, types.mts), against libsql's own types.
#
#   sh tests/packaging/npm.sh VERSION DIST      (from the top of the repository)
name=npm; . tests/packaging/lib.sh
version=$1
dist=$(cd "$2" && pwd)
main_tgz=$dist/sqlite-coins-$version.tgz
linux_tgz=$dist/sqlite-coins-linux-x64-$version.tgz
win_tgz=$dist/sqlite-coins-win32-x64-$version.tgz
engines=$root/tests/packaging/node/node_modules
better=$root/tests/clients/node/node_modules/better-sqlite3

# ------------------------------------------------------------ 1. tarballs
listing() { tar tzf "$1" | sort; }
printf '%s\n' package/LICENSE package/README.md package/index.cjs package/index.d.mts \
  package/index.d.ts package/index.mjs package/package.json >"$tmp/want-main"
listing "$main_tgz" >"$tmp/got-main" && same "$tmp/want-main" "$tmp/got-main" "sqlite-coins tarball contents"
printf '%s\n' package/LICENSE package/README.md package/coins.so package/package.json >"$tmp/want-linux"
listing "$linux_tgz" >"$tmp/got-linux" && same "$tmp/want-linux" "$tmp/got-linux" "linux-x64 tarball contents"
printf '%s\n' package/LICENSE package/README.md package/coins.dll package/package.json >"$tmp/want-win"
listing "$win_tgz" >"$tmp/got-win" && same "$tmp/want-win" "$tmp/got-win" "win32-x64 tarball contents"

mkdir -p "$tmp/main" "$tmp/linux" "$tmp/win"
tar xzf "$main_tgz" -C "$tmp/main" && tar xzf "$linux_tgz" -C "$tmp/linux" && tar xzf "$win_tgz" -C "$tmp/win"
check "linux-x64: coins.so is a 64-bit x86-64 shared object" elf_x86_64 "$tmp/linux/package/coins.so"
check "linux-x64: coins.so exports sqlite3_coins_init alone" exports_entry_alone "$tmp/linux/package/coins.so"
check "linux-x64: coins.so loads in the sqlite3 shell" loads_in_shell "$tmp/linux/package/coins" "$version"
check "win32-x64: coins.dll is a PE32+ x86-64 DLL" sh -c \
  "x86_64-w64-mingw32-objdump -f '$tmp/win/package/coins.dll' | grep -q 'file format pei-x86-64'"
check "win32-x64: coins.dll exports and imports (tests/packaging/dll.sh)" \
  sh tests/packaging/dll.sh "$tmp/win/package/coins.dll" x86_64-w64-mingw32-objdump

# -------------------------------------------------------- 2. package.json
check "package.json: versions, optionalDependencies, os and cpu" node -e '
  const assert = require("node:assert");
  const [dir, version] = process.argv.slice(1);
  const read = (p) => require(`${dir}/${p}/package/package.json`);
  const main = read("main"), linux = read("linux"), win = read("win");
  for (const p of [main, linux, win]) assert.strictEqual(p.version, version, p.name);
  assert.deepStrictEqual(main.optionalDependencies,
    { "sqlite-coins-linux-x64": version, "sqlite-coins-linux-arm64": version,
      "sqlite-coins-win32-x64": version });
  assert.ok(!main.dependencies && !main["//"]);
  assert.deepStrictEqual([linux.name, linux.os, linux.cpu, linux.libc],
    ["sqlite-coins-linux-x64", ["linux"], ["x64"], ["glibc"]]);
  assert.deepStrictEqual([win.name, win.os, win.cpu], ["sqlite-coins-win32-x64", ["win32"], ["x64"]]);
  const e = main.exports["."];
  assert.deepStrictEqual([e.require.default, e.require.types, e.import.default, e.import.types],
    ["./index.cjs", "./index.d.ts", "./index.mjs", "./index.d.mts"]);
' "$tmp" "$version"

# ------------------------------------------------- 3. an offline install
app=$tmp/app
mkdir -p "$app"
cat >"$app/package.json" <<EOF
{
  "name": "coins-npm-test-app",
  "private": true,
  "dependencies": { "sqlite-coins": "file:$main_tgz" },
  "overrides": {
    "sqlite-coins-linux-x64": "file:$linux_tgz",
    "sqlite-coins-linux-arm64": "file:$dist/sqlite-coins-linux-arm64-$version.tgz",
    "sqlite-coins-win32-x64": "file:$win_tgz"
  }
}
EOF
if (cd "$app" && npm install --offline --no-audit --no-fund --loglevel=error) >"$tmp/npm.log" 2>&1; then
  ok
else
  bad "npm install --offline of the tarballs"; cat "$tmp/npm.log"
fi
got=$(cd "$app/node_modules" && ls -d sqlite-coins* | tr '\n' ' ')
if [ "$got" = "sqlite-coins sqlite-coins-linux-x64 " ]; then ok
else bad "npm installed: $got (want sqlite-coins sqlite-coins-linux-x64)"; fi

# ---------------------------------------------- 4. node --test, 2 engines
ln -s "$better" "$app/node_modules/better-sqlite3"
ln -s "$engines/libsql" "$app/node_modules/libsql"
cp tests/packaging/node/coins.test.cjs tests/packaging/node/coins.test.mjs \
  tests/packaging/node/types.cts tests/packaging/node/types.mts "$app/"
if (cd "$app" && COINS_VERSION=$version node --test coins.test.cjs coins.test.mjs) >"$tmp/node.log" 2>&1; then
  ok
  sed -n 's/^# \\# \(.*: SQLite .*\)/node: \1/p; s/^# \(pass\|fail\) /node --test: \1 /p' "$tmp/node.log"
else
  bad "node --test through the installed package"; cat "$tmp/node.log"
fi

# ------------------------------------------------------- 5. declarations
check "tsc --strict: the declarations from CommonJS and ESM" sh -c "cd '$app' &&
  '$engines/typescript/bin/tsc' --noEmit --strict --skipLibCheck --module node16 \
    --moduleResolution node16 --target es2020 types.cts types.mts"

finish
