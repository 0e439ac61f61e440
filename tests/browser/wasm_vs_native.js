/*
 * tests/browser/wasm_vs_native.js -- the WebAssembly build (build/wasm,
 * loaded in Node through its own API) against the native build/coins.so
 * (through native.py), value for value with their types:
 *
 *   1. 300 random games (seeded, every variant, 0..60 coins and a few of
 *      500..3000, max_take 1..5, values small to near 2^61): coins_deal,
 *      the scalars (coins_win, _outcome, _margin, _score, _best_move),
 *      every row of coins_moves, and a record made by coins_play judged by
 *      coins_review, with coins_result, coins_after, coins_diagram and
 *      coins_svg of it;
 *   2. errors: the same messages, as SQLite reports them;
 *   3. every example of the README and docs/reference.md that runs on the
 *      demo database (web/examples.py finds them), with its documented
 *      output, drawn as the sqlite3 shell draws it (list or box mode);
 *   4. the API itself: parameters, 64-bit integers, BLOBs, errors, the
 *      deadline, no files, the length limit of 64 MiB (a deal of 2*10^8
 *      coins refused at once), worker() refused in Node.
 *
 *   COINS_EXT=build/coins.so COINS_WASM=build/wasm/coins-sqlite.js \
 *     node tests/browser/wasm_vs_native.js
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { root, native, typedResult, rng, checker } = require('./common.js');

const wasmJs = path.resolve(root, process.env.COINS_WASM || 'build/wasm/coins-sqlite.js');
const CoinsSQLite = require(wasmJs);
const demoDb = fs.readFileSync(path.join(root, 'sql/demo_db.sql'), 'utf8');

/* ------------------------------------------------------- 1. random games */

function gameQueries(seed) {
  const r = rng(seed);
  const v = 1 + r.below(3);
  let n = r.pick([0, 1, 2, 3, 5 + r.below(20), 20 + r.below(41)]);
  if (seed % 50 === 7) n = 500 + r.below(2500);
  const k = v === 3 ? 1 : 1 + r.below(5);
  const hi = r.pick([9, 100, 1000000, 2 ** 61 / Math.max(n, 1)]);
  const lo = r.pick([0, 1, -Math.floor(hi / 3)]);
  const deal = `coins_deal(${seed}, ${n}, ${lo}, ${Math.floor(hi)})`;
  const coins = v === 1 && r.below(2) ? String(n) : deal;
  const first = r.pick(['random:' + seed, 'careless:30:' + seed, 'greedy', 'optimal', 'left']);
  const second = r.pick(['random:' + (seed + 1), 'careless:50:' + seed, 'greedy', 'optimal']);
  const play = `coins_play(${v}, ${coins}, '${first}', '${second}', ${k})`;
  const cut = r.below(4) === 0 ? ` WHERE ply <= ${r.below(n + 1)}` : ''; /* abandoned */
  const record = `(SELECT json_group_array(move) FROM ${play}${cut})`;
  const values =
    v === 1 ? '' : `, coins_margin(${v}, ${coins}, ${k}), coins_score(${v}, ${coins}, ${k})`;
  return [
    {
      sql:
        `SELECT ${deal}, coins_win(${v}, ${coins}, ${k}), coins_outcome(${v}, ${coins}, ${k}), ` +
        `coins_best_move(${v}, ${coins}, ${k})${values}`,
    },
    { sql: `SELECT * FROM coins_moves(${v}, ${coins}, ${k})` },
    { sql: `SELECT r.* FROM coins_review(${v}, ${coins}, ${record}, ${k}) r` },
    {
      sql:
        `SELECT coins_result(${v}, ${coins}, m, ${k}), coins_after(${v}, ${coins}, m, ${k}), ` +
        `coins_diagram(${v}, ${coins}, m, ${k}), coins_svg(${v}, ${coins}, m, ${k}), ` +
        `coins_svg(${v}, ${coins}, NULL, ${k}) FROM (SELECT ${record} AS m)`,
    },
  ];
}

const ERRORS = [
  "SELECT coins_margin(4, '[1]')",
  "SELECT coins_margin(3, '[1,x]')",
  "SELECT coins_svg(3, '[1,2]', 'LRL')",
  'SELECT coins_svg(1, 1000001)',
  'SELECT coins_margin(1, 5)',
  "SELECT * FROM coins_review(2, '[1,2,3]', '[3]')",
  'SELECT coins_deal(1, -1)',
  'SELECT coins_svg(3)',
  'SELEC 1',
  'SELECT * FROM no_such_table',
];

/* ------------------------------------------------ 3. the docs' examples */

/* A REAL as the sqlite3 shell prints it (%!.15g). */
function real(x) {
  const s = x.toPrecision(15);
  const [m, e] = s.split('e');
  const trim = (t) => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '.0') : t + '.0');
  if (e === undefined) return trim(m);
  return trim(m) + 'e' + (Number(e) < 0 ? '-' : '+') + String(Math.abs(Number(e))).padStart(2, '0');
}

function cell(v, real_) {
  if (v === null) return '';
  if (real_) return real(v);
  if (typeof v === 'number' && !Number.isInteger(v)) return real(v);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  return String(v);
}

/* A result's cells as text, its integral REALs (reals) as REALs. */
function cells({ rows, reals }) {
  const isReal = new Set((reals || []).map(([r, c]) => `${r},${c}`));
  return rows.map((row, r) => row.map((v, c) => cell(v, isReal.has(`${r},${c}`))));
}

/* The shell's .mode list (no headers) and .mode box. */
function drawList(sets) {
  return sets
    .map((s) =>
      cells(s)
        .map((r) => r.join('|') + '\n')
        .join(''),
    )
    .join('');
}

function drawBox(sets) {
  const width = (t) => [...t].length;
  return sets
    .map((set) => {
      const { columns } = set;
      const text = cells(set);
      const w = columns.map((c, i) => Math.max(width(c), ...text.map((r) => width(r[i]))));
      const rule = (a, b, c) => a + w.map((x) => '─'.repeat(x + 2)).join(b) + c + '\n';
      const head =
        '│' +
        columns
          .map((c, i) => {
            const pad = w[i] - width(c);
            return ' ' + ' '.repeat(Math.floor(pad / 2)) + c + ' '.repeat(Math.ceil(pad / 2)) + ' ';
          })
          .join('│') +
        '│\n';
      const body = text
        .map(
          (r) =>
            '│' + r.map((t, i) => ' ' + t + ' '.repeat(w[i] - width(t)) + ' ').join('│') + '│\n',
        )
        .join('');
      return rule('┌', '┬', '┐') + head + rule('├', '┼', '┤') + body + rule('└', '┴', '┘');
    })
    .join('');
}

function examples() {
  const js = execFileSync(
    process.env.PYTHON || '/usr/bin/python3',
    [path.join(root, 'web/examples.py'), 'README.md', 'docs/reference.md', 'sql/demo_db.sql'],
    { cwd: root },
  ).toString();
  const window = {};
  new Function('window', js)(window);
  return window.COINS_EXAMPLES;
}

/* ------------------------------------------------------------------ run */

async function main() {
  const check = checker('wasm_vs_native');
  const sqlite = await CoinsSQLite.load({
    wasmBinary: fs.readFileSync(wasmJs.replace(/\.js$/, '.wasm')),
  });
  const db = sqlite.open();
  const started = Date.now();

  const queries = [];
  for (let seed = 1; seed <= 300; seed++) queries.push(...gameQueries(seed));
  for (const sql of ERRORS) queries.push({ sql });
  const want = native(queries);
  queries.forEach((q, i) => {
    const got = typedResult(() => db.query(q.sql));
    check.same(got, want[i], q.sql);
  });
  const errors = want.filter((w) => w.error).length;
  check.ok(errors >= ERRORS.length, `only ${errors} errors among the queries`);

  /* 3. the documentation's examples, on the demo database */
  const demo = sqlite.open();
  demo.exec(demoDb);
  let box = 0;
  for (const x of examples()) {
    let sets;
    try {
      sets = demo.exec(x.sql);
    } catch (e) {
      check.ok(false, `example ${x.title}: ${e.message}`);
      continue;
    }
    if (x.expected === null) continue;
    box += x.box ? 1 : 0;
    const text = x.box ? drawBox(sets) : drawList(sets);
    check.ok(text === x.expected, `example ${x.title}:\n${text}--- documented:\n${x.expected}`);
  }
  check.ok(box > 0, 'no example in box mode');

  /* 4. the API */
  check.same(
    db.query('SELECT ?, ?, ?, ?, ?', [
      9007199254740993n,
      -(2 ** 53),
      1.5,
      'é',
      new Uint8Array([0, 255]),
    ]).rows,
    [[9007199254740993n, -9007199254740992n, 1.5, 'é', new Uint8Array([0, 255])]],
    'parameters and values',
  );
  check.same(
    db.query('SELECT :a + :b, $c', { a: 1, b: 2, c: null }).rows,
    [[3, null]],
    'named parameters',
  );
  check.same(
    db.query('SELECT typeof(?), ?, typeof(?), typeof(?)', [1e18, 1e18, 0.5, 2 ** 70]).rows,
    [['integer', 1000000000000000000n, 'real', 'real']],
    'integral numbers bind as INTEGER',
  );
  check.same(db.value('SELECT 9223372036854775807'), 9223372036854775807n, 'a 64-bit integer');
  check.same(
    db
      .exec(
        'CREATE TABLE t(x); INSERT INTO t VALUES (1), (2); SELECT sum(x) AS s FROM t; ' +
          'SELECT 1 WHERE 0',
      )
      .map((r) => [r.columns, r.rows]),
    [
      [['s'], [[3]]],
      [['1'], []],
    ],
    'exec: every statement with columns',
  );
  let message = '';
  try {
    db.query("ATTACH 'file.db' AS f");
  } catch (e) {
    message = e.message;
  }
  check.same(message, 'unable to open database: file.db', 'no files');
  db.timeout(200);
  const t = Date.now();
  try {
    db.query('SELECT count(*) FROM coins_moves(1, 1000000000000000000)');
    message = '';
  } catch (e) {
    message = e.message;
  }
  check.ok(
    message === 'interrupted' && Date.now() - t < 5000,
    `the deadline: ${message} after ${Date.now() - t} ms`,
  );
  db.timeout(0);
  check.same(
    db.value("SELECT coins_margin(3, '[8,15,3,7]')"),
    11,
    'a query after an interrupted one',
  );
  /* the build's length limit: a value is at most 64 MiB (web/web.mk) */
  const failure = (sql) => {
    try {
      db.value(sql);
      return '';
    } catch (e) {
      return e.message;
    }
  };
  check.same(db.value('SELECT length(zeroblob(67108864))'), 67108864, 'a value of 64 MiB');
  check.same(failure('SELECT zeroblob(67108865)'), 'string or blob too big', 'past 64 MiB');
  const dealt = Date.now();
  message = failure('SELECT coins_deal(1, 200000000)');
  check.ok(
    message.startsWith('coins_deal: 200000000 coins exceed the length limit (67108864 bytes)') &&
      Date.now() - dealt < 1000,
    `a deal of 2*10^8 coins is refused at once: ${message} after ${Date.now() - dealt} ms`,
  );
  /* the worker is for pages (browser.js tests it) */
  message = await CoinsSQLite.worker().then(
    () => '',
    (e) => e.message,
  );
  check.same(
    message,
    'CoinsSQLite.worker: no Web Workers here (in Node, use load and open)',
    'worker() in Node',
  );
  db.close();
  demo.close();
  console.log(
    `(${queries.length} queries and the examples in ${Date.now() - started} ms; ` +
      `SQLite ${sqlite.sqliteVersion} with coins ${sqlite.coinsVersion}, ` +
      `${fs.statSync(wasmJs.replace(/\.js$/, '.wasm')).size} bytes of wasm)`,
  );
  process.exit(check.done() ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
