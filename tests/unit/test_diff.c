/*
** test_diff.c -- differential tests of the pure C core (include/coins.h)
** against the plain reference solvers of tests/unit/reference.c.
**
** Random games from a seeded splitmix64 generator (the same on every
** platform), at least 100,000 per variant by default, plus exhaustive runs
** over small alphabets and a parser round trip.  For every game the
** outcome, margin, score, total and best move are compared with the
** reference, and the whole line of best play is replayed: every move must
** be legal and optimal from its own position (for II and III: its gain
** minus the reference margin of what is left equals the reference margin
** of the position), with consistent ply/player/pos/gain/totals.  And
** coins_line_skip, on 30,000 random games of the three variants, against
** the same line stepped move by move with coins_line_next.
**
** Environment:
**   COINS_DIFF_SEED   the seed (decimal or 0x hex; default fixed)
**   COINS_DIFF_SCALE  multiplies the number of random cases (default 1;
**                     e.g. 0.1 under a slow sanitizer, 10 for a soak run)
**   COINS_DIFF_ONLY   run only this case index of each random and
**                     exhaustive test
** A failure prints the seed, the test, the case index and the game, so
** COINS_DIFF_SEED=... COINS_DIFF_ONLY=... reproduces it alone.
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
#include "test_random.h"

/* ------------------------------------------------------ failure reports */

static struct {
  const char *test;
  uint64_t index;
  uint64_t k;
  uint64_t count; /* variant I: the coin count */
  const int64_t *a;
  size_t n;
} g_case;

/* The case to report on failure: index of test, the row a[0..n) (NULL for
** variant I, with g_case.count set apart) and max_take k. */
static void set_case(const char *test, uint64_t index, const int64_t *a, size_t n, uint64_t k) {
  g_case.test = test;
  g_case.index = index;
  g_case.a = a;
  g_case.n = n;
  g_case.k = k;
}

void dump_case(void) {
  report_case(g_case.test, g_case.index);
  if (g_case.a) {
    print_error("*** n=%zu k=%llu a=[", g_case.n, (unsigned long long)g_case.k);
    report_row(g_case.a, g_case.n);
    print_error("]\n");
  } else {
    print_error("*** coins=%llu k=%llu\n", (unsigned long long)g_case.count,
                (unsigned long long)g_case.k);
  }
}

/* ------------------------------------------------------------------ rows */

static int64_t abs_bound(size_t n) { return n ? INT64_MAX / (int64_t)n : 0; }

/* A length: mostly small (brute force), some medium, a few up to max_len. */
static size_t gen_len(rng *r, size_t max_len) {
  uint64_t p = below(r, 100);
  if (p < 55) return (size_t)below(r, 11);
  if (p < 85) return 11 + (size_t)below(r, 30);
  if (p < 97) return 41 + (size_t)below(r, 60);
  return 101 + (size_t)below(r, max_len - 100);
}

/* Fills a[0..n) from one of several value models; the sum of |a[i]| always
** fits int64_t. */
static void gen_row(rng *r, int64_t *a, size_t n) {
  uint64_t model = below(r, 13);
  switch (model) {
    case 0: fill_between(r, a, n, 0, 1); break;      /* {0,1} */
    case 1: fill_between(r, a, n, 0, 2); break;      /* {0,1,2} */
    case 2: fill_between(r, a, n, -2, 2); break;     /* {-2..2} */
    case 3: fill_between(r, a, n, 1, 10); break;     /* 1..10 */
    case 4: fill_between(r, a, n, -100, 100); break; /* -100..100 */
    case 5: fill_three(r, a, n, 1000); break;        /* many duplicates and ties */
    case 6: /* large signed */ fill_between(r, a, n, -((int64_t)1 << 40), (int64_t)1 << 40); break;
    case 7: /* near-extreme: every element up to INT64_MAX / n */
      fill_between(r, a, n, -abs_bound(n), abs_bound(n));
      break;
    case 8: fill_one_huge(r, a, n); break;
    case 9: { /* all equal */
      int64_t c = below(r, 4) ? between(r, -5, 5) : between(r, -abs_bound(n), abs_bound(n));
      for (size_t i = 0; i < n; i++) a[i] = c;
      break;
    }
    case 10: fill_alternating(r, a, n, 1000); break;
    case 11: fill_mostly_zeros(r, a, n, 5, 1000000); break;
    default: { /* monotone or mountain/valley shaped */
      int64_t step = between(r, -3, 3), x = between(r, -50, 50);
      int shape = (int)below(r, 3);
      for (size_t i = 0; i < n; i++) {
        a[i] = x + between(r, 0, 1);
        if (shape == 1 && i == n / 2) step = -step;
        x += step;
        if (shape == 2) x += between(r, -2, 2);
      }
      break;
    }
  }
}

static int64_t sum_row(const int64_t *a, size_t n) {
  int64_t s = 0;
  for (size_t i = 0; i < n; i++) s += a[i];
  return s;
}

static coins_outcome outcome_of(int64_t margin) {
  return margin > 0 ? COINS_FIRST : margin < 0 ? COINS_SECOND : COINS_DRAW;
}

/* =========================================================== the line */

/* The line of best play of one game, walked ply by ply with the checks
** that every variant shares. */
typedef struct line_walk {
  coins_line line;
  int64_t *work;  /* malloc'd; NULL for variant I, which needs none */
  size_t n;       /* the coins */
  uint64_t ply;   /* the plies so far */
  int64_t tot[2]; /* the running totals */
} line_walk;

static void walk_init(line_walk *w, int variant, const int64_t *a, size_t n, uint64_t k) {
  w->work = variant == 1 ? NULL : xmalloc(coins_line_work_words(variant, n, k) * sizeof *w->work);
  if (n % 2) { /* half the lines lazily: their moves counted before their blocks are made */
    coins_line_init_lazy(&w->line, variant, a, n, k, w->work);
    CHECK_EQU(coins_line_moves_left(&w->line), variant == 3 ? n : UINT64_MAX);
    coins_line_fuse(&w->line);
  } else {
    coins_line_init(&w->line, variant, a, n, k, w->work);
  }
  w->n = n;
  w->ply = 0;
  w->tot[0] = w->tot[1] = 0;
}

/* The next ply in *p, or 0 at the end: plies numbered in turn, the players
** alternating, no more plies than coins. */
static int walk_next(line_walk *w, coins_ply *p) {
  if (!coins_line_next(&w->line, p)) return 0;
  uint64_t ply = ++w->ply;
  CHECK(ply <= w->n, "line longer than %zu moves", w->n);
  CHECK_EQU(p->ply, ply);
  CHECK_EQ(p->player, ply % 2 ? 1 : 2);
  return 1;
}

/* Ply p gained gain: its gain and running totals say so. */
static void walk_gain(line_walk *w, const coins_ply *p, int64_t gain) {
  CHECK_EQ(p->gain, gain);
  w->tot[p->player - 1] += gain;
  CHECK_EQ(p->first_total, w->tot[0]);
  CHECK_EQ(p->second_total, w->tot[1]);
}

/* After the last ply: no further ply. */
static void walk_end(line_walk *w) {
  coins_ply p;
  CHECK_EQ(coins_line_next(&w->line, &p), 0);
  free(w->work);
}

/* II and III: the solver's result r against the reference margin and the
** total of the row... */
static void check_result(const coins_solution *r, int64_t margin, int64_t total) {
  CHECK_EQ(r->margin, margin);
  CHECK_EQ(r->total, total);
  CHECK_EQ(r->outcome, outcome_of(margin));
}

/* ...and the totals of the whole line against both. */
static void check_totals(const line_walk *w, const coins_solution *r, int64_t margin,
                         int64_t total) {
  CHECK_EQ(w->tot[0] - w->tot[1], margin);
  CHECK_EQ(w->tot[0] + w->tot[1], total);
  CHECK_EQ(r->score, w->tot[0]);
}

/* ============================================================ variant III */

static void check3(const int64_t *a, size_t n, int in_place) {
  const size_t w = n + 1;
  int64_t *t = ref3_table(a, n);
#define M3(lo, hi) t[(size_t)(lo)*w + (size_t)(hi)]
  const int64_t margin = M3(0, n), total = sum_row(a, n);
  if (n <= 10) CHECK_EQ(ref3_margin_brute(a, n), margin);
  if (n <= 60) CHECK_EQ(ref3_margin(a, 0, n), margin);

  /* the solver */
  coins_solution r;
  int64_t *work = xmalloc(coins_solve3_work_words(n) * sizeof *work);
  if (in_place) {
    memcpy(work, a, n * sizeof *a);
    coins_solve3(work, n, work, &r);
  } else {
    coins_solve3(a, n, work, &r);
  }
  free(work);
  check_result(&r, margin, total);
  CHECK_EQU(r.best.take, n > 0);
  if (n > 0) {
    CHECK(r.best.side == 'L' || r.best.side == 'R', "best side %d", r.best.side);
    int64_t v = r.best.side == 'L' ? a[0] - M3(1, n) : a[n - 1] - M3(0, n - 1);
    CHECK_EQ(v, margin); /* the best move is optimal */
  }

  /* the line: every move legal and optimal from its position */
  line_walk lw;
  coins_ply p;
  walk_init(&lw, 3, a, n, 1);
  size_t lo = 0, hi = n;
  while (walk_next(&lw, &p)) {
    uint64_t ply = lw.ply;
    CHECK_EQU(p.move.take, 1);
    CHECK(p.move.side == 'L' || p.move.side == 'R', "ply %llu: side %d", (unsigned long long)ply,
          p.move.side);
    if (ply == 1) {
      CHECK_EQ(p.move.side, r.best.side); /* the solver's move is the line's */
    }
    size_t pos = p.move.side == 'L' ? lo : hi - 1;
    CHECK_EQU(p.pos, pos);
    size_t nlo = p.move.side == 'L' ? lo + 1 : lo;
    size_t nhi = p.move.side == 'L' ? hi : hi - 1;
    int64_t value = a[pos] - M3(nlo, nhi);
    CHECK(value == M3(lo, hi), "ply %llu: move %c from [%zu,%zu) is worth %lld, optimum %lld",
          (unsigned long long)ply, p.move.side, lo, hi, (long long)value, (long long)M3(lo, hi));
    walk_gain(&lw, &p, a[pos]);
    lo = nlo;
    hi = nhi;
  }
  CHECK(lo == hi, "line stopped with [%zu,%zu) left", lo, hi);
  walk_end(&lw);
  check_totals(&lw, &r, margin, total);
  free(t);
#undef M3
}

/* ============================================================= variant II */

static void check2(const int64_t *a, size_t n, uint64_t k) {
  int64_t *m = xmalloc((n + 1) * sizeof *m);
  ref2_margins(a, n, k, m);
  const int64_t margin = m[0], total = sum_row(a, n);
  if (n <= 10) CHECK_EQ(ref2_margin_brute(a, n, k), margin);
  if (n <= 20) CHECK_EQ(ref2_margin(a, n, k), margin);

  /* the solver */
  coins_solution r;
  int64_t *work = xmalloc(coins_solve2_work_words(n, k) * sizeof *work);
  coins_solve2(a, n, k, work, &r);
  free(work);
  check_result(&r, margin, total);
  CHECK_EQ(r.best.side, 'L');
  if (n == 0) CHECK_EQU(r.best.take, 0);

  /* the line: every move legal, optimal, and the fewest coins among the
  ** optimal moves (the documented tie rule) */
  line_walk lw;
  coins_ply p;
  walk_init(&lw, 2, a, n, k);
  size_t lo = 0;
  while (walk_next(&lw, &p)) {
    uint64_t ply = lw.ply;
    CHECK_EQ(p.move.side, 'L');
    CHECK_EQU(p.pos, lo);
    uint64_t take = p.move.take;
    CHECK(take >= 1 && take <= k && take <= n - lo,
          "ply %llu: illegal take %llu with %zu coins left, k=%llu", (unsigned long long)ply,
          (unsigned long long)take, n - lo, (unsigned long long)k);
    if (ply == 1) CHECK_EQU(take, r.best.take); /* the solver's move */
    int64_t gain = 0;
    for (uint64_t t = 1; t <= take; t++) {
      gain += a[lo + t - 1];
      int64_t value = gain - m[lo + t];
      if (t < take)
        CHECK(value < m[lo],
              "ply %llu: take %llu from %zu is optimal too, "
              "fewer than %llu",
              (unsigned long long)ply, (unsigned long long)t, lo, (unsigned long long)take);
      else
        CHECK(value == m[lo],
              "ply %llu: take %llu from %zu is worth %lld, "
              "optimum %lld",
              (unsigned long long)ply, (unsigned long long)take, lo, (long long)value,
              (long long)m[lo]);
    }
    walk_gain(&lw, &p, gain);
    lo += (size_t)take;
  }
  CHECK(lo == n, "line stopped with %zu coins left", n - lo);
  walk_end(&lw);
  check_totals(&lw, &r, margin, total);
  free(m);
}

static uint64_t gen_k(rng *r, size_t n) {
  uint64_t p = below(r, 100);
  if (p < 80) return 1 + below(r, 8);     /* every solver for small k (solve2.c) */
  if (p < 88) return n + 1 + below(r, 5); /* more than the row */
  if (p < 92) return UINT64_MAX;
  if (p < 96) return 7 + below(r, 30);
  uint64_t k = next64(r);
  return k ? k : 1;
}

/* ================================================ random rows: II and III */

/* The random games of variant II or III (test number variant): rows of up
** to 300 coins; III solved in place every other game. */
static void random_rows(int variant, const char *test) {
  uint64_t count = scaled(100000);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(variant, i);
    size_t n = gen_len(&r, 300);
    uint64_t k = variant == 2 ? gen_k(&r, n) : 1;
    int64_t *row = xmalloc(n * sizeof *row); /* exact size, for ASan */
    gen_row(&r, row, n);
    set_case(test, i, row, n, k);
    if (variant == 2)
      check2(row, n, k);
    else
      check3(row, n, (int)(i % 2));
    free(row);
  }
}

static void test_random2(void **state) {
  (void)state;
  random_rows(2, "test_random2");
}

static void test_random3(void **state) {
  (void)state;
  random_rows(3, "test_random3");
}

/* The solver for any k (k > 8: blocks of k values, or up to k = 16 in
** AVX-512 registers where they run; solve2.c) at every k from 9 to 64 and
** a few beyond, on rows that end anywhere in a block;
** then rows past COINS_STOP_SPAN through coins_solve2_stop with a stop
** that never fires (spans of coins that end inside a block). */
static int never_stop(void *arg) {
  (void)arg;
  return 0;
}

static void test_window_k(void **state) {
  (void)state;
  uint64_t count = scaled(4000);
  for (uint64_t i = 0; i < count; i++) {
    rng r = case_rng(20, i);
    uint64_t k = i % 8 == 7 ? 65 + below(&r, 300) : 9 + i % 56;
    size_t n = gen_len(&r, 300);
    int64_t *row = xmalloc(n * sizeof *row);
    gen_row(&r, row, n);
    set_case("test_window_k", i, row, n, k);
    check2(row, n, k);
    free(row);
  }
  static const uint64_t ks[] = {9, 16, 33, 64, 1000};
  const coins_stop stop = {never_stop, NULL};
  for (size_t j = 0; j < sizeof ks / sizeof *ks; j++) {
    rng r = case_rng(21, j);
    size_t n = 3 * COINS_STOP_SPAN + 1 + (size_t)below(&r, 100);
    int64_t *row = xmalloc(n * sizeof *row), *m = xmalloc((n + 1) * sizeof *m);
    int64_t *work = xmalloc(coins_solve2_work_words(n, ks[j]) * sizeof *work);
    gen_row(&r, row, n);
    set_case("test_window_k (stop)", j, row, n, ks[j]);
    ref2_margins(row, n, ks[j], m);
    coins_solution got, plain;
    CHECK_EQ(coins_solve_stop(COINS_II, row, n, ks[j], work, &got, &stop), COINS_OK);
    coins_solve2(row, n, ks[j], work, &plain);
    CHECK_EQ(got.margin, m[0]);
    CHECK_EQ(plain.margin, m[0]);
    CHECK_EQU(got.best.take, plain.best.take);
    free(row), free(m), free(work);
  }
}

/* ============================================================== variant I */

/* n up to a few hundred: against the game search, the whole line. */
static void check1_small(size_t n, uint64_t k) {
  unsigned char *win = xmalloc(n + 1);
  ref1_table(n, k, win);
  coins_solution r;
  coins_solve1(n, k, &r);
  CHECK_EQ(r.outcome, win[n] ? COINS_FIRST : COINS_SECOND);
  CHECK_EQ(r.margin, 0);
  CHECK_EQ(r.score, 0);
  CHECK_EQ(r.total, 0);
  CHECK_EQ(r.best.side, 'L');
  CHECK_EQU(coins_solve1_take(n, k), r.best.take);
  if (n == 0) CHECK_EQU(r.best.take, 0);

  CHECK_EQU(coins_line_work_words(1, n, k), 0);
  line_walk lw;
  coins_ply p;
  walk_init(&lw, 1, NULL, n, k);
  size_t left = n;
  int last = 0;
  while (walk_next(&lw, &p)) {
    uint64_t ply = lw.ply;
    CHECK_EQ(p.move.side, 'L');
    CHECK_EQU(p.pos, n - left);
    walk_gain(&lw, &p, 0);
    uint64_t take = p.move.take;
    CHECK(take >= 1 && take <= k && take <= left, "ply %llu: illegal take %llu with %zu coins left",
          (unsigned long long)ply, (unsigned long long)take, left);
    if (ply == 1) CHECK_EQU(take, r.best.take);
    if (win[left])
      CHECK(!win[left - take],
            "ply %llu: take %llu from %zu (won) does not "
            "leave a lost position",
            (unsigned long long)ply, (unsigned long long)take, left);
    else
      CHECK_EQU(take, 1); /* the documented rule from a lost position */
    left -= (size_t)take;
    last = p.player;
  }
  CHECK_EQU(left, 0);
  walk_end(&lw);
  if (n > 0) CHECK_EQ(last, win[n] ? 1 : 2); /* the last coin wins */
  free(win);
}

static int first_wins(uint64_t n, uint64_t k) {
  coins_solution r;
  coins_solve1(n, k, &r);
  return r.outcome == COINS_FIRST;
}

/* Any 64-bit count: the solver is checked against itself one move deeper
** (a position is won exactly when some move leaves a lost one), and the
** first moves of the line against the solver. */
static void check1_big(uint64_t n, uint64_t k) {
  coins_solution r;
  coins_solve1(n, k, &r);
  CHECK(r.outcome == COINS_FIRST || r.outcome == COINS_SECOND, "outcome %d", (int)r.outcome);
  uint64_t take = r.best.take, most = k < n ? k : n;
  if (n == 0) {
    CHECK_EQU(take, 0);
    CHECK_EQ(r.outcome, COINS_SECOND);
  } else {
    CHECK(take >= 1 && take <= most, "illegal best take %llu", (unsigned long long)take);
    if (r.outcome == COINS_FIRST)
      CHECK(!first_wins(n - take, k), "best take %llu does not win", (unsigned long long)take);
    else
      CHECK_EQU(take, 1);
    if (most <= 64) {
      int some_move_wins = 0;
      for (uint64_t t = 1; t <= most; t++) some_move_wins |= !first_wins(n - t, k);
      CHECK_EQ(r.outcome == COINS_FIRST, some_move_wins);
    } else if (k >= n) {
      CHECK_EQ(r.outcome, COINS_FIRST);
      CHECK_EQU(take, n);
    }
  }
  coins_line line;
  coins_ply p;
  coins_line_init(&line, 1, NULL, n, k, NULL);
  uint64_t left = n;
  for (uint64_t ply = 1; ply <= 6; ply++) {
    if (!coins_line_next(&line, &p)) {
      CHECK_EQU(left, 0);
      break;
    }
    CHECK_EQU(p.ply, ply);
    CHECK_EQU(p.pos, n - left);
    coins_solution here;
    coins_solve1(left, k, &here);
    CHECK_EQU(p.move.take, here.best.take);
    CHECK(p.move.take >= 1 && p.move.take <= left && p.move.take <= k,
          "ply %llu: illegal take %llu", (unsigned long long)ply, (unsigned long long)p.move.take);
    left -= p.move.take;
  }
}

static void test_random1(void **state) {
  (void)state;
  uint64_t count = scaled(100000);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(1, i);
    set_case("test_random1", i, NULL, 0, 0);
    uint64_t p = below(&r, 100), n, k;
    if (p < 70) {
      n = below(&r, 201);
      uint64_t q = below(&r, 100);
      k = q < 80   ? 1 + below(&r, 6)
          : q < 90 ? n + below(&r, 6) + (n == 0)
          : q < 95 ? 7 + below(&r, 50)
                   : UINT64_MAX;
      g_case.count = n;
      g_case.k = k;
      check1_small((size_t)n, k);
    } else {
      uint64_t q = below(&r, 100);
      if (q < 35) {
        k = 1 + below(&r, 6);
        n = next64(&r);
      } else if (q < 60) { /* near a multiple of k+1: lost positions */
        k = 1 + below(&r, 1000);
        n = below(&r, UINT64_MAX / (k + 1) - 1) * (k + 1);
        n += below(&r, 3); /* draws in statements of their own: the same games everywhere */
      } else if (q < 75) { /* near the top of the ranges */
        k = below(&r, 2) ? 1 + below(&r, 6) : UINT64_MAX - below(&r, 4);
        n = below(&r, 2) ? UINT64_MAX : (uint64_t)INT64_MAX;
        n -= below(&r, 8);
      } else if (q < 90) {
        k = next64(&r) | 1;
        n = next64(&r);
      } else { /* k at least n */
        n = next64(&r);
        k = n + below(&r, 3);
        if (k < n) k = UINT64_MAX;
        if (k == 0) k = 1;
      }
      g_case.count = n;
      g_case.k = k;
      check1_big(n, k);
    }
  }
}

/* ============================================================ exhaustive */

/* Every row of length 0..max_len over alphabet[0..size). */
static void exhaustive(int variant, const int64_t *alphabet, size_t size, size_t max_len) {
  int64_t a[16];
  size_t digit[16];
  uint64_t index = 0;
  for (size_t n = 0; n <= max_len; n++) {
    memset(digit, 0, sizeof digit);
    for (;;) {
      for (size_t i = 0; i < n; i++) a[i] = alphabet[digit[i]];
      set_case(variant == 3 ? "exhaustive3" : "exhaustive2", index++, a, n, 1);
      if (g_only_set && g_case.index != g_only) {
        /* skip: reproducing another case */
      } else if (variant == 3) {
        check3(a, n, (int)(index % 2));
      } else {
        static const uint64_t ks[] = {1, 2, 3, 4, 5, UINT64_MAX};
        for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
          g_case.k = ks[j];
          check2(a, n, ks[j]);
        }
      }
      size_t i = 0;
      while (i < n && ++digit[i] == size) digit[i++] = 0;
      if (i == n) break;
    }
  }
}

static void test_exhaustive3(void **state) {
  (void)state;
  static const int64_t a012[] = {0, 1, 2}, am2[] = {-2, -1, 0, 1, 2}, pow2[] = {1, 2, 4, 8};
  exhaustive(3, a012, 3, 9);
  exhaustive(3, am2, 5, 6);
  exhaustive(3, pow2, 4, 7);
}

static void test_exhaustive2(void **state) {
  (void)state;
  static const int64_t a012[] = {0, 1, 2}, am2[] = {-2, -1, 0, 1, 2};
  exhaustive(2, a012, 3, 8);
  exhaustive(2, am2, 5, 6);
}

/* ============================================================ the parser */

/* Writes v in one of the many JSON spellings of the same integer. */
static void put_number(rng *r, text *t, int64_t v) {
  uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  char d[32], b[128];
  int nd = snprintf(d, sizeof d, "%llu", (unsigned long long)mag);
  const char *e = below(r, 2) ? "e" : "E";
  const char *sign = below(r, 3) == 0 ? "+" : below(r, 2) ? "-" : "";
  int zeros = (int)below(r, 4);
  if (v < 0 || (v == 0 && below(r, 8) == 0)) puts_(t, "-");
  switch (below(r, 6)) {
    case 0:
    case 1: /* plain */ puts_(t, d); break;
    case 2: /* 5.000 */
      snprintf(b, sizeof b, "%s.0%.*s", d, zeros, "000");
      puts_(t, b);
      break;
    case 3: /* 1.2300e2: one digit before the point */
      if (nd == 1 || mag == 0) {
        snprintf(b, sizeof b, "%s%s%s0", d, e, *sign == '+' ? "+" : "");
      } else {
        snprintf(b, sizeof b, "%c.%s%.*s%s%s%d", d[0], d + 1, zeros, "000", e,
                 *sign == '+' ? "+" : "", nd - 1);
      }
      puts_(t, b);
      break;
    case 4: /* 50e-1 (but 0e-1: no leading zeros) */
      if (mag == 0)
        snprintf(b, sizeof b, "0%s-%d", e, zeros + 1);
      else
        snprintf(b, sizeof b, "%s%.*s%s-%d", d, zeros + 1, "0000", e, zeros + 1);
      puts_(t, b);
      break;
    default: /* 0.123e3 */
      if (mag == 0)
        snprintf(b, sizeof b, "0%s%s%d", e, sign, (int)below(r, 30));
      else
        snprintf(b, sizeof b, "0.%s%.*s%s%s%d", d, zeros, "000", e, *sign == '-' ? "+" : "", nd);
      puts_(t, b);
      break;
  }
}

static int parse_exact(const char *s, size_t len, int64_t **out, size_t *n, char *err) {
  char *copy = exact_copy(s, len); /* ASan sees any overread */
  size_t cap = coins_parse_capacity(copy, len);
  *out = xmalloc(cap * sizeof **out);
  int rc = coins_parse_array(copy, len, *out, cap, n, err);
  free(copy);
  return rc;
}

static void check_message(const char *err) {
  const char *end = memchr(err, 0, COINS_ERRMSG_SIZE);
  CHECK(end != NULL && end > err, "message not terminated or empty");
  for (const char *c = err; c < end; c++)
    CHECK(*c >= 0x20 && *c <= 0x7e, "non-printable byte in message");
}

static void test_parse_roundtrip(void **state) {
  (void)state;
  uint64_t count = scaled(30000);
  text t = {0};
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(4, i);
    size_t n = (size_t)below(&r, 41);
    int64_t *a = xmalloc(n * sizeof *a);
    gen_row(&r, a, n);
    set_case("test_parse_roundtrip", i, a, n, 0);
    t.len = 0;
    space(&r, &t);
    puts_(&t, "[");
    for (size_t j = 0; j < n; j++) {
      space(&r, &t);
      if (j) {
        puts_(&t, ",");
        space(&r, &t);
      }
      put_number(&r, &t, a[j]);
    }
    space(&r, &t);
    puts_(&t, "]");
    space(&r, &t);

    int64_t *out;
    size_t got;
    char err[COINS_ERRMSG_SIZE];
    int rc = parse_exact(t.s, t.len, &out, &got, err);
    CHECK(rc == 0, "\"%.*s\" failed: %s", (int)t.len, t.s, err);
    CHECK_EQU(got, n);
    for (size_t j = 0; j < n; j++)
      CHECK(out[j] == a[j], "\"%.*s\": element %zu = %lld, expected %lld", (int)t.len, t.s, j + 1,
            (long long)out[j], (long long)a[j]);
    free(out);

    /* one random mutation: must fail cleanly or parse within bounds */
    if (t.len > 0) {
      size_t at = (size_t)below(&r, t.len);
      char c = (char)below(&r, 256);
      switch (below(&r, 4)) {
        case 0: t.s[at] = c; break;
        case 1:
          memmove(t.s + at, t.s + at + 1, t.len - at - 1);
          t.len--;
          break;
        case 2: t.len = at; break;
        default:
          put(&t, " ", 1);
          memmove(t.s + at + 1, t.s + at, t.len - at - 1);
          t.s[at] = c;
          break;
      }
      rc = parse_exact(t.s, t.len, &out, &got, err);
      if (rc) {
        CHECK_EQ(rc, -1);
        CHECK_EQU(got, 0);
        check_message(err);
      }
      free(out);
    }

    /* one more than the largest sum of absolute values is an error that
    ** names the element where the running sum overflows */
    uint64_t abs_sum = 0;
    size_t over = 0;
    for (size_t j = 0; j < n; j++)
      abs_sum += a[j] < 0 ? (uint64_t)0 - (uint64_t)a[j] : (uint64_t)a[j];
    if (n > 0 && abs_sum < (uint64_t)INT64_MAX && below(&r, 4) == 0) {
      size_t at = (size_t)below(&r, n);
      uint64_t extra = (uint64_t)INT64_MAX - abs_sum + 1;
      uint64_t mag = (a[at] < 0 ? (uint64_t)0 - (uint64_t)a[at] : (uint64_t)a[at]) + extra;
      if (mag <= (uint64_t)INT64_MAX) {
        a[at] = a[at] < 0 ? -(int64_t)mag : (int64_t)mag;
        uint64_t run = 0;
        for (size_t j = 0; j < n && !over; j++) {
          run += a[j] < 0 ? (uint64_t)0 - (uint64_t)a[j] : (uint64_t)a[j];
          if (run > (uint64_t)INT64_MAX) over = j + 1;
        }
        t.len = 0;
        puts_(&t, "[");
        for (size_t j = 0; j < n; j++) {
          if (j) puts_(&t, ",");
          put_number(&r, &t, a[j]);
        }
        puts_(&t, "]");
        rc = parse_exact(t.s, t.len, &out, &got, err);
        free(out);
        char want[COINS_ERRMSG_SIZE];
        snprintf(want, sizeof want, "the sum of absolute values exceeds 2^63-1 at element %zu",
                 over);
        CHECK(rc == -1 && strcmp(err, want) == 0,
              "\"%.*s\": got %s, "
              "expected: %s",
              (int)t.len, t.s, rc ? err : "success", want);
      }
    }
    free(a);
  }
  free(t.s);
}

/* ===================================================== coins_line_skip */

/* The line of one game played two ways: stepped with coins_line_next, and
** skipped by random counts with coins_line_skip (0, 1, a few, up to past
** the end; the skipped line lazily started half the time, as coins_moves
** starts it), one move of each after every skip.  After each skip both
** must stand in the same position (coins left, plies, totals, moves left)
** and play the same next move, field for field; neither may write outside
** its work. */
static void check_skip(int variant, const int64_t *a, uint64_t n, uint64_t k, rng *r) {
  size_t words = coins_line_work_words(variant, (size_t)n, k);
  int64_t *w1 = guarded_alloc(words), *w2 = guarded_alloc(words);
  coins_line stepped, skipped;
  coins_line_init(&stepped, variant, a, n, k, w1);
  if (below(r, 2)) {
    coins_line_init_lazy(&skipped, variant, a, n, k, w2);
    coins_line_fuse(&skipped);
  } else {
    coins_line_init(&skipped, variant, a, n, k, w2);
  }
  coins_ply p, q;
  for (;;) {
    uint64_t roll = below(r, 8), count = roll == 0  ? 0
                                         : roll < 4 ? 1 + below(r, 3)
                                                    : below(r, n + 3);
    coins_line_skip(&skipped, count);
    for (uint64_t i = 0; i < count && coins_line_next(&stepped, &p); i++) continue;
    const coins_state *s1 = &stepped.st, *s2 = &skipped.st;
    CHECK_EQU(s2->lo, s1->lo);
    CHECK_EQU(s2->hi, s1->hi);
    CHECK_EQU(s2->ply, s1->ply);
    CHECK_EQ(s2->totals[0], s1->totals[0]);
    CHECK_EQ(s2->totals[1], s1->totals[1]);
    CHECK_EQU(coins_line_moves_left(&skipped), coins_line_moves_left(&stepped));
    CHECK_GUARD(w2, words, "coins_line_skip");
    int more = coins_line_next(&stepped, &p);
    CHECK_EQ(coins_line_next(&skipped, &q), more);
    if (!more) break;
    CHECK_EQU(q.ply, p.ply);
    CHECK_EQ(q.player, p.player);
    CHECK_EQU(q.move.take, p.move.take);
    CHECK_EQ(q.move.side, p.move.side);
    CHECK_EQU(q.pos, p.pos);
    CHECK_EQ(q.gain, p.gain);
    CHECK_EQ(q.first_total, p.first_total);
    CHECK_EQ(q.second_total, p.second_total);
  }
  CHECK_GUARD(w1, words, "coins_line_next");
  CHECK_GUARD(w2, words, "coins_line_skip");
  guarded_free(w1);
  guarded_free(w2);
}

static void test_line_skip(void **state) {
  (void)state;
  uint64_t count = scaled(30000);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(7, i);
    int variant = 1 + (int)(i % 3);
    if (variant == 1) { /* counts with many lost positions: the skip's pairs */
      uint64_t n = below(&r, 4) ? below(&r, 300) : below(&r, 5000);
      uint64_t k = below(&r, 10) ? 1 + below(&r, 8) : n + below(&r, 3) + (n == 0);
      set_case("test_line_skip", i, NULL, 0, k);
      g_case.count = n;
      check_skip(1, NULL, n, k, &r);
    } else {
      size_t n = gen_len(&r, 300);
      uint64_t k = variant == 2 ? gen_k(&r, n) : 1;
      int64_t *row = xmalloc(n * sizeof *row);
      gen_row(&r, row, n);
      set_case("test_line_skip", i, row, n, k);
      check_skip(variant, row, n, k, &r);
      free(row);
    }
  }
  /* variant I past any stepping: 10^18 + 3 coins, max_take 9: the line
  ** takes 3, then each pair of moves (1, then 9) takes 10 */
  set_case("test_line_skip", count, NULL, 0, 9);
  const uint64_t n = 1000000000000000003u;
  g_case.count = n;
  coins_line line;
  coins_ply p;
  coins_line_init(&line, 1, NULL, n, 9, NULL);
  coins_line_skip(&line, 5);
  CHECK_EQU(line.st.ply, 5);
  CHECK_EQU(line.st.lo, 23);
  CHECK_EQ(coins_line_next(&line, &p), 1);
  CHECK_EQU(p.ply, 6);
  CHECK_EQ(p.player, 2);
  CHECK_EQU(p.pos, 23);
  CHECK_EQU(p.move.take, 1);
  coins_line_skip(&line, UINT64_MAX);
  CHECK_EQU(line.st.lo, n);
  CHECK_EQU(line.st.ply, 2 * (n / 10) + 1);
  CHECK_EQ(coins_line_next(&line, &p), 0);
}

/* ==================================================== coins_line_gains */

/* The gains of one game's line read in batches of random sizes with
** coins_line_gains (skips between some, as coins_moves does for a ply
** filter), against the same line stepped with coins_line_next.  Variant
** III's line half the time from the row's text (spaced or compact, signs),
** as coins_moves plays rows of 1 MiB and more (where the text line takes the
** row).  No batch may write past the
** size it is given. */
static void check_gains(int variant, const int64_t *a, uint64_t n, uint64_t k, rng *r) {
  size_t words = coins_line_work_words(variant, (size_t)n, k);
  int64_t *w1 = guarded_alloc(words), *w2 = guarded_alloc(words + 2 * (n + 8));
  coins_line stepped, batched;
  coins_line_init(&stepped, variant, a, n, k, w1);
  text t = {0};
  int from_text = 0;
  if (variant == 3 && below(r, 2)) {
    int spaced = (int)below(r, 2);
    puts_(&t, "[");
    for (size_t i = 0; i < n; i++) {
      char b[32];
      snprintf(b, sizeof b, "%s%lld", i == 0 ? "" : spaced ? ", " : ",", (long long)a[i]);
      puts_(&t, b);
    }
    puts_(&t, "]");
    size_t need = 0; /* (a row whose sizes add up past 2^62 is refused: its line is parsed) */
    from_text = coins_line_init_text(&batched, t.s, t.len, w2, words + 2 * (n + 8), &need) == 0;
  }
  if (!from_text) {
    coins_line_init_lazy(&batched, variant, a, n, k, w2);
    coins_line_fuse(&batched);
  }
  int64_t gains[70];
  coins_ply p;
  for (;;) {
    if (below(r, 6) == 0) { /* a skip */
      uint64_t count = below(r, 8);
      coins_line_skip(&batched, count);
      for (uint64_t i = 0; i < count && coins_line_next(&stepped, &p); i++) continue;
    }
    size_t max = below(r, 4) ? 1 + below(r, 64) : below(r, 3);
    gains[max] = INT64_MIN + 7; /* a guard word */
    size_t got = coins_line_gains(&batched, gains, max);
    CHECK(got <= max, "coins_line_gains: %zu moves, at most %zu asked", got, max);
    CHECK_EQ(gains[max], INT64_MIN + 7);
    for (size_t i = 0; i < got; i++) {
      CHECK_EQ(coins_line_next(&stepped, &p), 1);
      CHECK_EQ(gains[i], p.gain);
    }
    CHECK_EQU(batched.st.ply, stepped.st.ply);
    CHECK_EQU(coins_line_moves_left(&batched), coins_line_moves_left(&stepped));
    if (got < max) { /* the end of the line */
      CHECK_EQ(coins_line_next(&stepped, &p), 0);
      break;
    }
  }
  CHECK_GUARD(w1, words, "coins_line_next");
  CHECK_GUARD(w2, words + 2 * (n + 8), "coins_line_gains");
  guarded_free(w1);
  guarded_free(w2);
  free(t.s);
}

static void test_line_gains(void **state) {
  (void)state;
  uint64_t count = scaled(20000);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(8, i);
    int variant = 1 + (int)(i % 3);
    size_t n = below(&r, 8) ? gen_len(&r, 300) : 300 + below(&r, 3000);
    uint64_t k = variant == 3 ? 1 : gen_k(&r, n);
    int64_t *row = xmalloc((n ? n : 1) * sizeof *row);
    gen_row(&r, row, n);
    set_case("test_line_gains", i, row, n, k);
    check_gains(variant, variant == 1 ? NULL : row, n, k, &r);
    free(row);
  }
}

/* ================================================================== main */

int main(void) {
  random_init("test_diff", 0xC015C0150BADF00Du);
  printf("test_diff: seed 0x%llx, scale %g: %llu random games per variant\n",
         (unsigned long long)g_seed, g_scale, (unsigned long long)scaled(100000));
  fflush(stdout);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random1),         cmocka_unit_test(test_random2),
      cmocka_unit_test(test_random3),         cmocka_unit_test(test_window_k),
      cmocka_unit_test(test_exhaustive2),     cmocka_unit_test(test_exhaustive3),
      cmocka_unit_test(test_parse_roundtrip), cmocka_unit_test(test_line_skip),
      cmocka_unit_test(test_line_gains),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
