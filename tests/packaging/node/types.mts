// tests/packaging/node/types.mts -- the TypeScript declarations of
// sqlite-coins, used from an ES module (checked with tsc --noEmit by npm.sh).
import Database from 'libsql';
import { getLoadablePath, load, type ExtensionLoader } from 'sqlite-coins';

const db = new Database(':memory:');
load(db);
const file: string = getLoadablePath();
db.loadExtension(file);
const loader: ExtensionLoader = { loadExtension: (path: string) => path };
load(loader);
// @ts-expect-error: load wants something with loadExtension
load({ path: file });
