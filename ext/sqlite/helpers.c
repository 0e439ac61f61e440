/*
** helpers.c -- two small scalars users wrote by hand:
**
**   coins_variant(x)
**     the canonical name 'I', 'II' or 'III' of any spelling the variant
**     argument accepts (3, '3', 'iii', ' III'), for GROUP BY; an error
**     naming the accepted ones otherwise.
**   coins_count(variant, coins)
**     the number of coins: of a JSON array as TEXT, of JSONB (read by
**     coins itself, so also on SQLite 3.40, whose json_array_length cannot
**     read JSONB), or a variant I count.
**
** NULL in, NULL out.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

static void variant_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  coins_variant v;
  char *err = NULL;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  int rc = coins_args_read_variant("coins_variant", argv[0], &v, &err);
  if (rc != SQLITE_OK) {
    coins_reply_error_rc(ctx, rc, err);
    return;
  }
  sqlite3_result_text(ctx, coins_variant_traits_of(v).name, -1, SQLITE_STATIC);
}

static void count_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  coins_game game = {.variant = COINS_I};
  coins_stop stop;
  char *err = NULL;
  (void)argc;
  game.stop = coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &stop);
  int rc = coins_args_read_game("coins_count", argv[0], argv[1], NULL, &game, &err);
  if (rc == SQLITE_OK) sqlite3_result_int64(ctx, (sqlite3_int64)game.n);
  if (rc != SQLITE_OK && rc != COINS_SQL_NULL) coins_reply_error_rc(ctx, rc, err);
  coins_args_free_game(&game);
}

int coins_helpers_register(sqlite3 *db) {
  int rc = sqlite3_create_function(db, "coins_variant", 1, COINS_SQL_FUNCTION_FLAGS, NULL,
                                   variant_func, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "coins_count", 2, COINS_SQL_FUNCTION_FLAGS, NULL, count_func,
                                 NULL, NULL);
  return rc;
}
