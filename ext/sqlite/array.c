/*
** array.c -- coins_array(key, value), an aggregate and window function for
** databases that keep one coin or one move per row: the JSON array of the
** group's values ordered by key, e.g.
**
**   SELECT game, coins_win(3, coins_array(pos, value)) FROM coin_rows
**   GROUP BY game;
**
** Keys are any values SQLite can order, ordered as ORDER BY orders them
** with the BINARY collation: numbers (INTEGER and REAL, by value) before
** TEXT before BLOBs, TEXT and BLOBs byte by byte.  Values are integers
** (read as coins_args_int reads them: an INTEGER, an integral REAL, TEXT
** holding an integer), or 'L'/'R' in any case (emitted as "L"/"R"), not
** both kinds in one group.  NULL keys or values, other values, and
** duplicate keys (2 and 2.0 are one key) are errors; an empty group gives
** '[]'.  docs/reference.md has the whole contract.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define ARRAY_NAME "coins_array"

/* A key: its SQLite type, and the number, or the bytes of TEXT and BLOBs
** (len of them; NULL when len is 0).  The aggregate owns the bytes of the
** keys it keeps (sqlite3_malloc64); a key just read borrows them from its
** sqlite3_value. */
typedef struct array_pair {
  union {
    sqlite3_int64 i;      /* SQLITE_INTEGER */
    double r;             /* SQLITE_FLOAT   */
    unsigned char *bytes; /* SQLITE_TEXT, SQLITE_BLOB */
  } key;
  sqlite3_int64 value;  /* the integer, or a move word as records store it */
  int len;              /* bytes of a TEXT or BLOB key */
  unsigned char type;   /* the key's SQLITE_INTEGER ... SQLITE_BLOB */
  unsigned char letter; /* value is a move word: the coins_notation, else 0 */
} array_pair;

/* The aggregate context: the rows of the group (or of the window frame),
** in the order they came, until a result sorts them by key in place. */
typedef struct array_agg {
  array_pair *pairs;
  size_t n, room;
  size_t letters; /* how many values are letters */
} array_agg;

/* -1, 0 or 1 as the INTEGER i is less than, equal to or greater than the
** REAL r, exactly (as SQLite compares them): (double)i may round. */
static int int_real_cmp(sqlite3_int64 i, double r) {
  if (r != r) return 1; /* NaN: SQLite stores none, but keep the order total */
  if (r < -9223372036854775808.0) return 1;
  if (r >= 9223372036854775808.0) return -1;
  sqlite3_int64 t = (sqlite3_int64)r; /* r truncated: exact in int64 */
  if (i != t) return i < t ? -1 : 1;
  /* i == t: r is i plus a fraction, and (double)t is exact (a double of
  ** magnitude 2^53 or more has no fraction: then r == (double)t). */
  return r > (double)t ? -1 : r < (double)t;
}

static int real_cmp(double a, double b) { return a < b ? -1 : a > b; }

static int key_class(int type) {
  return type == SQLITE_INTEGER || type == SQLITE_FLOAT ? 1 : type == SQLITE_TEXT ? 2 : 3;
}

/* Compares two keys as ORDER BY does with the BINARY collation. */
static int key_cmp(const array_pair *a, const array_pair *b) {
  int ca = key_class(a->type), cb = key_class(b->type);
  if (ca != cb) return ca < cb ? -1 : 1;
  if (ca == 1) {
    if (a->type == SQLITE_INTEGER && b->type == SQLITE_INTEGER)
      return a->key.i < b->key.i ? -1 : a->key.i > b->key.i;
    if (a->type == SQLITE_INTEGER) return int_real_cmp(a->key.i, b->key.r);
    if (b->type == SQLITE_INTEGER) return -int_real_cmp(b->key.i, a->key.r);
    return real_cmp(a->key.r, b->key.r);
  }
  int common = a->len < b->len ? a->len : b->len;
  int c = common > 0 ? memcmp(a->key.bytes, b->key.bytes, (size_t)common) : 0;
  if (c != 0) return c < 0 ? -1 : 1;
  return a->len < b->len ? -1 : a->len > b->len;
}

/* The key as a message shows it: 5, 2.5, '2024-01-01' or X'01FF'. */
static void key_describe(const array_pair *p, char out[64]) {
  switch (p->type) {
    case SQLITE_INTEGER: sqlite3_snprintf(64, out, "%lld", p->key.i); return;
    case SQLITE_FLOAT:
      /* an integral REAL in the int64 range exactly (1700000000123456.0:
      ** microseconds), others as SQLite shows them (2.5, 1.0e+300) */
      if (p->key.r >= -9223372036854775808.0 && p->key.r < 9223372036854775808.0 &&
          (double)(sqlite3_int64)p->key.r == p->key.r)
        sqlite3_snprintf(64, out, "%lld.0", (sqlite3_int64)p->key.r);
      else
        sqlite3_snprintf(64, out, "%!.15g", p->key.r);
      return;
    case SQLITE_TEXT: {
      char q[48];
      coins_text_quote(p->key.bytes ? p->key.bytes : (const unsigned char *)"", (size_t)p->len, q,
                       sizeof q);
      sqlite3_snprintf(64, out, "'%s'", q);
      return;
    }
    default: {
      static const char hex[] = "0123456789ABCDEF";
      int shown = p->len > 20 ? 20 : p->len, o = 0;
      out[o++] = 'X';
      out[o++] = '\'';
      for (int i = 0; i < shown; i++) {
        out[o++] = hex[p->key.bytes[i] >> 4];
        out[o++] = hex[p->key.bytes[i] & 15];
      }
      if (shown < p->len) {
        memcpy(out + o, "...", 3);
        o += 3;
      }
      out[o++] = '\'';
      out[o] = 0;
    }
  }
}

/* Reads the key (borrowing the bytes of TEXT and BLOBs from argv[0]) and
** the value of a row: SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR with *err
** (NULL: out of memory). */
static int array_read(sqlite3_value **argv, array_pair *p, char **err) {
  sqlite3_value *key = argv[0], *value = argv[1];
  char at[64], what[64];
  *err = NULL;
  p->type = (unsigned char)sqlite3_value_type(key);
  p->len = 0;
  p->letter = 0;
  switch (p->type) {
    case SQLITE_INTEGER: p->key.i = sqlite3_value_int64(key); break;
    case SQLITE_FLOAT: p->key.r = sqlite3_value_double(key); break;
    case SQLITE_TEXT:
    case SQLITE_BLOB:
      /* the pointer first, then its length (sqlite3_value_bytes after it) */
      p->key.bytes = (unsigned char *)(p->type == SQLITE_TEXT ? sqlite3_value_text(key)
                                                              : sqlite3_value_blob(key));
      p->len = sqlite3_value_bytes(key);
      if (p->len == 0) p->key.bytes = NULL;
      if (p->key.bytes == NULL && p->len > 0) return SQLITE_NOMEM;
      break;
    default: return coins_reply_fail(err, ARRAY_NAME, "key is NULL");
  }
  if (sqlite3_value_type(value) == SQLITE_NULL) {
    key_describe(p, at);
    return coins_reply_fail(err, ARRAY_NAME, "value at key %s is NULL", at);
  }
  if (sqlite3_value_type(value) == SQLITE_TEXT) {
    const char *t = (const char *)sqlite3_value_text(value);
    size_t len = (size_t)sqlite3_value_bytes(value);
    if (t == NULL && len > 0) return SQLITE_NOMEM;
    coins_text_trim_blanks(&t, &len); /* ' L' is 'L', as ' 7 ' is 7 */
    coins_notation nt;
    int64_t word = coins_notation_word(t, len, &nt);
    if (word) {
      p->value = word;
      p->letter = (unsigned char)nt;
      return SQLITE_OK;
    }
  }
  int rc = coins_args_int(value, &p->value, what);
  if (rc != SQLITE_MISMATCH) return rc;
  key_describe(p, at);
  return coins_reply_fail(err, ARRAY_NAME, "value at key %s must be an integer or 'L'/'R', got %s",
                          at, what);
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
    coins_reply_error(ctx, err); /* NULL err: out of memory */
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
  if (p.len > 0) { /* a TEXT or BLOB key: keep a copy */
    unsigned char *copy = sqlite3_malloc64((sqlite3_uint64)p.len);
    if (copy == NULL) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    memcpy(copy, p.key.bytes, (size_t)p.len);
    p.key.bytes = copy;
  }
  agg->pairs[agg->n++] = p;
  agg->letters += p.letter != 0;
}

/* Removes the row leaving the window frame: a pair equal to it (the same
** key of the same type, the same value). */
static void array_inverse(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  array_agg *agg = sqlite3_aggregate_context(ctx, 0);
  array_pair p;
  char *err = NULL;
  if (agg == NULL) return;
  int rc = array_read(argv, &p, &err);
  if (rc != SQLITE_OK) {
    /* an invalid row never entered (xStep has reported it); but a row
    ** that cannot be read for want of memory would stay in the frame */
    if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
    sqlite3_free(err);
    return;
  }
  for (size_t i = 0; i < agg->n; i++) {
    array_pair *q = &agg->pairs[i];
    if (q->type == p.type && q->value == p.value && q->letter == p.letter && key_cmp(q, &p) == 0) {
      if (q->type == SQLITE_TEXT || q->type == SQLITE_BLOB) sqlite3_free(q->key.bytes);
      memmove(q, q + 1, (agg->n - i - 1) * sizeof *q);
      agg->n--;
      agg->letters -= p.letter != 0;
      return;
    }
  }
}

static void sift_down(array_pair *a, size_t i, size_t n) {
  for (size_t c; (c = 2 * i + 1) < n; i = c) {
    if (c + 1 < n && key_cmp(&a[c + 1], &a[c]) > 0) c++;
    if (key_cmp(&a[i], &a[c]) >= 0) return;
    array_pair t = a[i];
    a[i] = a[c];
    a[c] = t;
  }
}

/* Heapsort by key: in place, O(n log n), no memory outside SQLite's.
** SQLITE_OK, or SQLITE_INTERRUPT when poll says so. */
static int sort_by_key(array_pair *a, size_t n, coins_interrupt_poll *poll) {
  size_t i = 1;
  while (i < n && key_cmp(&a[i - 1], &a[i]) <= 0) i++;
  if (i >= n) return SQLITE_OK; /* already in order: the usual case */
  for (i = n / 2; i-- > 0;) {
    if (coins_interrupt_poll_stopped(poll)) return SQLITE_INTERRUPT;
    sift_down(a, i, n);
  }
  for (size_t end = n; end-- > 1;) {
    if (coins_interrupt_poll_stopped(poll)) return SQLITE_INTERRUPT;
    array_pair t = a[0];
    a[0] = a[end];
    a[end] = t;
    sift_down(a, 0, end);
  }
  return SQLITE_OK;
}

static void array_result(sqlite3_context *ctx, array_agg *agg) {
  if (agg == NULL || agg->n == 0) {
    sqlite3_result_text(ctx, "[]", 2, SQLITE_STATIC);
    return;
  }
  if (agg->letters > 0 && agg->letters < agg->n) {
    coins_reply_error(ctx,
                      coins_reply_message(ARRAY_NAME, "the values mix integers and move letters"));
    return;
  }
  coins_stop stop;
  coins_interrupt_poll poll = {coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &stop),
                               COINS_INTERRUPT_POLL_EVERY};
  if (sort_by_key(agg->pairs, agg->n, &poll) != SQLITE_OK) {
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
    return;
  }
  for (size_t i = 1; i < agg->n; i++)
    if (key_cmp(&agg->pairs[i], &agg->pairs[i - 1]) == 0) {
      char key[64];
      key_describe(&agg->pairs[i], key);
      coins_reply_error(ctx, coins_reply_message(ARRAY_NAME, "duplicate key %s", key));
      return;
    }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  for (size_t i = 0; i < agg->n && sqlite3_str_errcode(s) == SQLITE_OK; i++) {
    const array_pair *p = &agg->pairs[i];
    if (coins_interrupt_poll_stopped(&poll)) {
      sqlite3_free(sqlite3_str_finish(s));
      sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
      return;
    }
    sqlite3_str_appendchar(s, 1, i ? ',' : '[');
    if (p->letter) {
      char buf[COINS_MOVE_TEXT_SIZE];
      size_t len;
      coins_notation nt = (coins_notation)p->letter;
      sqlite3_str_appendf(
          s, "\"%s\"", coins_notation_format(nt, coins_notation_decode(nt, p->value), buf, &len));
    } else
      sqlite3_str_appendf(s, "%lld", p->value);
  }
  sqlite3_str_appendchar(s, 1, ']');
  coins_reply_str(ctx, s, ARRAY_NAME, "the array");
}

static void array_value(sqlite3_context *ctx) {
  array_result(ctx, sqlite3_aggregate_context(ctx, 0));
}

static void array_final(sqlite3_context *ctx) {
  array_agg *agg = sqlite3_aggregate_context(ctx, 0);
  array_result(ctx, agg);
  if (agg) {
    for (size_t i = 0; i < agg->n; i++) {
      const array_pair *p = &agg->pairs[i];
      if (p->type == SQLITE_TEXT || p->type == SQLITE_BLOB) sqlite3_free(p->key.bytes);
    }
    sqlite3_free(agg->pairs);
    memset(agg, 0, sizeof *agg);
  }
}

int coins_array_register(sqlite3 *db) {
  return sqlite3_create_window_function(db, ARRAY_NAME, 2, COINS_SQL_FUNCTION_FLAGS, NULL,
                                        array_step, array_final, array_value, array_inverse, NULL);
}
