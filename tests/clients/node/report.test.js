// tests/clients/node/report.test.js -- loads the coins extension into better-sqlite3
// (which bundles its own, newer SQLite than the system's) and runs the
// leaderboard report of sql/reports.sql on the example database, plus a few
// values and an error, so coins is exercised on a second SQLite version.
//
//   COINS_EXT=build/coins.so COINS_DB=build/games.db node --test tests/clients/node
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const Database = require('better-sqlite3');

const root = path.join(__dirname, '..', '..', '..');
const ext = path.resolve(root, process.env.COINS_EXT || 'build/coins.so').replace(/\.[^./]+$/, '');
const dbPath = path.resolve(root, process.env.COINS_DB || 'build/games.db');

function open(file) {
  const db = new Database(file, { readonly: file !== ':memory:' });
  db.loadExtension(ext);
  return db;
}

// The SQL of report `number` in sql/reports.sql, without its dot-commands.
function reportSql(number) {
  const text = fs.readFileSync(path.join(root, 'sql', 'reports.sql'), 'utf8');
  const start = text.indexOf(`.print ${number}. `);
  const next = text.indexOf(`.print ${number + 1}. `, start);
  return text
    .slice(start, next < 0 ? undefined : next)
    .split('\n')
    .filter((line) => !line.startsWith('.'))
    .join('\n');
}

test('runs on a newer SQLite than the system one', () => {
  const db = open(':memory:');
  const { v } = db.prepare('SELECT sqlite_version() AS v').get();
  assert.match(v, /^3\.\d+\.\d+$/);
  assert.ok(Number(v.split('.')[1]) >= 45, `bundled SQLite ${v}`);
  console.log(`# better-sqlite3 bundles SQLite ${v}`);
});

test('values, lines of play and errors', () => {
  const db = open(':memory:');
  assert.strictEqual(db.prepare("SELECT coins_score(3, '[8,15,3,7]') AS s").get().s, 22);
  assert.strictEqual(db.prepare("SELECT coins_outcome(2, '[1,2,4]') AS o").get().o, 'second');
  const moves = db.prepare("SELECT move FROM coins_moves(3, '[8,15,3,7]')").pluck().all();
  assert.deepStrictEqual(moves, ['R', 'L', 'L', 'L']);
  assert.throws(() => db.prepare("SELECT coins_win(3, '[1,2,2.5]')").get(), {
    message: 'coins_win: element 3 is not an integer: 2.5',
  });
});

test('the leaderboard report', () => {
  const db = open(dbPath);
  const rows = db.prepare(reportSql(2)).all();
  assert.strictEqual(rows.length, 12);
  assert.deepStrictEqual(
    [rows[0].player, rows[0].style, rows[0].games, rows[0].wins, rows[0].accuracy_pct],
    ['ivy', 'near-optimal', 503, 313, 99.6],
  );
  const accuracy = rows.map((r) => r.accuracy_pct);
  assert.deepStrictEqual(
    accuracy,
    [...accuracy].sort((a, b) => b - a),
  );
  assert.strictEqual(
    rows.reduce((sum, r) => sum + r.games, 0),
    6000,
  );
});
