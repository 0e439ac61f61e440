/*
** record_scalars.c -- where a recorded game ended, as scalars:
**
**   coins_result(variant, coins, moves [, max_take])
**     'first', 'second' or 'draw' for a finished game (variant I: who took
**     the last coin; II, III: the larger total), 'unfinished' when the
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

/* Replays the record the arguments give into *end. */
static int replay(const char *fname, sqlite3_value **argv, int argc, coins_game *game,
                  coins_state *end, char **err) {
  int64_t *record = NULL;
  size_t room = 0, count = 0;
  if (sqlite3_value_type(argv[2]) == SQLITE_NULL) return COINS_NULL_ARG;
  int rc = coins_game_read(fname, argv[0], argv[1], argc > 3 ? argv[3] : NULL, game, err);
  if (rc == SQLITE_OK) rc = coins_record_read(fname, argv[2], game, &record, &room, &count, err);
  if (rc == SQLITE_OK) {
    coins_state_init(end, game->variant, game->a, game->n, game->k);
    coins_state_replay(end, record, count, NULL, NULL);
  }
  sqlite3_free(record);
  return rc;
}

static void result_of(sqlite3_context *ctx, const coins_state *end) {
  const char *result;
  if (end->lo < end->hi)
    result = "unfinished";
  else if (!coins_variant_traits_of(end->variant).has_values) /* the last coin wins */
    result = end->ply % 2 ? "first" : "second";
  else
    result = end->totals[0] > end->totals[1]   ? "first"
             : end->totals[0] < end->totals[1] ? "second"
                                               : "draw";
  sqlite3_result_text(ctx, result, -1, SQLITE_STATIC);
}

static void after_of(sqlite3_context *ctx, const coins_state *end) {
  if (!coins_variant_traits_of(end->variant).has_values) {
    sqlite3_result_int64(ctx, (sqlite3_int64)(end->hi - end->lo));
    return;
  }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(s, 1, '[');
  for (uint64_t i = end->lo; i < end->hi && sqlite3_str_errcode(s) == SQLITE_OK; i++)
    sqlite3_str_appendf(s, i > end->lo ? ",%lld" : "%lld", (long long)end->a[i]);
  sqlite3_str_appendchar(s, 1, ']');
  coins_result_str(ctx, s);
}

static void record_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const record_kind *kind = sqlite3_user_data(ctx);
  const char *fname = functions[*kind].name;
  coins_game game = {0};
  coins_state end;
  char *err = NULL;
  int rc = replay(fname, argv, argc, &game, &end, &err);
  if (rc == SQLITE_OK && *kind == RESULT)
    result_of(ctx, &end);
  else if (rc == SQLITE_OK)
    after_of(ctx, &end);
  else if (rc != COINS_NULL_ARG)
    coins_result_error(ctx, err); /* err is NULL for SQLITE_NOMEM */
  coins_game_free(&game);
}

int coins_register_record_scalars(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof functions / sizeof *functions; i++)
    for (int argc = 3; rc == SQLITE_OK && argc <= 4; argc++)
      rc = sqlite3_create_function(db, functions[i].name, argc, COINS_FUNCTION_FLAGS,
                                   (void *)&functions[i].kind, record_func, NULL, NULL);
  return rc;
}
