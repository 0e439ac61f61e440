/*
 * tests/browser/common.js -- what wasm_vs_native.js, browser.js and analysis.js share:
 * the native build's answers (native.py), values written with their type
 * so that both builds' results compare exactly, a seeded generator, the
 * checks' bookkeeping, and a result table read from the page.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const python = process.env.PYTHON || '/usr/bin/python3';
const ext = path.resolve(root, process.env.COINS_EXT || 'build/coins.so');

/* The native build's answers to queries ({sql, params}), after setup. */
function native(queries, setup) {
  const out = execFileSync(python, [path.join(__dirname, 'native.py'), ext], {
    input: JSON.stringify({ setup: setup || '', queries }),
    maxBuffer: 1 << 30,
  });
  return JSON.parse(out);
}

/* The rules of the variant named name (coins_rules, natively). */
let rulesCache = null;
function rulesOf(name) {
  if (!rulesCache)
    rulesCache = JSON.parse(native([{ sql: 'SELECT coins_rules()' }])[0].rows[0][0].slice(5));
  return rulesCache.find((r) => r.name === name);
}

/* Whether the variant named name has coin values. */
function hasValues(name) {
  return rulesOf(name).has_values;
}

/* A value of the JS API written as native.py writes a Python one; real:
 * a REAL of integral value (the result's reals list it). */
function typed(v, real = false) {
  if (v === null) return 'null';
  if (typeof v === 'bigint') return `int:${v}`;
  if (
    typeof v === 'number' &&
    !real &&
    Number.isInteger(v) &&
    !Object.is(v, -0) &&
    Math.abs(v) <= Number.MAX_SAFE_INTEGER
  ) {
    return `int:${v}`;
  }
  if (typeof v === 'number') {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(v);
    return `real:${b.toString('hex')}`;
  }
  if (v instanceof Uint8Array) return `blob:${Buffer.from(v).toString('hex')}`;
  return `text:${v}`;
}

/* A result ({columns, rows} or an error) of the JS API, typed. */
function typedResult(run) {
  try {
    const r = run();
    const reals = new Set((r.reals || []).map(([i, c]) => `${i},${c}`));
    return {
      columns: r.columns,
      rows: r.rows.map((row, i) => row.map((v, c) => typed(v, reals.has(`${i},${c}`)))),
    };
  } catch (e) {
    if (e.name !== 'SQLiteError') throw e;
    return { error: e.message };
  }
}

/* splitmix64, as coins' own generator: the same games on every run. */
function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed));
  const next = () => {
    s = BigInt.asUintN(64, s + 0x9e3779b97f4a7c15n);
    let z = s;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  };
  return {
    below: (n) => Number(next() % BigInt(n)),
    pick: (xs) => xs[Number(next() % BigInt(xs.length))],
  };
}

/* Pass and fail counts, failures printed (the first 20). */
function checker(name) {
  let passed = 0;
  let failed = 0;
  return {
    ok(cond, what) {
      if (cond) {
        passed++;
      } else {
        failed++;
        if (failed <= 20) console.log(`FAIL ${what}`);
      }
      return cond;
    },
    same(got, want, what) {
      const plain = (k, v) =>
        typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? Array.from(v) : v;
      const a = JSON.stringify(got, plain);
      const b = JSON.stringify(want, plain);
      return this.ok(a === b, `${what}\n  got:  ${a.slice(0, 600)}\n  want: ${b.slice(0, 600)}`);
    },
    done() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      return failed === 0;
    },
  };
}

/* The text of every cell of the first result table of box. */
function tableText(page, selector) {
  return page.$eval(selector, (table) => ({
    columns: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((td) => td.textContent),
    ),
  }));
}

/* A native result with its cells as the page shows them. */
function shown(result) {
  const text = (t) => (t === 'null' ? 'NULL' : t.replace(/^(int|text):/, ''));
  return { columns: result.columns, rows: result.rows.map((r) => r.map(text)) };
}

module.exports = {
  root,
  native,
  rulesOf,
  hasValues,
  typed,
  typedResult,
  rng,
  checker,
  tableText,
  shown,
};
