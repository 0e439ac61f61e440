/*
** scorecard_tvf.c -- coins_scorecard(variant, coins, moves [, max_take]),
** on the machinery of tvf.c: one row per player of a recorded game, the
** moves judged and added up by the core (scorecard.c): player, moves,
** best, inaccuracies, mistakes, blunders, loss, accuracy, total, result
** and expected.
*/
#include <math.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

enum scorecard_column {
  CARD_COL_PLAYER,
  CARD_COL_MOVES,
  CARD_COL_BEST,
  CARD_COL_INACCURACIES,
  CARD_COL_MISTAKES,
  CARD_COL_BLUNDERS,
  CARD_COL_LOSS,
  CARD_COL_ACCURACY,
  CARD_COL_TOTAL,
  CARD_COL_RESULT,
  CARD_COL_EXPECTED,
  CARD_COLUMN_COUNT
};

typedef struct card_state {
  coins_card card[2];
  int64_t *moves; /* the record */
  size_t room, count;
} card_state;

static int card_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  const char *fname = cur->tvf->name;
  coins_game *game = &cur->game;
  char msg[COINS_ERRMSG_SIZE];
  if (sqlite3_value_type(args[2]) == SQLITE_NULL) return COINS_SQL_NULL;
  int rc = coins_args_read_game(fname, args[0], args[1], args[3], game, err);
  if (rc != SQLITE_OK) return rc;
  card_state *state = cur->state;
  rc = coins_record_arg_read(fname, args[2], game, &state->moves, &state->room, &state->count, err);
  if (rc != SQLITE_OK) return rc;
  size_t n = coins_args_work_count(game), count = state->count;
  size_t words = coins_scorecard_takes_work_words(game->variant, n, &game->takes, count);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  coins_status made =
      coins_scorecard_takes_stop(game->variant, game->a, game->n, &game->takes, state->moves, count,
                                 cur->work, state->card, msg, game->stop);
  return coins_reply_status(made, fname, msg, err);
}

static int card_next(coins_tvf_cursor *cur, char **err) {
  (void)err;
  if (cur->row.ply >= 2) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  cur->row.ply++; /* the player, its rowid */
  return SQLITE_OK;
}

static const char *result_name(int result) {
  return result == 2 ? "unfinished" : result > 0 ? "win" : result < 0 ? "loss" : "draw";
}

static void card_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const coins_card *c = &((card_state *)cur->state)->card[cur->row.ply - 1];
  int values = coins_variant_traits_of(cur->game.variant).has_values;
  double accuracy;
  switch ((enum scorecard_column)col) {
    case CARD_COL_PLAYER: sqlite3_result_int64(ctx, (sqlite3_int64)cur->row.ply); break;
    case CARD_COL_MOVES: sqlite3_result_int64(ctx, (sqlite3_int64)c->moves); break;
    case CARD_COL_BEST: sqlite3_result_int64(ctx, (sqlite3_int64)c->best); break;
    case CARD_COL_INACCURACIES: sqlite3_result_int64(ctx, (sqlite3_int64)c->inaccuracies); break;
    case CARD_COL_MISTAKES: sqlite3_result_int64(ctx, (sqlite3_int64)c->mistakes); break;
    case CARD_COL_BLUNDERS: sqlite3_result_int64(ctx, (sqlite3_int64)c->blunders); break;
    case CARD_COL_LOSS: sqlite3_result_int64(ctx, c->loss); break;
    case CARD_COL_ACCURACY:
      accuracy = coins_scorecard_accuracy(c);
      if (!isnan(accuracy)) sqlite3_result_double(ctx, accuracy);
      break;
    case CARD_COL_TOTAL:
      if (values) sqlite3_result_int64(ctx, c->total);
      break;
    case CARD_COL_RESULT:
      sqlite3_result_text(ctx, result_name(c->result), -1, SQLITE_STATIC);
      break;
    case CARD_COL_EXPECTED:
      sqlite3_result_text(ctx, result_name(c->expected), -1, SQLITE_STATIC);
      break;
    case CARD_COLUMN_COUNT: break;
  }
}

static void card_release(coins_tvf_cursor *cur) {
  card_state *state = cur->state;
  sqlite3_free(state->moves);
}

const coins_tvf coins_scorecard_tvf = {
    .name = "coins_scorecard",
    .schema =
        "CREATE TABLE x(player INTEGER, moves INTEGER, best INTEGER, inaccuracies INTEGER, "
        "mistakes INTEGER, blunders INTEGER, loss INTEGER, accuracy REAL, total INTEGER, "
        "result TEXT, expected TEXT, "
        "arg_variant HIDDEN, arg_coins HIDDEN, arg_moves HIDDEN, arg_max_take HIDDEN)",
    .n_visible = CARD_COLUMN_COUNT,
    .n_args = 4,
    .n_required = 3,
    .start = card_start,
    .next = card_next,
    .column = card_column,
    .state_size = sizeof(card_state),
    .release = card_release,
    .rows_not_plies = 1,
};
