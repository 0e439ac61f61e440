/*
** reply.c -- how the SQL layer reports: error messages that name the
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

char *coins_reply_message(const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = error_v(fname, fmt, ap);
  va_end(ap);
  return msg;
}

int coins_reply_fail(char **err, const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  *err = error_v(fname, fmt, ap);
  va_end(ap);
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

int coins_reply_status(coins_status rc, const char *fname, const char *msg, char **err) {
  switch (rc) {
    case COINS_OK: return SQLITE_OK;
    case COINS_INVALID: return coins_reply_fail(err, fname, "%s", msg);
    case COINS_NO_ROOM: return SQLITE_NOMEM;
    case COINS_STOPPED: *err = NULL; return SQLITE_INTERRUPT;
  }
  return SQLITE_ERROR;
}

void coins_reply_error(sqlite3_context *ctx, char *err) {
  if (err)
    sqlite3_result_error(ctx, err, -1);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(err);
}

void coins_reply_error_rc(sqlite3_context *ctx, int rc, char *err) {
  if (rc == SQLITE_INTERRUPT) {
    sqlite3_free(err);
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
    return;
  }
  coins_reply_error(ctx, err); /* NULL: out of memory */
  if (err && rc != SQLITE_ERROR) sqlite3_result_error_code(ctx, rc);
}

void coins_reply_too_long(sqlite3_context *ctx, const char *fname, const char *what) {
  int limit = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  char *err = coins_reply_message(fname, "%s exceeds the length limit (%d bytes)", what, limit);
  coins_reply_error_rc(ctx, err ? SQLITE_TOOBIG : SQLITE_NOMEM, err);
}

void coins_reply_str(sqlite3_context *ctx, sqlite3_str *s, const char *fname, const char *what) {
  int rc = sqlite3_str_errcode(s), len = sqlite3_str_length(s);
  char *text = sqlite3_str_finish(s);
  if (rc == SQLITE_OK && text != NULL) {
    sqlite3_result_text(ctx, text, len, sqlite3_free);
    return;
  }
  sqlite3_free(text);
  if (rc == SQLITE_TOOBIG)
    coins_reply_too_long(ctx, fname, what);
  else /* what is left of the memory may still hold a message */
    coins_reply_error_rc(ctx, SQLITE_NOMEM,
                         coins_reply_message(fname, "out of memory for %s", what));
}

void coins_reply_move(sqlite3_context *ctx, coins_variant v, coins_move move) {
  coins_reply_move_in(ctx, coins_variant_traits_of(v).notation, move);
}

void coins_reply_move_in(sqlite3_context *ctx, coins_notation nt, coins_move move) {
  char buf[COINS_MOVE_TEXT_SIZE];
  size_t len;
  if (move.take == 0) {
    sqlite3_result_null(ctx);
  } else if (coins_notation_is_number(nt)) {
    sqlite3_result_int64(ctx, (sqlite3_int64)move.take);
  } else { /* a word: static text is not copied */
    const char *text = coins_notation_format(nt, move, buf, &len);
    sqlite3_result_text(ctx, text, (int)len, text == buf ? SQLITE_TRANSIENT : SQLITE_STATIC);
  }
}

size_t coins_reply_decimal_length(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  size_t len = 1 + (v < 0);
  while (m >= 10) m /= 10, len++;
  return len;
}

size_t coins_reply_write_decimal(char *out, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  size_t len = coins_reply_decimal_length(v), at = len;
  if (v < 0) out[0] = '-';
  do {
    out[--at] = (char)('0' + m % 10);
    m /= 10;
  } while (m);
  return len;
}

const char *coins_reply_type_name(sqlite3_value *v) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER: return "an INTEGER";
    case SQLITE_FLOAT: return "a REAL";
    case SQLITE_TEXT: return "TEXT";
    case SQLITE_BLOB: return "a BLOB";
    default: return "NULL";
  }
}
