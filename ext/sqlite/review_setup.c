/*
** review_setup.c -- what coins_review and coins_play (review_tvf.c,
** play_tvf.c) share: the game and the record read, and a review of them
** started, in the cursor's state (coins_review_setup, coins_sql.h).
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

int coins_review_setup_begin(coins_tvf_cursor *cur, sqlite3_value **args, int moves_arg,
                             int max_take_arg, char **err) {
  const char *fname = cur->tvf->name;
  coins_game *game = &cur->game;
  coins_review_setup *state = cur->state;
  int rc = coins_args_read_game(fname, args[0], args[1], args[max_take_arg], game, err);
  if (rc != SQLITE_OK) return rc;
  if (moves_arg >= 0)
    rc = coins_record_arg_read(fname, args[moves_arg], game, &state->moves, &state->room,
                               &state->count, err);
  if (rc != SQLITE_OK) return rc;
  if (game->piles) { /* I-sum: the piles and their table in the work, move by move */
    state->rv = (coins_review){.margin = 0};
    state->rv.line.stop = game->stop;
    rc = coins_args_start_sum(fname, game, &state->rv.line.st, &cur->work, &cur->work_words, err);
    state->rv.line.work = cur->work;
    return rc;
  }
  /* a record known in advance is solved along its path in one pass (a
  ** set of takes: variants I and II, reviewed move by move anyway) */
  int whole = moves_arg >= 0 && game->n < UINT32_MAX - 2 && game->takes.range;
  char msg[COINS_ERRMSG_SIZE] = "";
  size_t n = coins_args_work_count(game),
         words = whole ? coins_review_record_words(game->variant, n, game->k, state->count)
                       : coins_review_takes_work_words(game->variant, n, &game->takes);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  coins_status started =
      whole ? coins_review_init_record_stop(&state->rv, game->variant, game->a, game->n, game->k,
                                            state->moves, state->count, cur->work, game->stop)
            : coins_review_init_takes_stop(&state->rv, game->variant, game->a, game->n,
                                           &game->takes, cur->work, msg, game->stop);
  return coins_reply_status(started, fname, msg, err);
}

void coins_review_setup_release(coins_tvf_cursor *cur) {
  coins_review_setup *state = cur->state;
  sqlite3_free(state->moves);
}
