// tests/hosts/node_sqlite.mjs -- coins from node:sqlite, the SQLite built
// into Node 22.13+ and Deno 2.2+: DatabaseSync loads extensions only when
// opened with allowExtension: true (and, in Deno, run with -A or
// --allow-ffi).
//
//   node --disable-warning=ExperimentalWarning tests/hosts/node_sqlite.mjs /path/to/coins.so
//   deno run -A tests/hosts/node_sqlite.mjs /path/to/coins.so
import process from 'node:process';
import { DatabaseSync } from 'node:sqlite';

const runtime =
  typeof Deno === 'undefined' ? `node ${process.version}` : `deno ${Deno.version.deno}`;
const path = process.argv[process.argv.length - 1];
const db = new DatabaseSync(':memory:', { allowExtension: true });
db.loadExtension(path);
const score = db.prepare("SELECT coins_score(3, '[8,15,3,7]') AS s").get().s;
const row = db
  .prepare(
    "SELECT ply, move, best, loss, verdict FROM coins_review(3, '[8,15,3,7]', 'LRLR') LIMIT 1",
  )
  .get();
const got = [score, row.ply, row.move, row.best, row.loss, row.verdict].join(' ');
if (got !== '22 1 L R 14 blunder') {
  console.error(`FAIL ${runtime}: got ${JSON.stringify(got)}, want "22 1 L R 14 blunder"`);
  process.exit(1);
}
console.log(`${runtime} (node:sqlite): 2 passed, 0 failed`);
