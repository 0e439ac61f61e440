// sqlite-coins -- finds the coins SQLite extension built for this platform
// and loads it into a database connection (better-sqlite3, libsql, ...).
//
//   const Database = require('better-sqlite3');
//   const coins = require('sqlite-coins');
//   const db = new Database(':memory:');
//   coins.load(db);
//   db.prepare("SELECT coins_score(3, '[8,15,3,7]') AS s").get().s;   // 22
//
// The library itself is in a package of its own per platform,
// sqlite-coins-<os>-<cpu> (os and cpu as Node spells them:
// process.platform and process.arch), each an optional dependency of this
// one, so that npm installs the one that fits and skips the others.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const pkg = require('./package.json');

const SUFFIX = { win32: 'dll', darwin: 'dylib' };

/** The platform packages that exist: this package's optional dependencies. */
function platformPackages() {
  return Object.keys(pkg.optionalDependencies || {}).filter((name) =>
    name.startsWith('sqlite-coins-'),
  );
}

/** process.platform-process.arch, with the C library on Linux. */
function describePlatform(platform, arch) {
  let text = `${platform}-${arch}`;
  if (platform === 'linux') {
    try {
      if (!process.report.getReport().header.glibcVersionRuntime) text += ' (musl libc)';
    } catch (e) {
      // no report: say nothing of the C library
    }
  }
  return text;
}

/**
 * The full path of the coins library for this platform (coins.so, coins.dylib
 * or coins.dll inside the package sqlite-coins-<platform>-<arch>), to pass to
 * db.loadExtension().  Throws an Error that names the platform and the
 * packages that exist when there is no library for this platform, or when
 * its package was not installed.
 */
function getLoadablePath() {
  const { platform, arch } = process;
  const name = `sqlite-coins-${platform}-${arch}`;
  const known = platformPackages();
  const where = describePlatform(platform, arch);
  if (!known.includes(name)) {
    throw new Error(
      `sqlite-coins: no build of coins for this platform, ${where}: there is no package ${name}. ` +
        `The platform packages that exist: ${known.join(', ')}. ` +
        'Build coins from source (make, in the coins repository; docs/install.md) ' +
        'and pass the path of the library to db.loadExtension().',
    );
  }
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch (e) {
    throw new Error(
      `sqlite-coins: the package ${name}, which holds coins for this platform (${where}), ` +
        'is not installed. It is an optional dependency of sqlite-coins, which npm skips with ' +
        '--omit=optional (or --no-optional), when a lock file was made on another platform, or ' +
        'when its os, cpu or libc does not match. ' +
        `Install it next to sqlite-coins: npm install ${name}@${pkg.version}. ` +
        `The platform packages that exist: ${known.join(', ')}.`,
    );
  }
  const found = require(manifest).version;
  if (found !== pkg.version) {
    throw new Error(
      `sqlite-coins: ${name} is version ${found}, sqlite-coins ${pkg.version}: ` +
        `install the same version of both (npm install ${name}@${pkg.version}).`,
    );
  }
  const file = path.join(path.dirname(manifest), `coins.${SUFFIX[platform] || 'so'}`);
  if (!fs.existsSync(file)) {
    throw new Error(`sqlite-coins: ${file} is missing from the package ${name}: reinstall it.`);
  }
  return file;
}

/**
 * Loads coins into db: anything with a loadExtension(path) method, as
 * better-sqlite3's and libsql's Database have (and node:sqlite's
 * DatabaseSync opened with allowExtension: true, whose enableLoadExtension
 * is switched on for the load and off again).
 */
function load(db) {
  if (!db || typeof db.loadExtension !== 'function') {
    throw new TypeError(
      'sqlite-coins: load(db) wants a database with a loadExtension method ' +
        '(better-sqlite3, libsql, node:sqlite with allowExtension: true)',
    );
  }
  const file = getLoadablePath();
  if (typeof db.enableLoadExtension === 'function') {
    db.enableLoadExtension(true);
    try {
      db.loadExtension(file);
    } finally {
      db.enableLoadExtension(false);
    }
  } else {
    db.loadExtension(file);
  }
}

module.exports = { getLoadablePath, load };
