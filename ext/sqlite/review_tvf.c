/*
** review_tvf.c -- coins_review(variant, coins, moves [, max_take]), on the
** machinery of tvf.c: one row per move of a recorded game, judged against
** optimal play: the columns of coins_moves, then best, loss, before, after
** and verdict, then the analysis, each computed when a query reads it:
** position, lead, eval, only_move, grade and accuracy (analysis.c).
** moves: a JSON array of takes (I, II) or of "L"/"R" (III), or for
** variant III a bare string 'LRRL'.  The whole record is checked
** for legality first, so an illegal move is an error naming its ply.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

enum review_column {
  REVIEW_COL_BEST = COINS_TVF_COLUMN_COUNT,
  REVIEW_COL_LOSS,
  REVIEW_COL_BEFORE,
  REVIEW_COL_AFTER,
  REVIEW_COL_VERDICT,
  REVIEW_COL_POSITION, /* the columns of the analysis, each computed when read */
  REVIEW_COL_LEAD,
  REVIEW_COL_EVAL,
  REVIEW_COL_ONLY_MOVE,
  REVIEW_COL_GRADE,
  REVIEW_COL_ACCURACY,
  REVIEW_COLUMN_COUNT
};

typedef struct review_state {
  coins_review_setup base; /* first: the review and the record */
  size_t next;             /* the next move of the record */
  coins_judgement judged;  /* the current row */
  uint64_t lo, hi;         /* the coins on the table before its move */
  /* what the analysis columns need, made when one is first read */
  int analysing;
  coins_analysis an;
  int64_t *an_work;
} review_state;

static int review_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  if (sqlite3_value_type(args[2]) == SQLITE_NULL) return COINS_SQL_NULL;
  return coins_review_setup_begin(cur, args, 2, 3, err);
}

static int review_next(coins_tvf_cursor *cur, char **err) {
  review_state *rs = cur->state;
  char msg[COINS_ERRMSG_SIZE];
  if (rs->next >= rs->base.count) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  coins_move m = coins_notation_move_of(cur->game.variant, rs->base.moves[rs->next++]);
  rs->lo = rs->base.rv.line.st.lo, rs->hi = rs->base.rv.line.st.hi;
  coins_status rc = coins_review_play(&rs->base.rv, m, &rs->judged, msg);
  cur->row = rs->judged.played;
  return coins_reply_status(rc, cur->tvf->name, msg, err);
}

static const char *result_name(int sign) { return sign > 0 ? "win" : sign < 0 ? "loss" : "draw"; }

static const char *verdict_of(const coins_judgement *j) {
  return j->loss == 0 ? "best" : j->after < j->before ? "blunder" : "inaccuracy";
}

/* The position before the move: the JSON array of the coins on the
** table, or (variant I) their count. */
static void position_column(coins_tvf_cursor *cur, sqlite3_context *ctx) {
  const review_state *rs = cur->state;
  const coins_state *st = &rs->base.rv.line.st;
  if (st->piles) { /* a sum: the piles before the move */
    sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
    char digits[24];
    for (uint64_t i = 0; i < st->n; i++) {
      int64_t p = st->piles[i] + (int64_t)(i == cur->row.pos ? cur->row.move.take : 0);
      sqlite3_str_appendchar(s, 1, i ? ',' : '[');
      sqlite3_str_append(s, digits, (int)coins_reply_write_decimal(digits, p));
    }
    sqlite3_str_appendall(s, st->n ? "]" : "[]");
    coins_reply_str(ctx, s, cur->tvf->name, "the position");
    return;
  }
  if (!coins_variant_traits_of(cur->game.variant).has_values) {
    sqlite3_result_int64(ctx, (sqlite3_int64)(rs->hi - rs->lo));
    return;
  }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  coins_interrupt_poll poll = {cur->game.stop, COINS_INTERRUPT_POLL_EVERY};
  char digits[24];
  sqlite3_str_appendchar(s, 1, '[');
  for (uint64_t i = rs->lo; i < rs->hi && sqlite3_str_errcode(s) == SQLITE_OK; i++) {
    if (coins_interrupt_poll_stopped(&poll)) {
      sqlite3_free(sqlite3_str_finish(s));
      sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
      return;
    }
    if (i > rs->lo) sqlite3_str_appendchar(s, 1, ',');
    sqlite3_str_append(s, digits, (int)coins_reply_write_decimal(digits, cur->game.a[i]));
  }
  sqlite3_str_appendchar(s, 1, ']');
  coins_reply_str(ctx, s, cur->tvf->name, "the position");
}

/* Makes what the analysis columns share, the first time one is read:
** SQLITE_OK or SQLITE_NOMEM. */
static int start_analysis(coins_tvf_cursor *cur, review_state *rs) {
  const coins_game *g = &cur->game;
  if (rs->analysing) return SQLITE_OK;
  size_t words = coins_analysis_work_words(g->variant, coins_args_work_count(g), g->k);
  rs->an_work = sqlite3_malloc64((words ? words : 1) * sizeof(int64_t));
  if (rs->an_work == NULL) return SQLITE_NOMEM;
  coins_analysis_init(&rs->an, g->variant, g->a, g->n, g->k, rs->an_work, g->stop);
  rs->analysing = 1;
  return SQLITE_OK;
}

/* For only_move, the first time it is read after a review of a whole
** record: the room to solve the positions one step off the record (only
** variant III needs more; grade and accuracy never pay for it).
** SQLITE_OK or SQLITE_NOMEM. */
static int start_only_move(coins_tvf_cursor *cur, review_state *rs) {
  const coins_game *g = &cur->game;
  if (rs->an.by_record || rs->base.rv.record == NULL) return SQLITE_OK; /* made, or no need */
  size_t words =
      coins_analysis_record_words(g->variant, coins_args_work_count(g), g->k, rs->base.count);
  int64_t *work = sqlite3_realloc64(rs->an_work, (words ? words : 1) * sizeof(int64_t));
  if (work == NULL) return SQLITE_NOMEM;
  rs->an_work = work;
  coins_analysis_use_record(&rs->an, work);
  return SQLITE_OK;
}

static const char *grade_name(coins_grade g) {
  switch (g) {
    case COINS_BEST: return "best";
    case COINS_INACCURACY: return "inaccuracy";
    case COINS_MISTAKE: return "mistake";
    case COINS_BLUNDER: return "blunder";
  }
  return "best";
}

/* only_move, grade and accuracy. */
static void analysis_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  review_state *rs = cur->state;
  const coins_judgement *j = &rs->judged;
  coins_variant v = cur->game.variant;
  uint64_t stake = 0;
  int only = 0;
  coins_status rc = COINS_OK;
  if (start_analysis(cur, rs) != SQLITE_OK ||
      (col == REVIEW_COL_ONLY_MOVE && start_only_move(cur, rs) != SQLITE_OK)) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (col == REVIEW_COL_ONLY_MOVE)
    rc = coins_analysis_only_move(&rs->an, &rs->base.rv, j, rs->lo, rs->hi, &only);
  else
    rc = coins_analysis_stake(&rs->an, rs->lo, rs->hi, &stake);
  if (rc != COINS_OK) {
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
    return;
  }
  if (col == REVIEW_COL_ONLY_MOVE && only >= 0) sqlite3_result_int(ctx, only);
  if (col == REVIEW_COL_GRADE)
    sqlite3_result_text(ctx, grade_name(coins_analysis_grade(v, j, stake)), -1, SQLITE_STATIC);
  if (col == REVIEW_COL_ACCURACY) sqlite3_result_double(ctx, coins_analysis_accuracy(v, j, stake));
}

static void review_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const coins_judgement *j = &((review_state *)cur->state)->judged;
  int values = coins_variant_traits_of(cur->game.variant).has_values;
  int64_t eval;
  if (col < COINS_TVF_COLUMN_COUNT) {
    coins_tvf_ply_column(cur, ctx, col);
    return;
  }
  switch ((enum review_column)col) {
    case REVIEW_COL_BEST: coins_reply_move(ctx, cur->game.variant, j->best); break;
    case REVIEW_COL_LOSS: sqlite3_result_int64(ctx, j->loss); break;
    case REVIEW_COL_BEFORE:
      sqlite3_result_text(ctx, result_name(j->before), -1, SQLITE_STATIC);
      break;
    case REVIEW_COL_AFTER:
      sqlite3_result_text(ctx, result_name(j->after), -1, SQLITE_STATIC);
      break;
    case REVIEW_COL_VERDICT: sqlite3_result_text(ctx, verdict_of(j), -1, SQLITE_STATIC); break;
    case REVIEW_COL_POSITION: position_column(cur, ctx); break;
    case REVIEW_COL_LEAD:
      if (values) sqlite3_result_int64(ctx, coins_analysis_lead(j));
      break;
    case REVIEW_COL_EVAL:
      eval = coins_analysis_eval(&((review_state *)cur->state)->base.rv);
      if (values)
        sqlite3_result_int64(ctx, eval);
      else
        sqlite3_result_text(ctx, eval > 0 ? "first" : "second", -1, SQLITE_STATIC);
      break;
    case REVIEW_COL_ONLY_MOVE:
    case REVIEW_COL_GRADE:
    case REVIEW_COL_ACCURACY: analysis_column(cur, ctx, col); break;
    case REVIEW_COLUMN_COUNT: break;
  }
}

static void review_release(coins_tvf_cursor *cur) {
  sqlite3_free(((review_state *)cur->state)->an_work);
  coins_review_setup_release(cur);
}

const coins_tvf coins_review_tvf = {
    .name = "coins_review",
    .schema = "CREATE TABLE x(" COINS_TVF_PLY_COLUMNS
              ", best, loss INTEGER, \"before\" TEXT, \"after\" TEXT, verdict TEXT, "
              "position, lead INTEGER, eval, only_move INTEGER, grade TEXT, accuracy REAL, "
              "arg_variant HIDDEN, arg_coins HIDDEN, arg_moves HIDDEN, arg_max_take HIDDEN)",
    .n_visible = REVIEW_COLUMN_COUNT,
    .n_args = 4,
    .n_required = 3,
    .state_size = sizeof(review_state),
    .start = review_start,
    .next = review_next,
    .column = review_column,
    .release = review_release,
};
