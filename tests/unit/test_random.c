/*
** test_random.c -- the settings, failure reports, guard words and text
** buffer of the seeded random tests (see test_random.h), linked into
** test_diff, test_records and test_scan.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_random.h"

uint64_t g_seed;
double g_scale = 1.0;
int g_only_set = 0;
uint64_t g_only = 0;

static const char *g_program = "test";

void random_init(const char *program, uint64_t default_seed) {
  g_program = program;
  g_seed = default_seed;
  const char *s = getenv("COINS_DIFF_SEED");
  if (s && *s) g_seed = strtoull(s, NULL, 0);
  s = getenv("COINS_DIFF_SCALE");
  if (s && *s) {
    g_scale = strtod(s, NULL);
    if (!(g_scale > 0)) g_scale = 1.0;
  }
  s = getenv("COINS_DIFF_ONLY");
  if (s && *s) {
    g_only_set = 1;
    g_only = strtoull(s, NULL, 0);
  }
}

uint64_t scaled(uint64_t base) {
  double c = (double)base * g_scale;
  return c < 1 ? 1 : (uint64_t)c;
}

void fill_between(rng *r, int64_t *a, size_t n, int64_t lo, int64_t hi) {
  for (size_t i = 0; i < n; i++) a[i] = between(r, lo, hi);
}

void fill_three(rng *r, int64_t *a, size_t n, int64_t bound) {
  int64_t v[3];
  for (int j = 0; j < 3; j++) v[j] = between(r, -bound, bound);
  for (size_t i = 0; i < n; i++) a[i] = v[below(r, 3)];
}

void fill_alternating(rng *r, int64_t *a, size_t n, int64_t high) {
  for (size_t i = 0, ph = (size_t)below(r, 2); i < n; i++)
    a[i] = (i + ph) % 2 ? between(r, high, high + 10) : between(r, 0, 10);
}

void fill_mostly_zeros(rng *r, int64_t *a, size_t n, uint64_t one_in, int64_t bound) {
  for (size_t i = 0; i < n; i++) a[i] = below(r, one_in) ? 0 : between(r, -bound, bound);
}

void fill_one_huge(rng *r, int64_t *a, size_t n) {
  int64_t rest = 0;
  for (size_t i = 0; i < n; i++) {
    a[i] = between(r, -100, 100);
    rest += a[i] < 0 ? -a[i] : a[i];
  }
  if (n) {
    size_t at = (size_t)below(r, n);
    rest -= a[at] < 0 ? -a[at] : a[at];
    a[at] = INT64_MAX - rest;
    if (below(r, 2)) a[at] = -a[at];
  }
}

void report_case(const char *test, uint64_t index) {
  print_error(
      "\n*** %s, case #%llu (reproduce: COINS_DIFF_SEED=0x%llx "
      "COINS_DIFF_ONLY=%llu)\n",
      test, (unsigned long long)index, (unsigned long long)g_seed, (unsigned long long)index);
}

void report_row(const int64_t *a, size_t n) {
  for (size_t i = 0; i < n; i++) print_error("%s%lld", i ? "," : "", (long long)a[i]);
}

void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    fprintf(stderr, "%s: out of memory\n", g_program);
    abort();
  }
  return p;
}

char *exact_copy(const char *s, size_t len) {
  char *copy = malloc(len);
  if (len) {
    if (!copy) abort();
    memcpy(copy, s, len);
  }
  return copy;
}

/* The pattern of guard word i (negative: before the buffer): no value a
** test computes (their coins are far smaller, a fusion stack's floor is
** near INT64_MAX). */
static int64_t guard_word(long i) { return (int64_t)(0xC0DEDBADC0FFEE00u + (uint64_t)i); }

int64_t *guarded_alloc(size_t words) {
  int64_t *buf = (int64_t *)xmalloc((words + 2 * GUARD_WORDS) * sizeof *buf) + GUARD_WORDS;
  guard_set(buf, words);
  return buf;
}

void guarded_free(int64_t *buf) {
  if (buf) free(buf - GUARD_WORDS);
}

void guard_set(int64_t *buf, size_t used) {
  for (long i = 1; i <= GUARD_WORDS; i++) buf[-i] = guard_word(-i);
  for (long i = 0; i < GUARD_WORDS; i++) buf[used + (size_t)i] = guard_word(i);
}

int guard_broken(const int64_t *buf, size_t used, long *at) {
  for (long i = 1; i <= GUARD_WORDS; i++)
    if (buf[-i] != guard_word(-i)) return *at = -i, 1;
  for (long i = 0; i < GUARD_WORDS; i++)
    if (buf[used + (size_t)i] != guard_word(i)) return *at = (long)used + i, 1;
  return 0;
}

void put(text *t, const char *s, size_t len) {
  if (t->len + len > t->size) {
    t->size = 2 * (t->len + len) + 64;
    t->s = realloc(t->s, t->size);
    if (!t->s) abort();
  }
  memcpy(t->s + t->len, s, len);
  t->len += len;
}

void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

void space(rng *r, text *t) {
  static const char ws[] = " \t\n\r";
  for (uint64_t i = below(r, 4) == 0 ? below(r, 3) : 0; i > 0; i--) put(t, &ws[below(r, 4)], 1);
}
