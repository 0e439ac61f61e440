/*
** array.c -- coins_array(key, value), an aggregate and window function for
** databases that keep one coin or one move per row: the JSON array of the
** group's values ordered by key, e.g.
**
**   SELECT game, coins_win(3, coins_array(pos, value)) FROM coin_rows
**   GROUP BY game;
**
** Values are INTEGERs, or 'L'/'R' in any case (emitted as "L"/"R"), not
** both kinds in one group.  NULL keys or values, other types, and
** duplicate keys are errors; an empty group gives '[]'.  docs/reference.md
** has the whole contract.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define ARRAY_NAME "coins_array"

typedef struct array_pair {
  sqlite3_int64 key;
  sqlite3_int64 value; /* the INTEGER, or 'L' / 'R' */
  int letter;          /* value is a move letter */
} array_pair;

/* The aggregate context: the rows of the group (or of the window frame),
** in the order they came, until a result sorts them by key in place. */
typedef struct array_agg {
  array_pair *pairs;
  size_t n, room;
  size_t letters; /* how many values are letters */
} array_agg;

/* Reads a row: SQLITE_OK, or an error with *err (NULL: out of memory). */
static int array_read(sqlite3_value **argv, array_pair *p, char **err) {
  sqlite3_value *value = argv[1];
  *err = NULL;
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER) {
    *err = coins_error(ARRAY_NAME, "key must be an INTEGER, got %s", coins_type_name(argv[0]));
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
    char side = len == 1 ? coins_side_of(t[0]) : 0;
    if (side) {
      p->value = side;
      return SQLITE_OK;
    }
    char q[64];
    coins_quote(t, (size_t)len, q, sizeof q);
    *err = coins_error(ARRAY_NAME,
                       "value at key %lld must be an INTEGER or "
                       "'L'/'R', got '%s'",
                       p->key, q);
  } else {
    *err = coins_error(ARRAY_NAME,
                       "value at key %lld must be an INTEGER or "
                       "'L'/'R', got %s",
                       p->key, coins_type_name(value));
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
    array_pair *grown = sqlite3_realloc64(agg->pairs, (sqlite3_uint64)room * sizeof *grown);
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
static void array_inverse(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
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
      memmove(&agg->pairs[i], &agg->pairs[i + 1], (agg->n - i - 1) * sizeof *agg->pairs);
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
    coins_result_error(ctx, coins_error(ARRAY_NAME,
                                        "the values mix INTEGERs and "
                                        "move letters"));
    return;
  }
  sort_by_key(agg->pairs, agg->n);
  for (size_t i = 1; i < agg->n; i++)
    if (agg->pairs[i].key == agg->pairs[i - 1].key) {
      coins_result_error(ctx, coins_error(ARRAY_NAME, "duplicate key %lld", agg->pairs[i].key));
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
  coins_result_str(ctx, s);
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

int coins_register_array(sqlite3 *db) {
  return sqlite3_create_window_function(db, ARRAY_NAME, 2, COINS_FUNCTION_FLAGS, NULL, array_step,
                                        array_final, array_value, array_inverse, NULL);
}
