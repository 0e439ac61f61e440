/*
** deal.c -- coins_deal(seed, n [, lo, hi]): a JSON array of n pseudo-random
** integers in [lo, hi] (default 1..100), e.g. '[3,97,12]'.  Element i is
** the i-th draw of coins_random_range from a generator seeded with seed
** (splitmix64), so the same arguments deal the same row on every
** platform.  NULL in any argument gives NULL.  docs/reference.md has the
** whole contract.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

static int text_limit(sqlite3_context *ctx) {
  return sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
}

#define DEAL_NAME "coins_deal"

static void deal_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char *const names[] = {"seed", "n", "lo", "hi"};
  sqlite3_int64 arg[4] = {0, 0, 1, 100};
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  for (int i = 0; i < argc; i++) {
    if (sqlite3_value_type(argv[i]) != SQLITE_INTEGER) {
      coins_result_error(ctx, coins_error(DEAL_NAME,
                                          "%s must be an INTEGER, "
                                          "got %s",
                                          names[i], coins_type_name(argv[i])));
      return;
    }
    arg[i] = sqlite3_value_int64(argv[i]);
  }
  sqlite3_int64 n = arg[1], lo = arg[2], hi = arg[3];
  if (n < 0) {
    coins_result_error(ctx, coins_error(DEAL_NAME, "n must be >= 0, got %lld", n));
    return;
  }
  if (lo > hi) {
    coins_result_error(ctx, coins_error(DEAL_NAME,
                                        "lo must be <= hi, got lo %lld "
                                        "and hi %lld",
                                        lo, hi));
    return;
  }
  /* n coins need at least 2n+1 bytes: refuse hopeless n before any work */
  if ((sqlite3_uint64)n > ((sqlite3_uint64)text_limit(ctx) - 1) / 2) {
    sqlite3_result_error_toobig(ctx);
    return;
  }
  uint64_t state = (uint64_t)arg[0];
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(s, 1, '[');
  for (sqlite3_int64 i = 0; i < n && sqlite3_str_errcode(s) == SQLITE_OK; i++)
    sqlite3_str_appendf(s, i ? ",%lld" : "%lld", (long long)coins_random_range(&state, lo, hi));
  sqlite3_str_appendchar(s, 1, ']');
  coins_result_str(ctx, s);
}

int coins_register_deal(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg += 2)
    rc = sqlite3_create_function(db, DEAL_NAME, n_arg, COINS_FUNCTION_FLAGS, NULL, deal_func, NULL,
                                 NULL);
  return rc;
}
