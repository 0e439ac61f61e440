/*
 * wasm/api.js -- the JavaScript API of the WebAssembly build of SQLite with
 * coins (make wasm appends it to build/wasm/coins-sqlite.js, after the
 * Emscripten loader, which it wraps).  One global, CoinsSQLite (also
 * module.exports under Node):
 *
 *   const sqlite = await CoinsSQLite.load();          // fetches coins-sqlite.wasm
 *   const db = sqlite.open();                         // an in-memory database
 *   db.exec("CREATE TABLE t(x); INSERT INTO t VALUES (1)");
 *   db.query("SELECT coins_margin(3, ?)", ['[8,15,3,7]']);
 *     // -> { columns: ['coins_margin(3, ?)'], rows: [[11]] }
 *   db.close();
 *
 * load(options): options.wasmUrl (default: coins-sqlite.wasm next to this
 * script), or options.wasmBinary (an ArrayBuffer or Uint8Array: Node, or a
 * page that has the bytes already).  The promise rejects when the bytes
 * cannot be fetched (for instance from a page opened as file://).
 *
 * Database methods:
 *   exec(sql)           runs every statement of sql; returns one
 *                       { columns, rows } per statement that has columns
 *   query(sql, params)  runs one statement with its parameters bound
 *                       (an array for ?, ?NNN; an object for :name, @name,
 *                       $name); returns { columns, rows }
 *   value(sql, params)  the first column of the first row (null if none)
 *   timeout(ms)         interrupt statements that run longer (0: never)
 *   close()
 *
 * Values: NULL -> null, INTEGER -> a number (a BigInt beyond 2^53 - 1),
 * REAL -> a number, TEXT -> a string, BLOB -> a Uint8Array.  Parameters
 * the other way round: a number with an integral value (below 2^63 in
 * size) binds as an INTEGER, any other as a REAL; a BigInt as an INTEGER;
 * booleans as 0 and 1.  A failing statement throws
 * a CoinsSQLite.SQLiteError whose message is SQLite's (sqlite3_errmsg) and
 * whose code is its extended result code.  Written for this project; it
 * uses only the exported C API of SQLite.
 */
(function (root) {
  'use strict';
  const factory = typeof CoinsSQLiteModule === 'function' ? CoinsSQLiteModule : null;
  const SQLITE_ROW = 100;
  const SQLITE_DONE = 101;
  const SQLITE_TRANSIENT = -1;
  const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8');

  class SQLiteError extends Error {
    constructor(message, code) {
      super(message);
      this.name = 'SQLiteError';
      this.code = code;
    }
  }

  function scriptDirectory() {
    if (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) {
      return document.currentScript.src.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
    }
    return '';
  }
  const here = scriptDirectory();

  async function wasmBytes(options) {
    if (options.wasmBinary) return options.wasmBinary;
    const url = options.wasmUrl || here + 'coins-sqlite.wasm';
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new Error(`cannot fetch ${url}: ${e.message}`);
    }
    if (!response.ok) throw new Error(`cannot fetch ${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }

  async function load(options = {}) {
    if (!factory) throw new Error('CoinsSQLite: the Emscripten module is missing');
    const wasmBinary = await wasmBytes(options);
    const M = await factory({ wasmBinary });
    return new Api(M);
  }

  class Api {
    constructor(M) {
      this.M = M;
      this.sqliteVersion = M.UTF8ToString(M._sqlite3_libversion());
      const db = this.open();
      this.coinsVersion = db.value('SELECT coins_version()');
      db.close();
    }

    open() {
      const M = this.M;
      const out = alloc(M, 4);
      const name = cString(M, ':memory:');
      const rc = M._sqlite3_open_v2(name, out, 0x06 /* READWRITE | CREATE */, 0);
      const db = M.HEAP32[out >> 2];
      M._free(name);
      M._free(out);
      if (rc !== 0) {
        const message = db ? M.UTF8ToString(M._sqlite3_errmsg(db)) : 'out of memory';
        M._sqlite3_close_v2(db);
        throw new SQLiteError(message, rc);
      }
      return new Database(M, db);
    }
  }

  /* n bytes of wasm memory (free them with _free). */
  function alloc(M, n) {
    const p = M._malloc(n > 0 ? n : 1);
    if (!p) throw new SQLiteError('out of memory', 7);
    return p;
  }

  /* A NUL-terminated copy of bytes (or of the UTF-8 of a string) in wasm memory. */
  function cString(M, s) {
    const bytes = typeof s === 'string' ? encoder.encode(s) : s;
    const p = alloc(M, bytes.length + 1);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return p;
  }

  class Database {
    constructor(M, db) {
      this.M = M;
      this.db = db;
      this.ms = 0;
    }

    timeout(ms) {
      this.ms = ms > 0 ? ms : 0;
    }

    fail(rc) {
      const M = this.M;
      throw new SQLiteError(
        M.UTF8ToString(M._sqlite3_errmsg(this.db)),
        M._sqlite3_extended_errcode(this.db) || rc,
      );
    }

    /* Calls each(stmt) for every statement of sql, in order; stops after
     * the first when only is set.  Params are bound to that first one. */
    statements(sql, params, only, each) {
      const M = this.M;
      if (!this.db) throw new SQLiteError('the database is closed', 21);
      M._coins_wasm_deadline(this.db, this.ms);
      const bytes = encoder.encode(sql);
      const text = cString(M, bytes);
      let slots;
      try {
        slots = alloc(M, 8); /* the statement, the tail */
      } catch (e) {
        M._free(text);
        throw e;
      }
      const end = text + bytes.length;
      let at = text;
      try {
        while (at < end) {
          const rc = M._sqlite3_prepare_v2(this.db, at, end - at, slots, slots + 4);
          if (rc !== 0) this.fail(rc);
          const stmt = M.HEAP32[slots >> 2];
          at = M.HEAP32[(slots + 4) >> 2];
          if (!stmt) continue; /* a comment or white space */
          try {
            if (params !== undefined) this.bind(stmt, params);
            each(stmt);
          } finally {
            M._sqlite3_finalize(stmt);
          }
          if (only) break;
        }
      } finally {
        M._free(text);
        M._free(slots);
      }
    }

    bind(stmt, params) {
      const M = this.M;
      const count = M._sqlite3_bind_parameter_count(stmt);
      const named = params !== null && typeof params === 'object' && !Array.isArray(params);
      for (let i = 1; i <= count; i++) {
        let value;
        if (named) {
          const p = M._sqlite3_bind_parameter_name(stmt, i);
          const name = p ? M.UTF8ToString(p) : '';
          const key = name.slice(1);
          if (!(key in params))
            throw new SQLiteError(`no value for the parameter ${name || i}`, 25);
          value = params[key];
        } else {
          if (!params || i > params.length)
            throw new SQLiteError(`no value for parameter ${i}`, 25);
          value = params[i - 1];
        }
        this.bindOne(stmt, i, value);
      }
    }

    bindOne(stmt, i, value) {
      const M = this.M;
      let rc;
      if (value === null || value === undefined) {
        rc = M._sqlite3_bind_null(stmt, i);
      } else if (typeof value === 'boolean') {
        rc = M._sqlite3_bind_int64(stmt, i, value ? 1n : 0n);
      } else if (typeof value === 'bigint') {
        rc = M._sqlite3_bind_int64(stmt, i, value);
      } else if (typeof value === 'number') {
        /* an integral number is an INTEGER (exactly: it is one), others REAL */
        rc =
          Number.isInteger(value) && Math.abs(value) < 2 ** 63
            ? M._sqlite3_bind_int64(stmt, i, BigInt(value))
            : M._sqlite3_bind_double(stmt, i, value);
      } else if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
        const bytes = value instanceof Uint8Array ? value : new Uint8Array(value);
        const p = alloc(M, bytes.length);
        M.HEAPU8.set(bytes, p);
        rc = M._sqlite3_bind_blob(stmt, i, p, bytes.length, SQLITE_TRANSIENT);
        M._free(p);
      } else {
        const bytes = encoder.encode(String(value));
        const p = alloc(M, bytes.length);
        M.HEAPU8.set(bytes, p);
        rc = M._sqlite3_bind_text(stmt, i, p, bytes.length, SQLITE_TRANSIENT);
        M._free(p);
      }
      if (rc !== 0) this.fail(rc);
    }

    /* Steps stmt to its end: { columns, rows }. */
    rows(stmt) {
      const M = this.M;
      const n = M._sqlite3_column_count(stmt);
      const columns = [];
      for (let c = 0; c < n; c++) columns.push(M.UTF8ToString(M._sqlite3_column_name(stmt, c)));
      const rows = [];
      for (;;) {
        const rc = M._sqlite3_step(stmt);
        if (rc === SQLITE_DONE) break;
        if (rc !== SQLITE_ROW) this.fail(rc);
        const row = new Array(n);
        for (let c = 0; c < n; c++) row[c] = this.column(stmt, c);
        rows.push(row);
      }
      return { columns, rows };
    }

    column(stmt, c) {
      const M = this.M;
      switch (M._sqlite3_column_type(stmt, c)) {
        case 1: {
          /* INTEGER */
          const v = M._sqlite3_column_int64(stmt, c);
          return v >= -SAFE && v <= SAFE ? Number(v) : v;
        }
        case 2:
          return M._sqlite3_column_double(stmt, c);
        case 3: {
          /* TEXT: the pointer first, then its length */
          const p = M._sqlite3_column_text(stmt, c);
          const len = M._sqlite3_column_bytes(stmt, c);
          return decoder.decode(M.HEAPU8.subarray(p, p + len));
        }
        case 4: {
          const p = M._sqlite3_column_blob(stmt, c);
          const len = M._sqlite3_column_bytes(stmt, c);
          return M.HEAPU8.slice(p, p + len);
        }
        default:
          return null;
      }
    }

    exec(sql) {
      const results = [];
      this.statements(sql, undefined, false, (stmt) => {
        const result = this.rows(stmt);
        if (result.columns.length > 0) results.push(result);
      });
      return results;
    }

    query(sql, params) {
      let result = { columns: [], rows: [] };
      this.statements(sql, params === undefined ? [] : params, true, (stmt) => {
        result = this.rows(stmt);
      });
      return result;
    }

    value(sql, params) {
      const { rows } = this.query(sql, params);
      return rows.length && rows[0].length ? rows[0][0] : null;
    }

    close() {
      if (this.db) this.M._sqlite3_close_v2(this.db);
      this.db = 0;
    }
  }

  const api = { load, SQLiteError };
  if (typeof module === 'object' && module.exports) module.exports = api;
  root.CoinsSQLite = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
