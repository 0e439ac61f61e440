/*
** grundy.c -- coins_grundy(n, takes): the Sprague-Grundy value of a pile
** of n coins in the subtraction game whose moves take any number of
** coins in takes: an integer k (the takes 1..k) or a JSON array of
** takes such as '[1,3,4]' (distinct, each from 1 to 64).  A sum of piles
** (a move takes from one of them) is lost for the player to move exactly
** when the XOR of their values is 0.  NULL in either argument gives
** NULL.  docs/reference.md has the whole contract.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define GRUNDY_NAME "coins_grundy"

/* Reads takes: an integer k (INTEGER, an integral REAL) or TEXT for
** coins_takes_parse.  SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR with
** msg. */
static int read_takes(sqlite3_value *v, coins_takes *t, char msg[COINS_ERRMSG_SIZE]) {
  sqlite3_int64 k;
  char what[64];
  switch (sqlite3_value_type(v)) {
    case SQLITE_TEXT: {
      const char *text = (const char *)sqlite3_value_text(v);
      if (text == NULL) return SQLITE_NOMEM;
      return coins_takes_parse(text, (size_t)sqlite3_value_bytes(v), t, msg) == COINS_OK
                 ? SQLITE_OK
                 : SQLITE_ERROR;
    }
    case SQLITE_BLOB: coins_takes_refuse("a BLOB", msg); return SQLITE_ERROR;
    default:
      if (coins_args_int(v, &k, what) != SQLITE_OK) {
        coins_takes_refuse(what, msg);
        return SQLITE_ERROR;
      }
      return coins_takes_of_integer(k, t, msg) == COINS_OK ? SQLITE_OK : SQLITE_ERROR;
  }
}

static void grundy_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3_int64 n;
  coins_takes t;
  char what[64], msg[COINS_ERRMSG_SIZE], *err = NULL;
  uint64_t value;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return;
  int rc = coins_args_int(argv[0], &n, what);
  if (rc == SQLITE_MISMATCH) {
    coins_reply_error(ctx,
                      coins_reply_message(GRUNDY_NAME, "n must be an integer >= 0, got %s", what));
    return;
  }
  if (rc == SQLITE_OK && n < 0) {
    coins_reply_error(ctx,
                      coins_reply_message(GRUNDY_NAME, "n must be an integer >= 0, got %lld", n));
    return;
  }
  if (rc == SQLITE_OK) rc = read_takes(argv[1], &t, msg);
  if (rc == SQLITE_OK) {
    coins_stop stop_room;
    const coins_stop *stop = coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &stop_room);
    coins_status solved = coins_pile_value(&t, COINS_PILE_GRUNDY, (uint64_t)n, &value, msg, stop);
    rc = coins_reply_status(solved, GRUNDY_NAME, msg, &err);
  } else if (rc == SQLITE_ERROR) {
    rc = coins_reply_status(COINS_INVALID, GRUNDY_NAME, msg, &err);
  }
  if (rc != SQLITE_OK) {
    coins_reply_error_rc(ctx, rc, err);
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)value);
}

int coins_grundy_register(sqlite3 *db) {
  return sqlite3_create_function(db, GRUNDY_NAME, 2, COINS_SQL_FUNCTION_FLAGS, NULL, grundy_func,
                                 NULL, NULL);
}
