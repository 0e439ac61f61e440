/*
** test_limits.c -- coins at the limits, through SQL: what happens, exactly,
** when an input is as large, as deep, as long or as slow as it gets.
**
**   - SQLITE_LIMIT_LENGTH: an argument longer than the limit cannot even be
**     built or bound (SQLite's own "string or blob too big"); one exactly
**     at the limit works; results that would pass it (coins_diagram,
**     coins_svg, coins_after, coins_array) are SQLITE_TOOBIG with a message
**     that names the function and what was too long; coins_deal measures
**     its row first and says how many coins fit.
**   - 10^7 coins, built in C and bound: coins_margin of equal and of
**     ascending coins (known values), count(*) of coins_moves.
**   - a million levels of '[' and a million-digit number: one clear error
**     each, and no recursion (the statements run on a thread with a small
**     stack); a million-digit number whose value is an exact integer is
**     accepted.
**   - max_take 0, -1, 2^63-1; variant I with n = 2^63-1 (coins_win,
**     coins_best_move, LIMIT on coins_moves); records longer than the game.
**   - interrupts: endless or long statements (coins_moves and coins_play
**     of 2^63-1 coins, coins_review of a long record) stop with
**     SQLITE_INTERRUPT "interrupted" within a second of the progress
**     handler returning non-zero, or of sqlite3_interrupt called from it,
**     and the connection works afterwards.
**
** Build and run:  make build/test_limits && build/test_limits
*/
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "coins.h"
#include "test_sqlutil.h"

#define MAX_I64 "9223372036854775807"

/* ------------------------------------------------------------- helpers */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Appends the current row's columns, '|'-separated, to buf (NULL: "NULL"). */
static void append_row(sqlite3_stmt *stmt, char *buf, size_t size) {
  for (int i = 0; i < sqlite3_column_count(stmt); i++) {
    const unsigned char *v = sqlite3_column_text(stmt, i);
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, "%s%s", i ? "|" : "", v ? (const char *)v : "NULL");
  }
}

/* Runs sql with ?1 bound to text (when text is not NULL) and returns its
** rows, ' '-separated, in a static buffer; fails the test on an error. */
static const char *rows_bound(sqlite3 *db, const char *sql, const char *text, size_t len) {
  static char buf[4096];
  sqlite3_stmt *stmt = NULL;
  buf[0] = 0;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s\n  prepare failed: %s", sql, sqlite3_errmsg(db));
  if (text)
    assert_int_equal(sqlite3_bind_text64(stmt, 1, text, len, SQLITE_STATIC, SQLITE_UTF8),
                     SQLITE_OK);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    if (buf[0]) strncat(buf, " ", sizeof buf - strlen(buf) - 1);
    append_row(stmt, buf, sizeof buf);
  }
  if (rc != SQLITE_DONE) fail_msg("%s\n  failed: %s", sql, sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  return buf;
}

/* The rows of a query must be expected (rows ' '-separated, columns '|'). */
PRINTF_LIKE(3, 4)
static void check_rows(sqlite3 *db, const char *expected, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *sql = vformat(fmt, ap);
  va_end(ap);
  check_same(sql, expected, rows_bound(db, sql, NULL, 0));
  sqlite3_free(sql);
}

/* "[1,1,...,1]" (n ones) or "[1,2,...,n]", malloc'd, length in *len. */
static char *coin_text(size_t n, int ascending, size_t *len) {
  char *text = malloc(n * 9 + 3), *p = text;
  assert_non_null(text);
  *p++ = '[';
  for (size_t i = 1; i <= n; i++) {
    if (i > 1) *p++ = ',';
    if (!ascending) {
      *p++ = '1';
      continue;
    }
    char digits[24];
    int d = 0;
    for (size_t v = i; v > 0; v /= 10) digits[d++] = (char)('0' + v % 10);
    while (d > 0) *p++ = digits[--d];
  }
  *p++ = ']';
  *p = 0;
  *len = (size_t)(p - text);
  return text;
}

/* ------------------------------------------- SQLITE_LIMIT_LENGTH */

/* '[1,1,...,1]' with n ones, built in SQL: 2n + 1 characters. */
#define ONES_SQL(n) "'[' || replace(printf('%%.*c', " #n " - 1, 'x'), 'x', '1,') || '1]'"

static void test_length_limit(void **state) {
  sqlite3 *db = *state;
  const char *too_big = "string or blob too big";
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000);
  assert_int_equal(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1), 1000);

  /* at the limit: 499 ones take 999 characters, 500 take 1001 */
  check_rows(db, "999|1",
             "SELECT length(c), coins_margin(3, c) FROM "
             "(SELECT " ONES_SQL(499) " AS c)");
  check_rows(db, "499", "SELECT count(*) FROM coins_moves(3, " ONES_SQL(499) ")");
  /* past it, the argument cannot be built: SQLite's own error, before any
  ** coins function runs */
  check_error(db, SQLITE_TOOBIG, too_big, "SELECT coins_margin(3, " ONES_SQL(500) ")");
  check_error(db, SQLITE_TOOBIG, too_big, "SELECT count(*) FROM coins_moves(3, " ONES_SQL(500) ")");
  check_error(db, SQLITE_TOOBIG, too_big, "SELECT coins_win(3, '[' || zeroblob(1000) || ']')");
  /* nor bound */
  size_t len;
  char *text = coin_text(500, 0, &len);
  assert_int_equal(len, 1001);
  sqlite3_stmt *stmt = NULL;
  assert_int_equal(sqlite3_prepare_v2(db, "SELECT coins_win(3, ?1)", -1, &stmt, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_bind_text(stmt, 1, text, (int)len, SQLITE_STATIC), SQLITE_TOOBIG);
  assert_int_equal(sqlite3_bind_text(stmt, 1, text, (int)len - 2, SQLITE_STATIC), SQLITE_OK);
  sqlite3_finalize(stmt);
  free(text);

  /* results: coins_deal measures the row before writing it, and says how
  ** many of these coins fit (SQLITE_TOOBIG, with its own message) */
  check_rows(db, "999", "SELECT length(coins_deal(1, 499, 0, 9))");
  check_error(db, SQLITE_TOOBIG,
              "coins_deal: 500 coins exceed the length limit (1000 bytes); at most 499 fit",
              "SELECT coins_deal(1, 500, 0, 9)");
  check_error(db, SQLITE_TOOBIG,
              "coins_deal: 400 coins exceed the length limit (1000 bytes); 341 fit",
              "SELECT coins_deal(1, 400)");
  check_rows(db, "1000", "SELECT length(coins_deal(1, 341))"); /* 341 do fit */
  check_error(db, SQLITE_TOOBIG,
              "coins_deal: " MAX_I64 " coins exceed the length limit (1000 bytes); at most 499 fit",
              "SELECT coins_deal(1, " MAX_I64 ", 0, 9)");
  /* coins_deal deals no row that every other function refuses: a coin of
  ** -2^63, or coins whose |values| could add up past 2^63-1 */
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);
  check_error(db, SQLITE_ERROR,
              "coins_deal: 1 coin in [-9223372036854775808, 0] could add up to more than 2^63-1 "
              "in absolute value, which no function takes: deal fewer or smaller "
              "(n * max(abs(lo), abs(hi)) <= 2^63-1)",
              "SELECT coins_deal(1, 1, -9223372036854775808, 0)");
  check_error(db, SQLITE_ERROR,
              "coins_deal: 3 coins in [0, 3074457345618258603] could add up to more than 2^63-1 "
              "in absolute value, which no function takes: deal fewer or smaller "
              "(n * max(abs(lo), abs(hi)) <= 2^63-1)",
              "SELECT coins_deal(-9223372036854775808, 3, 0, 3074457345618258603)");
  /* at the bound, and with the seed -2^63: rows the solvers take */
  check_rows(db, "1|1",
             "SELECT coins_margin(3, coins_deal(7, 3, -3074457345618258602, 3074457345618258602)) "
             "IS NOT NULL, coins_margin(2, coins_deal(-9223372036854775808, 1000, -" MAX_I64
             " / 1000, " MAX_I64 " / 1000)) IS NOT NULL");
  check_rows(db, "[16,31,25,78,4]|-64",
             "SELECT coins_deal(-9223372036854775808, 5), "
             "coins_margin(3, coins_deal(-9223372036854775808, 5))");
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000);

  /* the other results past the limit: SQLITE_TOOBIG, naming the function
  ** and what was too long.  coins_diagram: 12 bytes a coin at least, so
  ** that more than 83 coins are refused before any move is played */
  const char *picture = "coins_diagram: the picture exceeds the length limit (1000 bytes)";
  check_error(db, SQLITE_TOOBIG, picture, "SELECT coins_diagram(3, coins_deal(1, 100, 1, 9))");
  check_error(db, SQLITE_TOOBIG, picture, "SELECT coins_diagram(1, 200)");
  check_error(db, SQLITE_TOOBIG, picture, "SELECT coins_diagram(3, coins_deal(1, 60, 1, 9))");
  check_rows(db, "863", "SELECT length(coins_diagram(3, coins_deal(1, 50, 1, 9)))");
  /* coins_svg: any picture takes more than 1000 bytes */
  check_error(db, SQLITE_TOOBIG, "coins_svg: the picture exceeds the length limit (1000 bytes)",
              "SELECT coins_svg(3, '[1,2]')");
  check_error(db, SQLITE_TOOBIG, "coins_svg: the picture exceeds the length limit (1000 bytes)",
              "SELECT coins_svg(2, '[1,2,3]', '[1,2]')");
  /* coins_after: measured before it is written; longer than the coins
  ** argument when that writes them shorter (1e9 is 1000000000) */
  check_error(db, SQLITE_TOOBIG,
              "coins_after: the row of coins left exceeds the length limit (1000 bytes)",
              "SELECT coins_after(2, '[' || replace(hex(zeroblob(99)), '00', '1e9,') || "
              "'1]', '[1]')");
  check_rows(db, "982",
             "SELECT length(coins_after(2, '[' || replace(hex(zeroblob(90)), '00', '1e9,') || "
             "'1]', '[1]'))");
  /* coins_array: an array past the limit */
  check_error(db, SQLITE_TOOBIG, "coins_array: the array exceeds the length limit (1000 bytes)",
              "SELECT coins_array(ply, 1) FROM coins_moves(1, 500, 1)");
  check_rows(db, "999", "SELECT length(coins_array(ply, 1)) FROM coins_moves(1, 499, 1)");

  /* with the default limit, coins_diagram's own bound on counts */
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);
  check_rows(db, "1", "SELECT length(coins_diagram(1, 10000)) > 100000");
  check_error(db, SQLITE_ERROR,
              "coins_diagram: 10001 coins are too many to draw (at most "
              "10000)",
              "SELECT coins_diagram(1, 10001)");
}

/* ----------------------------------------------------------- 10^7 coins */

#define TEN_MILLION 10000000

static void test_ten_million_coins(void **state) {
  sqlite3 *db = *state;
  size_t len;
  /* equal coins: an even row is a draw, each player gets half */
  char *ones = coin_text(TEN_MILLION, 0, &len);
  assert_int_equal(len, 2 * TEN_MILLION + 1);
  assert_string_equal(rows_bound(db, "SELECT coins_margin(3, ?1)", ones, len), "0");
  assert_string_equal(rows_bound(db, "SELECT count(*) FROM coins_moves(3, ?1)", ones, len),
                      "10000000");
  /* variant II, k = 3, equal coins: the margin of n coins is 0, 1, 2, 3,
  ** 2, 1 for n mod 6 = 0..5 (m(n) = max(t - m(n - t)), t = 1..3), and
  ** 10^7 mod 6 = 4 */
  assert_string_equal(rows_bound(db, "SELECT coins_margin(2, ?1, 3)", ones, len), "2");
  free(ones);
  /* 1, 2, ..., n: the margin is ceil(n / 2) (the DP says so for small n;
  ** the first player can take every coin of one parity class, and the
  ** second can keep the first to that) */
  char *ascending = coin_text(TEN_MILLION, 1, &len);
  assert_string_equal(rows_bound(db, "SELECT coins_margin(3, ?1)", ascending, len), "5000000");
  free(ascending);
}

/* A row of 1 MiB or more: coins_moves plays variant III's line from the
** text (reading each coin again), a smaller row from an array; both must
** give the game coins_margin solves, row for row wherever a ply is asked. */
static void test_moves_from_text(void **state) {
  sqlite3 *db = *state;
  static const char *const rows[] = {
      "coins_deal(11, 300000, -999, 999)",                     /* about 1.4 MB: from the text */
      "replace(coins_deal(11, 300000, -999, 999), ',', ', ')", /* the same, spaced */
      "coins_deal(11, 20000, -999, 999)",                      /* 92 KB: from an array */
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    check_rows(db, "1", "SELECT length(%s) > 1048576 OR %d = 2", rows[i], (int)i);
    check_rows(db, "1|1|1",
               "WITH g(c) AS (SELECT %s) SELECT count(*) = json_array_length(g.c), "
               "sum(gain) = (SELECT sum(value) FROM json_each(g.c)), "
               "(SELECT first_total - second_total FROM coins_moves(3, g.c) WHERE ply = "
               "json_array_length(g.c)) = coins_margin(3, g.c) FROM g, coins_moves(3, g.c)",
               rows[i]);
    /* a ply asked for (the line skips to it) and the same ply reached by
    ** walking the whole line */
    check_rows(db, "1",
               "WITH g(c) AS (SELECT %s) SELECT (SELECT pos || gain || first_total FROM "
               "coins_moves(3, g.c) WHERE ply = 12345) = (SELECT pos || gain || first_total "
               "FROM coins_moves(3, g.c) ORDER BY ply LIMIT 1 OFFSET 12344) FROM g",
               rows[i]);
  }
}

/* -------------------------------------------- nesting and long numbers */

/* Runs check() on a thread with a small stack: a parser that recursed per
** level of '[' or per digit would overflow it at a million levels. */
typedef struct small_stack_job {
  sqlite3 *db;
  void (*check)(sqlite3 *db);
} small_stack_job;

static void *run_job(void *p) {
  small_stack_job *job = p;
  job->check(job->db);
  return NULL;
}

static void on_small_stack(sqlite3 *db, void (*check)(sqlite3 *db)) {
  pthread_attr_t attr;
  pthread_t thread;
  small_stack_job job = {db, check};
  assert_int_equal(pthread_attr_init(&attr), 0);
  /* ample for SQLite (even under ASan), nothing like a million frames */
  assert_int_equal(pthread_attr_setstacksize(&attr, 2u << 20), 0);
  assert_int_equal(pthread_create(&thread, &attr, run_job, &job), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  pthread_attr_destroy(&attr);
}

/* A million characters c, in SQL. */
#define MILLION(c) "replace(hex(zeroblob(500000)), '0', '" c "')"
#define FORTY_NINES "9999999999999999999999999999999999999999"

static void deep_and_long_checks(sqlite3 *db) {
  const char *nested = "nested arrays are not allowed";
  char msg[256];
  snprintf(msg, sizeof msg, "coins_win: element 1 is not an integer: %s", nested);
  check_error(db, SQLITE_ERROR, msg, "SELECT coins_win(3, " MILLION("[") ")");
  /* balanced, and after a first element */
  check_error(db, SQLITE_ERROR, msg, "SELECT coins_win(3, " MILLION("[") " || " MILLION("]") ")");
  snprintf(msg, sizeof msg, "coins_moves: element 2 is not an integer: %s", nested);
  check_error(db, SQLITE_ERROR, msg, "SELECT * FROM coins_moves(2, '[1,' || " MILLION("[") ")");
  /* in records */
  snprintf(msg, sizeof msg, "coins_review: ply 1 is not an integer: %s", nested);
  check_error(db, SQLITE_ERROR, msg, "SELECT * FROM coins_review(2, '[1,2]', " MILLION("[") ")");
  check_error(db, SQLITE_ERROR,
              "coins_review: ply 1 is not \"L\" or \"R\": nested arrays are not allowed",
              "SELECT * FROM coins_review(3, '[1,2]', " MILLION("[") ")");
  check_error(db, SQLITE_ERROR,
              "coins_diagram: ply 1 is not an integer: nested arrays are not "
              "allowed",
              "SELECT coins_diagram(1, 3, " MILLION("[") ")");

  /* a million digits: out of range, the number quoted and cut */
  check_error(db, SQLITE_ERROR, "coins_score: element 1 is out of range: " FORTY_NINES "...",
              "SELECT coins_score(3, '[' || " MILLION("9") " || ']')");
  check_error(db, SQLITE_ERROR,
              "coins_moves: element 2 is out of range: -"
              "999999999999999999999999999999999999999...",
              "SELECT * FROM coins_moves(3, '[1, -' || " MILLION("9") " || ']')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 1 is out of range: " FORTY_NINES "...",
              "SELECT * FROM coins_review(1, 5, '[' || " MILLION("9") " || ']')");
  /* a million-digit exponent: out of range, or not an integer */
  check_error(db, SQLITE_ERROR,
              "coins_win: element 1 is out of range: 1e"
              "99999999999999999999999999999999999999...",
              "SELECT coins_win(3, '[1e' || " MILLION("9") " || ']')");
  check_error(db, SQLITE_ERROR,
              "coins_win: element 1 is not an integer: 1e-"
              "9999999999999999999999999999999999999...",
              "SELECT coins_win(3, '[1e-' || " MILLION("9") " || ']')");
  /* a million digits, text of the value 1 or 0: accepted */
  check_rows(db, "1|1|7",
             "SELECT coins_score(3, '[1' || " MILLION("0")
             " || 'e-1000000]'), coins_score(3, '[0.' || " MILLION("0")
             " || '1e1000001]'), coins_score(3, '[7, 0.' || " MILLION("0")
             " || ']')");
  check_rows(db, "0", "SELECT coins_score(3, '[0e' || " MILLION("9") " || ']')");
}

static void test_deep_nesting_and_long_numbers(void **state) {
  on_small_stack(*state, deep_and_long_checks);
}

/* ------------------------------------------------------------- max_take */

static void test_max_take_extremes(void **state) {
  sqlite3 *db = *state;
  static const char *const scalars[] = {"coins_win", "coins_outcome", "coins_margin", "coins_score",
                                        "coins_best_move"};
  for (size_t f = 0; f < 5; f++) {
    char msg[200];
    const char *name = scalars[f];
    snprintf(msg, sizeof msg, "%s: max_take must be an integer >= 1, got 0", name);
    check_error(db, SQLITE_ERROR, msg, "SELECT %s(2, '[1,2,3]', 0)", name);
    check_error(db, SQLITE_ERROR, msg, "SELECT %s(3, '[1,2,3]', 0)", name);
    snprintf(msg, sizeof msg, "%s: max_take must be an integer >= 1, got -1", name);
    check_error(db, SQLITE_ERROR, msg, "SELECT %s(1, 5, -1)", name);
    snprintf(msg, sizeof msg,
             "%s: variant III takes one coin from either end: max_take must "
             "be 1, got " MAX_I64,
             name);
    check_error(db, SQLITE_ERROR, msg, "SELECT %s(3, '[1,2,3]', " MAX_I64 ")", name);
    /* one past: a REAL beyond any int64 */
    snprintf(msg, sizeof msg, "%s: max_take must be an integer >= 1, got 9.22337203685478e+18",
             name);
    check_error(db, SQLITE_ERROR, msg, "SELECT %s(2, '[1,2,3]', 9223372036854775808)", name);
  }
  check_error(db, SQLITE_ERROR, "coins_moves: max_take must be an integer >= 1, got 0",
              "SELECT * FROM coins_moves(2, '[1,2,3]', 0)");
  check_error(db, SQLITE_ERROR, "coins_review: max_take must be an integer >= 1, got -1",
              "SELECT * FROM coins_review(2, '[1,2,3]', '[1]', -1)");
  check_error(db, SQLITE_ERROR, "coins_play: max_take must be an integer >= 1, got 0",
              "SELECT * FROM coins_play(1, 5, 'left', 'left', 0)");

  /* 2^63-1: any take up to the row is allowed, nothing overflows */
  check_rows(db, "1|first|4|6|3",
             "SELECT coins_win(2, '[1,2,3]', " MAX_I64
             "), coins_outcome(2, "
             "'[1,2,3]', " MAX_I64 "), coins_margin(2, '[-1,2,3]', " MAX_I64
             "), coins_score(2, '[1,2,3]', " MAX_I64
             "), coins_best_move(2, "
             "'[1,2,3]', " MAX_I64 ")");
  check_rows(db, "1|5|1|" MAX_I64,
             "SELECT coins_win(1, 5, " MAX_I64 "), coins_best_move(1, 5, " MAX_I64
             "), coins_win(1, " MAX_I64 ", " MAX_I64
             "), "
             "coins_best_move(1, " MAX_I64 ", " MAX_I64 ")");
  check_rows(db, "1|1|3|3|0|6|6|0", "SELECT * FROM coins_moves(2, '[1,2,3]', " MAX_I64 ")");
  check_rows(db, "1|3|best|win|win",
             "SELECT ply, take, verdict, \"before\", \"after\" FROM "
             "coins_review(2, '[1,2,3]', '[3]', " MAX_I64 ")");
  check_error(db, SQLITE_ERROR,
              "coins_review: ply 1: take 4 is not a move with 3 coins left "
              "and max_take " MAX_I64,
              "SELECT * FROM coins_review(2, '[1,2,3]', '[4]', " MAX_I64 ")");
  check_error(db, SQLITE_ERROR,
              "coins_review: ply 1: take " MAX_I64
              " is not a move with 3 "
              "coins left and max_take " MAX_I64,
              "SELECT * FROM coins_review(1, 3, '[" MAX_I64 "]', " MAX_I64 ")");
  check_rows(db, "1|3|6",
             "SELECT ply, take, first_total FROM coins_play(2, '[1,2,3]', "
             "'greedy', 'optimal', " MAX_I64 ")");
  check_rows(db, "1",
             "SELECT count(*) FROM coins_play(1, " MAX_I64
             ", "
             "'greedy', 'left', " MAX_I64 ")");
  check_rows(db, "3",
             "SELECT sum(take) FROM coins_play(2, '[1,2,3]', "
             "'random:1', 'random:2', " MAX_I64 ")");
}

/* --------------------------------------------------- variant I, n = 2^63-1 */

static void test_variant_one_at_max(void **state) {
  sqlite3 *db = *state;
  /* 2^63-1 = 3 * 3074457345618258602 + 1: take 1, then keep multiples of 3 */
  check_rows(db, "1|first|1",
             "SELECT coins_win(1, " MAX_I64 "), coins_outcome(1, " MAX_I64
             "), coins_best_move(1, " MAX_I64 ")");
  check_rows(db, "0|second|1",
             "SELECT coins_win(1, 9223372036854775806), coins_outcome(1, "
             "9223372036854775806), coins_best_move(1, 9223372036854775806)");
  check_rows(db, "1|1|1|0 2|2|1|1 3|1|2|2 4|2|1|4 5|1|2|5",
             "SELECT ply, player, take, pos FROM coins_moves(1, " MAX_I64 ") LIMIT 5");
  /* far into the line, and every move keeping the count a multiple of 3 */
  check_rows(db, "100001|150001|149999|50000",
             "SELECT max(ply), sum(take), max(pos), sum(player = 2) FROM "
             "(SELECT * FROM coins_moves(1, " MAX_I64 ") LIMIT 100001)");
  check_rows(db, "0",
             "SELECT count(*) FROM (SELECT * FROM coins_moves(1, " MAX_I64
             ") LIMIT 100000) WHERE ply %% 2 = 1 AND (" MAX_I64
             " - pos - "
             "take) %% 3 != 0");
  check_rows(db, "1|1|best|win 2|2|best|loss",
             "SELECT ply, take, verdict, \"before\" FROM coins_review(1, " MAX_I64 ", '[1,2]')");
  check_rows(db, "1|blunder|win|loss",
             "SELECT loss, verdict, \"before\", \"after\" FROM "
             "coins_review(1, " MAX_I64 ", '[2]')");
  check_rows(db, "3",
             "SELECT count(*) FROM (SELECT * FROM coins_play(1, " MAX_I64
             ", 'optimal', 'random:5') LIMIT 3)");
  check_error(db, SQLITE_ERROR,
              "coins_diagram: " MAX_I64
              " coins are too many to draw (at most "
              "10000)",
              "SELECT coins_diagram(1, " MAX_I64 ")");
}

/* ------------------------------------------- records longer than the game */

static void test_records_longer_than_the_game(void **state) {
  sqlite3 *db = *state;
  check_error(db, SQLITE_ERROR, "coins_review: ply 3: L, but no coins are left",
              "SELECT * FROM coins_review(3, '[1,2]', 'LRL')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 3: R, but no coins are left",
              "SELECT * FROM coins_review(3, '[1,2]', '[\"L\",\"R\",\"r\"]')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 3: take 1, but no coins are left",
              "SELECT * FROM coins_review(2, '[5,6]', '[1,1,1]')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 2: take 1, but no coins are left",
              "SELECT * FROM coins_review(2, '[5,6]', '[2,1]')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 3: take 2, but no coins are left",
              "SELECT * FROM coins_review(1, 2, '[1,1,2,1]')");
  check_error(db, SQLITE_ERROR, "coins_review: ply 1: take 1, but no coins are left",
              "SELECT * FROM coins_review(1, 0, '[1]')");
  /* a thousand moves on ten coins: the first move too many is named, and
  ** no row comes out before the error (the record is checked first) */
  check_error(db, SQLITE_ERROR, "coins_review: ply 11: L, but no coins are left",
              "SELECT * FROM coins_review(3, '[1,2,3,4,5,6,7,8,9,10]', "
              "replace(hex(zeroblob(500)), '0', 'L'))");
  check_error(db, SQLITE_ERROR, "coins_review: ply 11: take 1, but no coins are left",
              "SELECT * FROM coins_review(2, '[1,2,3,4,5,6,7,8,9,10]', "
              "'[' || replace(hex(zeroblob(999)), '00', '1,') || '1]')");
  check_error(db, SQLITE_ERROR, "coins_diagram: ply 3: L, but no coins are left",
              "SELECT coins_diagram(3, '[1,2]', 'LRL')");
  check_error(db, SQLITE_ERROR, "coins_diagram: ply 3: take 1, but no coins are left",
              "SELECT coins_diagram(2, '[5,6]', '[1,1,1]')");
}

/* ------------------------------------------------------------ interrupts */

typedef struct progress {
  sqlite3 *db;
  int use_interrupt;
  int calls;
  double start, stop; /* when the statement started; when asked to stop */
} progress;

/* Asks the statement to stop (returns non-zero, or calls sqlite3_interrupt)
** from the 50th call on, or from the first call 0.1 s after the start. */
static int on_progress(void *p) {
  progress *pr = p;
  if (++pr->calls < 50 && now() - pr->start < 0.1) return 0;
  if (pr->stop == 0) pr->stop = now();
  if (!pr->use_interrupt) return 1;
  sqlite3_interrupt(pr->db);
  return 0;
}

/* sql, which would run for a long time or forever, must stop with
** SQLITE_INTERRUPT "interrupted" once the progress handler (every 100
** instructions) asks it to, less than a second after it asks (and the
** handler is first called less than 3 s after the start); the connection
** then works. */
static void check_interrupted(sqlite3 *db, const char *sql, int use_interrupt) {
  sqlite3_stmt *stmt = NULL;
  progress pr = {db, use_interrupt, 0, 0, 0};
  alarm(60); /* if it never stops, end the test rather than hang */
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s\n  prepare failed: %s", sql, sqlite3_errmsg(db));
  sqlite3_progress_handler(db, 100, on_progress, &pr);
  pr.start = now();
  long rows = 0;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) rows++;
  double end = now();
  sqlite3_progress_handler(db, 0, NULL, NULL);
  alarm(0);
  if (rc != SQLITE_INTERRUPT || strcmp(sqlite3_errmsg(db), "interrupted"))
    fail_msg("%s\n  expected SQLITE_INTERRUPT, got %d: %s (%ld rows)", sql, rc, sqlite3_errmsg(db),
             rows);
  /* asked to stop, it stops within a second; what runs before SQLite can
  ** ask (the set-up in xFilter: a variant III review solves every
  ** position of its record there, about 1 s per 10^6 moves) is bounded */
  if (end - pr.stop >= 1.0 || pr.stop - pr.start >= 3.0)
    fail_msg("%s\n  took %.3f s, %.3f s after it was asked to stop", sql, end - pr.start,
             end - pr.stop);
  assert_true(pr.stop > 0);
  sqlite3_finalize(stmt);
  check_rows(db, "22", "SELECT coins_score(3, '[8,15,3,7]')");
}

/* A record of 1,000,000 moves: [1,1,...] (variants I, II) or L...L. */
#define LONG_TAKES "'[' || replace(hex(zeroblob(999999)), '00', '1,') || '1]'"
#define LONG_LETTERS "replace(hex(zeroblob(500000)), '0', 'L')"

static void test_interrupts(void **state) {
  sqlite3 *db = *state;
  static const char *const sqls[] = {
      /* endless: about 6 * 10^18 rows */
      "SELECT count(*) FROM coins_moves(1, " MAX_I64 ")",
      "SELECT * FROM coins_moves(1, " MAX_I64 ")",
      "SELECT count(*) FROM coins_play(1, " MAX_I64 ", 'random:1', 'left')",
      "SELECT * FROM coins_play(1, " MAX_I64 ", 'random:1', 'left')",
      /* a million moves; the variant III review solves every position
      ** of the record before its first row (about a second), then streams */
      "SELECT count(*) FROM coins_review(1, " MAX_I64 ", " LONG_TAKES ")",
      "SELECT * FROM coins_review(2, coins_deal(2, 1000000), " LONG_TAKES ")",
      "SELECT count(*) FROM coins_review(3, coins_deal(1, 1000000), " LONG_LETTERS ")",
  };
  for (size_t i = 0; i < sizeof sqls / sizeof *sqls; i++)
    for (int use_interrupt = 0; use_interrupt < 2; use_interrupt++)
      check_interrupted(db, sqls[i], use_interrupt);
}

int main(void) {
  const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_db, teardown_db)
      T(test_length_limit),      T(test_ten_million_coins),  T(test_deep_nesting_and_long_numbers),
      T(test_max_take_extremes), T(test_variant_one_at_max), T(test_records_longer_than_the_game),
      T(test_interrupts),        T(test_moves_from_text),
#undef T
  };
  /* LIMITS_ONLY=test_interrupts build/test_limits: one test (a pattern) */
  if (getenv("LIMITS_ONLY")) cmocka_set_test_filter(getenv("LIMITS_ONLY"));
  return cmocka_run_group_tests(tests, NULL, NULL);
}
