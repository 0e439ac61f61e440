/*
** options_tvf.c -- coins_options(variant, coins [, max_take [, lead]]),
** on the machinery of tvf.c: one row per legal move from a position, with
** what it is worth (options.c): move, take, side, gain, margin, loss,
** rank, result and best.  The rows are numbered, not plies.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

enum options_column {
  OPTIONS_COL_MOVE,
  OPTIONS_COL_TAKE,
  OPTIONS_COL_SIDE,
  OPTIONS_COL_GAIN,
  OPTIONS_COL_MARGIN,
  OPTIONS_COL_LOSS,
  OPTIONS_COL_RANK,
  OPTIONS_COL_RESULT,
  OPTIONS_COL_BEST,
  OPTIONS_COLUMN_COUNT
};

typedef struct options_state {
  coins_options options;
  coins_option row; /* the current row */
  coins_state sum;  /* I-sum: the position, and the row's move */
  coins_move at;
} options_state;

/* The lead argument: any integer (as coins_args_int reads one). */
static int read_lead(const char *fname, sqlite3_value *v, int64_t *lead, char **err) {
  sqlite3_int64 i;
  char what[64];
  if (v == NULL) return SQLITE_OK; /* left out: 0 */
  if (sqlite3_value_type(v) == SQLITE_NULL) return COINS_SQL_NULL;
  int rc = coins_args_int(v, &i, what);
  if (rc == SQLITE_NOMEM) return rc;
  if (rc != SQLITE_OK)
    return coins_reply_fail(err, fname,
                            "lead must be an integer (the mover's total minus the other "
                            "player's so far), e.g. 0; got %s",
                            what);
  *lead = i;
  return SQLITE_OK;
}

static int options_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  const char *fname = cur->tvf->name;
  coins_game *game = &cur->game;
  int64_t lead = 0;
  char msg[COINS_ERRMSG_SIZE];
  int rc = coins_args_read_game(fname, args[0], args[1], args[2], game, err);
  if (rc == SQLITE_OK) rc = read_lead(fname, args[3], &lead, err);
  if (rc != SQLITE_OK) return rc;
  options_state *state = cur->state;
  if (game->piles) { /* I-sum: the moves one by one */
    state->at = (coins_move){0, 'L', 0};
    state->options.count = UINT64_MAX;
    return coins_args_start_sum(fname, game, &state->sum, &cur->work, &cur->work_words, err);
  }
  size_t words =
      coins_options_takes_work_words(game->variant, coins_args_work_count(game), &game->takes);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  coins_status started =
      coins_options_init_takes_stop(&state->options, game->variant, game->a, game->n, &game->takes,
                                    lead, cur->work, msg, game->stop);
  return coins_reply_status(started, fname, msg, err);
}

static int options_next(coins_tvf_cursor *cur, char **err) {
  options_state *state = cur->state;
  (void)err;
  if (state->sum.piles) {
    state->at = coins_sum_next_move(&state->sum, state->at);
    if (state->at.take) coins_sum_option(&state->sum, state->at, &state->row);
  }
  if (cur->row.ply >= state->options.count || (state->sum.piles && state->at.take == 0)) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  if (!state->sum.piles) coins_options_row(&state->options, cur->row.ply, &state->row);
  cur->row.ply++; /* the row's number, its rowid */
  return SQLITE_OK;
}

static const char *result_name(int sign) { return sign > 0 ? "win" : sign < 0 ? "loss" : "draw"; }

static void options_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const coins_option *o = &((options_state *)cur->state)->row;
  coins_variant v = cur->game.variant;
  int values = coins_variant_traits_of(v).has_values;
  switch ((enum options_column)col) {
    case OPTIONS_COL_MOVE: coins_reply_move(ctx, v, o->move); break;
    case OPTIONS_COL_TAKE: sqlite3_result_int64(ctx, (sqlite3_int64)o->move.take); break;
    case OPTIONS_COL_SIDE:
      sqlite3_result_text(ctx, o->move.side == 'R' ? "R" : "L", 1, SQLITE_STATIC);
      break;
    case OPTIONS_COL_GAIN:
      if (values) sqlite3_result_int64(ctx, o->gain);
      break;
    case OPTIONS_COL_MARGIN:
      if (values) sqlite3_result_int64(ctx, o->margin);
      break;
    case OPTIONS_COL_LOSS: sqlite3_result_int64(ctx, o->loss); break;
    case OPTIONS_COL_RANK: sqlite3_result_int64(ctx, (sqlite3_int64)o->rank); break;
    case OPTIONS_COL_RESULT:
      sqlite3_result_text(ctx, result_name(o->result), -1, SQLITE_STATIC);
      break;
    case OPTIONS_COL_BEST: sqlite3_result_int(ctx, o->loss == 0); break;
    case OPTIONS_COLUMN_COUNT: break;
  }
}

const coins_tvf coins_options_tvf = {
    .name = "coins_options",
    .schema =
        "CREATE TABLE x(move, take INTEGER, side TEXT, gain INTEGER, margin INTEGER, "
        "loss INTEGER, rank INTEGER, result TEXT, best INTEGER, "
        "arg_variant HIDDEN, arg_coins HIDDEN, arg_max_take HIDDEN, arg_lead HIDDEN)",
    .n_visible = OPTIONS_COLUMN_COUNT,
    .n_args = 4,
    .n_required = 2,
    .start = options_start,
    .next = options_next,
    .column = options_column,
    .state_size = sizeof(options_state),
    .rows_not_plies = 1,
};
