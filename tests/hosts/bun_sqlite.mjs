// tests/hosts/bun_sqlite.mjs -- coins from bun:sqlite.  On Linux, Bun's
// SQLite is its own, with extension loading on; on macOS it is Apple's,
// which has none: there Database.setCustomSQLite() must name another
// libsqlite3.dylib (Homebrew's) before the first database is opened.
//
//   bun tests/hosts/bun_sqlite.mjs /path/to/coins.so
import { Database } from 'bun:sqlite';

const db = new Database(':memory:');
db.loadExtension(process.argv[2]);
const score = db.query("SELECT coins_score(3, '[8,15,3,7]') AS s").get().s;
const row = db
  .query("SELECT ply, move, best, loss, verdict FROM coins_review(3, '[8,15,3,7]', 'LRLR') LIMIT 1")
  .get();
const got = [score, row.ply, row.move, row.best, row.loss, row.verdict].join(' ');
if (got !== '22 1 L R 14 blunder') {
  console.error(`FAIL bun: got ${JSON.stringify(got)}, want "22 1 L R 14 blunder"`);
  process.exit(1);
}
console.log(`bun ${Bun.version} (bun:sqlite): 2 passed, 0 failed`);
