/*
** record_arg.c -- reads the moves argument of coins_review and
** coins_diagram: a game record, parsed by the core and checked for
** legality before any row, so that an illegal move is an error that names
** its ply.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

int coins_record_read(const char *fname, sqlite3_value *moves, const coins_game *game,
                      int64_t **record, size_t *room, size_t *count, char **err) {
  char msg[COINS_ERRMSG_SIZE];
  *err = NULL;
  if (sqlite3_value_type(moves) != SQLITE_TEXT)
    return coins_sql_fail(
        err, fname, "moves must be TEXT holding a JSON array%s, got %s",
        coins_variant_traits_of(game->variant).moves_are_sides ? " or L/R letters" : "",
        coins_type_name(moves));
  const char *text = (const char *)sqlite3_value_text(moves);
  size_t len = (size_t)sqlite3_value_bytes(moves);
  if (text == NULL || coins_reserve(record, room, coins_moves_capacity(text, len)))
    return SQLITE_NOMEM;
  coins_status rc = coins_parse_moves(game->variant, text, len, *record, *room, count, msg);
  if (rc == COINS_OK)
    rc = coins_record_check(game->variant, game->n, game->k, *record, *count, msg);
  return coins_sql_status(rc, fname, msg, err);
}
