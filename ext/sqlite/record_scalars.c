/*
** record_scalars.c -- where a recorded game ended, as scalars:
**
**   coins_result(variant, coins, moves [, max_take])
**     'first', 'second' or 'draw' for a finished game (variant I: who took
**     the last coin, I-misere: the other player; II, III: the larger
**     total), 'unfinished' when the
**     record leaves coins on the table.
**   coins_after(variant, coins, moves [, max_take])
**     the position the record leaves, in the form the coins argument
**     takes: the JSON array of the coins left, or (variant I) their count.
**
** The record is read and checked as coins_review reads it (an illegal
** move is an error naming its ply), then replayed once.  NULL in, NULL
** out.  docs/reference.md has the whole contract.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

typedef enum record_kind { RESULT, AFTER } record_kind;

static const struct {
  const char *name;
  record_kind kind;
} functions[] = {{"coins_result", RESULT}, {"coins_after", AFTER}};

/* Replays the record the arguments give into *end (asking game->stop
** between pieces of COINS_INTERRUPT_POLL_EVERY moves). */
static int replay(const char *fname, sqlite3_value **argv, int argc, coins_game *game,
                  coins_state *end, int64_t **work, size_t *words, char **err) {
  int64_t *record = NULL;
  size_t room = 0, count = 0;
  if (sqlite3_value_type(argv[2]) == SQLITE_NULL) return COINS_SQL_NULL;
  int rc = coins_args_read_game(fname, argv[0], argv[1], argc > 3 ? argv[3] : NULL, game, err);
  if (rc == SQLITE_OK)
    rc = coins_record_arg_read(fname, argv[2], game, &record, &room, &count, err);
  if (rc == SQLITE_OK && game->piles)
    rc = coins_args_start_piles(fname, game, end, work, words, err);
  else if (rc == SQLITE_OK)
    coins_state_init_takes(end, game->variant, game->a, game->n, &game->takes);
  coins_interrupt_poll poll = {game->stop, COINS_INTERRUPT_POLL_EVERY};
  for (size_t at = 0; rc == SQLITE_OK && at < count; at += COINS_INTERRUPT_POLL_EVERY) {
    size_t piece =
        count - at < COINS_INTERRUPT_POLL_EVERY ? count - at : COINS_INTERRUPT_POLL_EVERY;
    if (at > 0 && coins_interrupt_poll_again(&poll))
      rc = SQLITE_INTERRUPT;
    else
      coins_state_replay(end, record + at, piece, NULL, NULL);
  }
  sqlite3_free(record);
  return rc;
}

static void result_of(sqlite3_context *ctx, const coins_state *end) {
  const char *result;
  coins_variant_traits traits = coins_variant_traits_of(end->variant);
  if (coins_state_can_move(end))
    result = "unfinished";
  else if (!traits.has_values) /* the last mover wins, or under misère play loses */
    result = (end->ply % 2 != 0) != traits.misere ? "first" : "second";
  else
    result = end->totals[0] > end->totals[1]   ? "first"
             : end->totals[0] < end->totals[1] ? "second"
                                               : "draw";
  sqlite3_result_text(ctx, result, -1, SQLITE_STATIC);
}

/* The coins left, as a JSON array: measured, then written into one
** allocation (a row over the length limit fails before it is written). */
static void after_of(sqlite3_context *ctx, const char *fname, const coins_state *end,
                     const coins_stop *stop) {
  const int64_t *a = end->piles ? end->piles : end->a;
  uint64_t lo = end->piles ? 0 : end->lo, hi = end->piles ? end->n : end->hi;
  if (!end->piles && !coins_variant_traits_of(end->variant).has_values) {
    sqlite3_result_int64(ctx, (sqlite3_int64)(end->hi - end->lo));
    return;
  }
  uint64_t limit = (uint64_t)sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  uint64_t len = 2 + (hi - lo) - (hi > lo); /* [] and the commas */
  coins_interrupt_poll poll = {stop, COINS_INTERRUPT_POLL_EVERY};
  for (uint64_t i = lo; i < hi && len <= limit; i++) {
    if (coins_interrupt_poll_stopped(&poll)) {
      sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
      return;
    }
    len += coins_reply_decimal_length(a[i]);
  }
  if (len > limit) {
    coins_reply_too_long(ctx, fname, "the row of coins left");
    return;
  }
  char *text = sqlite3_malloc64(len + 1), *at = text;
  if (text == NULL) {
    coins_reply_error_rc(ctx, SQLITE_NOMEM,
                         coins_reply_message(fname, "out of memory for the coins left"));
    return;
  }
  *at++ = '[';
  for (uint64_t i = lo; i < hi; i++) { /* (the measure asked for interrupts) */
    if (i > lo) *at++ = ',';
    at += coins_reply_write_decimal(at, a[i]);
  }
  *at++ = ']';
  *at = 0;
  sqlite3_result_text(ctx, text, (int)(at - text), sqlite3_free);
}

static void record_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const record_kind *kind = sqlite3_user_data(ctx);
  const char *fname = functions[*kind].name;
  coins_game game = {0};
  coins_state end;
  coins_stop stop;
  char *err = NULL;
  int64_t *work = NULL; /* a sum's piles and table */
  size_t words = 0;
  game.stop = coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &stop);
  int rc = replay(fname, argv, argc, &game, &end, &work, &words, &err);
  if (rc == SQLITE_OK && *kind == RESULT)
    result_of(ctx, &end);
  else if (rc == SQLITE_OK)
    after_of(ctx, fname, &end, game.stop);
  else if (rc != COINS_SQL_NULL)
    coins_reply_error_rc(ctx, rc, err); /* err is NULL for SQLITE_NOMEM */
  sqlite3_free(work);
  coins_args_free_game(&game);
}

int coins_record_scalars_register(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof functions / sizeof *functions; i++)
    for (int argc = 3; rc == SQLITE_OK && argc <= 4; argc++)
      rc = sqlite3_create_function(db, functions[i].name, argc, COINS_SQL_FUNCTION_FLAGS,
                                   (void *)&functions[i].kind, record_func, NULL, NULL);
  return rc;
}
