// tests/packaging/node/types.cts -- the TypeScript declarations of
// sqlite-coins, used from CommonJS (checked with tsc --noEmit by npm.sh).
import coins = require('sqlite-coins');
import { getLoadablePath, load } from 'sqlite-coins';
import Database = require('libsql');

const db = new Database(':memory:');
load(db);
coins.load(db);
const file: string = getLoadablePath();
db.loadExtension(file);
const loader: coins.ExtensionLoader = { loadExtension: (path: string) => path };
coins.load(loader);
