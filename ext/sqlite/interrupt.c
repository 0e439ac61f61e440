/*
** interrupt.c -- whether the statement that calls coins was interrupted,
** asked by its long loops: sqlite3_is_interrupted, which SQLite has from
** 3.41.0 on.  Below that nothing inside a function can see an interrupt,
** and coins' calls are instead bounded (docs/reference.md, "Limits").
**
** How the entry point is reached.  A loadable extension calls SQLite
** through the table of function pointers SQLite hands to
** sqlite3_coins_init; sqlite3ext.h describes that table.  Built against a
** header of 3.41 or later, the table names is_interrupted.  Built against
** Debian 12's header (3.40), it does not, yet a newer library's table has
** it: the table only ever grows at its end, and 3.41 appended
** is_interrupted right after 3.40's last entry, value_encoding.  So with a
** header of exactly 3.40.x the pointer is read just past the table the
** header describes, and only when sqlite3_libversion_number() says the
** library is 3.41 or later (the table is then long enough).  Built into a
** program (-DSQLITE_CORE), the table comes the same way, through
** sqlite3_auto_extension; a program that calls sqlite3_coins_init itself
** with no table gets no interrupts unless its header has the function.
** With a header older than 3.40 no interrupt is seen.
**
** The pointer is kept in one static word, written (the same value each
** time) by every sqlite3_coins_init, as SQLite's own sqlite3_api is, but
** with atomic stores and loads so that threads loading coins at once do
** not race.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

typedef int (*is_interrupted_fn)(sqlite3 *);

static is_interrupted_fn is_interrupted;

/* The first version with sqlite3_is_interrupted. */
#define IS_INTERRUPTED_SINCE 3041000

/* is_interrupted in the table api, whose library is at least 3.41. */
static is_interrupted_fn api_is_interrupted(const sqlite3_api_routines *api) {
#if SQLITE_VERSION_NUMBER >= IS_INTERRUPTED_SINCE
  return api ? api->is_interrupted : NULL;
#elif SQLITE_VERSION_NUMBER >= 3040000
  /* the entry after the table of 3.40 (function pointers only: no
  ** padding at its end) */
  is_interrupted_fn fn = NULL;
  if (api) memcpy(&fn, (const char *)api + sizeof *api, sizeof fn);
  return fn;
#else
  (void)api;
  return NULL;
#endif
}

void coins_interrupt_setup(const sqlite3_api_routines *api) {
  is_interrupted_fn fn = NULL;
  if (sqlite3_libversion_number() >= IS_INTERRUPTED_SINCE) {
    fn = api_is_interrupted(api);
#if defined(SQLITE_CORE) && SQLITE_VERSION_NUMBER >= IS_INTERRUPTED_SINCE
    if (fn == NULL) fn = sqlite3_is_interrupted; /* linked with it */
#endif
  }
  __atomic_store_n(&is_interrupted, fn, __ATOMIC_RELAXED);
}

int coins_interrupt_available(void) {
  return __atomic_load_n(&is_interrupted, __ATOMIC_RELAXED) != NULL;
}

int coins_interrupt_asked(sqlite3 *db) {
  is_interrupted_fn fn = __atomic_load_n(&is_interrupted, __ATOMIC_RELAXED);
  return fn && db && fn(db);
}

static int stopped(void *db) { return coins_interrupt_asked(db); }

const coins_stop *coins_interrupt_stop_for(sqlite3 *db, coins_stop *stop) {
  if (!coins_interrupt_available()) return NULL;
  *stop = (coins_stop){stopped, db};
  return stop;
}

int coins_interrupt_poll_again(coins_interrupt_poll *poll) {
  poll->left = COINS_INTERRUPT_POLL_EVERY;
  return poll->stop && poll->stop->stopped(poll->stop->arg);
}
