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

#define DEAL_NAME "coins_deal"

/* How many characters v takes in decimal. */
static size_t decimal_length(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  size_t len = 1 + (v < 0);
  while (m >= 10) m /= 10, len++;
  return len;
}

/* Writes v in decimal at out (decimal_length(v) characters). */
static void write_decimal(char *out, size_t len, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  if (v < 0) out[0] = '-';
  do {
    out[--len] = (char)('0' + m % 10);
    m /= 10;
  } while (m);
}

/* The length of the row the generator seeded with seed deals, or, when
** that is more than limit, the most coins that fit in limit (*fit). */
static size_t dealt_length(uint64_t seed, int64_t n, int64_t lo, int64_t hi, size_t limit,
                           int64_t *fit) {
  size_t len = 2; /* [] */
  for (int64_t i = 0; i < n; i++) {
    size_t more = decimal_length(coins_random_range(&seed, lo, hi)) + (i > 0);
    if (len + more > limit) {
      *fit = i;
      return len + more;
    }
    len += more;
  }
  *fit = n;
  return len;
}

/* The error for a row longer than SQLITE_LIMIT_LENGTH: SQLITE_TOOBIG, with
** how many coins fit (exactly, or at most). */
static void too_long(sqlite3_context *ctx, sqlite3_int64 n, size_t limit, uint64_t fit,
                     const char *at_most) {
  char *msg = coins_error(DEAL_NAME, "%lld coins exceed the length limit (%llu bytes); %s%llu fit",
                          n, (unsigned long long)limit, at_most, (unsigned long long)fit);
  int made = msg != NULL;
  coins_result_error(ctx, msg);
  if (made) sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
}

static void deal_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char *const names[] = {"seed", "n", "lo", "hi"};
  sqlite3_int64 arg[4] = {0, 0, 1, 100};
  char what[64];
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  for (int i = 0; i < argc; i++) {
    int rc = coins_value_int(argv[i], &arg[i], what);
    if (rc == SQLITE_NOMEM) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (rc != SQLITE_OK) {
      coins_result_error(ctx,
                         coins_error(DEAL_NAME, "%s must be an integer, got %s", names[i], what));
      return;
    }
  }
  sqlite3_int64 n = arg[1], lo = arg[2], hi = arg[3];
  int64_t fit;
  if (n < 0) {
    coins_result_error(ctx, coins_error(DEAL_NAME, "n must be >= 0, got %lld", n));
    return;
  }
  if (lo > hi) {
    coins_result_error(ctx,
                       coins_error(DEAL_NAME, "lo must be <= hi, got lo %lld and hi %lld", lo, hi));
    return;
  }
  /* measure first (drawing is cheap, formatting is not), so that a row
  ** over the length limit fails at once and a row under it is written
  ** into one allocation of the right size */
  size_t limit = (size_t)sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  /* the shortest a value can be written: a row that cannot fit even so is
  ** refused before any draw, with the most coins that could */
  size_t shortest = lo <= 0 && hi >= 0 ? 1 : decimal_length(lo > 0 ? lo : hi);
  if ((uint64_t)n > (limit - 1) / (shortest + 1)) {
    too_long(ctx, n, limit, (limit - 1) / (shortest + 1), "at most ");
    return;
  }
  size_t len = dealt_length((uint64_t)arg[0], n, lo, hi, limit, &fit);
  if (fit < n) {
    too_long(ctx, n, limit, (uint64_t)fit, "");
    return;
  }
  char *text = sqlite3_malloc64(len + 1);
  if (text == NULL) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  uint64_t state = (uint64_t)arg[0];
  size_t at = 0;
  text[at++] = '[';
  for (sqlite3_int64 i = 0; i < n; i++) {
    int64_t v = coins_random_range(&state, lo, hi);
    size_t width = decimal_length(v);
    if (i > 0) text[at++] = ',';
    write_decimal(text + at, width, v);
    at += width;
  }
  text[at++] = ']';
  text[at] = 0;
  sqlite3_result_text(ctx, text, (int)at, sqlite3_free);
}

int coins_register_deal(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg += 2)
    rc = sqlite3_create_function(db, DEAL_NAME, n_arg, COINS_FUNCTION_FLAGS, NULL, deal_func, NULL,
                                 NULL);
  return rc;
}
