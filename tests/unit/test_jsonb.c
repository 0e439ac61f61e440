/*
** test_jsonb.c -- cmocka unit tests of the JSONB readers of the pure core
** (coins_jsonb_capacity, coins_jsonb_parse_array, coins_jsonb_parse_moves).
**
** The blobs are built by hand with a tiny encoder (a header byte, 0, 1, 2,
** 4 or 8 size bytes, the payload), in the shortest header form and in
** longer ones, which SQLite also accepts; a few were made by SQLite 3.54.1's
** jsonb() and are kept here as hex.  Every blob is copied into an
** exact-size malloc'd buffer, and every proper prefix of it is parsed too,
** so that a read past len shows up under AddressSanitizer.  Random rows and
** records are written both as JSONB and as JSON text (numbers, strings of
** every string type, escaped letters, arrays, objects, and elements alone
** where an array belongs), and the two parsers must agree on every value
** and every message.
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
#include "test_check.h"

#define NOT_JSONB "expected a JSONB array (a BLOB must hold SQLite's JSONB), got "

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* =============================================================== encoder */

/* A JSONB blob being built (malloc'd). */
typedef struct jb {
  unsigned char *b;
  size_t n;
} jb;

enum {
  T_NULL = 0,
  T_TRUE = 1,
  T_FALSE = 2,
  T_INT = 3,
  T_INT5 = 4,
  T_FLOAT = 5,
  T_FLOAT5 = 6,
  T_TEXT = 7,
  T_TEXTJ = 8,
  T_TEXT5 = 9,
  T_TEXTRAW = 10,
  T_ARRAY = 11,
  T_OBJECT = 12
};

static void jb_put(jb *x, const void *p, size_t n) {
  x->b = realloc(x->b, x->n + n + 1);
  assert_non_null(x->b);
  if (n) memcpy(x->b + x->n, p, n);
  x->n += n;
}

/* A header: width -1 is the shortest form, 0 the size in the first byte
** (size <= 11), and 1, 2, 4, 8 that many big-endian size bytes. */
static void jb_header(jb *x, unsigned type, uint64_t size, int width) {
  if (width < 0)
    width = size <= 11 ? 0 : size <= 0xFF ? 1 : size <= 0xFFFF ? 2 : size <= 0xFFFFFFFF ? 4 : 8;
  unsigned nibble = width == 0   ? (unsigned)size
                    : width == 1 ? 12
                    : width == 2 ? 13
                    : width == 4 ? 14
                                 : 15;
  unsigned char h[9];
  size_t n = 0;
  h[n++] = (unsigned char)(nibble << 4 | type);
  for (int i = width - 1; i >= 0; i--) h[n++] = (unsigned char)(size >> (8 * i));
  jb_put(x, h, n);
}

static jb el_w(unsigned type, const void *payload, size_t n, int width) {
  jb x = {0};
  jb_header(&x, type, n, width);
  jb_put(&x, payload, n);
  return x;
}

static jb el(unsigned type, const char *payload) {
  return el_w(type, payload, strlen(payload), -1);
}

/* An array (or object) of the items, which it frees. */
static jb arr_w(unsigned type, int width, jb *items, size_t count) {
  jb inner = {0}, x = {0};
  for (size_t i = 0; i < count; i++) {
    jb_put(&inner, items[i].b, items[i].n);
    free(items[i].b);
  }
  jb_header(&x, type, inner.n, width);
  jb_put(&x, inner.b, inner.n);
  free(inner.b);
  return x;
}

#define INT(s) el(T_INT, s)
#define INT5(s) el(T_INT5, s)
#define FLOAT(s) el(T_FLOAT, s)
#define FLOAT5(s) el(T_FLOAT5, s)
#define TEXT(s) el(T_TEXT, s)
#define JNULL el(T_NULL, "")
#define JTRUE el(T_TRUE, "")
#define JFALSE el(T_FALSE, "")
#define ITEMS(...) (jb[]){__VA_ARGS__}, COUNT(((jb[]){__VA_ARGS__}))
#define ARR(...) arr_w(T_ARRAY, -1, ITEMS(__VA_ARGS__))
#define ARR_W(width, ...) arr_w(T_ARRAY, width, ITEMS(__VA_ARGS__))
#define EMPTY_ARR arr_w(T_ARRAY, -1, NULL, 0)
#define OBJ(...) arr_w(T_OBJECT, -1, ITEMS(__VA_ARGS__))

static jb bytes_of(const void *p, size_t n) {
  jb x = {0};
  jb_put(&x, p, n);
  return x;
}

#define BYTES(...) \
  bytes_of((const unsigned char[]){__VA_ARGS__}, sizeof((const unsigned char[]){__VA_ARGS__}))

static jb from_hex(const char *hex) {
  jb x = {0};
  for (size_t i = 0; hex[i] && hex[i + 1]; i += 2) {
    unsigned v;
    assert_int_equal(sscanf(hex + i, "%2x", &v), 1);
    unsigned char c = (unsigned char)v;
    jb_put(&x, &c, 1);
  }
  return x;
}

/* ================================================================ parsing */

/* Parses blob[0..len) from an exact-size copy into an exact-size output
** buffer of coins_jsonb_capacity() words (or cap words when cap is not
** SIZE_MAX).  variant 0: coins_jsonb_parse_array, else
** coins_jsonb_parse_moves.  *out is malloc'd (the caller frees it). */
static int parse_blob(int variant, const unsigned char *blob, size_t len, size_t cap, int64_t **out,
                      size_t *n, char err[COINS_ERRMSG_SIZE]) {
  /* malloc(len), not len + 1: under ASan even byte len is out of bounds */
  unsigned char *copy = xmalloc(len);
  if (len) memcpy(copy, blob, len);
  if (cap == SIZE_MAX) cap = coins_jsonb_capacity(copy, len);
  *out = xmalloc(cap * sizeof **out);
  *n = 12345;
  memset(err, 'Z', COINS_ERRMSG_SIZE);
  int rc = variant ? coins_jsonb_parse_moves((coins_variant)variant, copy, len, *out, cap, n, err)
                   : coins_jsonb_parse_array(copy, len, *out, cap, n, err);
  free(copy);
  return rc;
}

/* Every proper prefix of a blob parses without an overread.  When the blob
** is a valid array (strict), no prefix is JSONB (its first header
** announces more than the prefix holds): an error and a capacity of 1. */
static void parse_prefixes(int variant, const unsigned char *blob, size_t len, int strict) {
  for (size_t cut = 0; cut < len; cut++) {
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE];
    unsigned char *copy = xmalloc(cut);
    if (cut) memcpy(copy, blob, cut);
    size_t cap = coins_jsonb_capacity(copy, cut);
    free(copy);
    int rc = parse_blob(variant, blob, cut, SIZE_MAX, &out, &n, err);
    free(out);
    assert_true(rc == COINS_OK || rc == COINS_INVALID);
    if (rc == COINS_INVALID) {
      assert_int_equal(n, 0);
      check_message(err);
    }
    if (!strict) continue;
    assert_int_equal(cap, 1);
    if (rc != COINS_INVALID) fail_msg("prefix of %zu of %zu bytes: rc %d", cut, len, rc);
    if (!starts_with(err, NOT_JSONB)) fail_msg("prefix of %zu bytes: message \"%s\"", cut, err);
  }
}

static void expect_values(int variant, jb blob, const int64_t *want, size_t want_n) {
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_jsonb_capacity(blob.b, blob.n), want_n);
  int rc = parse_blob(variant, blob.b, blob.n, SIZE_MAX, &out, &n, err);
  if (rc != COINS_OK) fail_msg("parse failed: %s", err);
  if (n != want_n) fail_msg("%zu elements, expected %zu", n, want_n);
  for (size_t i = 0; i < n; i++)
    if (out[i] != want[i])
      fail_msg("element %zu = %lld, expected %lld", i + 1, (long long)out[i], (long long)want[i]);
  free(out);
  parse_prefixes(variant, blob.b, blob.n, 1);
  /* a byte more is a trailing byte */
  jb_put(&blob, "\0", 1);
  rc = parse_blob(variant, blob.b, blob.n, SIZE_MAX, &out, &n, err);
  free(out);
  assert_int_equal(rc, COINS_INVALID);
  assert_string_equal(err, NOT_JSONB "1 byte after the first element");
  free(blob.b);
}

static void expect_error(int variant, jb blob, const char *want) {
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  int rc = parse_blob(variant, blob.b, blob.n, SIZE_MAX, &out, &n, err);
  free(out);
  if (rc == COINS_OK) fail_msg("parsed, expected error: %s", want);
  assert_int_equal(rc, COINS_INVALID);
  assert_int_equal(n, 0);
  check_message(err);
  if (strcmp(err, want) != 0) fail_msg("message \"%s\", expected \"%s\"", err, want);
  parse_prefixes(variant, blob.b, blob.n, 0);
  free(blob.b);
}

#define expect_ok(blob, ...)                      \
  do {                                            \
    static const int64_t want_[] = {__VA_ARGS__}; \
    expect_values(0, blob, want_, COUNT(want_));  \
  } while (0)
#define expect_empty(blob) expect_values(0, blob, NULL, 0)
#define expect_err(blob, want) expect_error(0, blob, want)

/* ================================================================= tests */

static void test_valid(void **state) {
  (void)state;
  expect_empty(EMPTY_ARR);
  expect_empty(BYTES(0xCB, 0x00));
  expect_empty(BYTES(0xDB, 0x00, 0x00));
  expect_empty(BYTES(0xEB, 0x00, 0x00, 0x00, 0x00));
  expect_empty(BYTES(0xFB, 0, 0, 0, 0, 0, 0, 0, 0));
  expect_ok(ARR(INT("1")), 1);
  expect_ok(ARR(INT("8"), INT("15"), INT("3"), INT("7")), 8, 15, 3, 7);
  expect_ok(ARR(INT("-5"), INT("0"), INT("-0"), FLOAT("0.0"), FLOAT("-0.0"), FLOAT("0e5")), -5, 0,
            0, 0, 0, 0);
  expect_ok(ARR(FLOAT("2.0"), FLOAT("1e3"), FLOAT("0.7e1"), FLOAT("700e-2"), FLOAT("1E+2"),
                FLOAT("1e-0"), FLOAT("-1e+0")),
            2, 1000, 7, 7, 100, 1, -1);
  expect_ok(ARR(FLOAT("1000000000000000000000000000000e-30")), 1);
  expect_ok(ARR(INT("9223372036854775807")), INT64_MAX);
  expect_ok(ARR(INT("-9223372036854775807")), -INT64_MAX);
  expect_ok(ARR(FLOAT("9.223372036854775807e18")), INT64_MAX);
  expect_ok(ARR(FLOAT("0e99999999999999999999")), 0);
  /* the text parser's rules for INT too: an INT payload is just text */
  expect_ok(ARR(INT("2.0"), INT("1e3")), 2, 1000);
  /* the sum of absolute values may reach exactly 2^63-1 */
  expect_ok(ARR(INT("9223372036854775806"), INT("-1")), INT64_MAX - 1, -1);
  /* every header form, for the array and for its elements */
  for (int w = 0; w <= 8; w = w ? 2 * w : 1) {
    expect_ok(ARR_W(w, el_w(T_INT, "42", 2, w), el_w(T_FLOAT, "-3.0", 4, w)), 42, -3);
    expect_ok(ARR(el_w(T_INT, "7", 1, w)), 7);
  }
  expect_ok(ARR_W(8, el_w(T_INT, "12", 2, 4), el_w(T_INT, "13", 2, 1), INT("14")), 12, 13, 14);
  /* a payload of 12 bytes or more needs a size byte */
  expect_ok(ARR(INT("100000000000"), FLOAT("1.00000000000e11")), 100000000000, 100000000000);
}

/* JSON5 numbers (INT5, FLOAT5) are read exactly: hexadecimal, a leading
** '+', a point with no digits on one side. */
static void test_json5(void **state) {
  (void)state;
  expect_ok(ARR(INT5("0x10"), INT5("-0x1F"), INT5("+0x10"), INT5("0xaBcD")), 16, -31, 16, 0xABCD);
  expect_ok(ARR(INT5("0X7fffffffffffffff")), INT64_MAX);
  expect_ok(ARR(INT5("-0x7FFFFFFFFFFFFFFF")), -INT64_MAX);
  expect_ok(ARR(INT5("0x0000000000000000000000001"), INT5("0x0"), INT5("-0x0")), 1, 0, 0);
  expect_ok(ARR(INT5("+7"), FLOAT5("5."), FLOAT5("+2.0"), FLOAT5(".0"), FLOAT5("-.0e1")), 7, 5, 2,
            0, 0);
  expect_ok(ARR(FLOAT5("5.e2"), FLOAT5("-.5e1"), FLOAT5(".25e2"), FLOAT5("+1e3")), 500, -5, 25,
            1000);
  expect_err(ARR(INT5("0x8000000000000000")), "element 1 is out of range: 0x8000000000000000");
  expect_err(ARR(INT5("-0x8000000000000000")), "element 1 is out of range: -0x8000000000000000");
  expect_err(ARR(INT5("0x10000000000000000")), "element 1 is out of range: 0x10000000000000000");
  expect_err(ARR(INT5("0x")), "element 1 is not a valid JSON number: 0x");
  expect_err(ARR(INT5("0x1g")), "element 1 is not a valid JSON number: 0x1g");
  expect_err(ARR(INT5("+-1")), "element 1 is not an integer: +-1");
  expect_err(ARR(FLOAT5(".5")), "element 1 is not an integer: .5");
  expect_err(ARR(FLOAT5("+1.5")), "element 1 is not an integer: +1.5");
  expect_err(ARR(FLOAT5(".")), "element 1 is not an integer: .");
  expect_err(ARR(FLOAT5("Infinity")), "element 1 is not an integer: Infinity");
  expect_err(ARR(FLOAT5("01")), "element 1 is not a valid JSON number: 01");
  expect_err(ARR(INT5("")), "element 1 is not a valid JSON number: an empty INT5");
  /* JSON5 forms in INT and FLOAT are read as the text parser reads them */
  expect_err(ARR(INT("0x10")), "element 1 is not a valid JSON number: 0x10");
  expect_err(ARR(INT("+1")), "element 1 is not an integer: +1");
  expect_err(ARR(FLOAT("5.")), "element 1 is not a valid JSON number: 5.");
  expect_err(ARR(FLOAT(".5")), "element 1 is not an integer: .5");
}

static void test_errors(void **state) {
  (void)state;
  /* values, with the text parser's messages */
  expect_err(ARR(INT("1"), INT("2"), FLOAT("2.5")), "element 3 is not an integer: 2.5");
  expect_err(ARR(FLOAT("15e-1")), "element 1 is not an integer: 15e-1");
  expect_err(ARR(FLOAT("1e-1000000000000000")), "element 1 is not an integer: 1e-1000000000000000");
  expect_err(ARR(INT("01")), "element 1 is not a valid JSON number: 01");
  expect_err(ARR(FLOAT("1.")), "element 1 is not a valid JSON number: 1.");
  expect_err(ARR(FLOAT("1e+")), "element 1 is not a valid JSON number: 1e+");
  expect_err(ARR(FLOAT("-")), "element 1 is not an integer: -");
  expect_err(ARR(INT("1 ")), "element 1 is not a valid JSON number: 1 ");
  expect_err(ARR(INT("1,2")), "element 1 is not a valid JSON number: 1,2");
  expect_err(ARR(INT(" 1")), "element 1 is not an integer:  1");
  expect_err(ARR(el_w(T_INT, "1\0", 2, -1)), "element 1 is not a valid JSON number: 1\\x00");
  expect_err(ARR(INT("")), "element 1 is not a valid JSON number: an empty INT");
  expect_err(ARR(INT("1"), FLOAT("")), "element 2 is not a valid JSON number: an empty FLOAT");
  expect_err(ARR(JTRUE), "element 1 is not an integer: true");
  expect_err(ARR(INT("1"), JFALSE), "element 2 is not an integer: false");
  expect_err(ARR(JNULL), "element 1 is not an integer: null");
  /* null, true, false with a payload (reserved for extensions) */
  expect_err(ARR(el(T_TRUE, "xy")), "element 1 is not an integer: true");
  expect_err(ARR(el(T_NULL, "1")), "element 1 is not an integer: null");
  expect_err(ARR(TEXT("1")), "element 1 is not an integer: \"1\"");
  expect_err(ARR(el(T_TEXTJ, "a\\\"b")), "element 1 is not an integer: \"a\\\"b\"");
  expect_err(ARR(el(T_TEXT5, "a\\'b")), "element 1 is not an integer: \"a\\'b\"");
  /* a TEXTRAW string is raw: shown escaped, as JSON text writes it */
  expect_err(ARR(el(T_TEXTRAW, "\x01")), "element 1 is not an integer: \"\\u0001\"");
  expect_err(ARR(el(T_TEXTRAW, "a\"b\\c\n\x1f")),
             "element 1 is not an integer: \"a\\\"b\\\\c\\n\\u001f\"");
  expect_err(ARR(TEXT("")), "element 1 is not an integer: \"\"");
  expect_err(ARR(OBJ()), "element 1 is not an integer: {}");
  expect_err(ARR(OBJ(TEXT("a"), INT("1"))), "element 1 is not an integer: {...}");
  expect_err(ARR(ARR(INT("1"))), "element 1 is not an integer: nested arrays are not allowed");
  expect_err(ARR(INT("1"), EMPTY_ARR),
             "element 2 is not an integer: nested arrays are not allowed");
  /* long strings and numbers are cut in messages */
  char text[100];
  memset(text, 'a', 99);
  text[99] = 0;
  for (size_t len = 55; len < 65; len++) {
    char want[COINS_ERRMSG_SIZE];
    snprintf(want, sizeof want, "element 1 is not an integer: \"%.39s...", text);
    expect_err(ARR(el_w(T_TEXT, text, len, -1)), want);
  }
  /* range */
  expect_err(ARR(INT("9223372036854775808")), "element 1 is out of range: 9223372036854775808");
  expect_err(ARR(INT("-9223372036854775808")), "element 1 is out of range: -9223372036854775808");
  expect_err(ARR(FLOAT("1e19")), "element 1 is out of range: 1e19");
  expect_err(ARR(INT("9223372036854775807"), INT("1")),
             "the sum of absolute values exceeds 2^63-1 at element 2");
  expect_err(ARR(INT("-9223372036854775807"), INT("0"), INT("-1")),
             "the sum of absolute values exceeds 2^63-1 at element 3");
  expect_err(ARR(INT("4611686018427387904"), FLOAT("-4611686018427387904.0")),
             "the sum of absolute values exceeds 2^63-1 at element 2");
  /* an element error comes first, in order, like the text parser's */
  expect_err(ARR(FLOAT("0.5"), BYTES(0x0E)), "element 1 is not an integer: 0.5");
}

/* Blobs that are not a JSONB array at all. */
static void test_not_jsonb(void **state) {
  (void)state;
  /* JSONB of something else: the text parser's message for its text */
  expect_err(BYTES(0), "expected a JSON array at byte 0, got null");
  expect_err(INT("1"), "expected a JSON array at byte 0, got 1");
  expect_err(INT5("0x1"), "expected a JSON array at byte 0, got 0x1");
  expect_err(FLOAT("1.5"), "expected a JSON array at byte 0, got 1.5");
  expect_err(TEXT("[1]"), "expected a JSON array at byte 0, got \"[1]\"");
  expect_err(el(T_TEXTRAW, ""), "expected a JSON array at byte 0, got \"\"");
  expect_err(JTRUE, "expected a JSON array at byte 0, got true");
  expect_err(JFALSE, "expected a JSON array at byte 0, got false");
  expect_err(OBJ(TEXT("a"), INT("1")), "expected a JSON array at byte 0, got {...}");
  expect_err(OBJ(), "expected a JSON array at byte 0, got {}");
  /* a BLOB that is not JSONB */
  expect_err(bytes_of("", 0), NOT_JSONB "an empty BLOB");
  for (unsigned t = 13; t <= 15; t++) {
    char want[COINS_ERRMSG_SIZE];
    snprintf(want, sizeof want, NOT_JSONB "an element of reserved type %u", t);
    expect_err(BYTES((unsigned char)t), want);
    expect_err(el_w(t, "ab", 2, -1), want);
    snprintf(want, sizeof want, NOT_JSONB "element 2 of reserved type %u at byte 3", t);
    expect_err(ARR(INT("1"), el_w(t, "", 0, -1)), want);
  }
  /* headers and sizes that run past the end */
  expect_err(BYTES(0xCB), NOT_JSONB "a header cut short (1 of 2 bytes)");
  expect_err(BYTES(0xDB, 0x00), NOT_JSONB "a header cut short (2 of 3 bytes)");
  expect_err(BYTES(0xEB, 0, 0, 0), NOT_JSONB "a header cut short (4 of 5 bytes)");
  expect_err(BYTES(0xFB, 0, 0, 0, 0, 0, 0, 0), NOT_JSONB "a header cut short (8 of 9 bytes)");
  expect_err(BYTES(0x1B), NOT_JSONB "a header announcing 1 byte of payload where 0 remain");
  expect_err(BYTES(0xFB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x13),
             NOT_JSONB "a header announcing 18446744073709551615 bytes of payload where 1 remain");
  expect_err(BYTES(0xFB, 0x80, 0, 0, 0, 0, 0, 0, 1, 0x13),
             NOT_JSONB "a header announcing 9223372036854775809 bytes of payload where 1 remain");
  /* JSON text in a BLOB: '[' is 0x5B, an array of 5 bytes */
  expect_err(bytes_of("[1,2]", 5),
             NOT_JSONB "a header announcing 5 bytes of payload where 4 remain");
  expect_err(bytes_of("[1,2,3]", 7), NOT_JSONB "1 byte after the first element");
  expect_err(bytes_of("[10,20]", 7), NOT_JSONB "1 byte after the first element");
  expect_err(bytes_of("[10,200]", 8), NOT_JSONB "2 bytes after the first element");
  /* elements that run past the end of the array */
  expect_err(BYTES(0x1B, 0x13),
             NOT_JSONB "element 1 at byte 1 announcing 1 byte of payload where 0 remain");
  expect_err(BYTES(0x2B, 0xC3, 0x01),
             NOT_JSONB "element 1 at byte 1 announcing 1 byte of payload where 0 remain");
  expect_err(BYTES(0x2B, 0x13, 0x31, 0x00), NOT_JSONB "1 byte after the first element");
  expect_err(BYTES(0x3B, 0x13, 0x31, 0xC3),
             NOT_JSONB "element 2 with its header cut short at byte 3");
  expect_err(BYTES(0x4B, 0x13, 0x31, 0xD3, 0x00),
             NOT_JSONB "element 2 with its header cut short at byte 3");
  expect_err(BYTES(0x3B, 0x23, 0x31, 0x32, 0x13, 0x31),
             NOT_JSONB "2 bytes after the first element");
  expect_err(BYTES(0x3B, 0x33, 0x31, 0x32),
             NOT_JSONB "element 1 at byte 1 announcing 3 bytes of payload where 2 remain");
  expect_err(BYTES(0x9B, 0xF3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF), NOT_JSONB
             "element 1 at byte 1 announcing 18446744073709551615 bytes of payload "
             "where 0 remain");
}

/* Some blobs made by SQLite 3.54.1: jsonb() of the text, as hex.  Where
** the text is plain JSON the text parser gives the expected answer. */
static const struct {
  const char *text, *hex;
} sqlite_made[] = {
    {"[]", "0B"},
    {"[1,2,3]", "6B133113321333"},
    {"[8,15,3,7]", "9B133823313513331337"},
    {"[-5,0,-0,0.0,-0.0,0e5]", "CB15232D351330232D3035302E30452D302E3035306535"},
    {"[2.0,1e3,0.7e1,700e-2,1E+2,1e-0,-1e+0]",
     "CB2535322E303531653355302E37653165373030652D324531452B324531652D30552D31652B30"},
    {"[9223372036854775807]", "CB15C31339323233333732303336383534373735383037"},
    {"[-9223372036854775807]", "CB16C3142D39323233333732303336383534373735383037"},
    {"[9.223372036854775807e18]", "CB19C517392E323233333732303336383534373735383037653138"},
    {"[1,2,2.5]", "8B1331133235322E35"},
    {"[9223372036854775808]", "CB15C31339323233333732303336383534373735383038"},
    {"[9223372036854775807,1]", "CB17C313393232333337323033363835343737353830371331"},
    {"[true]", "1B01"},
    {"[1,false]", "3B133102"},
    {"[null]", "1B00"},
    {"[\"1\"]", "2B1731"},
    {"[{}]", "1B0C"},
    {"[[1]]", "3B2B1331"},
    {"[1,[2]]", "5B13312B1332"},
    {"[ 1 , 2 ]", "4B13311332"},
    {"[100000000000,200000000000,300000000000,400000000000,500000000000,600000000000,"
     "700000000000]",
     "CB62C30C313030303030303030303030C30C323030303030303030303030C30C333030303030303030303030"
     "C30C343030303030303030303030C30C353030303030303030303030C30C363030303030303030303030C30C"
     "373030303030303030303030"},
};

static void test_sqlite_made(void **state) {
  (void)state;
  for (size_t i = 0; i < COUNT(sqlite_made); i++) {
    jb blob = from_hex(sqlite_made[i].hex);
    const char *text = sqlite_made[i].text;
    int64_t want[16], *got;
    size_t want_n = 99, n = 99;
    char want_err[COINS_ERRMSG_SIZE], err[COINS_ERRMSG_SIZE];
    int want_rc = coins_parse_array(text, strlen(text), want, COUNT(want), &want_n, want_err);
    int rc = parse_blob(0, blob.b, blob.n, SIZE_MAX, &got, &n, err);
    if (rc != want_rc) fail_msg("%s: rc %d, expected %d (%s)", text, rc, want_rc, err);
    if (rc == COINS_OK) {
      assert_int_equal(n, want_n);
      for (size_t k = 0; k < n; k++) assert_i64(got[k], want[k]);
      assert_int_equal(coins_jsonb_capacity(blob.b, blob.n), n);
    } else if (strcmp(err, want_err) != 0) {
      fail_msg("%s: message \"%s\", expected \"%s\"", text, err, want_err);
    }
    free(got);
    parse_prefixes(0, blob.b, blob.n, rc == COINS_OK);
    free(blob.b);
  }
  /* JSON5, as SQLite stores it: hex as INT5, "5." and ".0" as FLOAT5, and
  ** a leading '+' dropped */
  expect_ok(from_hex("CB1D4430783130542D30783146133726352E35322E30262E30562D2E306531"), 16, -31, 7,
            5, 2, 0, 0); /* [0x10,-0x1F,+7,5.,+2.0,.0,-.0e1] */
  expect_ok(from_hex("CB14C412305837666666666666666666666666666666"), INT64_MAX);
  expect_ok(from_hex("CB15C4132D307837464646464646464646464646464646"), -INT64_MAX);
  expect_err(from_hex("CB14C412307838303030303030303030303030303030"),
             "element 1 is out of range: 0x8000000000000000");
  /* Infinity is stored as FLOAT 9e999, NaN as null */
  expect_err(from_hex("6B553965393939"), "element 1 is out of range: 9e999");
  expect_err(from_hex("1B00"), "element 1 is not an integer: null");
  /* the strings of a variant III record, and an escaped one */
  expect_values(COINS_III, from_hex("8B174C1772176C1752"), (const int64_t[]){'L', 'R', 'L', 'R'},
                4);
  expect_values(COINS_III, from_hex("7B685C7530303443"), (const int64_t[]){'L'}, 1);
  /* jsonb('["\u004c","R"]') and jsonb('[''\x52'']'), a TEXTJ and a TEXT5 */
  expect_values(COINS_III, from_hex("9B685C75303034631752"), (const int64_t[]){'L', 'R'}, 2);
  expect_values(COINS_III, from_hex("5B495C783532"), (const int64_t[]){'R'}, 1);
  /* jsonb_array(1, 2.0, 'L', jsonb('[1,2]'), json_object('a',1)) */
  jb mixed = from_hex("CB12133135322E30174C4B133113324C17611331");
  assert_int_equal(coins_jsonb_capacity(mixed.b, mixed.n), 5);
  expect_err(mixed, "element 3 is not an integer: \"L\"");
}

static void test_capacity(void **state) {
  (void)state;
  /* a nested array or object is skipped by its size, not descended */
  jb blob = ARR(INT("1"), ARR(INT("2"), ARR(INT("3"), INT("4"))), OBJ(TEXT("a"), INT("5")), JTRUE);
  assert_int_equal(coins_jsonb_capacity(blob.b, blob.n), 4);
  free(blob.b);
  /* not an array: 1, so that the parse reports it */
  assert_int_equal(coins_jsonb_capacity(NULL, 0), 1);
  assert_int_equal(coins_jsonb_capacity((const unsigned char *)"\x13"
                                                               "1",
                                        2),
                   1);
  assert_int_equal(coins_jsonb_capacity((const unsigned char *)"[1,2,3]", 7), 1);
  assert_int_equal(coins_jsonb_capacity((const unsigned char *)"\x0B", 1), 0);
  /* a broken element counts (it is reported before it needs room) */
  assert_int_equal(coins_jsonb_capacity((const unsigned char *)"\x3B\x13"
                                                               "1\xC3",
                                        4),
                   2);
  assert_int_equal(coins_jsonb_capacity((const unsigned char *)"\x3B\x13"
                                                               "1\x0D",
                                        4),
                   2);
  /* long arrays: every element counted, with any header form */
  for (size_t count = 0; count <= 300; count += 37) {
    jb inner = {0}, x = {0};
    int64_t *want = xmalloc(count * sizeof *want);
    uint64_t rng = count;
    for (size_t i = 0; i < count; i++) {
      char digits[24];
      want[i] = (int64_t)(i * 7) - 1000;
      snprintf(digits, sizeof digits, "%lld", (long long)want[i]);
      int widths[] = {-1, 1, 2, 4, 8};
      jb e = el_w(T_INT, digits, strlen(digits), widths[coins_random_next(&rng) % 5]);
      jb_put(&inner, e.b, e.n);
      free(e.b);
    }
    jb_header(&x, T_ARRAY, inner.n, -1);
    jb_put(&x, inner.b, inner.n);
    free(inner.b);
    expect_values(0, x, want, count);
    free(want);
  }
}

/* A cap below what the blob needs is reported as COINS_NO_ROOM with the
** text parser's message, never overrun. */
static void test_small_cap(void **state) {
  (void)state;
  jb blob = ARR(INT("1"), INT("2"), INT("3"));
  for (size_t cap = 0; cap < 3; cap++) {
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE], want[COINS_ERRMSG_SIZE];
    assert_int_equal(parse_blob(0, blob.b, blob.n, cap, &out, &n, err), COINS_NO_ROOM);
    free(out);
    assert_int_equal(n, 0);
    snprintf(want, sizeof want, "more than %zu elements: the buffer is too small", cap);
    assert_string_equal(err, want);
    assert_int_equal(parse_blob(COINS_II, blob.b, blob.n, cap, &out, &n, err), COINS_NO_ROOM);
    free(out);
    assert_string_equal(err, want);
  }
  free(blob.b);
  /* as in the text parser, a bad element is reported before the room */
  blob = ARR(INT("1"), FLOAT("1.5"));
  int64_t *out;
  size_t n;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(parse_blob(0, blob.b, blob.n, 1, &out, &n, err), COINS_INVALID);
  free(out);
  assert_string_equal(err, "element 2 is not an integer: 1.5");
  free(blob.b);
  blob = ARR(TEXT("L"), TEXT("R"));
  assert_int_equal(parse_blob(COINS_III, blob.b, blob.n, 1, &out, &n, err), COINS_NO_ROOM);
  free(out);
  assert_string_equal(err, "more than 1 elements: the buffer is too small");
  free(blob.b);
}

static void test_moves(void **state) {
  (void)state;
  for (int v = COINS_I; v <= COINS_II; v++) {
    expect_values(v, ARR(INT("1"), INT("2"), FLOAT("3.0")), (const int64_t[]){1, 2, 3}, 3);
    expect_values(v, EMPTY_ARR, NULL, 0);
    expect_error(v, ARR(INT("1"), INT("0")),
                 "ply 2: take 0 is not a move (a move takes 1 to max_take coins)");
    expect_error(v, ARR(INT("-3")),
                 "ply 1: take -3 is not a move (a move takes 1 to max_take coins)");
    expect_error(v, ARR(INT("1"), FLOAT("1.5")), "ply 2 is not an integer: 1.5");
    /* letters: the notation of variant III */
    char letters[COINS_ERRMSG_SIZE];
    snprintf(letters, sizeof letters,
             "moves for variant %s are takes, e.g. [1,2,1] or '1,2,1'; got letters",
             v == COINS_I ? "I" : "II");
    expect_error(v, ARR(TEXT("L")), letters);
    expect_error(v, ARR(el(T_TEXTJ, "\\u0072"), INT("1")), letters);
    expect_error(v, ARR(INT("1"), TEXT("L")), "ply 2 is not an integer: \"L\"");
    expect_error(v, ARR(TEXT("1")), "ply 1 is not an integer: \"1\"");
    expect_error(v, ARR(ARR(INT("1"))), "ply 1 is not an integer: nested arrays are not allowed");
    expect_error(v, ARR(INT("9223372036854775807"), INT("1")),
                 "the sum of absolute values exceeds 2^63-1 at ply 2");
    /* a form error anywhere comes before a take < 1 */
    expect_error(v, ARR(INT("0"), JTRUE), "ply 2 is not an integer: true");
    expect_error(v, INT("1"), "expected a JSON array at byte 0, got 1");
  }
  expect_values(COINS_III,
                ARR(TEXT("L"), TEXT("r"), el(T_TEXTJ, "l"), el(T_TEXT5, "R"), el(T_TEXTRAW, "L")),
                (const int64_t[]){'L', 'R', 'L', 'R', 'L'}, 5);
  expect_values(COINS_III, ARR_W(8, el_w(T_TEXT, "R", 1, 4)), (const int64_t[]){'R'}, 1);
  expect_values(COINS_III, EMPTY_ARR, NULL, 0);
  expect_error(COINS_III, ARR(TEXT("L"), TEXT("x")), "ply 2 is not \"L\" or \"R\": \"x\"");
  expect_error(COINS_III, ARR(TEXT("LR")), "ply 1 is not \"L\" or \"R\": \"LR\"");
  expect_error(COINS_III, ARR(TEXT("")), "ply 1 is not \"L\" or \"R\": \"\"");
  const char *takes =
      "moves for variant III are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; got takes";
  expect_error(COINS_III, ARR(INT("1")), takes);
  expect_error(COINS_III, ARR(FLOAT("2.0"), INT("1")), takes);
  expect_error(COINS_III, ARR(INT5("0x1")), takes);
  expect_error(COINS_III, ARR(FLOAT("1.5")), "ply 1 is not \"L\" or \"R\": 1.5");
  expect_error(COINS_III, ARR(TEXT("L"), INT("1")), "ply 2 is not \"L\" or \"R\": 1");
  expect_error(COINS_III, ARR(JNULL), "ply 1 is not \"L\" or \"R\": null");
  expect_error(COINS_III, ARR(ARR(TEXT("L"))),
               "ply 1 is not \"L\" or \"R\": nested arrays are not allowed");
  expect_error(COINS_III, ARR(TEXT("R"), EMPTY_ARR),
               "ply 2 is not \"L\" or \"R\": nested arrays are not allowed");
  expect_error(COINS_III, ARR(OBJ()), "ply 1 is not \"L\" or \"R\": {}");
  expect_error(COINS_III, TEXT("LRRL"), "expected a JSON array at byte 0, got \"LRRL\"");
  expect_error(COINS_III, ARR(TEXT("L"), BYTES(0xF7)),
               NOT_JSONB "element 2 with its header cut short at byte 3");
  /* variant I-sum: "p:t" strings, the pile (from 0) stored above bit 51 */
  const int64_t pile2 = (int64_t)1 << 51;
  expect_values(COINS_I_SUM, ARR(TEXT("1:3"), el(T_TEXTRAW, "2:1")),
                (const int64_t[]){3, pile2 + 1}, 2);
  expect_values(COINS_I_SUM, EMPTY_ARR, NULL, 0);
  /* escapes decoded as for letters: "1\u003a3" (TEXTJ) and "2\x3a1" (TEXT5) */
  expect_values(COINS_I_SUM, ARR(el(T_TEXTJ, "1\\u003a3"), el(T_TEXT5, "2\\x3a1")),
                (const int64_t[]){3, pile2 + 1}, 2);
  expect_error(COINS_I_SUM, ARR(el(T_TEXTJ, "1\\q3")),
               "ply 1: move '1\\q3' is not pile:take with a pile 1..4096 and a take 1..2^51-1, "
               "e.g. '2:3'");
  expect_error(COINS_I_SUM, ARR(TEXT("1:3"), INT("2")),
               "ply 2 is not a JSON string such as \"2:3\"");
  expect_error(COINS_I_SUM, ARR(TEXT("0:3")),
               "ply 1: move '0:3' is not pile:take with a pile 1..4096 and a take 1..2^51-1, "
               "e.g. '2:3'");
  expect_error(COINS_I_SUM, ARR(TEXT("2:")),
               "ply 1: move '2:' is not pile:take with a pile 1..4096 and a take 1..2^51-1, "
               "e.g. '2:3'");
}

/* Every byte value in every position of a small array: no crash, no
** overread, a clean ASCII message whenever it fails. */
static void test_all_bytes(void **state) {
  (void)state;
  jb base = ARR(INT("12"), FLOAT("-3.0e1"), TEXT("L"), ARR(INT("1")), JTRUE);
  for (size_t at = 0; at < base.n; at++)
    for (int c = 0; c < 256; c++)
      for (int variant = 0; variant <= COINS_III; variant++) {
        unsigned char *copy = xmalloc(base.n);
        memcpy(copy, base.b, base.n);
        copy[at] = (unsigned char)c;
        int64_t *out;
        size_t n;
        char err[COINS_ERRMSG_SIZE];
        int rc = parse_blob(variant, copy, base.n, SIZE_MAX, &out, &n, err);
        free(out);
        free(copy);
        assert_true(rc == COINS_OK || rc == COINS_INVALID);
        if (rc != COINS_OK) check_message(err);
      }
  free(base.b);
}

/* ========================================================= differential */

/* A random row written as JSONB and as JSON text, element by element. */
typedef struct pair {
  jb blob;    /* the elements' JSONB, without the array header */
  char *text; /* the JSON text, without brackets */
  size_t text_n, count;
} pair;

static void pair_add(pair *p, jb e, const char *text) {
  size_t len = strlen(text);
  p->text = realloc(p->text, p->text_n + len + 2);
  assert_non_null(p->text);
  if (p->count++) p->text[p->text_n++] = ',';
  memcpy(p->text + p->text_n, text, len + 1);
  p->text_n += len;
  jb_put(&p->blob, e.b, e.n);
  free(e.b);
}

static uint64_t below(uint64_t *rng, uint64_t n) { return coins_random_next(rng) % n; }

static int random_width(uint64_t *rng, size_t size) {
  static const int widths[] = {-1, -1, -1, 0, 1, 2, 4, 8};
  int w = widths[below(rng, COUNT(widths))];
  if (w == 0 && size > 11) return -1;
  if ((w == 1 && size > 0xFF) || (w == 2 && size > 0xFFFF)) return -1;
  return w;
}

/* A random integer of random magnitude. */
static int64_t random_value(uint64_t *rng) {
  switch (below(rng, 6)) {
    case 0: return (int64_t)below(rng, 10);
    case 1: return coins_random_range(rng, -1000, 1000);
    case 2: return coins_random_range(rng, -1000000000000, 1000000000000);
    case 3: return coins_random_range(rng, INT64_MIN / 4, INT64_MAX / 4);
    case 4: return coins_random_range(rng, -INT64_MAX, INT64_MAX);
    default: return below(rng, 2) ? INT64_MAX : -INT64_MAX;
  }
}

/* v written as a JSON number in one of many ways: an INT, or a FLOAT with
** a point, an exponent, zeros... (type in *type). */
static void write_number(uint64_t *rng, int64_t v, char *out, size_t size, unsigned *type) {
  char digits[32];
  uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  snprintf(digits, sizeof digits, "%llu", (unsigned long long)m);
  size_t nd = strlen(digits);
  const char *sign = v < 0 || (v == 0 && below(rng, 4) == 0) ? "-" : "";
  *type = T_FLOAT;
  switch (below(rng, 6)) {
    case 0:
    case 1: snprintf(out, size, "%s%s", sign, digits), *type = T_INT; return;
    case 2: snprintf(out, size, "%s%s.%0*d", sign, digits, (int)below(rng, 5) + 1, 0); return;
    case 3: { /* the point moved left, an exponent to make up */
      size_t shift = (size_t)below(rng, nd) + 1;
      if (shift == nd) shift--; /* keep a digit before the point */
      if (shift == 0)
        snprintf(out, size, "%s%se0", sign, digits);
      else
        snprintf(out, size, "%s%.*s.%se%s%zu", sign, (int)(nd - shift), digits, digits + nd - shift,
                 below(rng, 2) ? "+" : "", shift);
      return;
    }
    case 4: /* trailing zeros traded for an exponent */
      snprintf(out, size, "%s%s%0*de-%d", sign, digits, 3, 0, 3);
      return;
    default: { /* 0.ddd e+nd */ snprintf(out, size, "%s0.%sE%zu", sign, digits, nd); return;
    }
  }
}

/* Something that is not an integer, as JSONB and as text: numbers that
** are not integers, strings (escaped, raw, with delimiters inside),
** arrays and objects, as SQLite's jsonb() stores the text. */
static void add_junk(uint64_t *rng, pair *p) {
  static const char *const numbers[] = {
      "2.5",  "0.5", "1e-1",  "01",   "1.",    "1e",
      "1e+",  "-",   "1.2.3", "-1-1", "1e19",  "9223372036854775808",
      "0x10", "+1",  ".5",    "NaN",  "1E400", "-9223372036854775808"};
  static const struct {
    unsigned type;
    const char *payload, *text;
  } strings[] = {
      {T_TEXT, "ab", "\"ab\""},
      {T_TEXT, "a, b]", "\"a, b]\""},
      {T_TEXT, "l", "\"l\""},
      {T_TEXTJ, "\\u004c", "\"\\u004c\""},
      {T_TEXTJ, "\\u0052", "\"\\u0052\""},
      {T_TEXTJ, "a\\\"b", "\"a\\\"b\""},
      {T_TEXTJ, "\\u004c\\u004c", "\"\\u004c\\u004c\""},
      {T_TEXTRAW, "a\"b\\", "\"a\\\"b\\\\\""},
      {T_TEXTRAW, "R", "\"R\""},
  };
  switch (below(rng, 6)) {
    case 0: {
      const char *s = numbers[below(rng, COUNT(numbers))];
      pair_add(p, el_w(below(rng, 2) ? T_FLOAT : T_INT, s, strlen(s), random_width(rng, strlen(s))),
               s);
      return;
    }
    case 1: pair_add(p, JTRUE, "true"); return;
    case 2:
      if (below(rng, 2))
        pair_add(p, JFALSE, "false");
      else
        pair_add(p, JNULL, "null");
      return;
    case 3: {
      size_t i = (size_t)below(rng, COUNT(strings));
      pair_add(p, el(strings[i].type, strings[i].payload), strings[i].text);
      return;
    }
    case 4:
      switch (below(rng, 3)) {
        case 0: pair_add(p, ARR(INT("1")), "[1]"); return;
        case 1: pair_add(p, EMPTY_ARR, "[ ]"); return;
        default: pair_add(p, ARR(TEXT("L")), "[\"L\"]"); return;
      }
    default:
      switch (below(rng, 3)) {
        case 0: pair_add(p, OBJ(), "{}"); return;
        case 1: pair_add(p, OBJ(TEXT("a"), INT("1")), "{\"a\":1}"); return;
        default: pair_add(p, OBJ(TEXT("a"), ARR(INT("1"), INT("2"))), "{ \"a\" : [1, 2] }"); return;
      }
  }
}

/* Parses the row both ways, checks they agree, and returns the status. */
static int check_same(const pair *p, int variant, size_t cap, uint64_t seed) {
  jb blob = {0};
  jb_header(&blob, T_ARRAY, p->blob.n, random_width(&seed, p->blob.n));
  jb_put(&blob, p->blob.b, p->blob.n);
  char *text = xmalloc(p->text_n + 2);
  text[0] = '[';
  if (p->text_n) memcpy(text + 1, p->text, p->text_n);
  text[p->text_n + 1] = ']';
  size_t text_len = p->text_n + 2;

  assert_int_equal(coins_jsonb_capacity(blob.b, blob.n), p->count);
  if (cap == SIZE_MAX) cap = p->count;
  int64_t *want = xmalloc(cap * sizeof *want), *got;
  size_t want_n = 99, n = 99;
  char want_err[COINS_ERRMSG_SIZE], err[COINS_ERRMSG_SIZE];
  int want_rc = variant ? coins_parse_moves((coins_variant)variant, text, text_len, want, cap,
                                            &want_n, want_err)
                        : coins_parse_array(text, text_len, want, cap, &want_n, want_err);
  int rc = parse_blob(variant, blob.b, blob.n, cap, &got, &n, err);
  if (rc != want_rc || (rc != COINS_OK && strcmp(err, want_err) != 0) ||
      (rc == COINS_OK && n != want_n))
    fail_msg("variant %d, %.*s (cap %zu): JSONB rc %d \"%s\" n %zu, text rc %d \"%s\" n %zu",
             variant, (int)text_len, text, cap, rc, rc ? err : "", n, want_rc,
             want_rc ? want_err : "", want_n);
  if (rc == COINS_OK)
    for (size_t i = 0; i < n; i++) assert_i64(got[i], want[i]);
  free(want);
  free(got);
  free(text);
  free(blob.b);
  return rc;
}

/* Random rows as JSONB and as text: the same values and the same messages. */
static void test_diff_rows(void **state) {
  (void)state;
  uint64_t rng = 20240101;
  for (int iter = 0; iter < 4000; iter++) {
    pair p = {0};
    size_t len = (size_t)below(&rng, 25);
    int junk = below(&rng, 4) == 0, big = below(&rng, 3) == 0;
    for (size_t i = 0; i < len; i++) {
      if (junk && below(&rng, 8) == 0) {
        add_junk(&rng, &p);
        continue;
      }
      int64_t v = big ? random_value(&rng) : coins_random_range(&rng, -100000, 100000);
      char text[64];
      unsigned type;
      write_number(&rng, v, text, sizeof text, &type);
      pair_add(&p, el_w(type, text, strlen(text), random_width(&rng, strlen(text))), text);
    }
    size_t cap = below(&rng, 5) == 0 ? (size_t)below(&rng, p.count + 1) : SIZE_MAX;
    check_same(&p, 0, cap, rng);
    free(p.blob.b);
    free(p.text);
  }
}

/* Random records as JSONB and as text: the same moves and messages. */
static void test_diff_moves(void **state) {
  (void)state;
  uint64_t rng = 777;
  for (int iter = 0; iter < 3000; iter++) {
    int variant = (int)below(&rng, 3) + 1;
    pair p = {0};
    size_t len = (size_t)below(&rng, 12);
    for (size_t i = 0; i < len; i++) {
      if (below(&rng, 20) == 0) {
        add_junk(&rng, &p);
        continue;
      }
      if (variant == COINS_III) {
        static const unsigned types[] = {T_TEXT, T_TEXTJ, T_TEXT5, T_TEXTRAW};
        char c = "LRlr"[below(&rng, 4)], s[8] = {c, 0}, text[12];
        unsigned type = types[below(&rng, 4)];
        if (type == T_TEXTJ && below(&rng, 2)) /* escaped, as JSON text may write it */
          snprintf(s, sizeof s, below(&rng, 2) ? "\\u%04X" : "\\u%04x", (unsigned)c);
        snprintf(text, sizeof text, "\"%s\"", s);
        pair_add(&p, el_w(type, s, strlen(s), random_width(&rng, strlen(s))), text);
      } else {
        char text[64];
        unsigned type;
        write_number(&rng, coins_random_range(&rng, -2, 6), text, sizeof text, &type);
        pair_add(&p, el_w(type, text, strlen(text), random_width(&rng, strlen(text))), text);
      }
    }
    /* (the text parser's variant III record has no COINS_NO_ROOM) */
    size_t cap =
        variant != COINS_III && below(&rng, 5) == 0 ? (size_t)below(&rng, p.count + 1) : SIZE_MAX;
    check_same(&p, variant, cap, rng);
    free(p.blob.b);
    free(p.text);
  }
}

/* Not an array at all: an element alone as JSONB and as text, the same
** message from both readers, for rows and for records. */
static void test_diff_top_level(void **state) {
  (void)state;
  uint64_t rng = 99;
  for (int iter = 0; iter < 2000; iter++) {
    pair p = {0};
    add_junk(&rng, &p);
    if (p.text[0] == '[') { /* an array is an array: the element instead */
      free(p.blob.b);
      free(p.text);
      continue;
    }
    int variant = (int)below(&rng, 4);
    int64_t want[4], *got;
    size_t want_n, n;
    char want_err[COINS_ERRMSG_SIZE], err[COINS_ERRMSG_SIZE];
    int want_rc = variant ? coins_parse_moves((coins_variant)variant, p.text, p.text_n, want, 4,
                                              &want_n, want_err)
                          : coins_parse_array(p.text, p.text_n, want, 4, &want_n, want_err);
    int rc = parse_blob(variant, p.blob.b, p.blob.n, SIZE_MAX, &got, &n, err);
    free(got);
    /* a record without brackets is read as takes (variants I and II: a
    ** number) or letters (variant III: but for a string or an object) */
    char c = p.text[0];
    int number = (c >= '0' && c <= '9') || strchr("-+.", c);
    int bare = variant != 0 && (variant == COINS_III ? c != '"' && c != '{' : number);
    if (!bare) {
      assert_int_equal(rc, COINS_INVALID);
      assert_int_equal(want_rc, COINS_INVALID);
      if (strcmp(err, want_err) != 0)
        fail_msg("variant %d, %s: JSONB \"%s\", text \"%s\"", variant, p.text, err, want_err);
      if (!starts_with(err, "expected a JSON array at byte 0, got "))
        fail_msg("variant %d, %s: \"%s\"", variant, p.text, err);
    }
    free(p.blob.b);
    free(p.text);
  }
}

/* Strings as each of JSONB's four string types: TEXTJ and TEXT5 have
** their escapes decoded (TEXT5 JSON5's too, as SQLite reads them), TEXT
** and TEXTRAW are read as they are. */
static void test_string_types(void **state) {
  (void)state;
  static const struct {
    unsigned type;
    const char *payload;
    char side; /* the move it is, or 0 */
  } cases[] = {
      {T_TEXTJ, "\\u004c", 'L'},
      {T_TEXTJ, "\\u004C", 'L'},
      {T_TEXTJ, "\\u0072", 'R'},
      {T_TEXTJ, "\\u006C", 'L'},
      {T_TEXTJ, "\\u004", 0},
      {T_TEXTJ, "\\u004g", 0},
      {T_TEXTJ, "\\u004c\\u0052", 0},
      {T_TEXTJ, "\\", 0},
      {T_TEXTJ, "\\q", 0},
      {T_TEXTJ, "\\n", 0},
      {T_TEXT5, "\\x4C", 'L'},
      {T_TEXT5, "\\x72", 'R'},
      {T_TEXT5, "\\x4", 0},
      {T_TEXT5, "L\\\n", 'L'},
      {T_TEXT5, "\\\r\nR", 'R'},
      {T_TEXT5, "\\\rR", 'R'},
      {T_TEXT5, "L\\\xE2\x80\xA8", 'L'},
      {T_TEXT5, "\\\xE2\x80\xA9r", 'R'},
      {T_TEXT5, "\\\xE2\x80\xAA", 0},
      {T_TEXT5, "\\'", 0},
      {T_TEXT5, "\\0", 0},
      {T_TEXT5, "\\v", 0},
      {T_TEXT5, "\\\n", 0},
      {T_TEXTJ, "\\x52", 'R'},
      {T_TEXT, "\\u004c", 0},
      {T_TEXTRAW, "\\u004c", 0},
      {T_TEXT, "L", 'L'},
      {T_TEXTRAW, "r", 'R'},
  };
  for (size_t c = 0; c < COUNT(cases); c++) {
    jb blob = ARR(el(cases[c].type, cases[c].payload));
    if (cases[c].side) {
      expect_values(COINS_III, blob, (const int64_t[]){cases[c].side}, 1);
      continue;
    }
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE];
    assert_int_equal(parse_blob(COINS_III, blob.b, blob.n, SIZE_MAX, &out, &n, err), COINS_INVALID);
    free(out);
    check_message(err);
    if (!starts_with(err, "ply 1 is not \"L\" or \"R\": \"")) fail_msg("case %zu: \"%s\"", c, err);
    free(blob.b);
  }
  /* TEXTJ holds JSON text's escapes: the same verdict and message */
  static const char *const json[] = {"\\u004c", "\\u0052",        "\\u004", "\\q", "\\\"",
                                     "a\\\\",   "\\u004c\\u004c", "\\/",    "\\t"};
  for (size_t c = 0; c < COUNT(json); c++)
    for (int variant = 1; variant <= COINS_III; variant++) {
      char text[32];
      snprintf(text, sizeof text, "\"%s\"", json[c]);
      pair p = {0};
      pair_add(&p, el(T_TEXTJ, json[c]), text);
      check_same(&p, variant, SIZE_MAX, c);
      free(p.blob.b);
      free(p.text);
    }
}

/* Random number-like tokens as a FLOAT (and an INT) payload and as text:
** the same verdict and message, whatever the token. */
static void test_diff_numbers(void **state) {
  (void)state;
  uint64_t rng = 4242;
  static const char alphabet[] = "0123456789000.eE+-x";
  for (int iter = 0; iter < 20000; iter++) {
    char token[40];
    size_t len = (size_t)below(&rng, 24) + 1;
    for (size_t i = 0; i < len; i++) token[i] = alphabet[below(&rng, sizeof alphabet - 1)];
    token[len] = 0;
    pair p = {0};
    pair_add(&p, el_w(below(&rng, 2) ? T_FLOAT : T_INT, token, len, random_width(&rng, len)),
             token);
    check_same(&p, 0, SIZE_MAX, rng);
    free(p.blob.b);
    free(p.text);
  }
}

/* One element of the given type in an array: its value, or the message. */
static int parse_one(unsigned type, const char *payload, int64_t *v, char err[COINS_ERRMSG_SIZE]) {
  jb blob = ARR(el(type, payload));
  int64_t *out;
  size_t n;
  int rc = parse_blob(0, blob.b, blob.n, SIZE_MAX, &out, &n, err);
  if (rc == COINS_OK) {
    assert_int_equal(n, 1);
    *v = out[0];
  }
  free(out);
  free(blob.b);
  return rc;
}

/* Random digits, zeros often (none at all unless some is set). */
static void random_digits(uint64_t *rng, char *out, int some) {
  size_t len = (size_t)below(rng, some ? 6 : 4) + (some ? 1 : 0);
  for (size_t i = 0; i < len; i++) out[i] = (char)('0' + (below(rng, 3) ? below(rng, 10) : 0));
  out[len] = 0;
}

/* JSON5 numbers against the text parser's reading of their JSON form:
** hexadecimal exactly, and decimals with a '+', ".5" and "5." as the
** JSON text without them ("0.5", "5.0"). */
static void test_diff_json5(void **state) {
  (void)state;
  uint64_t rng = 5555;
  static const char *const signs[] = {"", "-", "+"};
  for (int iter = 0; iter < 20000; iter++) {
    char json5[96], json[96], err[COINS_ERRMSG_SIZE], want_err[COINS_ERRMSG_SIZE];
    int64_t got = 0, want[1] = {0};
    size_t n;
    const char *sign = signs[below(&rng, 3)];
    unsigned type = below(&rng, 2) ? T_INT5 : T_FLOAT5;
    if (below(&rng, 3) == 0) { /* hexadecimal */
      uint64_t m = coins_random_next(&rng) >> below(&rng, 64);
      snprintf(json5, sizeof json5, "%s0%c%0*llx", sign, below(&rng, 2) ? 'x' : 'X',
               (int)below(&rng, 20), (unsigned long long)m);
      int rc = parse_one(type, json5, &got, err);
      if (m > (uint64_t)INT64_MAX) {
        snprintf(want_err, sizeof want_err, "element 1 is out of range: %s", json5);
        assert_int_equal(rc, COINS_INVALID);
        assert_string_equal(err, want_err);
      } else {
        if (rc != COINS_OK) fail_msg("%s: %s", json5, err);
        assert_i64(got, *sign == '-' ? -(int64_t)m : (int64_t)m);
      }
      continue;
    }
    char whole[8], frac[8], exp[16] = "";
    random_digits(&rng, whole, 0);
    int point = below(&rng, 3) != 0;
    random_digits(&rng, frac, 0);
    if (!point) frac[0] = 0;
    if (below(&rng, 2)) { /* one draw a statement: arguments have no order */
      char e = below(&rng, 2) ? 'e' : 'E';
      const char *exp_sign = signs[below(&rng, 3)];
      snprintf(exp, sizeof exp, "%c%s%d", e, exp_sign, (int)below(&rng, 25));
    }
    snprintf(json5, sizeof json5, "%s%s%s%s%s", sign, whole, point ? "." : "", frac, exp);
    int rc = parse_one(type, json5, &got, err);
    if (!*whole && !*frac) { /* "", ".", "-.e5": no digits at all */
      if (rc != COINS_INVALID) fail_msg("%s parsed", json5);
      continue;
    }
    snprintf(json, sizeof json, "[%s%s%s%s%s]", *sign == '-' ? "-" : "", *whole ? whole : "0",
             point ? "." : "", point && !*frac ? "0" : frac, exp);
    int want_rc = coins_parse_array(json, strlen(json), want, 1, &n, want_err);
    if (rc != want_rc)
      fail_msg("%s: rc %d (%s); %s: rc %d (%s)", json5, rc, err, json, want_rc, want_err);
    if (rc == COINS_OK) {
      assert_i64(got, want[0]);
      continue;
    }
    /* the same message, about the JSON5 text */
    char *colon = strstr(want_err, ": ");
    assert_non_null(colon);
    *colon = 0;
    char expected[2 * COINS_ERRMSG_SIZE];
    snprintf(expected, sizeof expected, "%s: %s", want_err, json5);
    if (strcmp(err, expected) != 0) fail_msg("%s: \"%s\", expected \"%s\"", json5, err, expected);
  }
}

/* Long numbers, whose payloads need 2-byte sizes: the text parser's
** verdicts, however long. */
static void test_long_numbers(void **state) {
  (void)state;
  static char token[5000];
  for (int form = 0; form < 6; form++)
    for (size_t digits = 10; digits <= 4000; digits = digits * 3 + 1) {
      size_t len = 0;
      switch (form) {
        case 0: /* 1000...0e-N: 1 */
          token[len++] = '1';
          memset(token + len, '0', digits), len += digits;
          len += (size_t)snprintf(token + len, 32, "e-%zu", digits);
          break;
        case 1: /* 1.000...01: not an integer */
          memcpy(token, "1.", 2), len = 2;
          memset(token + len, '0', digits), len += digits;
          token[len++] = '1';
          break;
        case 2: /* 123456789123...: out of range */
          for (; len < digits; len++) token[len] = (char)('1' + len % 9);
          break;
        case 3: /* 0.000...0: 0 */
          memcpy(token, "-0.", 3), len = 3;
          memset(token + len, '0', digits), len += digits;
          break;
        case 4: /* 7.000...0e0 */
          memcpy(token, "7.", 2), len = 2;
          memset(token + len, '0', digits), len += digits;
          memcpy(token + len, "e0", 2), len += 2;
          break;
        default: /* 0.000...05e(N+1): 5 */
          memcpy(token, "0.", 2), len = 2;
          memset(token + len, '0', digits), len += digits;
          token[len++] = '5';
          len += (size_t)snprintf(token + len, 32, "e%zu", digits + 1);
          break;
      }
      token[len] = 0;
      pair p = {0};
      pair_add(&p, el_w(T_FLOAT, token, len, -1), token);
      pair_add(&p, el_w(T_INT, "3", 1, -1), "3");
      int rc = check_same(&p, 0, SIZE_MAX, digits);
      assert_int_equal(rc, form == 1 || (form == 2 && digits > 18) ? COINS_INVALID : COINS_OK);
      free(p.blob.b);
      free(p.text);
    }
  int64_t v = 0;
  char err[COINS_ERRMSG_SIZE];
  memset(token, '1', 1000);
  token[1000] = 0;
  assert_int_equal(parse_one(T_INT, token, &v, err), COINS_INVALID);
  assert_string_equal(err,
                      "element 1 is out of range: 1111111111111111111111111111111111111111...");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_valid),          cmocka_unit_test(test_json5),
      cmocka_unit_test(test_errors),         cmocka_unit_test(test_not_jsonb),
      cmocka_unit_test(test_sqlite_made),    cmocka_unit_test(test_capacity),
      cmocka_unit_test(test_small_cap),      cmocka_unit_test(test_moves),
      cmocka_unit_test(test_all_bytes),      cmocka_unit_test(test_diff_rows),
      cmocka_unit_test(test_diff_moves),     cmocka_unit_test(test_diff_numbers),
      cmocka_unit_test(test_diff_json5),     cmocka_unit_test(test_long_numbers),
      cmocka_unit_test(test_diff_top_level), cmocka_unit_test(test_string_types),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
