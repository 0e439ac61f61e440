/*
** test_scan.c -- the row scanners of the core (each row of scan_table.c
** that the CPU can run: scan_avx512.c, scan_avx2.c, scan_portable.c) held
** to the general parser, which shares none of their code, on every call:
** whenever a scanner takes a row it must give the general parser's values
** (store), its count (count) and the fusion of those values, block for
** block, with their sum (fuse); a row the general parser refuses must
** never be taken; and no call may write outside the room it is given
** (guard words on either side of every buffer, test_random.h).  Rows:
**
**   test_plain_rows      random rows as people store them (compact,
**                        ", ", any JSON whitespace, negative, zero, -0,
**                        up to 18 digits, 0 to 2,000 numbers): every
**                        scanner must take every one;
**   test_corrupted_rows  the same with one to three bytes replaced,
**                        inserted or deleted (NUL, bytes >= 0x80, '.',
**                        'e', '+', '-', ',', brackets, quotes, digits);
**   test_boundaries      rows moved by 0 to 130 spaces, so that numbers
**                        and separators straddle every 32- and 64-byte
**                        boundary, and, at the first offsets, a NUL, a
**                        0x80, a '.', a '0' or a '-' put at every byte;
**   test_number_lengths  every digit count 1..20, either sign, at every
**                        offset of a 64-byte block, alone and in rows;
**   test_edges           hand-picked rows: empty arrays, a row ending on
**                        a block boundary, long runs of digits or spaces
**                        across blocks, the largest sums;
**   test_vector_fusion   rows of many shapes (ties, plateaus, peaks one
**                        and two apart, mountains, valleys) and every
**                        length up to 600, which the SIMD scanners fuse
**                        in vectors before the stack;
**   test_line_from_text  variant III's line read from the text
**                        (coins_line_init_text) plays every move, field
**                        for field, as the line of the parsed row, on
**                        random rows, valleys and a rising row (its work
**                        grown as it asks); rows not plain are refused.
**
** COINS_DIFF_SEED / COINS_DIFF_SCALE / COINS_DIFF_ONLY as in test_diff.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fuse.h"
#include "parse.h"
#include "scan.h"
#include "solve3.h"
#include "test_random.h"

#define COUNT_OF(x) (sizeof(x) / sizeof((x)[0]))

/* ------------------------------------------------------------ scanners */

/* The rows of the scanners' table that this CPU can run, best first. */
static const coins_scanner *scanners[16];
static size_t n_scanners;

static void find_scanners(void) {
  for (size_t i = 0; i < coins_scan_table_size && n_scanners < COUNT_OF(scanners); i++)
    if (coins_scan_table[i]->supported()) scanners[n_scanners++] = coins_scan_table[i];
}

/* ---------------------------------------------------------- the check */

static struct {
  const char *test;
  uint64_t index;
  const char *text;
  size_t len;
} g_case;

void dump_case(void) {
  report_case(g_case.test, g_case.index);
  print_error("*** text (%zu bytes): \"", g_case.len);
  for (size_t i = 0; i < g_case.len; i++) {
    unsigned char c = (unsigned char)g_case.text[i];
    if (c >= ' ' && c < 0x7F && c != '"' && c != '\\')
      print_error("%c", c);
    else
      print_error("\\x%02x", c);
  }
  print_error("\"\n");
}

static uint64_t g_taken; /* rows some scanner took, for the summary */

/* Holds every scanner to the general parser on text[0..len), read from
** an exact-size copy (AddressSanitizer sees any read past it).  all_take:
** the row is one every scanner must take. */
static void check_text(const char *source, size_t len, int all_take) {
  char *text = exact_copy(source, len);
  g_case.text = text, g_case.len = len;
  size_t cap = coins_parse_capacity(text, len), n = 0;
  int64_t *want = xmalloc((cap + 1) * sizeof *want), total = 0;
  char err[COINS_ERRMSG_SIZE];
  coins_status general = coins_parse_array_general(text, len, want, cap, &n, err, "element");
  CHECK(general != COINS_NO_ROOM, "the general parser wants more than the capacity");
  for (size_t i = 0; general == COINS_OK && i < n; i++) total += want[i];
  size_t m = general == COINS_OK ? coins_solve3_fuse(want, n, want, NULL) : 0; /* in place */

  int64_t *got = guarded_alloc(cap + COINS_FUSE_FLOOR);
  for (size_t k = 0; k < n_scanners; k++) {
    const coins_scanner *s = scanners[k];
    size_t count = 0, top = 0;
    int64_t sum = 0;
    guard_set(got, cap);
    int stored = s->store(text, len, got, cap, &count);
    CHECK_GUARD(got, cap, s->name);
    CHECK(stored == 0 || stored == 1, "%s store returned %d", s->name, stored);
    CHECK(!(stored && general != COINS_OK), "%s store took a row the parser refuses: %s", s->name,
          err);
    CHECK(!(all_take && !stored), "%s store did not take a plain row", s->name);
    if (stored) {
      /* want[] holds the fused blocks now: compare with a fresh parse */
      int64_t *values = xmalloc((cap + 1) * sizeof *values);
      size_t n2;
      coins_parse_array_general(text, len, values, cap, &n2, err, "element");
      CHECK_EQU(count, n2);
      for (size_t i = 0; i < n2; i++) CHECK_EQ(got[i], values[i]);
      free(values);
      g_taken++;
    }
    guard_set(got, cap + COINS_FUSE_FLOOR);
    int fused = s->fuse(text, len, got, cap + COINS_FUSE_FLOOR, &top, &sum);
    CHECK_GUARD(got, cap + COINS_FUSE_FLOOR, s->name);
    CHECK(fused == 0 || fused == 1, "%s fuse returned %d", s->name, fused);
    CHECK(!(fused && general != COINS_OK), "%s fuse took a row the parser refuses", s->name);
    CHECK(!(all_take && !fused), "%s fuse did not take a plain row", s->name);
    if (fused) {
      CHECK_EQU(top - COINS_FUSE_FLOOR, m);
      for (size_t i = 0; i < m; i++) CHECK_EQ(got[COINS_FUSE_FLOOR + i], want[i]);
      CHECK_EQ(sum, total);
    }
    int counted = s->count(text, len, &count);
    CHECK(counted == 0 || counted == 1, "%s count returned %d", s->name, counted);
    CHECK(!(counted && general != COINS_OK), "%s count took a row the parser refuses", s->name);
    CHECK(!(all_take && !counted), "%s count did not take a plain row", s->name);
    if (counted) CHECK_EQU(count, n);
    /* one word too few: no room, or a refusal, never a write past it */
    if (general == COINS_OK && n > 0) {
      int64_t *tight = guarded_alloc(n - 1);
      CHECK(s->store(text, len, tight, n - 1, &count) != 1, "%s stored into too little", s->name);
      CHECK_GUARD(tight, n - 1, s->name);
      guarded_free(tight);
    }
  }
  guarded_free(got);
  free(want);
  free(text);
}

/* ------------------------------------------------------------ the rows */

/* Writes a random value, as people write it, and returns it. */
static int64_t put_value(rng *r, text *t, int model) {
  int64_t v;
  switch (model) {
    case 0: v = between(r, 0, 999); break;
    case 1: v = between(r, 0, 9); break;
    case 2: v = between(r, -999, 999); break;
    case 3: v = between(r, -99999, 99999); break;
    default: { /* up to 18 digits */
      int64_t top = 1;
      for (uint64_t d = 1 + below(r, 18); d > 1; d--) top *= 10;
      v = between(r, -(top * 10 - 1), top * 10 - 1);
      v /= (int64_t)(1 + below(r, 1000)); /* a second draw, in its own statement */
      break;
    }
  }
  char digits[32];
  if (v == 0 && below(r, 8) == 0)
    snprintf(digits, sizeof digits, "-0");
  else
    snprintf(digits, sizeof digits, "%lld", (long long)v);
  puts_(t, digits);
  return v;
}

/* A plain row of n numbers in one of the ways rows are written; returns
** whether a scanner must take it (the sum of the long numbers' sizes stays
** under 2^62). */
static int plain_row(rng *r, text *t, size_t n) {
  int style = (int)below(r, 4), model = (int)below(r, 5);
  uint64_t long_sum = 0;
  if (style == 3) space(r, t);
  puts_(t, "[");
  if (style == 3) space(r, t);
  for (size_t i = 0; i < n; i++) {
    if (i) {
      if (style == 3) space(r, t);
      puts_(t, style == 0 ? "," : style == 1 ? ", " : style == 2 ? " , " : ",");
      if (style == 3) space(r, t);
    }
    int64_t v = put_value(r, t, model);
    uint64_t size = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    if (size > 999) long_sum += size;
  }
  if (style == 3) space(r, t);
  puts_(t, "]");
  if (style == 3) space(r, t);
  return long_sum <= (uint64_t)INT64_MAX / 2;
}

static size_t row_length(rng *r) {
  switch (below(r, 4)) {
    case 0: return (size_t)below(r, 10);
    case 1: return (size_t)below(r, 100);
    case 2: return 64;
    default: return (size_t)below(r, below(r, 8) == 0 ? 2000 : 300);
  }
}

/* Runs each on scaled(count) random rows of test number test, each given
** its own generator and an empty text to write the row into. */
static void random_rows(int test, const char *name, uint64_t count, void (*each)(rng *, text *)) {
  g_case.test = name;
  for (uint64_t i = 0, cases = scaled(count); i < cases; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(test, i);
    text t = {0};
    g_case.index = i;
    each(&r, &t);
    free(t.s);
  }
}

static void plain_case(rng *r, text *t) {
  int must = plain_row(r, t, row_length(r));
  check_text(t->s, t->len, must);
}

static void test_plain_rows(void **state) {
  (void)state;
  random_rows(1, "test_plain_rows", 20000, plain_case);
}

/* Replaces, inserts or deletes a byte of t at a random place. */
static void corrupt(rng *r, text *t) {
  static const char bytes[] = {0,   (char)0x80, (char)0xFF, '.',  'e',  'E',  '+', '-', '-',
                               ',', ',',        ' ',        '\t', '\n', '[',  ']', '"', '0',
                               '0', '1',        '9',        'x',  '{',  '\v', '\f'};
  if (t->len == 0) return;
  size_t at = (size_t)below(r, t->len);
  char c = bytes[below(r, sizeof bytes)];
  switch (below(r, 3)) {
    case 0: t->s[at] = c; break;
    case 1: /* insert */
      put(t, "", 0);
      put(t, " ", 1);
      memmove(t->s + at + 1, t->s + at, t->len - 1 - at);
      t->s[at] = c;
      break;
    default: /* delete */
      memmove(t->s + at, t->s + at + 1, t->len - 1 - at);
      t->len--;
      break;
  }
}

static void corrupted_case(rng *r, text *t) {
  plain_row(r, t, row_length(r));
  for (uint64_t k = 1 + below(r, 3); k > 0; k--) corrupt(r, t);
  check_text(t->s, t->len, 0);
}

static void test_corrupted_rows(void **state) {
  (void)state;
  random_rows(2, "test_corrupted_rows", 30000, corrupted_case);
}

/* Rows whose numbers and separators land on every byte of a block. */
static const char *const sweep_rows[] = {
    "[465,519,590,235,761,48,45,533,520,950,737,870,784,522,816,739,555,241,14,192]",
    "[465, 519, 590, 235, 761, 48, 45, 533, 520, 950, 737, 870, 784, 522, 816, 739, 5]",
    "[1,-2,30,-400,5000,-60000,0,-0,7,88,999,-1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]",
    "[123456789012345678,-123456789012345678,1,22,333,4444,55555,666666,7777777,0,9]",
    "[ 1 ,\t2\n,\r3 , 4,5 ,6\t,  7,\n\n8, 9 ,10,11 , 12 ,13,14\t, 15\n]",
    "[9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9]",
};

static void test_boundaries(void **state) {
  (void)state;
  g_case.test = "test_boundaries";
  static const char marks[] = {0, (char)0x80, '.', '0', '-'};
  for (size_t row = 0; row < COUNT_OF(sweep_rows); row++) {
    const char *s = sweep_rows[row];
    size_t len = strlen(s);
    for (size_t shift = 0; shift <= 130; shift++) {
      text t = {0};
      g_case.index = row * 1000 + shift;
      for (size_t i = 0; i < shift; i++) put(&t, " ", 1); /* before the '[' */
      put(&t, s, len);
      check_text(t.s, t.len, 1);
      t.len = 0;
      put(&t, "[", 1); /* after it */
      for (size_t i = 0; i < shift; i++) put(&t, " ", 1);
      put(&t, s + 1, len - 1);
      check_text(t.s, t.len, 1);
      if (shift < 4)
        for (size_t at = 0; at < t.len; at++)
          for (size_t k = 0; k < sizeof marks; k++) {
            char keep = t.s[at];
            t.s[at] = marks[k];
            check_text(t.s, t.len, 0);
            t.s[at] = keep;
          }
      free(t.s);
    }
  }
}

/* Every digit count 1..20, with and without a '-', at every offset of
** the blocks (0 to 70 spaces before it), alone, between short numbers and
** in a row of its kind, compact and spaced: the SIMD scanners' numbers of
** four digits or more are read from the bytes before their end (windows
** of 16), the portable one's eight bytes at a time.  Up to 18 digits every
** scanner must take the row; 19 and 20 digits go to the general parser,
** which takes what fits int64_t. */
static void test_number_lengths(void **state) {
  (void)state;
  g_case.test = "test_number_lengths";
  for (unsigned digits = 1; digits <= 20; digits++)
    for (int sign = 0; sign < 2; sign++)
      for (size_t shift = 0; shift <= 70; shift++)
        for (int shape = 0; shape < 4; shape++) {
          char number[24];
          size_t n = 0;
          g_case.index = ((digits * 2 + (unsigned)sign) * 100 + shift) * 4 + (unsigned)shape;
          rng r = case_rng(8, g_case.index);
          if (sign) number[n++] = '-';
          number[n++] = (char)('1' + below(&r, 9)); /* no leading zero */
          for (unsigned d = 1; d < digits; d++) number[n++] = (char)('0' + below(&r, 10));
          text t = {0};
          put(&t, "[", 1);
          for (size_t i = 0; i < shift; i++) put(&t, " ", 1);
          const char *sep = shape & 1 ? ", " : ",";
          if (shape >= 2) put(&t, "7", 1), put(&t, sep, strlen(sep));
          for (int k = 0; k < (shape >= 2 ? 9 : 1); k++) {
            if (k) put(&t, sep, strlen(sep));
            put(&t, number, n);
          }
          if (shape >= 2) put(&t, sep, strlen(sep)), put(&t, "-8", 2);
          put(&t, "]", 1);
          check_text(t.s, t.len, digits <= 18 && shape < 2);
          free(t.s);
        }
}

static void test_edges(void **state) {
  (void)state;
  g_case.test = "test_edges";
  static const char *const taken[] = {
      "[]",
      " [ ] ",
      "[\t]",
      "[0]",
      "[-0]",
      "[7]",
      "[999]",
      "[-999]",
      "[1000]",
      "[999999999999999999]",
      "[-999999999999999999]",
      "[1,2]",
      " \n[1,2]\r\n",
  };
  static const char *const others[] = {
      /* refused, or left to the parser */
      "",       "[",       "]",     "[,]",  "[1,]", "[,1]",  "[1,,2]",
      "[1 2]",  "[01]",    "[-01]", "[00]", "[-]",  "[--1]", "[1-2]",
      "[1.0]",  "[1e3]",   "[+1]",  "[1]x", "x[1]", "[[1]]", "[1000000000000000000]",
      "[1,2]]", "[\"1\"]",
  };
  for (size_t i = 0; i < COUNT_OF(taken); i++) {
    g_case.index = i;
    check_text(taken[i], strlen(taken[i]), 1);
  }
  for (size_t i = 0; i < COUNT_OF(others); i++) {
    g_case.index = 100 + i;
    check_text(others[i], strlen(others[i]), 0);
  }
  /* rows of 1 to 300 bytes that end on every block boundary, a digit
  ** last; runs of spaces and digits across blocks */
  text t = {0};
  for (size_t len = 3; len <= 300; len++) {
    g_case.index = 1000 + len;
    t.len = 0;
    put(&t, "[", 1);
    while (t.len + 4 < len) put(&t, "12,", 3);
    while (t.len + 2 < len) put(&t, " ", 1);
    put(&t, "5]", 2);
    check_text(t.s, t.len, 1);
    t.len = 0;
    put(&t, "[", 1);
    while (t.len + 1 < len) put(&t, "7", 1); /* one long number */
    put(&t, "]", 1);
    check_text(t.s, t.len, len <= 20);
  }
  /* no room at all (a NULL buffer, as SQLite's first call has): an empty
  ** row is taken, any other is not */
  for (size_t k = 0; k < n_scanners; k++) {
    size_t count = 99;
    CHECK_EQ(scanners[k]->store(" [ ] ", 5, NULL, 0, &count), 1);
    CHECK_EQU(count, 0);
    CHECK(scanners[k]->store("[1]", 3, NULL, 0, &count) != 1, "%s stored into nothing",
          scanners[k]->name);
  }
  /* sums of long numbers up to 2^62 are taken; past it, left to the parser */
  for (int k = 0; k < 2; k++) {
    g_case.index = 2000 + (uint64_t)k;
    t.len = 0;
    puts_(&t, "[");
    for (int i = 0; i < 4 + k; i++) puts_(&t, i ? ",999999999999999999" : "999999999999999999");
    puts_(&t, "]");
    check_text(t.s, t.len, k == 0);
  }
  free(t.s);
}

/* ------------------------------------------------- fusion in vectors */

/* The value at i of a row of shape `shape` (n values); r draws the
** random ones. */
static int64_t shaped_value(rng *r, int shape, size_t i, size_t n) {
  size_t middle = n / 2, from_middle = i < middle ? middle - i : i - middle;
  switch (shape) {
    case 0: return between(r, 0, 999);
    case 1: return between(r, 0, 3);                        /* ties everywhere */
    case 2: return i % 2 ? 999 : between(r, 0, 998);        /* a peak every other value */
    case 3: return (int64_t)(999 - from_middle % 1000);     /* a mountain */
    case 4: return (int64_t)(from_middle % 1000);           /* a valley: nothing fuses */
    case 5: return 7;                                       /* a plateau */
    case 6: return (int64_t)((i * 37) % 1000);              /* saw teeth */
    case 7: return i % 4 == 1 ? 999 : i % 4 == 3 ? 500 : 0; /* peaks two apart */
    default: return i % 3 == 1 ? (int64_t)(999 - i % 7) : between(r, 0, 99);
  }
}

/* Rows the SIMD scanners fuse in vectors before the stack (scan_impl.h): many
** shapes, every length up to 600 (groups of 8 and 32, full buffers of
** 256 and 512 values, and rows past them), compact and spaced, some with
** a '-' or a long number in the middle (a block read otherwise, so that
** the held values are taken there); every scanner must end on
** coins_solve3_fuse's blocks and the row's sum. */
static void test_vector_fusion(void **state) {
  (void)state;
  g_case.test = "test_vector_fusion";
  text t = {0};
  for (uint64_t c = 0; c < 9 * 601; c++) {
    int shape = (int)(c % 9);
    size_t n = (size_t)(c / 9);
    rng r = case_rng(7, c);
    int spaced = (int)below(&r, 2), odd = below(&r, 4) == 0;
    g_case.index = c;
    t.len = 0;
    puts_(&t, "[");
    for (size_t i = 0; i < n; i++) {
      char digits[24];
      int64_t v = shaped_value(&r, shape, i, n);
      if (odd && i == n / 2) v = below(&r, 2) ? -v - 1 : 1000 + v;
      snprintf(digits, sizeof digits, "%s%lld", i ? (spaced ? ", " : ",") : "", (long long)v);
      puts_(&t, digits);
    }
    puts_(&t, "]");
    check_text(t.s, t.len, 1);
  }
  free(t.s);
}

/* ---------------------------------------------------- the line from text */

/* The line read from text[0..len) (work grown as it asks, from none) must
** play exactly the moves of the line of the parsed row, every field. */
static void check_line(const char *source, size_t len) {
  char *text = xmalloc(len + 1); /* NUL-terminated, as SQLite's text is */
  memcpy(text, source, len);
  text[len] = 0;
  g_case.text = text, g_case.len = len;
  size_t cap = coins_parse_capacity(text, len), n = 0, words = 0, need = 0;
  int64_t *a = xmalloc(cap * sizeof *a), *work = NULL;
  char err[COINS_ERRMSG_SIZE];
  CHECK(coins_parse_array(text, len, a, cap, &n, err) == COINS_OK, "not a row: %s", err);
  coins_line from_text, from_array;
  coins_status rc;
  int grown = 0;
  while ((rc = coins_line_init_text(&from_text, text, len, work, words, &need)) == COINS_NO_ROOM) {
    CHECK(need > words, "asks for %zu words with %zu", need, words);
    guarded_free(work);
    work = guarded_alloc(words = need);
    grown++;
  }
  CHECK(rc == COINS_OK, "a plain row refused");
  if (work) CHECK_GUARD(work, words, "coins_line_init_text");
  CHECK(grown <= 2, "grown %d times", grown);
  int64_t *work2 = xmalloc(coins_line_work_words(3, n, 1) * sizeof *work2);
  coins_line_init(&from_array, 3, a, n, 1, work2);
  coins_ply p, q;
  for (;;) {
    int more = coins_line_next(&from_text, &p);
    CHECK_EQ(more, coins_line_next(&from_array, &q));
    if (!more) break;
    CHECK_EQU(p.ply, q.ply);
    CHECK_EQ(p.move.side, q.move.side);
    CHECK_EQU(p.pos, q.pos);
    CHECK_EQ(p.gain, q.gain);
    CHECK_EQ(p.first_total, q.first_total);
    CHECK_EQ(p.second_total, q.second_total);
  }
  if (work) CHECK_GUARD(work, words, "the line from text");
  free(work2);
  guarded_free(work);
  free(a);
  free(text);
}

static void line_case(rng *r, text *t) {
  if (plain_row(r, t, row_length(r))) check_line(t->s, t->len);
}

static void test_line_from_text(void **state) {
  (void)state;
  random_rows(3, "test_line_from_text", 5000, line_case);
  /* valleys and a rising row: nothing fuses, the blocks outgrow the first
  ** room; rows the scanner leaves to the parser are refused */
  text t = {0};
  for (int shape = 0; shape < 2; shape++) {
    g_case.index = 100000 + (uint64_t)shape;
    t.len = 0;
    puts_(&t, "[");
    for (int i = 0; i < 3000; i++) {
      char v[16];
      snprintf(v, sizeof v, "%s%d", i ? ", " : "", shape ? i : (i < 1500 ? 1500 - i : i - 1500));
      puts_(&t, v);
    }
    puts_(&t, "]");
    check_line(t.s, t.len);
  }
  free(t.s);
  static const char *const refused[] = {"[1e3]", "[1.0]", "[1,]", "[01]", "x"};
  for (size_t i = 0; i < COUNT_OF(refused); i++) {
    coins_line line;
    int64_t work[64];
    size_t need = 0;
    assert_int_equal(coins_line_init_text(&line, refused[i], strlen(refused[i]), work, 64, &need),
                     COINS_INVALID);
  }
}

/* Rows whose coins are as large as a row may hold (their sizes add up to
** INT64_MAX at most): the line's fusion stack sits on a floor of words near
** INT64_MAX, so these are fused the plain way; the line's blocks must be
** coins_solve3_fuse's, and it must end on the margin coins_solve finds. */
static void test_line_extremes(void **state) {
  (void)state;
  g_case.test = "test_line_extremes";
  const int64_t max = INT64_MAX, half = INT64_MAX / 2;
  const int64_t cases[][4] = {
      {max, 0, 0, 0},     {0, max, 0, 0},     {max - 3, 1, 0, 0},
      {1, max - 1, 0, 0}, {half, half, 0, 0}, {half + 1, 0, half - 1, 0},
      {-max, 0, 0, 0},    {2, max - 5, 1, 2},
  };
  for (size_t c = 0; c < COUNT_OF(cases); c++) {
    g_case.index = c;
    size_t n = 4;
    int64_t *work = xmalloc(coins_line_work_words(3, n, 1) * sizeof *work);
    int64_t *solve_work = xmalloc(coins_solve_work_words(3, n, 1) * sizeof *solve_work);
    coins_solution r;
    coins_solve(3, cases[c], n, 1, solve_work, &r);
    coins_line line;
    coins_ply p = {0};
    coins_line_init(&line, 3, cases[c], n, 1, work);
    int64_t value[4], len[4]; /* the blocks, fused the plain way */
    size_t m = coins_solve3_fuse(cases[c], n, value, len);
    CHECK_EQU(line.br, m);
    for (size_t i = 0; i < m; i++) {
      CHECK_EQ(line.block_value[i], value[i]);
      CHECK_EQ(line.block_len[i], len[i]);
    }
    size_t moves = 0;
    while (coins_line_next(&line, &p)) {
      CHECK(p.pos < n, "move %zu at %llu", moves, (unsigned long long)p.pos);
      moves++;
    }
    CHECK_EQU(moves, n);
    CHECK_EQ(p.first_total - p.second_total, r.margin);
    free(solve_work);
    free(work);
  }
}

int main(void) {
  random_init("test_scan", 0x5CA7700D5EEDull);
  find_scanners();
  /* the scanner the parser uses: the best this CPU runs, unless
  ** COINS_SIMD=0 asks for the portable one, or names another it runs */
  const char *simd = getenv("COINS_SIMD"), *want = scanners[0]->name;
  const char *chosen = coins_scan_table_choice()->name;
  if (simd && strcmp(simd, "0") == 0) want = "portable";
  for (size_t k = 0; simd && k < n_scanners; k++)
    if (strcmp(simd, scanners[k]->name) == 0) want = scanners[k]->name;
  printf("scanners run:");
  for (size_t k = 0; k < n_scanners; k++) printf(" %s", scanners[k]->name);
  for (size_t i = 0; i < coins_scan_table_size; i++) /* the rows this CPU cannot run */
    if (!coins_scan_table[i]->supported()) printf("; not run: %s", coins_scan_table[i]->name);
  printf("; the parser's: %s\n", chosen);
  if (strcmp(chosen, want) != 0) {
    printf("the parser uses %s, not %s\n", chosen, want);
    return 1;
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_rows),     cmocka_unit_test(test_corrupted_rows),
      cmocka_unit_test(test_boundaries),     cmocka_unit_test(test_number_lengths),
      cmocka_unit_test(test_edges),          cmocka_unit_test(test_vector_fusion),
      cmocka_unit_test(test_line_from_text), cmocka_unit_test(test_line_extremes),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  printf("rows taken by a scanner: %llu\n", (unsigned long long)g_taken);
  return failed;
}
