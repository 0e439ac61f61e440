/*
** extension.c -- the entry point of coins, sqlite3_coins_init: checks the
** SQLite version and registers every function, each from the file that
** defines it.  `.load build/coins` finds it by the library's name.
*/
#include <string.h>

#include "coins_sql.h"
#include "coins_sqlite.h"

SQLITE_EXTENSION_INIT1

#if defined(_WIN32)
#define COINS_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define COINS_EXPORT __attribute__((visibility("default")))
#else
#define COINS_EXPORT
#endif

static int register_tvfs(sqlite3 *db) {
  const coins_tvf *all[] = {&coins_moves_tvf, &coins_review_tvf, &coins_play_tvf,
                            &coins_options_tvf, &coins_scorecard_tvf};
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof all / sizeof *all; i++)
    rc = coins_tvf_register(db, all[i]);
  return rc;
}

/* coins_version, registered last: its presence says every other
** function is there. */
static void version_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, COINS_VERSION, -1, SQLITE_STATIC);
}

static int register_version(sqlite3 *db) {
  return sqlite3_create_function(db, "coins_version", 0, COINS_SQL_FUNCTION_FLAGS, NULL,
                                 version_func, NULL, NULL);
}

/* Whether db already has this version of coins (loading it again is then
** a success: a function cannot be replaced while statements run). */
static int already_loaded(sqlite3 *db) {
  sqlite3_stmt *stmt = NULL;
  int found = sqlite3_prepare_v2(db, "SELECT coins_version()", -1, &stmt, NULL) == SQLITE_OK;
  int loaded = found && sqlite3_step(stmt) == SQLITE_ROW &&
               sqlite3_column_type(stmt, 0) == SQLITE_TEXT &&
               strcmp((const char *)sqlite3_column_text(stmt, 0), COINS_VERSION) == 0;
  sqlite3_finalize(stmt);
  if (!found) { /* leave no "no such function" behind: sqlite3_open checks
                ** the connection's error after its automatic extensions */
    sqlite3_prepare_v2(db, "SELECT 1", -1, &stmt, NULL);
    sqlite3_finalize(stmt);
  }
  return loaded;
}

COINS_EXPORT int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg,
                                    const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  const int version = sqlite3_libversion_number();
  if (version < COINS_SQLITE_MIN_VERSION_NUMBER) {
    if (pzErrMsg)
      *pzErrMsg = sqlite3_mprintf("coins: needs SQLite " COINS_SQLITE_MIN_VERSION
                                  " or later; this is %d.%d.%d",
                                  version / 1000000, version / 1000 % 1000, version % 1000);
    return SQLITE_ERROR;
  }
  coins_interrupt_setup(pApi); /* before already_loaded: pApi may be another library's */
  if (already_loaded(db)) return SQLITE_OK;
  static int (*const registrations[])(sqlite3 *) = {
      coins_scalars_register, coins_record_scalars_register, register_tvfs,
      coins_deal_register,    coins_diagram_register,        coins_array_register,
      coins_svg_register,     coins_rules_register,          coins_helpers_register,
      register_version, /* last: see already_loaded */
  };
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof registrations / sizeof *registrations; i++)
    rc = registrations[i](db);
  if (rc != SQLITE_OK && pzErrMsg) /* SQLite's own reason, as it gives it */
    *pzErrMsg = sqlite3_mprintf("coins: cannot register functions: %s",
                                rc == SQLITE_NOMEM ? sqlite3_errstr(rc) : sqlite3_errmsg(db));
  return rc;
}
