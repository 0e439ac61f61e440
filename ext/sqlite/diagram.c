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
#define DIAGRAM_MAX_COUNT 10000 /* variant I given as a count */
#define DIAGRAM_WIDTH 72        /* the widest a block of columns gets */

/* How far a game went: ply_of[i] is the ply that took coin i (0: none). */
typedef struct diagram_game {
  int64_t *ply_of;
  uint64_t plies, left;
  int64_t totals[2];
  int values; /* the coins have values (not variant I) */
} diagram_game;

static void mark(const coins_ply *p, void *ctx) {
  diagram_game *d = ctx;
  for (uint64_t t = 0; t < p->move.take; t++) d->ply_of[p->pos + t] = (int64_t)p->ply;
}

/* Where the game stopped. */
static void reached(diagram_game *d, const coins_state *st) {
  d->plies = st->ply;
  d->left = st->hi - st->lo;
  memcpy(d->totals, st->totals, sizeof d->totals);
}

/* The optimal line. */
static int diagram_line(const coins_game *g, diagram_game *d) {
  int64_t *work = NULL;
  size_t room = 0;
  if (coins_reserve(&work, &room, coins_line_work_words(g->variant, (size_t)g->n, g->k)))
    return SQLITE_NOMEM;
  coins_line line;
  coins_ply p;
  coins_line_init(&line, g->variant, g->a, g->n, g->k, work);
  while (coins_line_next(&line, &p)) mark(&p, d);
  reached(d, &line.st);
  sqlite3_free(work);
  return SQLITE_OK;
}

/* A record, checked as coins_review checks it, then marked. */
static int diagram_record(const coins_game *g, sqlite3_value *moves, diagram_game *d, char **err) {
  int64_t *record = NULL;
  size_t room = 0, count = 0;
  int rc = coins_record_read(DIAGRAM_NAME, moves, g, &record, &room, &count, err);
  coins_state st;
  coins_state_init(&st, g->variant, g->a, g->n, g->k);
  if (rc == SQLITE_OK) coins_state_replay(&st, record, count, mark, d);
  sqlite3_free(record);
  reached(d, &st);
  return rc;
}

static int decimal_width(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  int w = v < 0 ? 2 : 1;
  while (m >= 10) m /= 10, w++;
  return w;
}

/* The rows of coins [from, to), each cell w wide. */
static void draw_block(sqlite3_str *s, const coins_game *g, const diagram_game *d, uint64_t from,
                       uint64_t to, int w) {
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

/* The last line: the outcome, or where the record stopped. */
static void draw_summary(sqlite3_str *s, const diagram_game *d) {
  long long first = d->totals[0], second = d->totals[1];
  if (d->left > 0) {
    sqlite3_str_appendf(s, "abandoned after ply %llu with %llu coin%s left",
                        (unsigned long long)d->plies, (unsigned long long)d->left,
                        d->left == 1 ? "" : "s");
    if (d->values) sqlite3_str_appendf(s, "; first %lld, second %lld so far", first, second);
  } else if (!d->values) {
    if (d->plies == 0)
      sqlite3_str_appendall(s, "no coins: second wins");
    else
      sqlite3_str_appendf(s, "P%d takes the last coin: %s wins", d->plies % 2 ? 1 : 2,
                          d->plies % 2 ? "first" : "second");
  } else if (d->plies == 0) {
    sqlite3_str_appendall(s, "no coins: draw");
  } else {
    /* |first| + |second| <= the sum of |coins| <= 2^63-1: no overflow */
    long long margin = first > second ? first - second : second - first;
    sqlite3_str_appendf(s, "first %lld, second %lld: ", first, second);
    if (margin == 0)
      sqlite3_str_appendall(s, "draw");
    else
      sqlite3_str_appendf(s, "%s wins by %lld", first > second ? "first" : "second", margin);
  }
}

static void draw(sqlite3_context *ctx, const coins_game *g, const diagram_game *d) {
  int w = decimal_width((int64_t)d->plies);
  if (w < 2) w = 2;
  for (uint64_t i = 0; d->values && i < g->n; i++)
    if (decimal_width(g->a[i]) > w) w = decimal_width(g->a[i]);
  /* c columns take 5 + c * (w + 3) characters; w <= 20 leaves room for 2 */
  uint64_t per_block = (uint64_t)(DIAGRAM_WIDTH - 5) / (uint64_t)(w + 3);
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  for (uint64_t from = 0; from < g->n && sqlite3_str_errcode(s) == SQLITE_OK; from += per_block) {
    uint64_t to = g->n - from < per_block ? g->n : from + per_block;
    if (from > 0) sqlite3_str_appendall(s, "\n\n");
    draw_block(s, g, d, from, to, w);
  }
  if (g->n > 0) sqlite3_str_appendchar(s, 1, '\n');
  draw_summary(s, d);
  coins_result_str(ctx, s);
}

static void diagram_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  /* moves left out or NULL: the optimal line (of the max_take given) */
  int record = argc > 2 && sqlite3_value_type(argv[2]) != SQLITE_NULL;
  coins_game game = {0};
  diagram_game d = {0};
  size_t room = 0;
  char *err = NULL;
  int rc = coins_game_read(DIAGRAM_NAME, argv[0], argv[1], argc > 3 ? argv[3] : NULL, &game, &err);
  d.values = coins_variant_traits_of(game.variant).has_values;
  if (rc == SQLITE_OK && sqlite3_value_type(argv[1]) == SQLITE_INTEGER &&
      game.n > DIAGRAM_MAX_COUNT)
    rc = coins_sql_fail(&err, DIAGRAM_NAME, "%llu coins are too many to draw (at most %d)",
                        (unsigned long long)game.n, DIAGRAM_MAX_COUNT);
  if (rc == SQLITE_OK) {
    rc = coins_reserve(&d.ply_of, &room, (size_t)game.n);
    if (rc == SQLITE_OK) memset(d.ply_of, 0, room * sizeof *d.ply_of);
  }
  if (rc == SQLITE_OK)
    rc = record ? diagram_record(&game, argv[2], &d, &err) : diagram_line(&game, &d);
  if (rc == SQLITE_OK)
    draw(ctx, &game, &d);
  else if (rc != COINS_NULL_ARG)
    coins_result_error(ctx, err); /* err is NULL for SQLITE_NOMEM */
  sqlite3_free(d.ply_of);
  coins_game_free(&game);
}

int coins_register_diagram(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (int n_arg = 2; rc == SQLITE_OK && n_arg <= 4; n_arg++)
    rc = sqlite3_create_function(db, DIAGRAM_NAME, n_arg, COINS_FUNCTION_FLAGS, NULL, diagram_func,
                                 NULL, NULL);
  return rc;
}
