/*
** coins_tools.c -- helper SQL functions around the games: dealing rows,
** drawing a game, and gathering one-coin-per-row tables into arrays.
**
**   coins_deal(seed, n [, lo, hi])
**     TEXT: a JSON array of n pseudo-random integers in [lo, hi] (default
**     1..100), e.g. '[3,97,12]' (no spaces).  Element i is the i-th call of
**     coins_random_range on a state started at (uint64_t)seed (splitmix64),
**     so the same arguments deal the same row on every platform.  All
**     arguments are INTEGERs; n >= 0 ('[]' for 0); lo <= hi.  A row longer
**     than SQLITE_LIMIT_LENGTH is "string or blob too big".  Rows dealt from
**     extreme ranges (|lo| or |hi| near 2^63) can have a sum of absolute
**     values above 2^63-1: coins_deal makes them, the solvers reject them.
**
**   coins_diagram(variant, coins [, moves [, max_take]])
**     TEXT: a fixed-width picture of one game, for .mode list.  One column
**     per coin: its value ('o' in variant I), who took it (P1, P2) and at
**     which ply ('-' for coins an abandoned record left on the table);
**     rows wrap into blocks at most 72 characters wide.  The last line
**     gives the totals and the outcome, or says where the record stopped:
**
**        coin |  8 | 15 |  3 |  7
**        by   | P2 | P1 | P2 | P1
**        ply  |  2 |  3 |  4 |  1
**       first 22, second 11: first wins by 11
**
**     Without moves it draws the optimal line of coins_moves; moves is a
**     record as coins_review takes it (JSON array, or 'LRRL' in variant III)
**     and may stop before the game ends.  max_take as in coins_win (default
**     2, variant III only 1).  Variant I given as a count draws at most
**     10000 coins; a bigger picture is "string or blob too big".  For the
**     optimal line with a max_take, pass the line as a record:
**       coins_diagram(2, c, (SELECT coins_array(ply, move)
**                            FROM coins_moves(2, c, 3)), 3)
**
**   coins_array(key, value)          aggregate and window function
**     TEXT: the JSON array of the group's values ordered by key, e.g.
**       SELECT game, coins_win(3, coins_array(pos, value))
**       FROM coin_rows GROUP BY game;
**     key: any INTEGER (unique in the group, need not be contiguous);
**     value: an INTEGER, or 'L'/'R' in any case (emitted as "L"/"R"), not
**     both kinds in one group.  NULL keys or values, other types or text,
**     and duplicate keys are errors; an empty group gives '[]'.
**
** coins_deal and coins_diagram give NULL when any argument is NULL.  All
** three are deterministic and innocuous.
*/
#include "coins_sql.h"

#include <string.h>

SQLITE_EXTENSION_INIT3

/* Makes the text built in s the result (or its error), and frees s. */
static void result_str(sqlite3_context *ctx, sqlite3_str *s) {
  int rc = sqlite3_str_errcode(s), len = sqlite3_str_length(s);
  char *text = sqlite3_str_finish(s);
  if (rc == SQLITE_TOOBIG) {
    sqlite3_result_error_toobig(ctx);
  } else if (rc != SQLITE_OK || text == NULL) {
    sqlite3_result_error_nomem(ctx);
  } else {
    sqlite3_result_text(ctx, text, len, sqlite3_free);
    return;
  }
  sqlite3_free(text);
}

static int text_limit(sqlite3_context *ctx) {
  return sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
}

/* ------------------------------------------------------------ coins_deal */

#define DEAL_NAME "coins_deal"

static void deal_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char *const names[] = {"seed", "n", "lo", "hi"};
  sqlite3_int64 arg[4] = {0, 0, 1, 100};
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  for (int i = 0; i < argc; i++) {
    if (sqlite3_value_type(argv[i]) != SQLITE_INTEGER) {
      coins_result_error(ctx, coins_error(DEAL_NAME, "%s must be an INTEGER, "
                                    "got %s", names[i], coins_type_name(argv[i])));
      return;
    }
    arg[i] = sqlite3_value_int64(argv[i]);
  }
  sqlite3_int64 n = arg[1], lo = arg[2], hi = arg[3];
  if (n < 0) {
    coins_result_error(ctx, coins_error(DEAL_NAME, "n must be >= 0, got %lld", n));
    return;
  }
  if (lo > hi) {
    coins_result_error(ctx, coins_error(DEAL_NAME, "lo must be <= hi, got lo %lld "
                                  "and hi %lld", lo, hi));
    return;
  }
  /* n coins need at least 2n+1 bytes: refuse hopeless n before any work */
  if ((sqlite3_uint64)n > ((sqlite3_uint64)text_limit(ctx) - 1) / 2) {
    sqlite3_result_error_toobig(ctx);
    return;
  }
  uint64_t state = (uint64_t)arg[0];
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(s, 1, '[');
  for (sqlite3_int64 i = 0; i < n && sqlite3_str_errcode(s) == SQLITE_OK; i++)
    sqlite3_str_appendf(s, i ? ",%lld" : "%lld",
                        (long long)coins_random_range(&state, lo, hi));
  sqlite3_str_appendchar(s, 1, ']');
  result_str(ctx, s);
}

/* --------------------------------------------------------- coins_diagram */

#define DIAGRAM_NAME "coins_diagram"
#define DIAGRAM_MAX_COUNT 10000 /* variant I given as a count */
#define DIAGRAM_WIDTH 72        /* the widest a block of columns gets */

/* How far a game went: ply_of[i] is the ply that took coin i (0: none). */
typedef struct diagram_game {
  int64_t *ply_of;
  uint64_t plies, left;
  int64_t totals[2];
} diagram_game;

static void mark(diagram_game *d, const coins_ply *p) {
  for (uint64_t t = 0; t < p->move.take; t++)
    d->ply_of[p->pos + t] = (int64_t)p->ply;
}

/* The optimal line. */
static int diagram_line(const coins_game *g, diagram_game *d) {
  int64_t *work = NULL;
  size_t room = 0;
  if (coins_reserve(&work, &room,
                    coins_line_work_words(g->variant, (size_t)g->n, g->k)))
    return SQLITE_NOMEM;
  coins_line line;
  coins_ply p;
  coins_line_init(&line, g->variant, g->a, g->n, g->k, work);
  while (coins_line_next(&line, &p)) mark(d, &p);
  d->plies = line.ply;
  d->left = line.hi - line.lo;
  memcpy(d->totals, line.totals, sizeof d->totals);
  sqlite3_free(work);
  return SQLITE_OK;
}

/* A record, checked as coins_review checks it, then marked. */
static int diagram_record(const coins_game *g, sqlite3_value *moves,
                          diagram_game *d, char **err) {
  int64_t *record = NULL;
  size_t room = 0, count = 0;
  int rc = coins_record_read(DIAGRAM_NAME, moves, g, &record, &room, &count,
                             err);
  coins_state st;
  coins_ply p;
  char msg[COINS_ERRMSG_SIZE];
  coins_state_init(&st, g->variant, g->a, g->n, g->k);
  for (size_t i = 0; rc == SQLITE_OK && i < count; i++) {
    coins_state_play(&st, coins_move_of(g->variant, record[i]), &p, msg);
    mark(d, &p);
  }
  sqlite3_free(record);
  d->plies = st.ply;
  d->left = st.hi - st.lo;
  memcpy(d->totals, st.totals, sizeof d->totals);
  return rc;
}

static int decimal_width(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  int w = v < 0 ? 2 : 1;
  while (m >= 10) m /= 10, w++;
  return w;
}

/* The rows of coins [from, to), each cell w wide. */
static void draw_block(sqlite3_str *s, const coins_game *g,
                       const diagram_game *d, uint64_t from, uint64_t to,
                       int w) {
  static const char *const labels[] = {" coin ", "\n by   ", "\n ply  "};
  for (int row = 0; row < 3; row++) {
    sqlite3_str_appendall(s, labels[row]);
    for (uint64_t i = from; i < to; i++) {
      int64_t ply = d->ply_of[i];
      const char *sep = i > from ? " | " : "| ";
      if (row == 0 && g->variant != 1)
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
static void draw_summary(sqlite3_str *s, const coins_game *g,
                         const diagram_game *d) {
  long long first = d->totals[0], second = d->totals[1];
  if (d->left > 0) {
    sqlite3_str_appendf(s, "abandoned after ply %llu with %llu coin%s left",
                        (unsigned long long)d->plies,
                        (unsigned long long)d->left, d->left == 1 ? "" : "s");
    if (g->variant != 1)
      sqlite3_str_appendf(s, "; first %lld, second %lld so far", first, second);
  } else if (g->variant == 1) {
    if (d->plies == 0)
      sqlite3_str_appendall(s, "no coins: second wins");
    else
      sqlite3_str_appendf(s, "P%d takes the last coin: %s wins",
                          d->plies % 2 ? 1 : 2,
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
      sqlite3_str_appendf(s, "%s wins by %lld",
                          first > second ? "first" : "second", margin);
  }
}

static void draw(sqlite3_context *ctx, const coins_game *g,
                 const diagram_game *d) {
  int w = decimal_width((int64_t)d->plies);
  if (w < 2) w = 2;
  for (uint64_t i = 0; g->variant != 1 && i < g->n; i++)
    if (decimal_width(g->a[i]) > w) w = decimal_width(g->a[i]);
  /* c columns take 5 + c * (w + 3) characters; w <= 20 leaves room for 2 */
  uint64_t per_block = (uint64_t)(DIAGRAM_WIDTH - 5) / (uint64_t)(w + 3);
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  for (uint64_t from = 0; from < g->n && sqlite3_str_errcode(s) == SQLITE_OK;
       from += per_block) {
    uint64_t to = g->n - from < per_block ? g->n : from + per_block;
    if (from > 0) sqlite3_str_appendall(s, "\n\n");
    draw_block(s, g, d, from, to, w);
  }
  if (g->n > 0) sqlite3_str_appendchar(s, 1, '\n');
  draw_summary(s, g, d);
  result_str(ctx, s);
}

static void diagram_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (argc > 2 && sqlite3_value_type(argv[2]) == SQLITE_NULL) return;
  coins_game game = {0};
  diagram_game d = {0};
  size_t room = 0;
  char *err = NULL;
  int rc = coins_game_read(DIAGRAM_NAME, argv[0], argv[1],
                           argc > 3 ? argv[3] : NULL, &game, NULL, &err);
  if (rc == SQLITE_OK && game.variant == 1 &&
      sqlite3_value_type(argv[1]) == SQLITE_INTEGER &&
      game.n > DIAGRAM_MAX_COUNT) {
    err = coins_error(DIAGRAM_NAME, "%llu coins are too many to draw "
                      "(at most %d)", (unsigned long long)game.n,
                      DIAGRAM_MAX_COUNT);
    rc = SQLITE_ERROR;
  }
  if (rc == SQLITE_OK) {
    rc = coins_reserve(&d.ply_of, &room, (size_t)game.n);
    if (rc == SQLITE_OK) memset(d.ply_of, 0, room * sizeof *d.ply_of);
  }
  if (rc == SQLITE_OK)
    rc = argc > 2 ? diagram_record(&game, argv[2], &d, &err)
                  : diagram_line(&game, &d);
  if (rc == SQLITE_OK)
    draw(ctx, &game, &d);
  else if (rc != COINS_NULL_ARG)
    coins_result_error(ctx, err); /* err is NULL for SQLITE_NOMEM */
  sqlite3_free(d.ply_of);
  coins_game_free(&game);
}

/* ----------------------------------------------------------- coins_array */

#define ARRAY_NAME "coins_array"

typedef struct array_pair {
  sqlite3_int64 key;
  sqlite3_int64 value;  /* the INTEGER, or 'L' / 'R' */
  int letter;           /* value is a move letter */
} array_pair;

/* The aggregate context: the rows of the group (or of the window frame),
** in the order they came, until a result sorts them by key in place. */
typedef struct array_agg {
  array_pair *pairs;
  size_t n, room;
  size_t letters;       /* how many values are letters */
} array_agg;

/* Reads a row: SQLITE_OK, or an error with *err (NULL: out of memory). */
static int array_read(sqlite3_value **argv, array_pair *p, char **err) {
  sqlite3_value *value = argv[1];
  *err = NULL;
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER) {
    *err = coins_error(ARRAY_NAME, "key must be an INTEGER, got %s",
                       coins_type_name(argv[0]));
    return SQLITE_ERROR;
  }
  p->key = sqlite3_value_int64(argv[0]);
  p->letter = sqlite3_value_type(value) == SQLITE_TEXT;
  if (sqlite3_value_type(value) == SQLITE_INTEGER) {
    p->value = sqlite3_value_int64(value);
    return SQLITE_OK;
  }
  if (sqlite3_value_type(value) == SQLITE_NULL) {
    *err = coins_error(ARRAY_NAME, "value at key %lld is NULL", p->key);
  } else if (p->letter) {
    const unsigned char *t = sqlite3_value_text(value);
    int len = sqlite3_value_bytes(value);
    if (t == NULL) return SQLITE_NOMEM;
    int side = len != 1 ? 0 : t[0] == 'L' || t[0] == 'l' ? 'L'
                            : t[0] == 'R' || t[0] == 'r' ? 'R' : 0;
    if (side) {
      p->value = side;
      return SQLITE_OK;
    }
    char q[64];
    coins_quote(t, (size_t)len, q, sizeof q);
    *err = coins_error(ARRAY_NAME, "value at key %lld must be an INTEGER or "
                       "'L'/'R', got '%s'", p->key, q);
  } else {
    *err = coins_error(ARRAY_NAME, "value at key %lld must be an INTEGER or "
                       "'L'/'R', got %s", p->key, coins_type_name(value));
  }
  return SQLITE_ERROR;
}

static void array_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  array_agg *agg = sqlite3_aggregate_context(ctx, sizeof *agg);
  array_pair p;
  char *err;
  if (agg == NULL) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (array_read(argv, &p, &err) != SQLITE_OK) {
    coins_result_error(ctx, err);
    return;
  }
  if (agg->n == agg->room) {
    size_t room = agg->room ? 2 * agg->room : 16;
    array_pair *grown =
        sqlite3_realloc64(agg->pairs, (sqlite3_uint64)room * sizeof *grown);
    if (grown == NULL) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    agg->pairs = grown;
    agg->room = room;
  }
  agg->pairs[agg->n++] = p;
  agg->letters += (size_t)p.letter;
}

/* Removes the row leaving the window frame: a pair equal to it. */
static void array_inverse(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv) {
  (void)argc;
  array_agg *agg = sqlite3_aggregate_context(ctx, 0);
  array_pair p;
  char *err = NULL;
  if (agg == NULL || array_read(argv, &p, &err) != SQLITE_OK) {
    sqlite3_free(err); /* xStep has reported it already */
    return;
  }
  for (size_t i = 0; i < agg->n; i++) {
    const array_pair *q = &agg->pairs[i];
    if (q->key == p.key && q->value == p.value && q->letter == p.letter) {
      memmove(&agg->pairs[i], &agg->pairs[i + 1],
              (agg->n - i - 1) * sizeof *agg->pairs);
      agg->n--;
      agg->letters -= (size_t)p.letter;
      return;
    }
  }
}

static void sift_down(array_pair *a, size_t i, size_t n) {
  for (size_t c; (c = 2 * i + 1) < n; i = c) {
    if (c + 1 < n && a[c + 1].key > a[c].key) c++;
    if (a[i].key >= a[c].key) return;
    array_pair t = a[i];
    a[i] = a[c];
    a[c] = t;
  }
}

/* Heapsort by key: in place, O(n log n), no memory outside SQLite's. */
static void sort_by_key(array_pair *a, size_t n) {
  size_t i = 1;
  while (i < n && a[i - 1].key <= a[i].key) i++;
  if (i >= n) return; /* already in order: the usual case */
  for (i = n / 2; i-- > 0;) sift_down(a, i, n);
  for (size_t end = n; end-- > 1;) {
    array_pair t = a[0];
    a[0] = a[end];
    a[end] = t;
    sift_down(a, 0, end);
  }
}

static void array_result(sqlite3_context *ctx, array_agg *agg) {
  if (agg == NULL || agg->n == 0) {
    sqlite3_result_text(ctx, "[]", 2, SQLITE_STATIC);
    return;
  }
  if (agg->letters > 0 && agg->letters < agg->n) {
    coins_result_error(ctx, coins_error(ARRAY_NAME, "the values mix INTEGERs and "
                                  "move letters"));
    return;
  }
  sort_by_key(agg->pairs, agg->n);
  for (size_t i = 1; i < agg->n; i++)
    if (agg->pairs[i].key == agg->pairs[i - 1].key) {
      coins_result_error(ctx, coins_error(ARRAY_NAME, "duplicate key %lld",
                                    agg->pairs[i].key));
      return;
    }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  for (size_t i = 0; i < agg->n && sqlite3_str_errcode(s) == SQLITE_OK; i++) {
    const array_pair *p = &agg->pairs[i];
    sqlite3_str_appendchar(s, 1, i ? ',' : '[');
    if (p->letter)
      sqlite3_str_appendf(s, "\"%c\"", (int)p->value);
    else
      sqlite3_str_appendf(s, "%lld", p->value);
  }
  sqlite3_str_appendchar(s, 1, ']');
  result_str(ctx, s);
}

static void array_value(sqlite3_context *ctx) {
  array_result(ctx, sqlite3_aggregate_context(ctx, 0));
}

static void array_final(sqlite3_context *ctx) {
  array_agg *agg = sqlite3_aggregate_context(ctx, 0);
  array_result(ctx, agg);
  if (agg) {
    sqlite3_free(agg->pairs);
    memset(agg, 0, sizeof *agg);
  }
}

/* ---------------------------------------------------------- registration */

int coins_register_tools(sqlite3 *db) {
  static const struct {
    const char *name;
    int n_arg;
    void (*fn)(sqlite3_context *, int, sqlite3_value **);
  } scalars[] = {
      {DEAL_NAME, 2, deal_func},          {DEAL_NAME, 4, deal_func},
      {DIAGRAM_NAME, 2, diagram_func},    {DIAGRAM_NAME, 3, diagram_func},
      {DIAGRAM_NAME, 4, diagram_func},
  };
  const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof scalars / sizeof *scalars;
       i++)
    rc = sqlite3_create_function(db, scalars[i].name, scalars[i].n_arg, flags,
                                 NULL, scalars[i].fn, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_window_function(db, ARRAY_NAME, 2, flags, NULL,
                                        array_step, array_final, array_value,
                                        array_inverse, NULL);
  return rc;
}
