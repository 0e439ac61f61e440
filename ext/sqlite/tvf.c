/*
** tvf.c -- the machinery the table-valued functions of coins share:
** eponymous-only virtual tables whose arguments are HIDDEN
** columns (arg_variant, arg_coins, ...: prefixed, so that a user's own
** column named variant or coins, passed from an outer query, is not taken
** for the function's column), planned the way generate_series is, so that
**
**   SELECT g.id, m.* FROM games g, coins_moves(g.variant, g.coins) m;
**
** works whichever way the planner orders the join.  Each function is a
** coins_tvf (coins_sql.h) in a file of its own: moves_tvf.c, review_tvf.c,
** play_tvf.c.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

typedef struct coins_tvf_vtab {
  sqlite3_vtab base;
  const coins_tvf *tvf;
  sqlite3 *db; /* whose interrupts stop a long set-up */
  /* Before SQLite 3.40, colUsed does not show the arguments written in
  ** the FROM clause: 1 from a plan that saw their constraints until a
  ** cursor opens (see tvf_best_index). */
  int planned_arguments;
} coins_tvf_vtab;

static int tvf_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                       sqlite3_vtab **out, char **err) {
  const coins_tvf *tvf = aux;
  (void)argc;
  (void)argv;
  (void)err;
  int rc = sqlite3_declare_vtab(db, tvf->schema);
  if (rc != SQLITE_OK) return rc;
  coins_tvf_vtab *vtab = sqlite3_malloc(sizeof *vtab);
  if (vtab == NULL) return SQLITE_NOMEM;
  memset(vtab, 0, sizeof *vtab);
  vtab->tvf = tvf;
  vtab->db = db;
  *out = &vtab->base;
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  return SQLITE_OK;
}

static int tvf_disconnect(sqlite3_vtab *vtab) {
  sqlite3_free(vtab);
  return SQLITE_OK;
}

/* The cursor and, right after it, the function's state. */
static int tvf_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out) {
  const coins_tvf *tvf = ((coins_tvf_vtab *)vtab)->tvf;
  coins_tvf_cursor *cur = sqlite3_malloc64(sizeof *cur + tvf->state_size);
  if (cur == NULL) return SQLITE_NOMEM;
  memset(cur, 0, sizeof *cur + tvf->state_size);
  cur->tvf = tvf;
  cur->state = tvf->state_size ? (void *)(cur + 1) : NULL;
  cur->eof = 1;
  cur->game.stop = coins_interrupt_stop_for(((coins_tvf_vtab *)vtab)->db, &cur->stop);
  ((coins_tvf_vtab *)vtab)->planned_arguments = 0; /* the planning is over */
  *out = &cur->base;
  return SQLITE_OK;
}

/* Has the function free what its state holds (a start may have left it
** there), then makes the state new: zeroed, or, without a state_size,
** none (the function may then make its own in start). */
static void release_state(coins_tvf_cursor *cur) {
  const coins_tvf *tvf = cur->tvf;
  if (cur->state && tvf->release) tvf->release(cur);
  if (tvf->state_size)
    memset(cur->state, 0, tvf->state_size);
  else
    cur->state = NULL;
}

static int tvf_close(sqlite3_vtab_cursor *base) {
  coins_tvf_cursor *cur = (coins_tvf_cursor *)base;
  release_state(cur);
  coins_args_free_game(&cur->game);
  sqlite3_free(cur->work);
  for (int i = 0; i < COINS_TVF_MAX_ARGS; i++) sqlite3_free(cur->args[i].bytes);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* Keeps a copy of v (NULL: left out) for the hidden column. */
static int save_arg(coins_tvf_saved_arg *saved, sqlite3_value *v) {
  saved->type = v ? sqlite3_value_type(v) : SQLITE_NULL;
  if (saved->type == SQLITE_INTEGER) saved->i = sqlite3_value_int64(v);
  if (saved->type == SQLITE_FLOAT) saved->r = sqlite3_value_double(v);
  if (saved->type != SQLITE_TEXT && saved->type != SQLITE_BLOB) return SQLITE_OK;
  size_t len = 0; /* (TEXT read without the NUL sqlite3_value_text may copy it to add) */
  const void *bytes =
      saved->type == SQLITE_TEXT ? (const void *)coins_value_utf8(v, &len) : sqlite3_value_blob(v);
  saved->len = saved->type == SQLITE_TEXT ? (int)len : sqlite3_value_bytes(v);
  if (bytes == NULL && saved->len > 0) return SQLITE_NOMEM;
  if ((size_t)saved->len + 1 > saved->room) {
    char *grown = sqlite3_realloc64(saved->bytes, (sqlite3_uint64)saved->len + 1);
    if (grown == NULL) return SQLITE_NOMEM;
    saved->bytes = grown;
    saved->room = (size_t)saved->len + 1;
  }
  if (saved->len > 0) memcpy(saved->bytes, bytes, (size_t)saved->len);
  saved->bytes[saved->len] = 0;
  return SQLITE_OK;
}

static void result_saved(sqlite3_context *ctx, const coins_tvf_saved_arg *saved) {
  switch (saved->type) {
    case SQLITE_INTEGER: sqlite3_result_int64(ctx, saved->i); break;
    case SQLITE_FLOAT: sqlite3_result_double(ctx, saved->r); break;
    case SQLITE_TEXT: sqlite3_result_text(ctx, saved->bytes, saved->len, SQLITE_TRANSIENT); break;
    case SQLITE_BLOB: sqlite3_result_blob(ctx, saved->bytes, saved->len, SQLITE_TRANSIENT); break;
    default: sqlite3_result_null(ctx);
  }
}

/* Reports rc, with err (freed here) in the vtab's message. */
static int filter_error(coins_tvf_cursor *cur, int rc, char *err) {
  sqlite3_vtab *vtab = cur->base.pVtab;
  cur->eof = 1;
  if (rc == SQLITE_NOMEM || rc == SQLITE_INTERRUPT || err == NULL) { /* SQLite's own message */
    sqlite3_free(err);
    return rc == SQLITE_INTERRUPT ? rc : SQLITE_NOMEM;
  }
  sqlite3_free(vtab->zErrMsg);
  vtab->zErrMsg = err;
  return rc;
}

/* Rows skipped inside one xNext call while looking for the first ply
** the constraints allow: past that the row is returned anyway (SQLite
** checks the constraint itself and drops it), so that SQLite can see an
** interrupt between calls. */
#define SKIP_BATCH 65536

/* tvf_next for a cursor that produces its rows: kept out of tvf_next, so
** that the lazy cursor's step (count(*)) costs no stack frame. */
static int tvf_produce_next(coins_tvf_cursor *cur) {
  char *err = NULL;
  int rc;
  if (cur->row.ply + 1 >= cur->ply_lo) { /* the usual case: the next row is wanted */
    rc = cur->tvf->next(cur, &err);
  } else {
    if (cur->tvf->skip) cur->tvf->skip(cur, cur->ply_lo - 1 - cur->row.ply);
    rc = cur->tvf->next(cur, &err);
    for (int batch = 1; rc == SQLITE_OK && !cur->eof && cur->row.ply < cur->ply_lo; batch++) {
      if (batch == SKIP_BATCH) break;
      rc = cur->tvf->next(cur, &err);
    }
  }
  if (rc != SQLITE_OK) return filter_error(cur, rc, err);
  if (cur->row.ply > cur->ply_hi) cur->eof = 1;
  cur->ply = cur->row.ply;
  return SQLITE_OK;
}

static int tvf_next(sqlite3_vtab_cursor *base) {
  coins_tvf_cursor *cur = (coins_tvf_cursor *)base;
  if (!cur->lazy) return tvf_produce_next(cur);
  cur->eof = ++cur->ply > cur->ply_hi; /* a row known without playing it */
  return SQLITE_OK;
}

/* No line has more plies than this: a count of coins is an int64. */
#define PLY_MAX ((uint64_t)INT64_MAX)

/* The least ply p >= x (strict: p > x) for a number x given as an
** INTEGER i or a REAL d; more than PLY_MAX when there is none.  Here and
** in greatest_ply a NaN (which SQLite passes as NULL) bounds nothing. */
static uint64_t least_ply(int is_int, sqlite3_int64 i, double d, int strict) {
  if (is_int) return i < 1 ? 1 : (uint64_t)i + (uint64_t)strict;
  if (!(d >= 1)) return 1;
  if (d > (double)PLY_MAX) return PLY_MAX + 1; /* (double)PLY_MAX is 2^63 */
  uint64_t f = (uint64_t)d;                    /* d rounded down */
  return (double)f == d && !strict ? f : f + 1;
}

/* The greatest ply p <= x (strict: p < x); 0 when there is none. */
static uint64_t greatest_ply(int is_int, sqlite3_int64 i, double d, int strict) {
  if (is_int) return i <= strict ? 0 : (uint64_t)(i - strict);
  if (!(d >= 1)) return d < 1 ? 0 : PLY_MAX;
  if (d >= (double)PLY_MAX) return PLY_MAX;
  uint64_t f = (uint64_t)d;
  return (double)f == d && strict ? f - 1 : f;
}

/* Narrows [ply_lo, ply_hi] by the constraint "ply op v" (op as
** tvf_best_index wrote it).  The bounds are never tighter than the
** constraint, and SQLite checks every row against it again. */
static void narrow_plies(coins_tvf_cursor *cur, char op, sqlite3_value *v) {
  uint64_t lo = 1, hi = PLY_MAX;
  int type = sqlite3_value_numeric_type(v); /* '5' compares as 5 */
  if (type == SQLITE_NULL) {                /* nothing compares true with NULL */
    hi = 0;
  } else if (type == SQLITE_TEXT || type == SQLITE_BLOB) {
    if (op != '<' && op != 'l') hi = 0; /* every number sorts before them */
  } else {
    int is_int = type == SQLITE_INTEGER;
    sqlite3_int64 i = is_int ? sqlite3_value_int64(v) : 0;
    double d = is_int ? 0 : sqlite3_value_double(v);
    if (op == '=' || op == '>' || op == 'g') lo = least_ply(is_int, i, d, op == '>');
    if (op == '=' || op == '<' || op == 'l') hi = greatest_ply(is_int, i, d, op == '<');
  }
  if (lo > cur->ply_lo) cur->ply_lo = lo;
  if (hi < cur->ply_hi) cur->ply_hi = hi;
}

/* idxNum: a bit for each argument given (the low bits), and from bit
** USED_SHIFT on, the visible columns the statement reads (all of them for
** a table with more than USED_COLUMNS). */
#define USED_SHIFT 8
#define USED_COLUMNS 23

/* The message for a plan that lacks a required argument. */
static char *missing_argument(const coins_tvf *tvf) {
  return sqlite3_mprintf(
      "%s: missing argument: the first %d arguments are required (an "
      "argument that refers to a later table in a join can be the cause)",
      tvf->name, tvf->n_required);
}

static int tvf_filter(sqlite3_vtab_cursor *base, int idx_num, const char *idx_str, int argc,
                      sqlite3_value **argv) {
  coins_tvf_cursor *cur = (coins_tvf_cursor *)base;
  const coins_tvf *tvf = cur->tvf;
  sqlite3_value *args[COINS_TVF_MAX_ARGS] = {0};
  char *err = NULL;
  int j = 0;
  release_state(cur);
  cur->eof = 1, cur->lazy = 0, cur->rows = UINT64_MAX;
  cur->batch_column = -1, cur->batch_count = 0;
  cur->used = (uint32_t)idx_num >> USED_SHIFT;
  memset(&cur->row, 0, sizeof cur->row);
  if ((~idx_num & ((1 << tvf->n_required) - 1)) != 0) /* see tvf_best_index */
    return filter_error(cur, SQLITE_ERROR, missing_argument(tvf));
  for (int i = 0; i < tvf->n_args; i++) {
    if ((idx_num >> i & 1) && j < argc) args[i] = argv[j++];
    if (save_arg(&cur->args[i], args[i])) return SQLITE_NOMEM;
  }
  cur->ply_lo = 1;
  cur->ply_hi = PLY_MAX;
  for (const char *op = idx_str; op && *op && j < argc; op++) narrow_plies(cur, *op, argv[j++]);
  int rc = tvf->start(cur, args, &err);
  if (rc == COINS_SQL_NULL) return SQLITE_OK;
  if (rc != SQLITE_OK) return filter_error(cur, rc, err);
  cur->has_values = coins_variant_traits_of(cur->game.variant).has_values;
  cur->lazy = cur->rows != UINT64_MAX;
  if (cur->lazy) { /* rows 1..rows, within the bounds */
    uint32_t visible = cur->used & ((1u << tvf->n_visible) - 1);
    if (tvf->fill && (visible & ~(1u << COINS_TVF_COL_PLY)) == 1u << tvf->fill_column)
      cur->batch_column = tvf->fill_column;
    cur->ply = cur->ply_lo;
    if (cur->rows < cur->ply_hi) cur->ply_hi = cur->rows;
    cur->eof = cur->ply > cur->ply_hi;
    return SQLITE_OK;
  }
  cur->eof = cur->ply_lo > cur->ply_hi;
  return cur->eof ? SQLITE_OK : tvf_produce_next(cur);
}

static int tvf_eof(sqlite3_vtab_cursor *base) { return ((coins_tvf_cursor *)base)->eof; }

/* Starts a batch at the current row: SQLITE_OK or SQLITE_INTERRUPT. */
static int fill_batch(coins_tvf_cursor *cur) {
  uint64_t left = cur->ply_hi - cur->ply + 1; /* (ply_hi <= rows, the last) */
  size_t count = 0;
  int rc = cur->tvf->fill(cur, cur->batch, left < COINS_TVF_BATCH ? left : COINS_TVF_BATCH, &count);
  cur->batch_ply = cur->ply;
  cur->batch_count = count;
  return rc;
}

/* A function off a hot path, kept out of its caller so that the caller's
** fast path makes no stack frame (the call is then a jump). */
#if defined(__GNUC__)
#define TVF_NOINLINE __attribute__((noinline))
#else
#define TVF_NOINLINE
#endif

/* The batch's column of a row past the batch: a new batch from it. */
static TVF_NOINLINE int batch_column_next(coins_tvf_cursor *cur, sqlite3_context *ctx) {
  if (fill_batch(cur) != SQLITE_OK) return SQLITE_INTERRUPT;
  if (cur->batch_count > 0) sqlite3_result_int64(ctx, cur->batch[0]);
  return SQLITE_OK;
}

/* A column of the row the function produces (the lazy cursor's played
** up to its ply first). */
static TVF_NOINLINE int row_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  if (cur->lazy && cur->row.ply != cur->ply && cur->tvf->seek(cur) != SQLITE_OK)
    return SQLITE_INTERRUPT;
  cur->tvf->column(cur, ctx, col);
  return SQLITE_OK;
}

static TVF_NOINLINE int hidden_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  result_saved(ctx, &cur->args[col - cur->tvf->n_visible]);
  return SQLITE_OK;
}

/* Each path a call or two, without a stack frame of its own. */
static int tvf_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col) {
  coins_tvf_cursor *cur = (coins_tvf_cursor *)base;
  if (col == cur->batch_column) { /* every row of sum(gain) */
    uint64_t i = cur->ply - cur->batch_ply;
    if (i >= cur->batch_count) return batch_column_next(cur, ctx);
    sqlite3_result_int64(ctx, cur->batch[i]);
    return SQLITE_OK;
  }
  if (cur->lazy && col == COINS_TVF_COL_PLY) { /* known without playing */
    sqlite3_result_int64(ctx, (sqlite3_int64)cur->ply);
    return SQLITE_OK;
  }
  if (col >= cur->tvf->n_visible) return hidden_column(cur, ctx, col);
  return row_column(cur, ctx, col);
}

static int tvf_rowid(sqlite3_vtab_cursor *base, sqlite_int64 *rowid) {
  *rowid = (sqlite_int64)((coins_tvf_cursor *)base)->ply;
  return SQLITE_OK;
}

/* The generate_series pattern: a bit of idxNum per argument given by a
** usable equality constraint; SQLITE_CONSTRAINT when an argument is there
** but not usable yet (the planner then tries an order where it is).
**
** A plan without a required argument is not an error, unless no
** constraint at all names the table and the query names none of the
** arguments (SELECT * FROM coins_moves): SQLite also plans each term of
** an OR by itself, and older versions (3.31 to 3.40 at least) with that
** term's constraints alone, the arguments left out; a term whose
** constraints all wait for a table to the right of a LEFT JOIN then
** leaves none (WHERE m.gain <> w.n OR ..., w LEFT JOINed), and an error
** there would fail the whole statement.  Such a plan uses no
** constraint, which keeps SQLite from making a term of an OR of it (the
** OR is then checked row by row on the plan with the arguments); it is
** priced the way SQLite prices a plan it knows nothing of, so that it is
** taken only when there is no other, and tvf_filter then reports the
** missing argument.
**
** Constraints =, <, <=, >, >= on ply (or rowid, which equals it) are
** passed on too, their operators in idxStr, so that the cursor starts and
** stops where they say; SQLite still checks them (omit stays 0).  Rows
** come in ply order, so an ORDER BY that starts with ply (or rowid)
** ascending is consumed. */
#define MAX_PLY_CONSTRAINTS 8
/* A plan without its arguments: the price SQLite itself starts a virtual
** table's plan at (json_each leaves it so), far above any real plan. */
#define TVF_MISSING_COST 5e98
#define TVF_MISSING_ROWS ((sqlite3_int64)1 << 62)

static char ply_op(unsigned char op) {
  switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ: return '=';
    case SQLITE_INDEX_CONSTRAINT_GT: return '>';
    case SQLITE_INDEX_CONSTRAINT_GE: return 'g';
    case SQLITE_INDEX_CONSTRAINT_LT: return '<';
    case SQLITE_INDEX_CONSTRAINT_LE: return 'l';
    default: return 0;
  }
}

/* (A table whose rows are not moves, rows_not_plies, has none.) */
static int is_ply_column(const coins_tvf *tvf, int column) {
  return !tvf->rows_not_plies && (column == COINS_TVF_COL_PLY || column == -1);
}

/* 1 when the query names a required argument of the table, though this
** plan was offered none: colUsed has the bits of the arguments written in
** the FROM clause (SQLite 3.40 and later) and of any arg_* column named;
** before 3.40, an earlier plan of the same statement saw them. */
static int arguments_named(coins_tvf_vtab *vtab, const sqlite3_index_info *info) {
  const coins_tvf *tvf = vtab->tvf;
  sqlite3_uint64 bits = 0;
  for (int i = 0; i < tvf->n_required; i++) {
    int col = tvf->n_visible + i;
    bits |= (sqlite3_uint64)1 << (col < 63 ? col : 63);
  }
  if (info->colUsed & bits) return 1;
  return sqlite3_libversion_number() < 3040000 && vtab->planned_arguments;
}

static int tvf_best_index(sqlite3_vtab *base, sqlite3_index_info *info) {
  const coins_tvf *tvf = ((coins_tvf_vtab *)base)->tvf;
  int where[COINS_TVF_MAX_ARGS], ply_where[MAX_PLY_CONSTRAINTS];
  char ops[MAX_PLY_CONSTRAINTS + 1] = {0};
  int n_ply = 0, bounded = 0;
  unsigned present = 0, unusable = 0, required = (1u << tvf->n_required) - 1;
  for (int i = 0; i < tvf->n_args; i++) where[i] = -1;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int arg = c->iColumn - tvf->n_visible;
    if (is_ply_column(tvf, c->iColumn) && c->usable && ply_op(c->op) &&
        n_ply < MAX_PLY_CONSTRAINTS) {
      ops[n_ply] = ply_op(c->op);
      bounded |= ops[n_ply] == '=' ? 3 : ops[n_ply] == '<' || ops[n_ply] == 'l' ? 2 : 1;
      ply_where[n_ply++] = i;
    }
    if (arg < 0 || arg >= tvf->n_args || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c->usable) {
      unusable |= 1u << arg;
    } else if (where[arg] < 0) {
      where[arg] = i;
      present |= 1u << arg;
    }
  }
  if (present | unusable) ((coins_tvf_vtab *)base)->planned_arguments = 1;
  if (unusable & ~present) return SQLITE_CONSTRAINT;
  uint32_t used = (1u << USED_COLUMNS) - 1;
  if (tvf->n_visible <= USED_COLUMNS) /* (colUsed's bit 63 stands for columns 63 and up) */
    used &= (uint32_t)info->colUsed | (info->colUsed >> 63 ? ~0u : 0);
  info->idxNum = (int)(present | used << USED_SHIFT);
  if ((present & required) != required && info->nConstraint == 0 &&
      !arguments_named((coins_tvf_vtab *)base, info)) {
    sqlite3_free(base->zErrMsg);
    base->zErrMsg = missing_argument(tvf);
    return base->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  if ((present & required) != required) { /* tvf_filter reports it, if chosen */
    info->estimatedCost = TVF_MISSING_COST;
    info->estimatedRows = TVF_MISSING_ROWS;
    return SQLITE_OK;
  }
  int j = 1;
  for (int i = 0; i < tvf->n_args; i++) {
    if (where[i] < 0) continue;
    info->aConstraintUsage[where[i]].argvIndex = j++;
    info->aConstraintUsage[where[i]].omit = 1;
  }
  for (int i = 0; i < n_ply; i++) info->aConstraintUsage[ply_where[i]].argvIndex = j++;
  if (n_ply > 0) {
    info->idxStr = sqlite3_mprintf("%s", ops);
    if (info->idxStr == NULL) return SQLITE_NOMEM;
    info->needToFreeIdxStr = 1;
  }
  /* a bounded scan is cheaper: the planner prefers the plan that has it */
  info->estimatedRows = bounded & 2 ? (bounded == 3 ? 1 : 10) : 1000;
  info->estimatedCost = (double)info->estimatedRows;
  if (info->nOrderBy >= 1 && is_ply_column(tvf, info->aOrderBy[0].iColumn) &&
      !info->aOrderBy[0].desc)
    info->orderByConsumed = 1;
  return SQLITE_OK;
}

static const sqlite3_module tvf_module = {
    .iVersion = 0,
    .xConnect = tvf_connect,
    .xBestIndex = tvf_best_index,
    .xDisconnect = tvf_disconnect,
    .xOpen = tvf_open,
    .xClose = tvf_close,
    .xFilter = tvf_filter,
    .xNext = tvf_next,
    .xEof = tvf_eof,
    .xColumn = tvf_column,
    .xRowid = tvf_rowid,
};

void coins_tvf_ply_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col) {
  const coins_ply *row = &cur->row;
  int values = cur->has_values;
  switch ((enum coins_tvf_column)col) {
    case COINS_TVF_COL_PLY: sqlite3_result_int64(ctx, (sqlite3_int64)row->ply); break;
    case COINS_TVF_COL_PLAYER: sqlite3_result_int(ctx, row->player); break;
    case COINS_TVF_COL_MOVE: coins_reply_move(ctx, cur->game.variant, row->move); break;
    case COINS_TVF_COL_TAKE: sqlite3_result_int64(ctx, (sqlite3_int64)row->move.take); break;
    case COINS_TVF_COL_POS: sqlite3_result_int64(ctx, (sqlite3_int64)row->pos); break;
    case COINS_TVF_COL_GAIN:
      if (values) sqlite3_result_int64(ctx, row->gain);
      break;
    case COINS_TVF_COL_FIRST_TOTAL:
      if (values) sqlite3_result_int64(ctx, row->first_total);
      break;
    case COINS_TVF_COL_SECOND_TOTAL:
      if (values) sqlite3_result_int64(ctx, row->second_total);
      break;
    case COINS_TVF_COLUMN_COUNT: break;
  }
}

int coins_tvf_register(sqlite3 *db, const coins_tvf *tvf) {
  return sqlite3_create_module(db, tvf->name, &tvf_module, (void *)tvf);
}
