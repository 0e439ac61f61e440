// Types of sqlite-coins (CommonJS: require('sqlite-coins')).

/** A database connection that can load an SQLite extension: better-sqlite3's
 * or libsql's Database, node:sqlite's DatabaseSync (with allowExtension). */
export interface ExtensionLoader {
  loadExtension(path: string, ...rest: any[]): unknown;
  enableLoadExtension?(allow: boolean): unknown;
}

/** The full path of the coins library for this platform (coins.so, coins.dylib
 * or coins.dll in the package sqlite-coins-<platform>-<arch>).  Throws an
 * Error naming the platform and the packages that exist when there is none. */
export declare function getLoadablePath(): string;

/** Loads coins into db (db.loadExtension(getLoadablePath())). */
export declare function load(db: ExtensionLoader): void;
