/*
** review_tvf.c -- coins_review(variant, coins, moves [, max_take]), on the
** machinery of tvf.c: one row per move of a recorded game, judged against
** optimal play: the columns of coins_moves, then best, loss, before, after
** and verdict.  moves: a JSON array of takes (I, II) or of "L"/"R" (III),
** or for variant III a bare string 'LRRL'.  The whole record is checked
** for legality first, so an illegal move is an error naming its ply.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

enum review_column {
  REVIEW_COL_BEST = COINS_PLY_COLUMN_COUNT,
  REVIEW_COL_LOSS,
  REVIEW_COL_BEFORE,
  REVIEW_COL_AFTER,
  REVIEW_COL_VERDICT,
  REVIEW_COLUMN_COUNT
};

typedef struct review_state {
  coins_review_setup base; /* first: the review and the record */
  size_t next;             /* the next move of the record */
  coins_judgement judged;  /* the current row */
} review_state;

static int review_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  if (sqlite3_value_type(args[2]) == SQLITE_NULL) return COINS_NULL_ARG;
  return coins_review_setup_begin(cur, args, 2, 3, err);
}

static int review_next(coins_tvf_cursor *cur, char **err) {
  review_state *rs = cur->state;
  char msg[COINS_ERRMSG_SIZE];
  if (rs->next >= rs->base.count) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  coins_move m = coins_move_of(cur->game.variant, rs->base.moves[rs->next++]);
  coins_status rc = coins_review_play(&rs->base.rv, m, &rs->judged, msg);
  cur->row = rs->judged.played;
  return coins_sql_status(rc, cur->tvf->name, msg, err);
}

static const char *result_name(int sign) { return sign > 0 ? "win" : sign < 0 ? "loss" : "draw"; }

static const char *verdict_of(const coins_judgement *j) {
  return j->loss == 0 ? "best" : j->after < j->before ? "blunder" : "inaccuracy";
}

static void review_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const coins_judgement *j = &((review_state *)cur->state)->judged;
  if (col < COINS_PLY_COLUMN_COUNT) {
    coins_tvf_ply_column(cur, ctx, col);
    return;
  }
  switch ((enum review_column)col) {
    case REVIEW_COL_BEST: coins_result_move(ctx, cur->game.variant, j->best); break;
    case REVIEW_COL_LOSS: sqlite3_result_int64(ctx, j->loss); break;
    case REVIEW_COL_BEFORE:
      sqlite3_result_text(ctx, result_name(j->before), -1, SQLITE_STATIC);
      break;
    case REVIEW_COL_AFTER:
      sqlite3_result_text(ctx, result_name(j->after), -1, SQLITE_STATIC);
      break;
    case REVIEW_COL_VERDICT: sqlite3_result_text(ctx, verdict_of(j), -1, SQLITE_STATIC); break;
    case REVIEW_COLUMN_COUNT: break;
  }
}

const coins_tvf coins_review_tvf = {
    .name = "coins_review",
    .schema = "CREATE TABLE x(" COINS_PLY_COLUMNS
              ", best, loss INTEGER, \"before\" TEXT, \"after\" TEXT, verdict TEXT, "
              "arg_variant HIDDEN, arg_coins HIDDEN, arg_moves HIDDEN, arg_max_take HIDDEN)",
    .n_visible = REVIEW_COLUMN_COUNT,
    .n_args = 4,
    .n_required = 3,
    .state_size = sizeof(review_state),
    .start = review_start,
    .next = review_next,
    .column = review_column,
    .release = coins_review_setup_release,
};
