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

/* Writes v right-aligned in the w characters at cell (w is enough). */
static void number_cell(char *cell, size_t w, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char *at = cell + w;
  do {
    *--at = (char)('0' + m % 10);
    m /= 10;
  } while (m);
  if (v < 0) *--at = '-';
  while (at > cell) *--at = ' ';
}

/* ... and a word of one or two letters ("o", "-", "P1", "P2"). */
static void word_cell(char *cell, size_t w, const char *word) {
  size_t len = word[1] ? 2 : 1;
  for (size_t i = 0; i < w - len; i++) cell[i] = ' ';
  cell[w - len] = word[0];
  if (len == 2) cell[w - 1] = word[1];
}

/* The rows of coins [from, to) at out, each cell w wide: one row of
** values ('o' in variant I), one of who took each coin, one of the ply
** ('-' for a coin left on the table).  Returns the end. */
static char *draw_block(char *out, const coins_picture *d, uint64_t from, uint64_t to, size_t w) {
  static const char *const labels[] = {" coin ", "\n by   ", "\n ply  "};
  for (int row = 0; row < 3; row++) {
    size_t label = strlen(labels[row]);
    memcpy(out, labels[row], label);
    out += label;
    for (uint64_t i = from; i < to; i++) {
      int64_t ply = d->ply_of[i];
      if (i > from) *out++ = ' ';
      *out++ = '|', *out++ = ' ';
      if (row == 0 && d->values)
        number_cell(out, w, d->game.a[i]);
      else if (row == 0)
        word_cell(out, w, "o");
      else if (ply == 0)
        word_cell(out, w, "-");
      else if (row == 1)
        word_cell(out, w, ply % 2 ? "P1" : "P2");
      else
        number_cell(out, w, ply);
      out += w;
    }
  }
  return out;
}

/* The characters of a block of c coins, cells w wide: the labels (6, 7
** and 7 with the newlines), and per row "| " and " | " between cells. */
static uint64_t block_length(uint64_t c, size_t w) { return 20 + 3 * (c * (w + 3) - 1); }

static void draw(sqlite3_context *ctx, const coins_picture *d) {
  const coins_game *g = &d->game;
  coins_interrupt_poll poll = {g->stop, COINS_INTERRUPT_POLL_EVERY};
  size_t w = coins_reply_decimal_length((int64_t)d->plies);
  if (w < 2) w = 2;
  for (uint64_t i = 0; d->values && i < g->n; i++)
    if (coins_reply_decimal_length(g->a[i]) > w) w = coins_reply_decimal_length(g->a[i]);
  /* c columns take 5 + c * (w + 3) characters; w <= 20 leaves room for 2 */
  uint64_t per_block = (uint64_t)(DIAGRAM_WIDTH - 5) / (uint64_t)(w + 3);
  uint64_t blocks = (g->n + per_block - 1) / per_block, last = g->n - (blocks - 1) * per_block;
  sqlite3_str *summary = sqlite3_str_new(NULL);
  coins_picture_summary(summary, d);
  uint64_t summary_len = (uint64_t)sqlite3_str_length(summary), length = summary_len;
  if (blocks > 0) /* the blocks, two newlines between them, one after */
    length += (blocks - 1) * (block_length(per_block, w) + 2) + block_length(last, w) + 1;
  uint64_t limit = (uint64_t)sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  char *text = sqlite3_str_errcode(summary) || length > limit ? NULL : sqlite3_malloc64(length + 1);
  char *out = text;
  for (uint64_t from = 0; text && from < g->n; from += per_block) {
    uint64_t to = g->n - from < per_block ? g->n : from + per_block;
    if (coins_interrupt_poll_stopped(&poll)) { /* a block every poll: 4096 of 1 to 16 coins */
      sqlite3_free(text);
      sqlite3_free(sqlite3_str_finish(summary));
      sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
      return;
    }
    if (from > 0) *out++ = '\n', *out++ = '\n';
    out = draw_block(out, d, from, to, w);
  }
  if (text && g->n > 0) *out++ = '\n';
  if (text) memcpy(out, sqlite3_str_value(summary), (size_t)summary_len);
  sqlite3_free(sqlite3_str_finish(summary));
  if (length > limit)
    coins_reply_too_long(ctx, DIAGRAM_NAME, "the picture");
  else if (text == NULL)
    coins_reply_error_rc(ctx, SQLITE_NOMEM,
                         coins_reply_message(DIAGRAM_NAME, "out of memory for the picture"));
  else {
    text[length] = 0;
    sqlite3_result_text(ctx, text, (int)length, sqlite3_free);
  }
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
    coins_reply_too_long(ctx, DIAGRAM_NAME, "the picture");
  else if (rc != COINS_SQL_NULL)
    coins_reply_error_rc(ctx, rc, err); /* err is NULL for SQLITE_NOMEM */
  coins_picture_free(&d);
}

int coins_diagram_register(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg++)
    rc = sqlite3_create_function(db, DIAGRAM_NAME, n_arg, COINS_SQL_FUNCTION_FLAGS, NULL,
                                 diagram_func, NULL, NULL);
  return rc;
}
