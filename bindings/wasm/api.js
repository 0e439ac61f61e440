/*
 * bindings/wasm/api.js -- the JavaScript API of the WebAssembly build of SQLite with
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
 *   timeout(ms)         interrupt statements that run longer (0: never);
 *                       SQLite checks it between the steps of its virtual
 *                       machine, so one long function call (coins_deal of
 *                       10^7 coins) runs to its end first: for a deadline
 *                       that always holds, use worker()
 *   close()
 *
 * In a page, worker(options) puts the database in a Web Worker (this same
 * script, started again as a worker), so that no query blocks the page:
 *
 *   const db = await CoinsSQLite.worker({ timeout: 10000, setup: 'CREATE TABLE ...' });
 *   const { columns, rows } = await db.query('SELECT coins_margin(3, ?)', ['[8,15,3,7]']);
 *
 * Its exec, query and value are those above, returning promises; calls
 * run one after the other, in order.  A call still running timeout ms
 * after it started is stopped: first SQLite's interrupt, then, when that
 * has not ended it within a quarter of a second (a long function call),
 * the worker is terminated and a new one started, with a new database on
 * which options.setup runs again.  Such a call rejects with a SQLiteError
 * "stopped after 10 s; the database was restarted" (code 9, SQLITE_INTERRUPT,
 * and restarted: true); the calls after it run on the new database.
 * restart() stops the running call the same way at once (its message:
 * "stopped; the database was restarted"); timeout(ms) changes the deadline
 * of later calls; close() ends the worker; sqliteVersion, coinsVersion
 * and restarts (how many times the worker was restarted) are properties.
 * options: timeout (ms, default 0: never), setup (SQL), wasmUrl or
 * wasmBinary (as load's), scriptUrl (this script's address, when it cannot
 * be told: by default the src of the <script> that loaded it).
 *
 * Values: NULL -> null, INTEGER -> a number (a BigInt beyond 2^53 - 1),
 * REAL -> a number, TEXT -> a string, BLOB -> a Uint8Array; a result's
 * reals lists the [row, column] of each REAL of integral value (83.0,
 * which a number shows as 83), for a caller that prints them as SQLite
 * does.  Parameters
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
  /* this script's own address, to start it again as a worker */
  const scriptUrl =
    typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';

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

    /* Steps stmt to its end: { columns, rows, reals }, reals the [row,
     * column] of each REAL whose value is integral. */
    rows(stmt) {
      const M = this.M;
      const reals = [];
      const n = M._sqlite3_column_count(stmt);
      const columns = [];
      for (let c = 0; c < n; c++) columns.push(M.UTF8ToString(M._sqlite3_column_name(stmt, c)));
      const rows = [];
      for (;;) {
        const rc = M._sqlite3_step(stmt);
        if (rc === SQLITE_DONE) break;
        if (rc !== SQLITE_ROW) this.fail(rc);
        const row = new Array(n);
        for (let c = 0; c < n; c++) {
          row[c] = this.column(stmt, c);
          /* a number cannot tell 83.0 from 83: such REALs are listed */
          if (Number.isInteger(row[c]) && M._sqlite3_column_type(stmt, c) === 2)
            reals.push([rows.length, c]);
        }
        rows.push(row);
      }
      return { columns, rows, reals };
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

  /* --------------------------------------------- a database in a worker */

  const WORKER_NAME = 'coins-sqlite'; /* the name worker() gives its workers */
  const SQLITE_INTERRUPT = 9;
  const GRACE_MS = 250; /* how long SQLite's interrupt is given before a restart */

  /* The worker's side: one database, calls answered in order. */
  function serve(scope) {
    let db = null;
    scope.onmessage = async (event) => {
      const m = event.data;
      if (m.type === 'start') {
        try {
          const sqlite = await load({ wasmBinary: m.wasmBinary });
          db = sqlite.open();
          if (m.setup) db.exec(m.setup);
          scope.postMessage({
            type: 'ready',
            sqliteVersion: sqlite.sqliteVersion,
            coinsVersion: sqlite.coinsVersion,
          });
        } catch (e) {
          scope.postMessage({ type: 'failed', message: e.message, code: e.code });
        }
        return;
      }
      try {
        db.timeout(m.ms);
        const result = db[m.method](m.sql, m.params);
        scope.postMessage({ type: 'result', id: m.id, result });
      } catch (e) {
        scope.postMessage({ type: 'error', id: m.id, message: e.message, code: e.code });
      }
    };
  }

  /* "2 s", "1.5 s", "300 ms" */
  function duration(ms) {
    return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
  }

  function restartError(what) {
    const e = new SQLiteError(`${what}; the database was restarted`, SQLITE_INTERRUPT);
    e.restarted = true;
    return e;
  }

  /* The page's side: the calls queue here and go to the worker one at a
   * time, each with its deadline's timer. */
  class WorkerDatabase {
    constructor(options, wasmBinary, url) {
      this.wasmBinary = wasmBinary;
      this.setup = options.setup || '';
      this.url = url;
      this.ms = 0;
      this.timeout(options.timeout);
      this.queue = [];
      this.running = null; /* the call the worker has */
      this.ids = 0;
      this.restarts = 0;
      this.failure = null; /* why no worker can run (then every call rejects) */
      this.sqliteVersion = '';
      this.coinsVersion = '';
      this.ready = this.start();
    }

    timeout(ms) {
      this.ms = ms > 0 ? ms : 0;
    }

    /* A new worker and its database; the promise settles when it is ready. */
    start() {
      this.live = false; /* until the worker says it is ready */
      this.worker = new Worker(this.url, { name: WORKER_NAME });
      return new Promise((resolve, reject) => {
        const worker = this.worker;
        let started = false;
        const fail = (e) => {
          this.failure = e;
          this.live = false;
          worker.terminate();
          if (this.running) this.running.reject(e);
          this.running = null;
          for (const call of this.queue.splice(0)) call.reject(e);
          if (!started) reject(e);
        };
        worker.onerror = (event) => {
          event.preventDefault();
          fail(new Error(`CoinsSQLite.worker: the worker ${this.url} failed: ${event.message}`));
        };
        worker.onmessage = (event) => {
          const m = event.data;
          if (worker !== this.worker) return; /* from a worker since terminated */
          if (m.type === 'ready') {
            started = true;
            this.live = true;
            this.sqliteVersion = m.sqliteVersion;
            this.coinsVersion = m.coinsVersion;
            resolve(this);
            this.next();
          } else if (m.type === 'failed') {
            fail(new SQLiteError(m.message, m.code));
          } else if (this.running && m.id === this.running.id) {
            const call = this.running;
            this.running = null;
            clearTimeout(call.timer);
            if (m.type === 'result') call.resolve(m.result);
            else call.reject(new SQLiteError(m.message, m.code));
            this.next();
          }
        };
        worker.postMessage({ type: 'start', wasmBinary: this.wasmBinary, setup: this.setup });
      });
    }

    /* Sends the first queued call, when the worker is free. */
    next() {
      if (this.running || !this.queue.length || !this.live) return;
      const call = this.queue.shift();
      this.running = call;
      const ms = this.ms;
      try {
        this.worker.postMessage({
          type: 'call',
          id: call.id,
          method: call.method,
          sql: call.sql,
          params: call.params,
          ms,
        });
      } catch (e) {
        /* a parameter that cannot be sent (a function, say) */
        this.running = null;
        call.reject(new SQLiteError(`cannot pass the parameters: ${e.message}`, 25));
        this.next();
        return;
      }
      if (ms > 0) {
        const what = `stopped after ${duration(ms)}`;
        call.timer = setTimeout(() => this.stop(what), ms + GRACE_MS);
      }
    }

    /* Terminates the worker (the running call rejects with what) and
     * starts a new one, on which the queued calls go on. */
    stop(what) {
      if (!this.worker) return Promise.reject(new SQLiteError('the database is closed', 21));
      this.worker.terminate();
      const call = this.running;
      this.running = null;
      if (call) {
        clearTimeout(call.timer);
        call.reject(restartError(what));
      }
      this.restarts++;
      this.ready = this.start();
      return this.ready;
    }

    restart() {
      return this.stop('stopped');
    }

    call(method, sql, params) {
      if (this.failure) return Promise.reject(this.failure);
      if (!this.worker) return Promise.reject(new SQLiteError('the database is closed', 21));
      return new Promise((resolve, reject) => {
        this.queue.push({ id: ++this.ids, method, sql, params, resolve, reject, timer: 0 });
        this.next();
      });
    }

    exec(sql) {
      return this.call('exec', sql);
    }

    query(sql, params) {
      return this.call('query', sql, params);
    }

    value(sql, params) {
      return this.call('value', sql, params);
    }

    close() {
      if (!this.worker) return;
      this.worker.terminate();
      this.worker = null;
      this.live = false;
      const e = new SQLiteError('the database is closed', 21);
      if (this.running) {
        clearTimeout(this.running.timer);
        this.running.reject(e);
      }
      this.running = null;
      for (const call of this.queue.splice(0)) call.reject(e);
    }
  }

  async function worker(options = {}) {
    if (typeof Worker !== 'function') {
      throw new Error('CoinsSQLite.worker: no Web Workers here (in Node, use load and open)');
    }
    const url = options.scriptUrl || scriptUrl;
    if (!url) {
      throw new Error('CoinsSQLite.worker: where is coins-sqlite.js? pass options.scriptUrl');
    }
    const wasmBinary = await wasmBytes(options);
    return new WorkerDatabase(options, wasmBinary, url).ready;
  }

  const api = { load, worker, SQLiteError };
  if (typeof module === 'object' && module.exports) module.exports = api;
  root.CoinsSQLite = api;
  /* started by worker(): serve its calls */
  if (
    typeof WorkerGlobalScope !== 'undefined' &&
    root instanceof WorkerGlobalScope &&
    root.name === WORKER_NAME
  ) {
    serve(root);
  }
})(typeof globalThis !== 'undefined' ? globalThis : this);
