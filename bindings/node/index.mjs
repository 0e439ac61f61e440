// sqlite-coins as an ES module: the same functions as index.cjs, which
// does the work (one copy of the platform lookup, resolved with require).
//
//   import Database from 'better-sqlite3';
//   import { load } from 'sqlite-coins';
//   const db = new Database(':memory:');
//   load(db);
import { createRequire } from 'node:module';

const coins = createRequire(import.meta.url)('./index.cjs');

export const getLoadablePath = coins.getLoadablePath;
export const load = coins.load;
