/*
** diagram.c -- coins_diagram(variant, coins [, moves [, max_take]]): a
** fixed-width picture of one game, for .mode list.  One column per coin:
** its value ('o' in variant I), who took it (P1, P2) and at which ply ('-'
** for coins an abandoned record left on the table); rows wrap into blocks
** at most 72 characters wide, and the last line gives the totals and the
** outcome, or says where the record stopped:
**
**    coin |  8 | 15 |  3 |  7
**    by   | P2 | P1 | P2 | P1
**    ply  |  2 |  3 |  4 |  1
**   first 22, second 11: first wins by 11
**
** Without moves (left out or NULL) it draws the optimal line.  docs/reference.md has the
** whole contract.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define DIAGRAM_NAME "coins_diagram"
#define DIAGRAM_MAX_COUNT 10000 /* variant I: the most coins (a count, or a row) */
#define DIAGRAM_WIDTH 72        /* the widest a block of columns gets */
/* The least a coin adds to a diagram: three cells of at least 2
** characters, each with its separator (" | ", or "| " first in a row). */
#define DIAGRAM_COIN_BYTES 12

static int decimal_width(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  int w = v < 0 ? 2 : 1;
  while (m >= 10) m /= 10, w++;
  return w;
}

/* The rows of coins [from, to), each cell w wide. */
static void draw_block(sqlite3_str *s, const coins_picture *d, uint64_t from, uint64_t to, int w) {
  const coins_game *g = &d->game;
  static const char *const labels[] = {" coin ", "\n by   ", "\n ply  "};
  for (int row = 0; row < 3; row++) {
    sqlite3_str_appendall(s, labels[row]);
    for (uint64_t i = from; i < to; i++) {
      int64_t ply = d->ply_of[i];
      const char *sep = i > from ? " | " : "| ";
      if (row == 0 && d->values)
        sqlite3_str_appendf(s, "%s%*lld", sep, w, (long long)g->a[i]);
      else if (row == 0)
        sqlite3_str_appendf(s, "%s%*s", sep, w, "o");
      else if (ply == 0)
        sqlite3_str_appendf(s, "%s%*s", sep, w, "-");
      else if (row == 1)
        sqlite3_str_appendf(s, "%s%*s", sep, w, ply % 2 ? "P1" : "P2");
      else
        sqlite3_str_appendf(s, "%s%*lld", sep, w, (long long)ply);
    }
  }
}

static void draw(sqlite3_context *ctx, const coins_picture *d) {
  const coins_game *g = &d->game;
  coins_poll poll = {g->stop, COINS_POLL_EVERY};
  int w = decimal_width((int64_t)d->plies);
  if (w < 2) w = 2;
  for (uint64_t i = 0; d->values && i < g->n; i++)
    if (decimal_width(g->a[i]) > w) w = decimal_width(g->a[i]);
  /* c columns take 5 + c * (w + 3) characters; w <= 20 leaves room for 2 */
  uint64_t per_block = (uint64_t)(DIAGRAM_WIDTH - 5) / (uint64_t)(w + 3);
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  for (uint64_t from = 0; from < g->n && sqlite3_str_errcode(s) == SQLITE_OK; from += per_block) {
    uint64_t to = g->n - from < per_block ? g->n : from + per_block;
    if (coins_poll_stopped(&poll)) { /* a block every poll: about 4096 * 60 characters */
      sqlite3_free(sqlite3_str_finish(s));
      sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
      return;
    }
    if (from > 0) sqlite3_str_appendall(s, "\n\n");
    draw_block(s, d, from, to, w);
  }
  if (g->n > 0) sqlite3_str_appendchar(s, 1, '\n');
  coins_picture_summary(s, d);
  coins_result_str(ctx, s, DIAGRAM_NAME, "the picture");
}

static void diagram_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  /* moves left out or NULL: the optimal line (of the max_take given) */
  coins_picture d = {0};
  char *err = NULL;
  int rc = coins_picture_read(DIAGRAM_NAME, ctx, argc, argv, DIAGRAM_MAX_COUNT, DIAGRAM_COIN_BYTES,
                              &d, &err);
  if (rc == SQLITE_OK)
    draw(ctx, &d);
  else if (rc == SQLITE_TOOBIG)
    coins_result_too_long(ctx, DIAGRAM_NAME, "the picture");
  else if (rc != COINS_NULL_ARG)
    coins_result_fail(ctx, rc, err); /* err is NULL for SQLITE_NOMEM */
  coins_picture_free(&d);
}

int coins_register_diagram(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg++)
    rc = sqlite3_create_function(db, DIAGRAM_NAME, n_arg, COINS_FUNCTION_FLAGS, NULL, diagram_func,
                                 NULL, NULL);
  return rc;
}
