/*
** coins_wasm.c -- what the WebAssembly build (make wasm) adds to SQLite:
**
**   - coins on every connection: SQLITE_EXTRA_INIT=coins_wasm_init, which
**     SQLite calls at the end of sqlite3_initialize, registers
**     sqlite3_coins_init with sqlite3_auto_extension (the coins sources
**     are compiled in with -DSQLITE_CORE, as for libcoins.a);
**   - an operating-system layer without files (SQLITE_OS_OTHER=1): a VFS
**     that opens no file, so that only in-memory databases exist (with
**     SQLITE_TEMP_STORE=3, temporary tables and sorts stay in memory too),
**     its clock and randomness taken from the JavaScript host;
**   - coins_wasm_deadline, which bindings/wasm/api.js calls before each statement:
**     SQLite interrupts a statement that runs past the deadline (the error
**     is SQLite's "interrupted").  A progress handler runs between the
**     steps of SQLite's virtual machine, never inside one function call:
**     what stops a long call (coins_deal of 10^8 coins) is the worker of
**     bindings/wasm/api.js, terminated at its deadline.
**
** Built by web/web.mk with the pinned amalgamation (bindings/wasm/sqlite.pin);
** docs/browser.md describes the build and how it differs from the native one.
*/
#include <emscripten.h>
#include <string.h>

#include "coins_sqlite.h"
#include "sqlite3.h"

/* ------------------------------------------------------- the host's side */

/* (JavaScript inside EM_JS: clang-format would take === for C.) */
/* clang-format off */

/* Milliseconds since the Unix epoch. */
EM_JS(double, coins_wasm_now, (void), { return Date.now(); });

/* n random bytes at buf: the host's cryptographic generator when it has one. */
EM_JS(void, coins_wasm_random, (unsigned char *buf, int n), {
  const bytes = HEAPU8.subarray(buf, buf + n);
  const c = typeof crypto === 'object' ? crypto : null;
  if (c && c.getRandomValues) {
    for (let i = 0; i < n; i += 65536) c.getRandomValues(bytes.subarray(i, Math.min(n, i + 65536)));
  } else {
    for (let i = 0; i < n; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
});
/* clang-format on */

/* ------------------------------------------------- a VFS that opens no file */

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
  (void)vfs;
  (void)name;
  (void)flags;
  (void)out;
  file->pMethods = NULL; /* nothing to close */
  return SQLITE_CANTOPEN;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
  (void)vfs;
  (void)name;
  (void)sync_dir;
  return SQLITE_IOERR_DELETE;
}

static int vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
  (void)vfs;
  (void)name;
  (void)flags;
  *result = 0; /* no file exists */
  return SQLITE_OK;
}

static int vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  (void)vfs;
  sqlite3_snprintf(size, out, "%s", name);
  return SQLITE_OK;
}

static int vfs_randomness(sqlite3_vfs *vfs, int n, char *out) {
  (void)vfs;
  coins_wasm_random((unsigned char *)out, n);
  return n;
}

static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
  (void)vfs;
  (void)microseconds;
  return 0; /* a page cannot sleep; with one connection nothing waits */
}

/* The Julian day number of the Unix epoch, in milliseconds. */
#define UNIX_EPOCH_JD_MS 210866760000000LL

static int vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
  (void)vfs;
  *now = UNIX_EPOCH_JD_MS + (sqlite3_int64)coins_wasm_now();
  return SQLITE_OK;
}

static int vfs_current_time(sqlite3_vfs *vfs, double *now) {
  sqlite3_int64 ms;
  vfs_current_time_int64(vfs, &ms);
  *now = (double)ms / 86400000.0;
  return SQLITE_OK;
}

static int vfs_last_error(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  if (size > 0) out[0] = 0;
  return 0;
}

static sqlite3_vfs memory_only_vfs = {
    .iVersion = 2,
    .szOsFile = sizeof(sqlite3_file),
    .mxPathname = 512,
    .zName = "coins-memory",
    .xOpen = vfs_open,
    .xDelete = vfs_delete,
    .xAccess = vfs_access,
    .xFullPathname = vfs_full_pathname,
    .xRandomness = vfs_randomness,
    .xSleep = vfs_sleep,
    .xCurrentTime = vfs_current_time,
    .xGetLastError = vfs_last_error,
    .xCurrentTimeInt64 = vfs_current_time_int64,
};

/* SQLITE_OS_OTHER: SQLite calls these from sqlite3_initialize and
** sqlite3_shutdown. */
int sqlite3_os_init(void) { return sqlite3_vfs_register(&memory_only_vfs, 1); }
int sqlite3_os_end(void) { return SQLITE_OK; }

/* ------------------------------------------------------------ coins itself */

/* SQLITE_EXTRA_INIT: every connection opened from now on has coins. */
int coins_wasm_init(const char *unused) {
  (void)unused;
  return sqlite3_auto_extension((void (*)(void))sqlite3_coins_init);
}

/* ---------------------------------------------------- for bindings/wasm/api.js */

static int past_deadline(void *deadline) { return coins_wasm_now() > *(double *)deadline; }

/* Interrupts what db runs from now on once ms milliseconds have passed;
** ms <= 0: no limit.  One deadline for every connection: the page runs one
** statement at a time. */
EMSCRIPTEN_KEEPALIVE void coins_wasm_deadline(sqlite3 *db, double ms) {
  static double deadline;
  deadline = coins_wasm_now() + ms;
  sqlite3_progress_handler(db, ms > 0 ? 10000 : 0, ms > 0 ? past_deadline : NULL, &deadline);
}
