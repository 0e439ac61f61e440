// tests/clients/node/jsonb.test.js -- JSONB as SQLite itself makes it: better-sqlite3
// bundles an SQLite with jsonb(), so coins reads real jsonb() output here,
// in every function that takes coins or moves, and the answers must be
// those of the same array as text.
//
//   COINS_EXT=build/coins.so node --test tests/clients/node
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const Database = require('better-sqlite3');

const root = path.join(__dirname, '..', '..', '..');
const ext = path.resolve(root, process.env.COINS_EXT || 'build/coins.so').replace(/\.[^./]+$/, '');

function open() {
  const db = new Database(':memory:');
  db.loadExtension(ext);
  return db;
}

test('jsonb() rows give the answers of their text', () => {
  const db = open();
  const rows = db
    .prepare(
      `WITH RECURSIVE s(seed) AS (SELECT 1 UNION ALL SELECT seed + 1 FROM s WHERE seed < 300)
     SELECT seed, coins_deal(seed, seed % 40, -50, 99) AS coins FROM s`,
    )
    .all();
  const both = db.prepare(
    `SELECT coins_margin(3, jsonb(@c)) = coins_margin(3, @c) AS iii,
            coins_margin(2, jsonb(@c), 3) = coins_margin(2, @c, 3) AS ii,
            coins_win(1, jsonb(@c)) = coins_win(1, @c) AS i,
            (SELECT group_concat(move) FROM coins_moves(3, jsonb(@c))) IS
            (SELECT group_concat(move) FROM coins_moves(3, @c)) AS line`,
  );
  for (const { coins } of rows) {
    const r = both.get({ c: coins });
    assert.deepStrictEqual([r.iii, r.ii, r.i, r.line], [1, 1, 1, 1], coins);
  }
});

test('jsonb() records, numbers written in other ways, JSON5', () => {
  const db = open();
  const get = (sql) => db.prepare(sql).pluck().get();
  assert.strictEqual(get("SELECT coins_margin(3, jsonb('[2.0, 1e1, -3]'))"), -11);
  assert.strictEqual(get("SELECT coins_margin(3, jsonb('[0x10, +1]'))"), 15);
  assert.strictEqual(
    get(
      `SELECT group_concat(verdict) FROM coins_review(3, jsonb('[8,15,3,7]'), jsonb('["L","r","L","R"]'))`,
    ),
    'blunder,blunder,best,best',
  );
  assert.strictEqual(get("SELECT coins_result(2, jsonb('[1,2,3]'), jsonb('[1,2]'))"), 'second');
  assert.strictEqual(get("SELECT coins_after(3, jsonb('[1,2,3]'), jsonb('[\"R\"]'))"), '[1,2]');
  assert.throws(() => get("SELECT coins_margin(3, jsonb('[1, 2.5]'))"), {
    message: 'coins_margin: element 2 is not an integer: 2.5',
  });
  assert.throws(() => get('SELECT coins_margin(3, jsonb(\'{"a": 1}\'))'), {
    message: 'coins_margin: expected a JSON array at byte 0, got {...}',
  });
  // a letter written with an escape, which jsonb() keeps (a TEXTJ)
  assert.strictEqual(
    get(
      `SELECT group_concat(move, '') FROM coins_review(3, jsonb('[8,15,3,7]'), jsonb('["\\u004c","R","\\u006C","\\u0052"]'))`,
    ),
    'LRLR',
  );
});

// The same mistake gives the same message from the text and from the
// jsonb() of that text.
test('jsonb() of a mistake: the message of its text', () => {
  const db = open();
  const message = (sql, arg) => {
    try {
      db.prepare(sql).all({ x: arg });
    } catch (e) {
      return e.message;
    }
    return null;
  };
  const coins = [
    '{"a": 1}',
    '{}',
    '[1, {"a": [2, 3]}]',
    '[1, {}]',
    '"[1, 2]"',
    '7.5',
    'null',
    'true',
    '[1, "a, b"]',
    '[1, "\\u0041"]',
    '[1, [2]]',
    '[1, 2.5]',
    '[1e400]',
    '[9223372036854775807, 1]',
    '[1, true]',
    '[null]',
    '["L"]',
  ];
  for (const text of coins) {
    const want = message('SELECT coins_margin(3, @x)', text);
    assert.ok(want, text);
    assert.strictEqual(message('SELECT coins_margin(3, jsonb(@x))', text), want, text);
  }
  const records = [
    [3, '[1, "L"]'],
    [3, '[["L"]]'],
    [3, '["\\u004c\\u004c"]'],
    [3, '[{"m": "L"}]'],
    [3, '["X"]'],
    [2, '["L", "R"]'],
    [2, '["\\u0052"]'],
    [2, '[1, "L"]'],
    [2, '[0]'],
    [2, '[[1]]'],
    [1, '[1.5]'],
    [3, '{"moves": "LR"}'],
  ];
  for (const [v, text] of records) {
    const sql = `SELECT * FROM coins_review(${v}, '[1,2,3,4]', @x)`;
    const want = message(sql, text);
    assert.ok(want, text);
    assert.strictEqual(message(sql.replace('@x', 'jsonb(@x)'), text), want, `${v}: ${text}`);
  }
});
