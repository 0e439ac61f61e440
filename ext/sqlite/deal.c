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

/* Coins drawn at a time: a buffer on the stack, and how often an
** interrupt is asked for (every 20 microseconds or so). */
#define DEAL_BATCH 1024

/* The length of the row the generator seeded with seed deals, or, when
** that is more than limit, the most coins that fit in limit (*fit).
** SQLITE_OK, or SQLITE_INTERRUPT when stop says so. */
static int dealt_length(uint64_t seed, int64_t n, int64_t lo, int64_t hi, size_t limit,
                        const coins_stop *stop, size_t *len, int64_t *fit) {
  int64_t drawn[DEAL_BATCH];
  coins_interrupt_poll poll = {stop, 1};
  *len = 2; /* [] */
  for (int64_t i = 0; i < n; i += DEAL_BATCH) {
    size_t batch = n - i < DEAL_BATCH ? (size_t)(n - i) : DEAL_BATCH;
    if (coins_interrupt_poll_again(&poll)) return SQLITE_INTERRUPT;
    coins_random_fill(&seed, lo, hi, drawn, batch);
    for (size_t j = 0; j < batch; j++) {
      size_t more = coins_reply_decimal_length(drawn[j]) + (i + (int64_t)j > 0);
      if (*len + more > limit) {
        *fit = i + (int64_t)j;
        *len += more;
        return SQLITE_OK;
      }
      *len += more;
    }
  }
  *fit = n;
  return SQLITE_OK;
}

/* The error for a row longer than SQLITE_LIMIT_LENGTH: SQLITE_TOOBIG, with
** how many coins fit (exactly, or at most). */
static void too_long(sqlite3_context *ctx, sqlite3_int64 n, size_t limit, uint64_t fit,
                     const char *at_most) {
  char *msg =
      coins_reply_message(DEAL_NAME, "%lld coins exceed the length limit (%llu bytes); %s%llu fit",
                          n, (unsigned long long)limit, at_most, (unsigned long long)fit);
  coins_reply_error_rc(ctx, SQLITE_TOOBIG, msg);
}

/* Writes the row into text (room for it and a NUL): SQLITE_OK with its
** length in *len, or SQLITE_INTERRUPT. */
static int deal_into(char *text, uint64_t seed, int64_t n, int64_t lo, int64_t hi,
                     const coins_stop *stop, size_t *len) {
  int64_t drawn[DEAL_BATCH];
  coins_interrupt_poll poll = {stop, 1};
  size_t at = 0;
  text[at++] = '[';
  for (int64_t i = 0; i < n; i += DEAL_BATCH) {
    size_t batch = n - i < DEAL_BATCH ? (size_t)(n - i) : DEAL_BATCH;
    if (coins_interrupt_poll_again(&poll)) return SQLITE_INTERRUPT;
    coins_random_fill(&seed, lo, hi, drawn, batch);
    for (size_t j = 0; j < batch; j++) {
      text[at] = ',';
      at += i + (int64_t)j > 0;
      at += coins_reply_write_decimal(text + at, drawn[j]);
    }
  }
  text[at++] = ']';
  text[at] = 0;
  *len = at;
  return SQLITE_OK;
}

static void deal_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char *const names[] = {"seed", "n", "lo", "hi"};
  sqlite3_int64 arg[4] = {0, 0, 1, 100};
  char what[64];
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  for (int i = 0; i < argc; i++) {
    int rc = coins_args_int(argv[i], &arg[i], what);
    if (rc == SQLITE_NOMEM) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (rc != SQLITE_OK) {
      coins_reply_error(
          ctx, coins_reply_message(DEAL_NAME, "%s must be an integer, got %s", names[i], what));
      return;
    }
  }
  sqlite3_int64 n = arg[1], lo = arg[2], hi = arg[3];
  if (n < 0) {
    coins_reply_error(ctx, coins_reply_message(DEAL_NAME, "n must be >= 0, got %lld", n));
    return;
  }
  if (lo > hi) {
    coins_reply_error(
        ctx, coins_reply_message(DEAL_NAME, "lo must be <= hi, got lo %lld and hi %lld", lo, hi));
    return;
  }
  coins_stop stop_room;
  const coins_stop *stop = coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &stop_room);
  size_t limit = (size_t)sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  /* the shortest a value can be written: a row that cannot fit even so is
  ** refused before any draw, with the most coins that could */
  size_t shortest = lo <= 0 && hi >= 0 ? 1 : coins_reply_decimal_length(lo > 0 ? lo : hi);
  if ((uint64_t)n > (limit - 1) / (shortest + 1)) {
    too_long(ctx, n, limit, (limit - 1) / (shortest + 1), "at most ");
    return;
  }
  /* every function refuses a row whose |coins| add up to more than
  ** 2^63-1 (a coin of -2^63 alone does): none is dealt */
  uint64_t abs_lo = lo < 0 ? 0 - (uint64_t)lo : (uint64_t)lo;
  uint64_t abs_hi = hi < 0 ? 0 - (uint64_t)hi : (uint64_t)hi;
  uint64_t most = abs_lo > abs_hi ? abs_lo : abs_hi;
  if (n > 0 && most > (uint64_t)INT64_MAX / (uint64_t)n) {
    coins_reply_error(
        ctx, coins_reply_message(DEAL_NAME,
                                 "%lld coin%s in [%lld, %lld] could add up to more than "
                                 "2^63-1 in absolute value, which no function takes: "
                                 "deal fewer or smaller (n * max(abs(lo), abs(hi)) <= 2^63-1)",
                                 n, n == 1 ? "" : "s", lo, hi));
    return;
  }
  /* the longest: a row that fits even so is written in one pass, into
  ** room for it; one that may not is measured first (drawing is cheap),
  ** so that a row over the limit fails without being written */
  size_t longest = coins_reply_decimal_length(lo), widest = coins_reply_decimal_length(hi);
  if (widest > longest) longest = widest;
  size_t len = 0;
  uint64_t room = 2 + (uint64_t)n * (longest + 1); /* n < 2^31 here */
  int64_t fit = n;
  int rc = SQLITE_OK;
  if (room > limit) {
    rc = dealt_length((uint64_t)arg[0], n, lo, hi, limit, stop, &len, &fit);
    room = len;
  }
  if (rc == SQLITE_OK && fit < n) {
    too_long(ctx, n, limit, (uint64_t)fit, "");
    return;
  }
  char *text = rc == SQLITE_OK ? sqlite3_malloc64(room + 1) : NULL;
  if (rc == SQLITE_OK && text == NULL) rc = SQLITE_NOMEM;
  if (rc == SQLITE_OK) rc = deal_into(text, (uint64_t)arg[0], n, lo, hi, stop, &len);
  if (rc != SQLITE_OK) {
    sqlite3_free(text);
    coins_reply_error_rc(ctx, rc, NULL);
    return;
  }
  if (room - len > room / 8) { /* room for the longest values, much of it unused */
    char *fitted = sqlite3_realloc64(text, len + 1);
    if (fitted) text = fitted;
  }
  sqlite3_result_text(ctx, text, (int)len, sqlite3_free);
}

int coins_deal_register(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg += 2)
    rc = sqlite3_create_function(db, DEAL_NAME, n_arg, COINS_SQL_FUNCTION_FLAGS, NULL, deal_func,
                                 NULL, NULL);
  return rc;
}
