/*
** test_core.c -- cmocka unit tests of the pure C core (include/coins.h):
** the strict JSON array parser, the three solvers against the known
** answers of docs/algorithms.md and docs/reference.md, and the line of best
** play (coins_line_init / coins_line_next) on hand-checked games.
**
** Every parser input is copied into an exact-size malloc'd buffer with no
** terminating NUL, and every prefix of it is parsed as well, so that a read
** past len shows up under AddressSanitizer.  Output and work buffers are
** also allocated at exactly the size the API asks for.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "coins.h"
#include "reference.h"
#include "test_check.h"

/* ================================================================ parser */

/* Parses text[0..len) from an exact-size copy into an exact-size output
** buffer.  Returns the parser's return code; *out (malloc'd, caller frees)
** and *n receive the elements, err the message. */
static int parse_copy(const char *text, size_t len, int64_t **out, size_t *n,
                      char err[COINS_ERRMSG_SIZE]) {
  /* malloc(len), not len + 1: under ASan even byte len is out of bounds */
  char *copy = malloc(len);
  if (len) {
    assert_non_null(copy);
    memcpy(copy, text, len);
  }
  size_t cap = coins_parse_capacity(copy, len);
  *out = xmalloc(cap * sizeof **out);
  *n = 12345;
  memset(err, 'Z', COINS_ERRMSG_SIZE);
  int rc = coins_parse_array(copy, len, *out, cap, n, err);
  free(copy);
  return rc;
}

/* Every proper prefix of text must parse without reading past its end;
** a prefix of a valid array is never a valid array unless the array text
** itself ends in whitespace (checked loosely: it must not crash). */
static void parse_prefixes(const char *text, size_t len) {
  for (size_t cut = 0; cut < len; cut++) {
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE];
    int rc = parse_copy(text, cut, &out, &n, err);
    if (rc != 0) {
      assert_int_equal(rc, -1);
      assert_int_equal(n, 0);
      check_message(err);
    }
    free(out);
  }
}

static void expect_ok_len(const char *text, size_t len, const int64_t *want, size_t want_n) {
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  int rc = parse_copy(text, len, &out, &n, err);
  if (rc != 0) fail_msg("parse of \"%.*s\" failed: %s", (int)len, text, err);
  if (n != want_n) fail_msg("\"%.*s\": %zu elements, expected %zu", (int)len, text, n, want_n);
  for (size_t i = 0; i < n; i++)
    if (out[i] != want[i])
      fail_msg("\"%.*s\": element %zu = %lld, expected %lld", (int)len, text, i + 1,
               (long long)out[i], (long long)want[i]);
  free(out);
  parse_prefixes(text, len);
}

#define expect_ok(text, ...)                                \
  do {                                                      \
    static const int64_t want_[] = {__VA_ARGS__};           \
    expect_ok_len(text, strlen(text), want_, COUNT(want_)); \
  } while (0)

static void expect_empty(const char *text) { expect_ok_len(text, strlen(text), NULL, 0); }

static void expect_err_len(const char *text, size_t len, const char *want) {
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  int rc = parse_copy(text, len, &out, &n, err);
  free(out);
  if (rc == 0) fail_msg("\"%.*s\" parsed, expected error: %s", (int)len, text, want);
  assert_int_equal(rc, -1);
  assert_int_equal(n, 0);
  check_message(err);
  if (strcmp(err, want) != 0) fail_msg("message \"%s\", expected \"%s\"", err, want);
  parse_prefixes(text, len);
}

static void expect_err(const char *text, const char *want) {
  expect_err_len(text, strlen(text), want);
}

static void test_parse_valid(void **state) {
  (void)state;
  expect_empty("[]");
  expect_empty("[ ]");
  expect_empty(" \t\n\r[ \t\n\r] \t\n\r");
  expect_ok("[1]", 1);
  expect_ok("[8,15,3,7]", 8, 15, 3, 7);
  expect_ok(" \t\n\r[ \t\n\r1 \t\n\r, \r\n\t2\t\n\r,3]\r\n\t ", 1, 2, 3);
  expect_ok("[-5,0,-0,0.0,-0.0,0e5]", -5, 0, 0, 0, 0, 0);
  expect_ok("[2.0,1e3,0.7e1,700e-2,1E+2,1e-0,-1e+0]", 2, 1000, 7, 7, 100, 1, -1);
  expect_ok("[1.5e1,10e-1,0.05e2,2.000000000000000000000000000000]", 15, 1, 5, 2);
  expect_ok("[1000000000000000000000000000000e-30]", 1);
  expect_ok("[1e18,-1E18]", 1000000000000000000, -1000000000000000000);
  expect_ok("[9223372036854775807]", INT64_MAX);
  expect_ok("[-9223372036854775807]", -INT64_MAX);
  expect_ok("[9.223372036854775807e18]", INT64_MAX);
  expect_ok("[92233720368547758070e-1]", INT64_MAX);
  expect_ok("[0e99999999999999999999]", 0);
  /* the sum of absolute values may reach exactly 2^63-1 */
  expect_ok("[9223372036854775806,-1]", INT64_MAX - 1, -1);
  expect_ok("[-4611686018427387904,4611686018427387903]", -4611686018427387904,
            4611686018427387903);
  expect_ok("[0,0,0,0,0,0,0,0,0,0]", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}

/* The densest rows fit exactly in coins_parse_capacity(len). */
static void test_parse_capacity(void **state) {
  (void)state;
  for (size_t count = 0; count <= 50; count++) {
    char text[256];
    size_t len = 0;
    text[len++] = '[';
    for (size_t i = 0; i < count; i++) {
      if (i) text[len++] = ',';
      text[len++] = (char)('0' + i % 10);
    }
    text[len++] = ']';
    assert_true(coins_parse_capacity(text, len) >= count);
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE];
    int rc = parse_copy(text, len, &out, &n, err);
    if (rc) fail_msg("%s", err);
    assert_int_equal(n, count);
    for (size_t i = 0; i < count; i++) assert_i64(out[i], (int64_t)(i % 10));
    free(out);
  }
}

/* A cap below what the text needs is reported (-2, so that the caller can
** grow its buffer and parse again), never overrun. */
static void test_parse_small_cap(void **state) {
  (void)state;
  const char text[] = "[1,2,3]";
  int64_t *out = xmalloc(2 * sizeof *out);
  size_t n = 99;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_parse_array(text, sizeof text - 1, out, 2, &n, err), -2);
  assert_int_equal(n, 0);
  assert_string_equal(err, "more than 2 elements: the buffer is too small");
  free(out);
  /* the capacity counts commas, wherever they are */
  assert_int_equal(coins_parse_capacity("[]", 2), 1);
  assert_int_equal(coins_parse_capacity("[1,2,3]", 7), 3);
  assert_int_equal(coins_parse_capacity(",,,", 2), 3);
}

static void test_parse_errors(void **state) {
  (void)state;
  expect_err("[1,2,2.5]", "element 3 is not an integer: 2.5");
  expect_err("[0.5]", "element 1 is not an integer: 0.5");
  expect_err("[15e-1]", "element 1 is not an integer: 15e-1");
  expect_err("[1.0000000000000000000001]", "element 1 is not an integer: 1.0000000000000000000001");
  expect_err("[1e-1000000000000000]", "element 1 is not an integer: 1e-1000000000000000");
  /* not JSON numbers */
  expect_err("[01]", "element 1 is not a valid JSON number: 01");
  expect_err("[7,00]", "element 2 is not a valid JSON number: 00");
  expect_err("[-01]", "element 1 is not a valid JSON number: -01");
  expect_err("[1.]", "element 1 is not a valid JSON number: 1.");
  expect_err("[1.e1]", "element 1 is not a valid JSON number: 1.e1");
  expect_err("[.5]", "element 1 is not an integer: .5");
  expect_err("[+1]", "element 1 is not an integer: +1");
  expect_err("[-]", "element 1 is not an integer: -");
  expect_err("[1e]", "element 1 is not a valid JSON number: 1e");
  expect_err("[1e+]", "element 1 is not a valid JSON number: 1e+");
  expect_err("[0x10]", "element 1 is not a valid JSON number: 0x10");
  expect_err("[1.2.3]", "element 1 is not a valid JSON number: 1.2.3");
  expect_err("[-1-1]", "element 1 is not a valid JSON number: -1-1");
  expect_err("[Infinity]", "element 1 is not an integer: Infinity");
  expect_err("[NaN]", "element 1 is not an integer: NaN");
  /* other JSON values */
  expect_err("[true]", "element 1 is not an integer: true");
  expect_err("[1,false]", "element 2 is not an integer: false");
  expect_err("[null]", "element 1 is not an integer: null");
  expect_err("[\"1\"]", "element 1 is not an integer: \"1\"");
  expect_err("[{}]", "element 1 is not an integer: {}");
  expect_err("[{ }]", "element 1 is not an integer: {}");
  expect_err("[1, {\"a\": 2}]", "element 2 is not an integer: {...}");
  expect_err("[\"a, b\"]", "element 1 is not an integer: \"a, b\"");
  expect_err("[\"a\\\"]\"]", "element 1 is not an integer: \"a\\\"]\"");
  expect_err("[1 \"x y\"]", "expected ',' or ']' after element 1 at byte 3, got \"x y\"");
  expect_err("[[1]]", "element 1 is not an integer: nested arrays are not allowed");
  expect_err("[1,[2]]", "element 2 is not an integer: nested arrays are not allowed");
  /* structure */
  expect_err("[1,,2]", "element 2 is missing at byte 3");
  expect_err("[1,]", "element 2 is missing at byte 3");
  expect_err("[,1]", "element 1 is missing at byte 1");
  expect_err("[1 2]", "expected ',' or ']' after element 1 at byte 3, got 2");
  expect_err("[1]x", "unexpected text after the array at byte 3: x");
  expect_err("[1] [2]", "unexpected text after the array at byte 4: [2]");
  expect_err("[]]", "unexpected text after the array at byte 2: ]");
  expect_err("[1,2",
             "unexpected end of text after element 2: expected ',' "
             "or ']'");
  expect_err("[1,2 \n",
             "unexpected end of text after element 2: expected "
             "',' or ']'");
  expect_err("[", "unexpected end of text: missing element 1");
  expect_err("[1,", "unexpected end of text: missing element 2");
  expect_err("", "expected a JSON array, got empty text");
  expect_err(" \t\r\n", "expected a JSON array, got empty text");
  expect_err("5", "expected a JSON array at byte 0, got 5");
  expect_err(" 5", "expected a JSON array at byte 1, got 5");
  /* an object, a string, a tuple as the JSONB reader shows them */
  expect_err("{\"a\":1}", "expected a JSON array at byte 0, got {...}");
  expect_err(" { } ", "expected a JSON array at byte 1, got {}");
  expect_err("{", "expected a JSON array at byte 0, got {...}");
  expect_err("\"[1, 2]\"", "expected a JSON array at byte 0, got \"[1, 2]\"");
  expect_err("\"a\\\"b, c\" ", "expected a JSON array at byte 0, got \"a\\\"b, c\"");
  expect_err("\"open", "expected a JSON array at byte 0, got \"open");
  expect_err("(1, 2, 3)",
             "expected a JSON array at byte 0, got (1, 2, 3); a JSON array is written in square "
             "brackets: [1, 2, 3]");
  expect_err(" ( 7 , ) ",
             "expected a JSON array at byte 1, got ( 7 , ); a JSON array is written in square "
             "brackets: [ 7 ]");
  expect_err("()",
             "expected a JSON array at byte 0, got (); a JSON array is written in square "
             "brackets: []");
  expect_err("(1, 2",
             "expected a JSON array at byte 0, got (1, 2; a JSON array is written in square "
             "brackets, e.g. [1,2,3]");
  expect_err("]", "expected a JSON array at byte 0, got ]");
  /* form feed and vertical tab are not JSON whitespace */
  expect_err("[\f1]", "element 1 is not an integer: \\x0C1");
  expect_err("[1\v]", "element 1 is not a valid JSON number: 1\\x0B");
  /* range */
  expect_err("[9223372036854775808]", "element 1 is out of range: 9223372036854775808");
  expect_err("[-9223372036854775808]", "element 1 is out of range: -9223372036854775808");
  expect_err("[18446744073709551616]", "element 1 is out of range: 18446744073709551616");
  expect_err("[1e19]", "element 1 is out of range: 1e19");
  expect_err("[0,1e99999999999999999999]", "element 2 is out of range: 1e99999999999999999999");
  expect_err("[9223372036854775807,1]", "the sum of absolute values exceeds 2^63-1 at element 2");
  expect_err("[-9223372036854775807,0,-1]",
             "the sum of absolute values exceeds 2^63-1 at element 3");
  expect_err("[4611686018427387904,-4611686018427387904]",
             "the sum of absolute values exceeds 2^63-1 at element 2");
}

static void test_parse_long_number(void **state) {
  (void)state;
  /* a 1000-digit number: out of range, quoted with a cut */
  char text[1003];
  text[0] = '[';
  for (int i = 0; i < 1000; i++) text[1 + i] = (char)('1' + i % 9);
  text[1001] = ']';
  text[1002] = 0;
  char want[COINS_ERRMSG_SIZE];
  snprintf(want, sizeof want, "element 1 is out of range: %.40s...", text + 1);
  expect_err(text, want);
  /* 1000 digits that are an integer once the exponent is applied */
  char text2[1100];
  int len = snprintf(text2, sizeof text2, "[1%0999de-999]", 0);
  assert_true(len > 0 && (size_t)len < sizeof text2);
  expect_ok_len(text2, (size_t)len, (const int64_t[]){1}, 1);
  /* and a 1000-digit fraction that is not */
  len = snprintf(text2, sizeof text2, "[1.%0998d1]", 0);
  snprintf(want, sizeof want, "element 1 is not an integer: %.40s...", text2 + 1);
  expect_err_len(text2, (size_t)len, want);
}

static void test_parse_bytes(void **state) {
  (void)state;
  /* NUL bytes are ordinary, invalid characters */
  expect_err_len("[1,\0]", 5, "element 2 is not an integer: \\x00");
  expect_err_len("[1\0]", 4, "element 1 is not a valid JSON number: 1\\x00");
  expect_err_len("[1]\0", 4, "unexpected text after the array at byte 3: \\x00");
  expect_err_len("\0[1]", 4, "expected a JSON array at byte 0, got \\x00");
  /* the parser stops at len even when a valid array continues after it */
  expect_err_len("[1,2]", 4,
                 "unexpected end of text after element 2: "
                 "expected ',' or ']'");
  expect_ok_len("[1,2] trailing", 5, (const int64_t[]){1, 2}, 2);
  /* non-ASCII bytes are escaped, the message stays pure ASCII */
  expect_err("[1,\xC3\xA9]", "element 2 is not an integer: \\xC3\\xA9");
  expect_err("[1\xFF]", "element 1 is not a valid JSON number: 1\\xFF");
  expect_err("\x80", "expected a JSON array at byte 0, got \\x80");
  expect_err("[1]\x7f", "unexpected text after the array at byte 3: \\x7F");
  /* a long garbage tail is cut */
  char text[300];
  memcpy(text, "[1]", 3);
  memset(text + 3, '\xEE', sizeof text - 3);
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(parse_copy(text, sizeof text, &out, &n, err), -1);
  free(out);
  check_message(err);
  assert_non_null(strstr(err, "..."));
}

/* Every single byte value in every position of a short array: no crash, no
** overread, a clean ASCII message whenever it fails. */
static void test_parse_all_bytes(void **state) {
  (void)state;
  const char base[] = "[12,-3.0e1]";
  for (size_t at = 0; at < sizeof base - 1; at++)
    for (int c = 0; c < 256; c++) {
      char text[sizeof base];
      memcpy(text, base, sizeof base);
      text[at] = (char)c;
      int64_t *out;
      size_t n;
      char err[COINS_ERRMSG_SIZE];
      int rc = parse_copy(text, sizeof base - 1, &out, &n, err);
      if (rc) {
        assert_int_equal(n, 0);
        check_message(err);
      } else {
        assert_true(n <= 3); /* "[12,-3,0e1]" */
      }
      free(out);
    }
}

/* =============================================================== solvers */

/* Parses a literal row (must succeed); the caller frees the result. */
static int64_t *row(const char *text, size_t *n) {
  int64_t *out;
  char err[COINS_ERRMSG_SIZE];
  if (parse_copy(text, strlen(text), &out, n, err)) fail_msg("bad test row %s: %s", text, err);
  return out;
}

static coins_solution solve2(const int64_t *a, size_t n, uint64_t k) {
  coins_solution r, d;
  int64_t *w = xmalloc(coins_solve2_work_words(n, k) * sizeof *w);
  memset(&r, 0x5A, sizeof r);
  coins_solve2(a, n, k, w, &r);
  free(w);
  /* the dispatcher agrees */
  assert_int_equal(coins_solve_work_words(2, n, k), coins_solve2_work_words(n, k));
  w = xmalloc(coins_solve_work_words(2, n, k) * sizeof *w);
  coins_solve(2, a, n, k, w, &d);
  free(w);
  assert_int_equal(d.outcome, r.outcome);
  assert_i64(d.margin, r.margin);
  assert_i64(d.score, r.score);
  assert_i64(d.total, r.total);
  assert_u64(d.best.take, r.best.take);
  assert_int_equal(d.best.side, r.best.side);
  return r;
}

static coins_solution solve3(const int64_t *a, size_t n) {
  coins_solution r, d, s;
  int64_t *w = xmalloc(coins_solve3_work_words(n) * sizeof *w);
  memset(&r, 0x5A, sizeof r);
  coins_solve3(a, n, w, &r);
  free(w);
  assert_int_equal(coins_solve_work_words(3, n, 1), coins_solve3_work_words(n));
  w = xmalloc(coins_solve_work_words(3, n, 1) * sizeof *w);
  coins_solve(3, a, n, 1, w, &d);
  /* work == a: solving in place on a copy gives the same answer */
  memcpy(w, a, n * sizeof *a);
  coins_solve3(w, n, w, &s);
  free(w);
  const coins_solution *o[2] = {&d, &s};
  for (int i = 0; i < 2; i++) {
    assert_int_equal(o[i]->outcome, r.outcome);
    assert_i64(o[i]->margin, r.margin);
    assert_i64(o[i]->score, r.score);
    assert_i64(o[i]->total, r.total);
    assert_u64(o[i]->best.take, r.best.take);
    assert_int_equal(o[i]->best.side, r.best.side);
  }
  return r;
}

static int64_t row_sum(const int64_t *a, size_t n) {
  int64_t s = 0;
  for (size_t i = 0; i < n; i++) s += a[i];
  return s;
}

/* Variant III: checks margin, score, total and outcome, against the
** expected margin and the reference. */
static void expect3(const char *text, int64_t margin, coins_outcome outcome) {
  size_t n;
  int64_t *a = row(text, &n);
  assert_i64(ref3_margin(a, 0, n), margin);
  if (n <= 12) assert_i64(ref3_margin_brute(a, n), margin);
  coins_solution r = solve3(a, n);
  if (r.margin != margin)
    fail_msg("III %s: margin %lld, expected %lld", text, (long long)r.margin, (long long)margin);
  assert_int_equal(r.outcome, outcome);
  assert_i64(r.total, row_sum(a, n));
  /* 2 * score = total + margin, in wrapping arithmetic (no UB on a bug) */
  assert_u64((uint64_t)r.score * 2 - (uint64_t)r.total, (uint64_t)margin);
  assert_u64(r.best.take, n > 0);
  free(a);
}

static void expect3_score(const char *text, int64_t score) {
  size_t n;
  int64_t *a = row(text, &n);
  coins_solution r = solve3(a, n);
  if (r.score != score)
    fail_msg("III %s: score %lld, expected %lld", text, (long long)r.score, (long long)score);
  free(a);
}

static void expect2_score(const char *text, uint64_t k, int64_t score) {
  size_t n;
  int64_t *a = row(text, &n);
  coins_solution r = solve2(a, n, k);
  if (r.score != score)
    fail_msg("II k=%llu %s: score %lld, expected %lld", (unsigned long long)k, text,
             (long long)r.score, (long long)score);
  free(a);
}

/* Scores where total + margin does not fit int64_t. */
static void test_extreme_scores(void **state) {
  (void)state;
  expect3_score("[9223372036854775807]", INT64_MAX);
  expect3_score("[-9223372036854775807]", -INT64_MAX);
  expect3_score("[4611686018427387903,4611686018427387904]", 4611686018427387904);
  expect3_score("[-4611686018427387903,-4611686018427387904]", -4611686018427387903);
  expect3_score("[-1,-9223372036854775806]", -1);
  expect2_score("[9223372036854775807]", 1, INT64_MAX);
  expect2_score("[-9223372036854775807]", 3, -INT64_MAX);
  expect2_score("[4611686018427387903,4611686018427387904]", 1, 4611686018427387903);
  expect2_score("[4611686018427387903,4611686018427387904]", 2, INT64_MAX);
  expect2_score("[-4611686018427387903,-4611686018427387904]", 2, -4611686018427387903);
}

static void test_variant3_known(void **state) {
  (void)state;
  expect3_score("[8,15,3,7]", 22);
  expect3_score("[5,3,7,10]", 15);
  expect3("[8,15,3,7]", 11, COINS_FIRST);
  expect3("[5,3,7,10]", 5, COINS_FIRST);
  expect3("[3,2,2]", 3, COINS_FIRST);
  expect3("[1,2,4]", 3, COINS_FIRST);
  expect3("[1,20,4]", -15, COINS_SECOND);
  expect3("[2,2,2,2]", 0, COINS_DRAW);
  /* AtCoder Educational DP Contest, problem L "Deque" */
  expect3("[10,80,90,30]", 10, COINS_FIRST);
  expect3("[10,100,10]", -80, COINS_SECOND);
  expect3("[10]", 10, COINS_FIRST);
  expect3("[4,2,9,7,1,5]", 2, COINS_FIRST);
  expect3("[1000000000,1,1000000000,1,1000000000,1,1000000000,1,1000000000,1]", 4999999995,
          COINS_FIRST);
  /* the fusion pitfalls of the algorithms note */
  expect3("[0,1,1,1,0]", -1, COINS_SECOND);
  expect3("[0,3,0]", -3, COINS_SECOND);
  /* parity gives 17 here, optimal play 25 */
  expect3("[54,13,9,33]", 25, COINS_FIRST);
  /* signed values and extremes */
  expect3("[-5]", -5, COINS_SECOND);
  expect3("[-1,-2,-3]", -2, COINS_SECOND);
  expect3("[0]", 0, COINS_DRAW);
  expect3("[9223372036854775807]", INT64_MAX, COINS_FIRST);
  expect3("[-9223372036854775807]", -INT64_MAX, COINS_SECOND);
  expect3("[4611686018427387903,-4611686018427387904]", INT64_MAX, COINS_FIRST);
  expect3("[-4611686018427387904,4611686018427387903]", INT64_MAX, COINS_FIRST);
  expect3("[-3074457345618258602,3074457345618258602,-3074457345618258602]", -9223372036854775806,
          COINS_SECOND);
}

static void test_variant3_best(void **state) {
  (void)state;
  size_t n;
  int64_t *a = row("[8,15,3,7]", &n);
  coins_solution r = solve3(a, n);
  assert_u64(r.best.take, 1);
  assert_int_equal(r.best.side, 'R');
  free(a);
  a = row("[1,20,4]", &n); /* a single block: the left end */
  r = solve3(a, n);
  assert_int_equal(r.best.side, 'L');
  free(a);
  a = row("[1,2,4]", &n);
  r = solve3(a, n);
  assert_int_equal(r.best.side, 'R');
  free(a);
}

static void test_empty_rows(void **state) {
  (void)state;
  int64_t dummy = 77;
  coins_solution r = solve3(&dummy, 0);
  assert_int_equal(r.outcome, COINS_DRAW);
  assert_i64(r.margin, 0);
  assert_i64(r.score, 0);
  assert_i64(r.total, 0);
  assert_u64(r.best.take, 0);
  for (uint64_t k = 1; k <= 4; k++) {
    r = solve2(&dummy, 0, k);
    assert_int_equal(r.outcome, COINS_DRAW);
    assert_i64(r.margin, 0);
    assert_i64(r.score, 0);
    assert_i64(r.total, 0);
    assert_u64(r.best.take, 0);
  }
  r = solve2(&dummy, 0, UINT64_MAX);
  assert_int_equal(r.outcome, COINS_DRAW);
  assert_u64(r.best.take, 0);
}

/* Variant II: margin, outcome and the best take (fewest coins on ties). */
static void expect2(const char *text, uint64_t k, int64_t margin, coins_outcome outcome,
                    uint64_t take) {
  size_t n;
  int64_t *a = row(text, &n);
  assert_i64(ref2_margin(a, n, k), margin);
  if (n <= 12) assert_i64(ref2_margin_brute(a, n, k), margin);
  coins_solution r = solve2(a, n, k);
  if (r.margin != margin)
    fail_msg("II k=%llu %s: margin %lld, expected %lld", (unsigned long long)k, text,
             (long long)r.margin, (long long)margin);
  assert_int_equal(r.outcome, outcome);
  assert_i64(r.total, row_sum(a, n));
  assert_u64((uint64_t)r.score * 2 - (uint64_t)r.total, (uint64_t)margin);
  assert_u64(r.best.take, take);
  assert_int_equal(r.best.side, 'L');
  free(a);
}

static void test_variant2_known(void **state) {
  (void)state;
  /* k = 3, "Stone Game III" */
  expect2("[1,2,3,7]", 3, -1, COINS_SECOND, 3);
  expect2("[1,2,3,-9]", 3, 15, COINS_FIRST, 3);
  expect2("[1,2,3,6]", 3, 0, COINS_DRAW, 3);
  expect2("[1,2,3,-1,-2,-3,7]", 3, 9, COINS_FIRST, 3);
  expect2("[-1,-2,-3]", 3, 0, COINS_DRAW, 2);
  /* k = 2 */
  expect2("[1,2,2]", 2, 1, COINS_FIRST, 2);
  expect2("[1,2,4]", 2, -1, COINS_SECOND, 2);
  /* k = 1: alternate coins */
  expect2("[5,1,4,2]", 1, 6, COINS_FIRST, 1);
  /* ties go to the fewest coins */
  expect2("[0,0,0]", 2, 0, COINS_DRAW, 1);
  /* max_take larger than the row */
  expect2("[1,2,3]", 10, 6, COINS_FIRST, 3);
  expect2("[1,2,3]", UINT64_MAX, 6, COINS_FIRST, 3);
  expect2("[3,-5,4]", 10, 4, COINS_FIRST, 1);
  expect2("[3,-5,4]", UINT64_MAX, 4, COINS_FIRST, 1);
  expect2("[-7]", 5, -7, COINS_SECOND, 1);
  expect2("[-1,-1]", 100, 0, COINS_DRAW, 1);
  /* extremes */
  expect2("[9223372036854775807]", 2, INT64_MAX, COINS_FIRST, 1);
  expect2("[-4611686018427387904,4611686018427387903]", 1, -INT64_MAX, COINS_SECOND, 1);
  expect2("[-4611686018427387904,4611686018427387903]", 2, -1, COINS_SECOND, 2);
}

static void expect1(uint64_t n, uint64_t k, coins_outcome outcome, uint64_t take) {
  coins_solution r, d;
  memset(&r, 0x5A, sizeof r);
  coins_solve1(n, k, &r);
  if (r.outcome != outcome || r.best.take != take)
    fail_msg("I n=%llu k=%llu: outcome %d take %llu, expected %d take %llu", (unsigned long long)n,
             (unsigned long long)k, (int)r.outcome, (unsigned long long)r.best.take, (int)outcome,
             (unsigned long long)take);
  assert_i64(r.margin, 0);
  assert_i64(r.score, 0);
  assert_i64(r.total, 0);
  assert_int_equal(r.best.side, 'L');
  assert_u64(coins_solve1_take(n, k), take);
  assert_int_equal(coins_solve_work_words(1, (size_t)n, k), 0);
  coins_solve(1, NULL, (size_t)n, k, NULL, &d);
  if ((uint64_t)(size_t)n == n) {
    assert_int_equal(d.outcome, outcome);
    assert_u64(d.best.take, take);
  }
}

static void test_variant1_known(void **state) {
  (void)state;
  expect1(3, 2, COINS_SECOND, 1);
  expect1(4, 2, COINS_FIRST, 1);
  expect1(0, 2, COINS_SECOND, 0);
  expect1(0, 1, COINS_SECOND, 0);
  expect1(0, UINT64_MAX, COINS_SECOND, 0);
  expect1(1, 1, COINS_FIRST, 1);
  expect1(2, 1, COINS_SECOND, 1);
  expect1(5, 3, COINS_FIRST, 1);
  expect1(7, 3, COINS_FIRST, 3);
  expect1(8, 3, COINS_SECOND, 1);
  expect1(10, 100, COINS_FIRST, 10);
  const uint64_t big = (uint64_t)INT64_MAX; /* 2^63 - 1 */
  expect1(big, big, COINS_FIRST, big);
  expect1(big, 1, COINS_FIRST, 1);
  expect1(big, 2, COINS_FIRST, 1); /* 2^63 - 1 = 1 (mod 3) */
  expect1(big, big - 1, COINS_SECOND, 1);
  expect1(big, big - 2, COINS_FIRST, 1);
  expect1(big - 1, 1, COINS_SECOND, 1);
  expect1(UINT64_MAX, UINT64_MAX, COINS_FIRST, UINT64_MAX);
  expect1(UINT64_MAX, UINT64_MAX - 1, COINS_SECOND, 1);
  expect1(UINT64_MAX, 1, COINS_FIRST, 1);
  expect1(UINT64_MAX, 2, COINS_SECOND, 1); /* 2^64 - 1 = 0 (mod 3) */
  expect1(UINT64_MAX - 1, UINT64_MAX, COINS_FIRST, UINT64_MAX - 1);
  expect1(1000000000000000000u, 2, COINS_FIRST, 1);
  /* against the brute force, every n up to 60 and k up to 8 */
  for (uint64_t k = 1; k <= 8; k++)
    for (size_t n = 0; n <= 60; n++) {
      coins_solution r;
      coins_solve1(n, k, &r);
      assert_int_equal(r.outcome, ref1_first_wins(n, k) ? COINS_FIRST : COINS_SECOND);
    }
}

/* ================================================================= lines */

typedef struct want_ply {
  uint64_t take;
  char side;
  uint64_t pos;
  int64_t gain, first_total, second_total;
} want_ply;

static void expect_line(int variant, const char *text, uint64_t n_coins, uint64_t k,
                        const want_ply *want, size_t count) {
  size_t n = 0;
  int64_t *a = NULL;
  if (text) {
    a = row(text, &n);
    n_coins = n;
  }
  size_t words = coins_line_work_words(variant, (size_t)n_coins, k);
  /* variant I needs no work; otherwise a real (if empty) buffer */
  int64_t *w = variant == 1 ? NULL : xmalloc(words * sizeof *w);
  coins_line line;
  /* set up lazily: the moves are counted before variant III's blocks are
  ** made, and making them twice is making them once */
  coins_line_init_lazy(&line, variant, a, n_coins, k, w);
  assert_int_equal(line.unfused, variant == 3);
  if (text) assert_u64(coins_line_moves_left(&line), variant == 3 ? count : UINT64_MAX);
  coins_line_fuse(&line);
  coins_line_fuse(&line);
  for (size_t i = 0; i < count; i++) {
    coins_ply p;
    memset(&p, 0x5A, sizeof p);
    /* variant III knows how many moves are left; the others do not say */
    assert_u64(coins_line_moves_left(&line), variant == 3 ? count - i : UINT64_MAX);
    if (!coins_line_next(&line, &p))
      fail_msg("line of %s ended after %zu moves, expected %zu", text ? text : "(count)", i, count);
    assert_u64(p.ply, i + 1);
    assert_int_equal(p.player, i % 2 == 0 ? 1 : 2);
    assert_u64(p.move.take, want[i].take);
    assert_int_equal(p.move.side, want[i].side);
    assert_u64(p.pos, want[i].pos);
    assert_i64(p.gain, want[i].gain);
    assert_i64(p.first_total, want[i].first_total);
    assert_i64(p.second_total, want[i].second_total);
  }
  if (text) {
    coins_ply p;
    assert_int_equal(coins_line_next(&line, &p), 0);
    assert_int_equal(coins_line_next(&line, &p), 0); /* and stays ended */
  }
  free(w);
  free(a);
}

static void test_line_variant3(void **state) {
  (void)state;
  /* blocks (-4, len 3) and (7, len 1): 7 first, then the block from the left */
  const want_ply g1[] = {
      {1, 'R', 3, 7, 7, 0}, {1, 'L', 0, 8, 7, 8}, {1, 'L', 1, 15, 22, 8}, {1, 'L', 2, 3, 22, 11}};
  expect_line(3, "[8,15,3,7]", 0, 1, g1, COUNT(g1));
  const want_ply g2[] = {{1, 'L', 0, 1, 1, 0}, {1, 'L', 1, 20, 1, 20}, {1, 'L', 2, 4, 5, 20}};
  expect_line(3, "[1,20,4]", 0, 1, g2, COUNT(g2));
  /* one block of 5 */
  const want_ply g3[] = {{1, 'L', 0, 0, 0, 0},
                         {1, 'L', 1, 1, 0, 1},
                         {1, 'L', 2, 1, 1, 1},
                         {1, 'L', 3, 1, 1, 2},
                         {1, 'L', 4, 0, 1, 2}};
  expect_line(3, "[0,1,1,1,0]", 0, 1, g3, COUNT(g3));
  /* a valley of single coins: larger end each time, left on ties */
  const want_ply g4[] = {
      {1, 'R', 3, 7, 7, 0}, {1, 'L', 0, 5, 7, 5}, {1, 'R', 2, 2, 9, 5}, {1, 'L', 1, 1, 9, 6}};
  expect_line(3, "[5,1,2,7]", 0, 1, g4, COUNT(g4));
  const want_ply g5[] = {
      {1, 'L', 0, 2, 2, 0}, {1, 'L', 1, 2, 2, 2}, {1, 'L', 2, 2, 4, 2}, {1, 'L', 3, 2, 4, 4}};
  expect_line(3, "[2,2,2,2]", 0, 1, g5, COUNT(g5));
  expect_line(3, "[]", 0, 1, NULL, 0);
}

static void test_line_variant2(void **state) {
  (void)state;
  const want_ply g1[] = {{3, 'L', 0, 6, 6, 0}, {1, 'L', 3, 7, 6, 7}};
  expect_line(2, "[1,2,3,7]", 0, 3, g1, COUNT(g1));
  const want_ply g2[] = {{2, 'L', 0, 3, 3, 0}, {1, 'L', 2, 4, 3, 4}};
  expect_line(2, "[1,2,4]", 0, 2, g2, COUNT(g2));
  const want_ply g3[] = {{1, 'L', 0, 0, 0, 0}, {1, 'L', 1, 0, 0, 0}, {1, 'L', 2, 0, 0, 0}};
  expect_line(2, "[0,0,0]", 0, 2, g3, COUNT(g3));
  /* negative values: the mover must still take a coin */
  const want_ply g4[] = {{2, 'L', 0, -3, -3, 0}, {1, 'L', 2, -3, -3, -3}};
  expect_line(2, "[-1,-2,-3]", 0, 3, g4, COUNT(g4));
  const want_ply g5[] = {{3, 'L', 0, 6, 6, 0}};
  expect_line(2, "[1,2,3]", 0, UINT64_MAX, g5, COUNT(g5));
  expect_line(2, "[]", 0, 2, NULL, 0);
}

static void test_line_variant1(void **state) {
  (void)state;
  /* 10 coins, k = 3: take 2, then the loser takes 1, ... */
  const want_ply g1[] = {{2, 'L', 0, 0, 0, 0},
                         {1, 'L', 2, 0, 0, 0},
                         {3, 'L', 3, 0, 0, 0},
                         {1, 'L', 6, 0, 0, 0},
                         {3, 'L', 7, 0, 0, 0}};
  expect_line(1, NULL, 10, 3, g1, COUNT(g1));
  coins_line line;
  coins_ply p;
  coins_line_init(&line, 1, NULL, 10, 3, NULL);
  for (int i = 0; i < 5; i++) assert_int_equal(coins_line_next(&line, &p), 1);
  assert_int_equal(p.player, 1); /* the first player took the last coin */
  assert_int_equal(coins_line_next(&line, &p), 0);
  coins_line_init(&line, 1, NULL, 0, 2, NULL);
  assert_int_equal(coins_line_next(&line, &p), 0);
  coins_line_init(&line, 1, NULL, 5, 100, NULL);
  assert_int_equal(coins_line_next(&line, &p), 1);
  assert_u64(p.move.take, 5);
  assert_int_equal(coins_line_next(&line, &p), 0);
  /* 10^18 coins stream at once: 10^18 = 1 (mod 3) */
  const want_ply g2[] = {{1, 'L', 0, 0, 0, 0},
                         {1, 'L', 1, 0, 0, 0},
                         {2, 'L', 2, 0, 0, 0},
                         {1, 'L', 4, 0, 0, 0},
                         {2, 'L', 5, 0, 0, 0}};
  expect_line(1, NULL, 1000000000000000000u, 2, g2, COUNT(g2));
  const want_ply g3[] = {{UINT64_MAX, 'L', 0, 0, 0, 0}};
  expect_line(1, NULL, UINT64_MAX, UINT64_MAX, g3, COUNT(g3));
  const want_ply g4[] = {{1, 'L', 0, 0, 0, 0}, {UINT64_MAX - 1, 'L', 1, 0, 0, 0}};
  expect_line(1, NULL, UINT64_MAX, UINT64_MAX - 1, g4, COUNT(g4));
}

/* coins_solve3 with work == a gives the same result as with separate work,
** on many small rows (including the tie-heavy ones). */
static void test_variant3_alias(void **state) {
  (void)state;
  uint64_t s = 12345;
  for (int iter = 0; iter < 2000; iter++) {
    size_t n = (size_t)(iter % 17);
    int64_t *a = xmalloc(n * sizeof *a), *w = xmalloc(n * sizeof *w);
    for (size_t i = 0; i < n; i++) {
      s = s * 6364136223846793005u + 1442695040888963407u;
      a[i] = (int64_t)((s >> 33) % 7) - 3;
    }
    coins_solution r1, r2;
    coins_solve3(a, n, w, &r1);
    memcpy(w, a, n * sizeof *a);
    coins_solve3(w, n, w, &r2);
    assert_i64(r2.margin, r1.margin);
    assert_i64(r2.score, r1.score);
    assert_i64(r2.total, r1.total);
    assert_int_equal(r2.outcome, r1.outcome);
    assert_u64(r2.best.take, r1.best.take);
    assert_int_equal(r2.best.side, r1.best.side);
    assert_i64(r1.margin, ref3_margin(a, 0, n));
    free(a);
    free(w);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse_valid),       cmocka_unit_test(test_parse_capacity),
      cmocka_unit_test(test_parse_small_cap),   cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_parse_long_number), cmocka_unit_test(test_parse_bytes),
      cmocka_unit_test(test_parse_all_bytes),   cmocka_unit_test(test_variant3_known),
      cmocka_unit_test(test_extreme_scores),    cmocka_unit_test(test_variant3_best),
      cmocka_unit_test(test_empty_rows),        cmocka_unit_test(test_variant2_known),
      cmocka_unit_test(test_variant1_known),    cmocka_unit_test(test_line_variant3),
      cmocka_unit_test(test_line_variant2),     cmocka_unit_test(test_line_variant1),
      cmocka_unit_test(test_variant3_alias),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
