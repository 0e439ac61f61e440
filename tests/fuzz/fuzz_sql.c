/*
** fuzz_sql.c -- libFuzzer harness for the SQL surface of coins: every
** scalar function, the coins_array aggregate/window function and the
** three table-valued functions, through one in-memory database opened once
** and reused (the extension built in with -DSQLITE_CORE, make fuzz).
**
** Input bytes:
**   [0]  the query: an index into the templates below (% their count)
**   [1.. ] the arguments, split on '|' (0x7C).  Each piece starts with a
**        type byte: 't' TEXT, 'i' INTEGER (decimal, wrapping), 'x' INTEGER
**        (little-endian raw bytes), 'r' REAL, 'n' NULL, 'b' BLOB; any other
**        byte picks one of these by its value.  The rest of the piece is
**        the value.  Pieces are bound to ?1, ?2, ... in order; parameters
**        without a piece stay NULL.
**
** So "\x00|t3|t[8,15,3,7]" is coins_win(3, '[8,15,3,7]').  Errors are fine
** (they are most of what a fuzzer finds); crashes, leaks, sanitizer
** reports, and an error message that is not valid UTF-8 (Python's sqlite3
** decodes messages strictly) are not.  Limits keep every input fast:
** inputs of at most 4096 bytes, SQLITE_LIMIT_LENGTH of 16 KiB, at most
** 10,000 rows stepped per statement (variant I with a huge count streams
** practically forever through coins_moves and coins_play).
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins_sqlite.h"

#define MAX_INPUT 4096
#define MAX_STEPS 10000
#define LENGTH_LIMIT 16384

static const char *const queries[] = {
    /* scalars, 2 and 3 arguments */
    "SELECT coins_win(?1, ?2)",
    "SELECT coins_win(?1, ?2, ?3)",
    "SELECT coins_outcome(?1, ?2)",
    "SELECT coins_outcome(?1, ?2, ?3)",
    "SELECT coins_margin(?1, ?2)",
    "SELECT coins_margin(?1, ?2, ?3)",
    "SELECT coins_score(?1, ?2)",
    "SELECT coins_score(?1, ?2, ?3)",
    "SELECT coins_best_move(?1, ?2)",
    "SELECT coins_best_move(?1, ?2, ?3)",
    /* one registration called on several rows: its buffers are reused */
    "WITH g(v, c, k) AS (VALUES (?1, ?2, ?3), (?4, ?5, ?6), (?7, ?8, ?9)) "
    "SELECT coins_margin(v, c, k), coins_best_move(v, c, k) FROM g",
    "WITH g(v, c) AS (VALUES (?1, ?2), (?3, ?4), (?5, ?6)) "
    "SELECT coins_win(v, c), coins_outcome(v, c), coins_score(v, c) FROM g",
    "SELECT coins_version()",
    /* helpers */
    "SELECT coins_deal(?1, ?2)",
    "SELECT coins_deal(?1, ?2, ?3, ?4)",
    "SELECT coins_diagram(?1, ?2)",
    "SELECT coins_diagram(?1, ?2, ?3)",
    "SELECT coins_diagram(?1, ?2, ?3, ?4)",
    "SELECT coins_win(?1, coins_deal(?2, ?3, ?4, ?5), ?6)",
    /* the aggregate and window function */
    "SELECT coins_array(?1, ?2)",
    "WITH t(k, v) AS (VALUES (?1, ?2), (?3, ?4), (?5, ?6), (?7, ?8)) "
    "SELECT coins_array(k, v) FROM t",
    "SELECT coins_array(key, value) FROM json_each(?1)",
    "SELECT coins_array(key, value) OVER (ORDER BY key ROWS BETWEEN 1 "
    "PRECEDING AND CURRENT ROW) FROM json_each(?1)",
    "WITH t(o, k, v) AS (VALUES (1, ?1, ?2), (2, ?3, ?4), (3, ?5, ?6), "
    "(4, ?7, ?8)) SELECT coins_array(k, v) OVER (ORDER BY o ROWS BETWEEN 2 "
    "PRECEDING AND CURRENT ROW) FROM t",
    "SELECT coins_win(?1, coins_array(key, value)) FROM json_each(?2)",
    /* coins_moves */
    "SELECT * FROM coins_moves(?1, ?2)",
    "SELECT * FROM coins_moves(?1, ?2, ?3)",
    "SELECT *, arg_variant, arg_coins, arg_max_take FROM coins_moves(?1, ?2, "
    "?3) ORDER BY ply",
    /* a sort needs every row first: a huge variant I count must be cut,
    ** in ply order (without ORDER BY the LIMIT may take any 3000 rows,
    ** and SQLite then sorts them all) */
    "SELECT * FROM (SELECT * FROM coins_moves(?1, ?2, ?3) ORDER BY ply "
    "LIMIT 3000) ORDER BY ply DESC",
    "SELECT * FROM coins_moves WHERE arg_variant = ?1 AND arg_coins = ?2 AND "
    "arg_max_take = ?3",
    "WITH g(v, c, k) AS (VALUES (?1, ?2, ?3), (?4, ?5, ?6)) "
    "SELECT m.* FROM g, coins_moves(g.v, g.c, g.k) AS m",
    /* coins_review */
    "SELECT * FROM coins_review(?1, ?2, ?3)",
    "SELECT * FROM coins_review(?1, ?2, ?3, ?4)",
    "SELECT *, arg_variant, arg_coins, arg_moves, arg_max_take FROM "
    "coins_review(?1, ?2, ?3, ?4)",
    "WITH g(v, c, r) AS (VALUES (?1, ?2, ?3), (?4, ?5, ?6)) "
    "SELECT m.* FROM g, coins_review(g.v, g.c, g.r) AS m",
    "SELECT * FROM coins_review(?1, ?2, (SELECT coins_array(ply, move) FROM "
    "(SELECT * FROM coins_moves(?1, ?2, ?3) ORDER BY ply LIMIT 3000)), "
    "?3)",
    /* coins_play */
    "SELECT * FROM coins_play(?1, ?2, ?3, ?4)",
    "SELECT * FROM coins_play(?1, ?2, ?3, ?4, ?5)",
    "SELECT *, arg_variant, arg_coins, arg_first, arg_second, arg_max_take "
    "FROM coins_play(?1, ?2, ?3, ?4, ?5)",
    "WITH g(f, s) AS (VALUES (?1, ?2), (?3, ?4)) "
    "SELECT m.* FROM g, coins_play(?5, ?6, g.f, g.s) AS m",
    /* the tables joined with the scalars */
    "SELECT coins_diagram(?1, ?2, (SELECT coins_array(ply, move) FROM "
    "(SELECT * FROM coins_play(?1, ?2, ?3, ?4, ?5) ORDER BY ply "
    "LIMIT 3000)), ?5)",
    /* rowid, and the hidden column of an argument left out (NULL) */
    "SELECT rowid, arg_max_take, * FROM coins_moves(?1, ?2)",
    "SELECT rowid, arg_max_take, * FROM coins_review(?1, ?2, ?3)",
    /* the analysis: options (a variant I count streams: cut), the
    ** review's columns (read on some rows only), scorecards, helpers */
    "SELECT * FROM coins_options(?1, ?2, ?3, ?4) LIMIT 3000",
    "SELECT rowid, * FROM coins_options(?1, ?2) WHERE move = ?3 LIMIT 3000",
    "SELECT position, lead, eval, only_move, grade, accuracy FROM "
    "coins_review(?1, ?2, ?3, ?4)",
    "SELECT only_move, grade FROM coins_review(?1, ?2, ?3) WHERE ply % 3 = 1",
    "SELECT * FROM coins_scorecard(?1, ?2, ?3, ?4)",
    "SELECT coins_variant(?1), coins_count(?1, ?2)",
    /* max_take as a set of takes: '[' ?3 ']' reaches the set's parser
    ** and the family's solvers more often than a bare ?3 does */
    "SELECT coins_win(?1, ?2, '[' || ?3 || ']'), coins_best_move(?1, ?2, '[' || ?3 || ']')",
    "SELECT coins_margin(?1, ?2, '[' || ?3 || ']'), coins_score(?1, ?2, '[' || ?3 || ']')",
    "SELECT * FROM coins_moves(?1, ?2, '[' || ?3 || ']') LIMIT 3000",
    "SELECT * FROM coins_review(?1, ?2, ?3, '[' || ?4 || ']')",
    "SELECT * FROM coins_play(?1, ?2, ?3, ?4, '[' || ?5 || ']') LIMIT 3000",
    "SELECT * FROM coins_options(?1, ?2, '[' || ?3 || ']', ?4)",
    "SELECT coins_result(?1, ?2, ?3, '[' || ?4 || ']'), coins_after(?1, ?2, ?3, '[' || ?4 || ']')",
    "SELECT coins_diagram(?1, ?2, ?3, '[' || ?4 || ']'), coins_svg(?1, ?2, ?3, '[' || ?4 || ']')",
    "SELECT * FROM coins_scorecard(?1, ?2, ?3, '[' || ?4 || ']')",
    /* sums of piles (variants I-sum and I-sum-misere): the piles as an
    ** array, a huge pile's line cut */
    "SELECT coins_win('I-sum', ?1, ?2), coins_best_move('I-sum', ?1, ?2), "
    "coins_best_move('I-sum-misere', ?1, ?2)",
    "SELECT * FROM coins_moves('I-sum', ?1, ?2) LIMIT 3000",
    "SELECT *, position, eval, only_move FROM coins_review('I-sum', ?1, ?2, ?3)",
    "SELECT * FROM coins_play('I-sum', ?1, ?2, ?3, ?4) LIMIT 3000",
    "SELECT * FROM coins_options('I-sum', ?1, ?2) LIMIT 3000",
    "SELECT coins_result('I-sum', ?1, ?2, ?3), coins_after('I-sum', ?1, ?2, ?3)",
    "SELECT * FROM coins_moves('I-sum-misere', ?1, ?2) LIMIT 3000",
    "SELECT *, position, eval, only_move FROM coins_review('I-sum-misere', ?1, ?2, ?3)",
    "SELECT * FROM coins_options('I-sum-misere', ?1, ?2) LIMIT 3000",
    "SELECT coins_result('I-sum-misere', ?1, ?2, ?3), coins_after('I-sum-misere', ?1, ?2, ?3)",
};
#define N_QUERIES (sizeof queries / sizeof *queries)

static sqlite3 *db;
static sqlite3_stmt *stmts[N_QUERIES];

static void die(const char *what) {
  fprintf(stderr, "fuzz_sql: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
  abort();
}

static void open_db(void) {
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die("sqlite3_open");
  if (sqlite3_coins_init(db, &err, NULL) != SQLITE_OK) {
    fprintf(stderr, "fuzz_sql: sqlite3_coins_init: %s\n", err ? err : "?");
    abort();
  }
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, LENGTH_LIMIT);
  for (size_t i = 0; i < N_QUERIES; i++)
    if (sqlite3_prepare_v2(db, queries[i], -1, &stmts[i], NULL) != SQLITE_OK) {
      fprintf(stderr, "fuzz_sql: query %zu: %s\n", i, queries[i]);
      die("sqlite3_prepare_v2");
    }
}

/* Well-formed UTF-8 (no overlongs, surrogates or code points past
** U+10FFFF), as a strict decoder such as Python's wants it. */
static int valid_utf8(const unsigned char *s) {
  while (*s) {
    unsigned c = *s++;
    int more;
    unsigned min, cp;
    if (c < 0x80) continue;
    if ((c & 0xE0) == 0xC0)
      more = 1, min = 0x80, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
      more = 2, min = 0x800, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
      more = 3, min = 0x10000, cp = c & 0x07;
    else
      return 0;
    for (int i = 0; i < more; i++) {
      if ((*s & 0xC0) != 0x80) return 0;
      cp = cp << 6 | (*s++ & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  }
  return 1;
}

/* A decimal integer, wrapping modulo 2^64 (the fuzzer reaches both ends). */
static sqlite3_int64 decimal(const uint8_t *p, size_t n) {
  size_t i = 0;
  int negative = n > 0 && p[0] == '-';
  uint64_t v = 0;
  for (i = (size_t)negative; i < n && p[i] >= '0' && p[i] <= '9'; i++)
    v = v * 10 + (uint64_t)(p[i] - '0');
  if (negative) v = (uint64_t)0 - v;
  return v <= (uint64_t)INT64_MAX ? (sqlite3_int64)v : -(sqlite3_int64)~v - 1;
}

static void bind_piece(sqlite3_stmt *stmt, int index, const uint8_t *p, size_t n) {
  static const char types[] = "tixrnb";
  char type = n ? (char)p[0] : 'n';
  if (n && !strchr(types, type)) type = types[p[0] % 6];
  if (n) p++, n--;
  switch (type) {
    case 't': sqlite3_bind_text(stmt, index, (const char *)p, (int)n, SQLITE_TRANSIENT); break;
    case 'i': sqlite3_bind_int64(stmt, index, decimal(p, n)); break;
    case 'x': {
      uint64_t v = 0;
      for (size_t i = 0; i < n && i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
      sqlite3_bind_int64(stmt, index, (sqlite3_int64)v);
      break;
    }
    case 'r': {
      double d;
      if (n == 8) {
        memcpy(&d, p, 8); /* any bit pattern: NaN, infinities, ... */
      } else {
        d = (double)decimal(p, n);
        if (memchr(p, '.', n)) d += 0.5;
      }
      sqlite3_bind_double(stmt, index, d);
      break;
    }
    case 'b': sqlite3_bind_blob(stmt, index, p, (int)n, SQLITE_TRANSIENT); break;
    default: sqlite3_bind_null(stmt, index); break;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > MAX_INPUT) return 0;
  if (!db) open_db();
  sqlite3_stmt *stmt = stmts[data[0] % N_QUERIES];
  int params = sqlite3_bind_parameter_count(stmt);

  /* the pieces after byte 0, each after a '|' */
  const uint8_t *p = data + 1, *end = data + size;
  for (int index = 1; index <= params && p < end && *p == '|'; index++) {
    const uint8_t *start = ++p;
    while (p < end && *p != '|') p++;
    bind_piece(stmt, index, start, (size_t)(p - start));
  }

  int rc = SQLITE_ROW;
  for (int steps = 0; steps < MAX_STEPS && rc == SQLITE_ROW; steps++) {
    rc = sqlite3_step(stmt);
    if (rc != SQLITE_ROW) break;
    for (int c = 0; c < sqlite3_column_count(stmt); c++)
      (void)sqlite3_column_bytes(stmt, c); /* forces text out of numbers */
  }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    const char *msg = sqlite3_errmsg(db);
    if (msg == NULL || !valid_utf8((const unsigned char *)msg)) {
      fprintf(stderr, "fuzz_sql: error message is not valid UTF-8\n");
      abort();
    }
    if (rc == SQLITE_MISUSE || rc == SQLITE_INTERNAL || rc == SQLITE_CORRUPT)
      die("unexpected error code");
  }
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return 0;
}
