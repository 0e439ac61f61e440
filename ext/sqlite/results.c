/*
** results.c -- how the SQL layer reports: error messages that name the
** function, core statuses turned into SQLite codes, and results (moves in
** record notation, text built with sqlite3_str).
*/
#include <stdarg.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

static char *error_v(const char *fname, const char *fmt, va_list ap) {
  char *what = sqlite3_vmprintf(fmt, ap);
  char *msg = what ? sqlite3_mprintf("%s: %s", fname, what) : NULL;
  sqlite3_free(what);
  return msg;
}

char *coins_error(const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = error_v(fname, fmt, ap);
  va_end(ap);
  return msg;
}

int coins_sql_fail(char **err, const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  *err = error_v(fname, fmt, ap);
  va_end(ap);
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

int coins_sql_status(coins_status rc, const char *fname, const char *msg, char **err) {
  switch (rc) {
    case COINS_OK: return SQLITE_OK;
    case COINS_INVALID: return coins_sql_fail(err, fname, "%s", msg);
    case COINS_NO_ROOM: return SQLITE_NOMEM;
  }
  return SQLITE_ERROR;
}

void coins_result_error(sqlite3_context *ctx, char *err) {
  if (err)
    sqlite3_result_error(ctx, err, -1);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(err);
}

void coins_result_str(sqlite3_context *ctx, sqlite3_str *s) {
  int rc = sqlite3_str_errcode(s), len = sqlite3_str_length(s);
  char *text = sqlite3_str_finish(s);
  if (rc == SQLITE_TOOBIG) {
    sqlite3_result_error_toobig(ctx);
  } else if (rc != SQLITE_OK || text == NULL) {
    sqlite3_result_error_nomem(ctx);
  } else {
    sqlite3_result_text(ctx, text, len, sqlite3_free);
    return;
  }
  sqlite3_free(text);
}

void coins_result_move(sqlite3_context *ctx, coins_variant v, coins_move move) {
  if (move.take == 0)
    sqlite3_result_null(ctx);
  else if (coins_variant_traits_of(v).moves_are_sides)
    sqlite3_result_text(ctx, move.side == 'L' ? "L" : "R", 1, SQLITE_STATIC);
  else
    sqlite3_result_int64(ctx, (sqlite3_int64)move.take);
}

const char *coins_type_name(sqlite3_value *v) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER: return "an INTEGER";
    case SQLITE_FLOAT: return "a REAL";
    case SQLITE_TEXT: return "TEXT";
    case SQLITE_BLOB: return "a BLOB";
    default: return "NULL";
  }
}
