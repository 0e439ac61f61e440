// tests/packaging/node/coins.test.mjs -- the npm package sqlite-coins
// imported as an ES module (its "import" export), installed as a user gets
// it (see coins.test.cjs), through better-sqlite3 and libsql.
import test from 'node:test';
import assert from 'node:assert';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import Database from 'better-sqlite3';
import Libsql from 'libsql';
import { getLoadablePath, load } from 'sqlite-coins';

const here = realpathSync(path.dirname(fileURLToPath(import.meta.url)));

test('the ES module is the installed one and finds the same library as require', () => {
  const resolved = fileURLToPath(import.meta.resolve('sqlite-coins'));
  assert.strictEqual(resolved, path.join(here, 'node_modules', 'sqlite-coins', 'index.mjs'));
  const cjs = createRequire(import.meta.url)('sqlite-coins');
  assert.strictEqual(getLoadablePath(), cjs.getLoadablePath());
});

for (const [engine, Engine] of [
  ['better-sqlite3', Database],
  ['libsql', Libsql],
]) {
  test(`${engine}: import { load } from 'sqlite-coins'`, () => {
    const db = new Engine(':memory:');
    load(db);
    const row = db
      .prepare("SELECT coins_version() AS v, coins_best_move(3, '[8,15,3,7]') AS m")
      .get();
    assert.deepStrictEqual([row.v, row.m], [process.env.COINS_VERSION, 'R']);
    db.close();
  });
}
