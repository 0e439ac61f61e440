/*
** moves_tvf.c -- coins_moves(variant, coins [, max_take]), on the
** machinery of tvf.c: one row per move of the game played optimally by
** both players (ply, player, move, take, pos, gain, first_total,
** second_total).  The rows stream: the O(n) set-up happens once in
** xFilter, each row costs O(1) amortised, and variant I needs no memory.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

static int moves_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  coins_game *game = &cur->game;
  int rc = coins_game_read(cur->tvf->name, args[0], args[1], args[2], game, err);
  if (rc != SQLITE_OK) return rc;
  size_t words = coins_line_work_words(game->variant, (size_t)game->n, game->k);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  coins_line_init(&cur->line, game->variant, game->a, game->n, game->k, cur->work);
  return SQLITE_OK;
}

static void moves_skip(coins_tvf_cursor *cur, uint64_t count) {
  coins_line_skip(&cur->line, count);
}

const coins_tvf coins_moves_tvf = {
    .name = "coins_moves",
    .schema = "CREATE TABLE x(" COINS_PLY_COLUMNS
              ", arg_variant HIDDEN, arg_coins HIDDEN, arg_max_take HIDDEN)",
    .n_visible = COINS_PLY_COLUMN_COUNT,
    .n_args = 3,
    .n_required = 2,
    .start = moves_start,
    .next = NULL, /* the line's moves */
    .column = coins_tvf_ply_column,
    .skip = moves_skip,
};
