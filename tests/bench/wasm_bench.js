/*
 * tests/bench/wasm_bench.js -- coins_margin(3) in the WebAssembly build
 * (build/wasm, make wasm: the playground's build, which runs the portable
 * scanner), against json_array_length and length() on the same rows, in
 * Node: rows of 64 values, each query timed in turn, round after round (a
 * first round, which warms the JIT up, not counted); the fastest round of
 * each, which moves least when the machine is loaded.
 *
 *   node tests/bench/wasm_bench.js [ROWS] [ROUNDS]      (5000 and 9 by default)
 *
 * COINS_WASM names another build (build/wasm/coins-sqlite.js by default).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const wasmJs = path.resolve(root, process.env.COINS_WASM || 'build/wasm/coins-sqlite.js');
const CoinsSQLite = require(wasmJs);

const rows = Number(process.argv[2] || 5000);
const rounds = Number(process.argv[3] || 9);

/* splitmix64, as bench.c's rows */
function mixer(seed) {
  let s = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & mask;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
}

/* The kinds of rows: a value from a 64-bit random number, and the separator. */
const kinds = [
  { name: '0..999, compact', value: (x) => x % 1000n, sep: ',' },
  { name: '0..999, spaced', value: (x) => x % 1000n, sep: ', ' },
  { name: '0..10^9', value: (x) => x % 1000000001n, sep: ',' },
  { name: '-999..999', value: (x) => (x % 1999n) - 999n, sep: ',' },
  { name: 'mixed 0..10^6', value: (x) => (x >> 8n) % 10n ** ((x % 6n) + 1n), sep: ',' },
];

const queries = [
  ['length()', 'SELECT sum(length(coins)) FROM games'],
  ['JSON', 'SELECT sum(json_array_length(coins)) FROM games'],
  ['coins_margin(3)', 'SELECT sum(coins_margin(3, coins)) FROM games'],
];

async function main() {
  const wasmBinary = fs.readFileSync(wasmJs.replace(/\.js$/, '.wasm'));
  const sqlite = await CoinsSQLite.load({ wasmBinary });
  console.log(`wasm_bench: ${rows} rows of 64 values, fastest of ${rounds} rounds, ns a row`);
  console.log('values            length()     JSON   margin  x JSON  x length()');
  for (const kind of kinds) {
    const db = sqlite.open();
    const next = mixer(1);
    db.exec('CREATE TABLE games(coins TEXT); BEGIN');
    for (let r = 0; r < rows; r++) {
      const values = [];
      for (let i = 0; i < 64; i++) values.push(kind.value(next()).toString());
      db.query('INSERT INTO games VALUES (?)', ['[' + values.join(kind.sep) + ']']);
    }
    db.exec('COMMIT');
    const times = queries.map(() => []);
    for (let round = 0; round <= rounds; round++) {
      queries.forEach(([, sql], i) => {
        const t0 = process.hrtime.bigint();
        db.value(sql);
        if (round > 0) times[i].push(Number(process.hrtime.bigint() - t0) / rows);
      });
    }
    const [len, json, margin] = times.map((t) => Math.min(...t));
    console.log(
      `${kind.name.padEnd(16)} ${len.toFixed(0).padStart(9)} ${json.toFixed(0).padStart(8)}` +
        ` ${margin.toFixed(0).padStart(8)} ${(margin / json).toFixed(2).padStart(7)}` +
        ` ${(margin / len).toFixed(2).padStart(11)}`,
    );
    db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
