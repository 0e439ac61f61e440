// tests/packaging/node/coins.test.cjs -- the npm package sqlite-coins as a
// user gets it: tests/packaging/npm.sh installs the packed tarballs into a
// scratch project, copies this file there and runs it with node --test, so
// require('sqlite-coins') is the installed copy.  Through two engines:
// better-sqlite3 12 and libsql (each bundles its own SQLite).
//
//   COINS_VERSION=<version> node --test coins.test.cjs coins.test.mjs
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const coins = require('sqlite-coins');

const version = process.env.COINS_VERSION;
const here = fs.realpathSync(__dirname);
const ENGINES = {
  'better-sqlite3': () => new (require('better-sqlite3'))(':memory:'),
  libsql: () => new (require('libsql'))(':memory:'),
};
const value = (db, sql) => Object.values(db.prepare(sql).get())[0];

test('sqlite-coins is the installed package, its library the platform package', () => {
  const main = require.resolve('sqlite-coins');
  assert.strictEqual(main, path.join(here, 'node_modules', 'sqlite-coins', 'index.cjs'));
  const file = coins.getLoadablePath();
  assert.strictEqual(
    file,
    path.join(here, 'node_modules', `sqlite-coins-${process.platform}-${process.arch}`, 'coins.so'),
  );
  assert.ok(fs.statSync(file).isFile());
  assert.strictEqual(require('sqlite-coins/package.json').version, version);
  assert.strictEqual(
    require(`sqlite-coins-${process.platform}-${process.arch}/package.json`).version,
    version,
  );
  // npm skipped the other platform's package (os: win32)
  assert.ok(!fs.existsSync(path.join(here, 'node_modules', 'sqlite-coins-win32-x64')));
});

for (const [engine, open] of Object.entries(ENGINES)) {
  test(`${engine}: load(db) and the functions`, () => {
    const db = open();
    coins.load(db);
    const sqlite = value(db, 'SELECT sqlite_version()');
    console.log(`# ${engine}: SQLite ${sqlite}`);
    assert.strictEqual(value(db, 'SELECT coins_version()'), version);
    assert.strictEqual(value(db, "SELECT coins_score(3, '[8,15,3,7]')"), 22);
    assert.strictEqual(value(db, "SELECT coins_outcome(2, '[1,2,4]')"), 'second');
    const moves = db
      .prepare("SELECT move FROM coins_moves(3, '[8,15,3,7]')")
      .all()
      .map((r) => r.move);
    assert.deepStrictEqual(moves, ['R', 'L', 'L', 'L']);
    assert.strictEqual(value(db, "SELECT coins_margin(3, jsonb('[8,15,3,7]'))"), 11);
    assert.throws(() => db.prepare("SELECT coins_win(3, '[1,2,2.5]')").get(), {
      message: 'coins_win: element 3 is not an integer: 2.5',
    });
    coins.load(db); // a second load is harmless
    assert.strictEqual(value(db, "SELECT coins_win(3, '[1,20,4]')"), 0);
    db.close();
  });

  test(`${engine}: db.loadExtension(getLoadablePath()) and a file database`, (t) => {
    const file = path.join(fs.mkdtempSync(path.join(here, 'db-')), 'games.db');
    t.after(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
    const db =
      engine === 'libsql' ? new (require('libsql'))(file) : new (require('better-sqlite3'))(file);
    db.loadExtension(coins.getLoadablePath());
    db.exec(`CREATE TABLE games (coins TEXT, moves TEXT);
             INSERT INTO games VALUES ('[8,15,3,7]', 'LRLR'), ('[5,3,7,10,2,6]', 'RLLRRL');`);
    const rows = db
      .prepare(
        `SELECT sum(r.verdict = 'best') AS best, count(*) AS moves
       FROM games g, coins_review(3, g.coins, g.moves) r`,
      )
      .get();
    assert.deepStrictEqual([rows.best, rows.moves], [8, 10]);
    db.close();
  });
}

test('load(db) refuses what cannot load extensions', () => {
  assert.throws(() => coins.load({}), { name: 'TypeError', message: /loadExtension/ });
  assert.throws(() => coins.load(null), TypeError);
});

// The loader on another platform, in a child process whose process.platform
// and process.arch say so.
function loaderOn(platform, arch) {
  const script = `Object.defineProperty(process, 'platform', { value: ${JSON.stringify(platform)} });
    Object.defineProperty(process, 'arch', { value: ${JSON.stringify(arch)} });
    try { require('sqlite-coins').load({ loadExtension() {} }); console.log('loaded'); }
    catch (e) { console.log(e.message); }`;
  const got = spawnSync(process.execPath, ['-e', script], { cwd: here, encoding: 'utf8' });
  assert.strictEqual(got.status, 0, got.stderr);
  return got.stdout.trim();
}

test('no package for the platform: the error names it and the packages that exist', () => {
  const message = loaderOn('darwin', 'arm64');
  assert.match(message, /no build of coins for this platform, darwin-arm64/);
  assert.match(message, /sqlite-coins-linux-arm64, sqlite-coins-linux-x64, sqlite-coins-win32-x64/);
  assert.match(
    loaderOn('linux', 'riscv64'),
    /linux-riscv64.*no package sqlite-coins-linux-riscv64/,
  );
});

test('a platform package that npm did not install: the error says how to install it', () => {
  const message = loaderOn('win32', 'x64');
  assert.match(
    message,
    /the package sqlite-coins-win32-x64, which holds coins for this platform \(win32-x64\), is not installed/,
  );
  assert.match(
    message,
    new RegExp(`npm install sqlite-coins-win32-x64@${version.replace(/\./g, '\\.')}`),
  );
  assert.strictEqual(loaderOn('linux', 'x64'), 'loaded');
  // npm skips the arm64 package on x64 (its cpu field): named, not installed
  assert.match(
    loaderOn('linux', 'arm64'),
    /the package sqlite-coins-linux-arm64, which holds coins for this platform \(linux-arm64\), is not installed/,
  );
});
