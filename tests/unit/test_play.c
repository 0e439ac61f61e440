/*
** test_play.c -- variant III play without re-solving (ext/core/interval.c
** and the review's use of it in coins_play), against plain references
** written here, which share no code with ext/:
**
**   the end blocks    every interval [lo, hi) of random rows of 0..40
**                     coins: coins_interval_ends against a plain
**                     left-to-right fusion of the interval (values and
**                     lengths of its first and last blocks);
**   the moves         random games of 1..300 coins between every pair of
**                     strategies, played as coins_play plays them
**                     (coins_strategy_move, then coins_review_apply): each
**                     move that 'optimal' or 'careless' takes from
**                     coins_review_best must be the move of the documented
**                     rule, replayed here from scratch (re-fuse the coins
**                     left at every block boundary; take the end block of
**                     larger value, the left one on a tie, and play it out;
**                     off the line, start afresh when the best move is
**                     next asked for; at a boundary between two end blocks
**                     of equal value either end stays on the line), and
**                     optimal by the textbook interval DP (reference.c);
**   long games        10^4 coins, 'optimal' against random, greedy and
**                     careless players, every move against the same rule;
**   the stop          the table of a long row, made while a stop says to
**                     stop, is not used: a legal move, then the right one.
**
** Environment: COINS_DIFF_SEED, COINS_DIFF_SCALE, COINS_DIFF_ONLY
** (test_random.h).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler.h"
#include "fuse.h"
#include "interval.h"
#include "line.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "reference.h"
#include "review.h"
#include "scan.h"
#include "solution.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "test_random.h"
#include "text.h"
#include "valley.h"

#define COUNT(x) (sizeof(x) / sizeof((x)[0]))
#define MAX_GAME 300

/* ------------------------------------------------------ failure reports */

static struct {
  const char *test;
  uint64_t index;
  const int64_t *a;
  size_t n;
  const char *first, *second;
  const char *moves; /* the moves so far, as letters */
  size_t n_moves;
} g_case;

static void set_case(const char *test, uint64_t index, const int64_t *a, size_t n) {
  memset(&g_case, 0, sizeof g_case);
  g_case.test = test, g_case.index = index, g_case.a = a, g_case.n = n;
}

void dump_case(void) {
  report_case(g_case.test, g_case.index);
  if (g_case.n <= 400) {
    print_error("*** n=%zu, a=[", g_case.n);
    report_row(g_case.a, g_case.n);
    print_error("]\n");
  } else {
    print_error("*** n=%zu\n", g_case.n);
  }
  if (g_case.first) print_error("*** first '%s', second '%s'\n", g_case.first, g_case.second);
  if (g_case.moves) print_error("*** moves so far: %.*s\n", (int)g_case.n_moves, g_case.moves);
}

/* ------------------------------------------------------------ the rows */

/* A row of n coins from one of several models: small values with many
** ties, signed values, zeros, sorted, mountain and valley shapes. */
static void gen_row(rng *r, int64_t *a, size_t n) {
  switch (below(r, 9)) {
    case 0: fill_between(r, a, n, 0, 1); break;
    case 1: fill_between(r, a, n, -2, 2); break;
    case 2: fill_three(r, a, n, 20); break;
    case 3: fill_between(r, a, n, -100, 100); break;
    case 4: fill_mostly_zeros(r, a, n, 4, 5); break;
    case 5: fill_alternating(r, a, n, 50); break;
    case 6: fill_between(r, a, n, -1000000, 1000000); break;
    default: { /* sorted, then a mountain or a valley of it */
      fill_between(r, a, n, -9, 9);
      for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
          int64_t t = a[j];
          a[j] = a[j - 1], a[j - 1] = t;
        }
      if (below(r, 2)) { /* the even places up, then the odd ones down */
        int64_t *copy = xmalloc(n * sizeof *copy);
        size_t k = 0;
        for (size_t i = 0; i < n; i += 2) copy[k++] = a[i];
        for (size_t i = n - 1 - (n % 2 == 1); i < n; i -= 2) copy[k++] = a[i];
        int valley = (int)below(r, 2);
        for (size_t i = 0; i < n; i++) a[i] = valley ? -copy[i] : copy[i];
        free(copy);
      }
    }
  }
}

/* ------------------------------------------------------- the reference */

/* The first and last blocks of a[lo..hi) by a plain left-to-right fusion:
** blocks on a stack, the middle of three fused into its neighbours while
** it is worth at least both.  value and len have room for hi - lo. */
typedef struct ref_ends {
  int64_t first_value, last_value;
  size_t first_len, last_len, blocks;
} ref_ends;

static void ref_fuse(const int64_t *a, size_t lo, size_t hi, int64_t *value, size_t *len,
                     ref_ends *out) {
  size_t top = 0;
  for (size_t i = lo; i < hi; i++) {
    value[top] = a[i], len[top] = 1, top++;
    while (top >= 3 && value[top - 2] >= value[top - 3] && value[top - 2] >= value[top - 1]) {
      value[top - 3] = value[top - 3] - value[top - 2] + value[top - 1];
      len[top - 3] += len[top - 2] + len[top - 1];
      top -= 2;
    }
  }
  out->blocks = top;
  out->first_value = value[0], out->first_len = len[0];
  out->last_value = value[top - 1], out->last_len = len[top - 1];
}

/* The documented rule of the optimal line, replayed from scratch. */
typedef struct ref_line {
  const int64_t *a;
  size_t lo, hi;
  int off;         /* a move left the line; it starts afresh when asked */
  size_t run_left; /* the moves left in the block being played out */
  char run_side;
  int64_t *value; /* scratch for ref_fuse */
  size_t *len;
} ref_line;

static void ref_line_init(ref_line *l, const int64_t *a, size_t n) {
  *l = (ref_line){.a = a, .hi = n};
  l->value = xmalloc((n + 1) * sizeof *l->value);
  l->len = xmalloc((n + 1) * sizeof *l->len);
}

static void ref_line_free(ref_line *l) {
  free(l->value);
  free(l->len);
}

/* The best move, as the optimal player asks for it. */
static char ref_line_best(ref_line *l) {
  if (l->off) l->off = 0, l->run_left = 0; /* afresh from the coins left */
  if (l->run_left > 0) return l->run_side;
  ref_ends e;
  ref_fuse(l->a, l->lo, l->hi, l->value, l->len, &e);
  return e.first_value >= e.last_value ? 'L' : 'R';
}

/* The move side, whoever plays it. */
static void ref_line_played(ref_line *l, char side) {
  if (l->off) {
    /* nothing: the line starts afresh when next asked */
  } else if (l->run_left > 0) {
    if (side == l->run_side)
      l->run_left--;
    else
      l->off = 1;
  } else {
    ref_ends e;
    ref_fuse(l->a, l->lo, l->hi, l->value, l->len, &e);
    char larger = e.first_value >= e.last_value ? 'L' : 'R';
    if (side == larger || (e.blocks >= 2 && e.first_value == e.last_value)) {
      l->run_side = side;
      l->run_left = (side == 'L' ? e.first_len : e.last_len) - 1;
    } else {
      l->off = 1;
    }
  }
  if (side == 'L')
    l->lo++;
  else
    l->hi--;
}

/* ------------------------------------------------------------ end blocks */

static void test_ends(void **state) {
  (void)state;
  uint64_t count = scaled(20000), intervals = 0;
  for (uint64_t c = 0; c < count; c++) {
    if (g_only_set && c != g_only) continue;
    rng r = case_rng(1, c);
    size_t n = (size_t)below(&r, 41);
    int64_t a[40], value[40];
    size_t len[40];
    gen_row(&r, a, n);
    set_case("test_ends", c, a, n);
    size_t words = coins_interval_words(n);
    int64_t *table = guarded_alloc(words);
    CHECK(coins_interval_build(table, a, n, NULL) == COINS_OK, "the set-up failed");
    CHECK_GUARD(table, words, "coins_interval_build");
    for (size_t lo = 0; lo < n; lo++)
      for (size_t hi = lo + 1; hi <= n; hi++, intervals++) {
        ref_ends want;
        coins_end_blocks got;
        ref_fuse(a, lo, hi, value, len, &want);
        coins_interval_ends(table, n, lo, hi, &got);
        CHECK(got.first_value == want.first_value && got.first_len == want.first_len &&
                  got.last_value == want.last_value && got.last_len == want.last_len &&
                  (got.first_len == hi - lo) == (want.blocks == 1),
              "[%zu, %zu): first block %lld (%llu coins), last %lld (%llu); expected %lld "
              "(%zu), %lld (%zu), %zu blocks",
              lo, hi, (long long)got.first_value, (unsigned long long)got.first_len,
              (long long)got.last_value, (unsigned long long)got.last_len,
              (long long)want.first_value, want.first_len, (long long)want.last_value,
              want.last_len, want.blocks);
      }
    guarded_free(table);
  }
  print_message("  %llu intervals\n", (unsigned long long)intervals);
}

/* ----------------------------------------------------------------- games */

/* Whether the strategy s asks for the best move this turn (careless: when
** its draw says not to play at random), without changing s. */
static int asks_best(const coins_strategy *s) {
  coins_strategy copy = *s;
  switch (s->kind) {
    case COINS_OPTIMAL: return 1;
    case COINS_CARELESS: return coins_random_next(&copy.rng) % 100 >= s->percent;
    default: return 0;
  }
}

/* Plays a game of a[0..n) between first and second as coins_play does,
** holding every best move asked for to the reference line and, when dp
** (the DP table of the row) is given, to optimal play.  Returns the moves
** that asked. */
static size_t play(const int64_t *a, size_t n, const char *first, const char *second,
                   const int64_t *dp) {
  char err[COINS_ERRMSG_SIZE], *moves = xmalloc(n + 1);
  const char *names[2] = {first, second};
  coins_strategy s[2];
  size_t words = coins_review_work_words(COINS_III, n, 1), asked = 0;
  int64_t *work = guarded_alloc(words);
  coins_review rv;
  ref_line ref;
  coins_review_init(&rv, COINS_III, a, n, 1, work);
  ref_line_init(&ref, a, n);
  g_case.first = first, g_case.second = second, g_case.moves = moves;
  for (int p = 0; p < 2; p++) {
    CHECK(coins_strategy_parse(names[p], strlen(names[p]), &s[p], err) == COINS_OK, "%s", err);
    CHECK(coins_strategy_ready(&s[p], p + 1, &rv, err) == COINS_OK, "%s", err);
  }
  for (size_t ply = 0; ply < n; ply++) {
    g_case.n_moves = ply;
    coins_strategy *mover = &s[ply % 2];
    int asks = asks_best(mover);
    coins_move m = coins_strategy_move(mover, &rv);
    CHECK_GUARD(work, words, "coins_strategy_move");
    CHECK(m.take == 1 && (m.side == 'L' || m.side == 'R'), "ply %zu: the move %llu%c", ply + 1,
          (unsigned long long)m.take, m.side);
    if (asks) {
      char want = ref_line_best(&ref);
      CHECK(m.side == want, "ply %zu: '%s' played %c, the rule says %c", ply + 1, names[ply % 2],
            m.side, want);
      if (dp) {
        size_t w = n + 1, lo = ref.lo, hi = ref.hi;
        int64_t value =
            m.side == 'L' ? a[lo] - dp[(lo + 1) * w + hi] : a[hi - 1] - dp[lo * w + hi - 1];
        CHECK(value == dp[lo * w + hi], "ply %zu: %c is worth %lld, the best %lld", ply + 1, m.side,
              (long long)value, (long long)dp[lo * w + hi]);
      }
      asked++;
    }
    coins_ply out;
    CHECK(coins_review_apply(&rv, m, &out, err) == COINS_OK, "ply %zu: %s", ply + 1, err);
    CHECK_GUARD(work, words, "coins_review_apply");
    CHECK_EQU(out.pos, m.side == 'L' ? ref.lo : ref.hi - 1);
    moves[ply] = m.side;
    ref_line_played(&ref, m.side);
  }
  CHECK_EQU(rv.line.st.lo, rv.line.st.hi);
  ref_line_free(&ref);
  guarded_free(work);
  free(moves);
  g_case.first = g_case.second = g_case.moves = NULL;
  return asked;
}

/* Strategy i of the list every game pairs from (seeded from r). */
static void strategy_name(rng *r, size_t i, char *name, size_t size) {
  switch (i) {
    case 0: snprintf(name, size, "optimal"); break;
    case 1: snprintf(name, size, "greedy"); break;
    case 2: snprintf(name, size, "left"); break;
    case 3: snprintf(name, size, "parity"); break;
    case 4: snprintf(name, size, "random:%lld", (long long)as_signed(next64(r))); break;
    default:
      snprintf(name, size, "careless:%u:%lld", (unsigned)below(r, 101),
               (long long)as_signed(next64(r)));
  }
}

#define N_STRATEGIES 6

static void test_games(void **state) {
  (void)state;
  uint64_t count = scaled(6000), asked = 0;
  for (uint64_t c = 0; c < count; c++) {
    if (g_only_set && c != g_only) continue;
    rng r = case_rng(2, c);
    /* every pair in turn; 'optimal' or 'careless' on one side at least */
    size_t pair = c % (N_STRATEGIES * N_STRATEGIES), i = pair / N_STRATEGIES,
           j = pair % N_STRATEGIES;
    if (i != 0 && i != 5 && j != 0 && j != 5) j = below(&r, 2) ? 0 : 5;
    size_t n = 1 + (size_t)(below(&r, 4) ? below(&r, 60) : below(&r, MAX_GAME));
    if (i == 3 && n % 2) n++; /* parity: the first player of an even row */
    if (j == 3) j = 0;
    int64_t a[MAX_GAME + 1];
    gen_row(&r, a, n);
    set_case("test_games", c, a, n);
    char first[64], second[64];
    strategy_name(&r, i, first, sizeof first);
    strategy_name(&r, j, second, sizeof second);
    int64_t *dp = ref3_table(a, n);
    asked += play(a, n, first, second, dp);
    free(dp);
  }
  print_message("  %llu best moves checked\n", (unsigned long long)asked);
}

static void test_long_games(void **state) {
  (void)state;
  static const char *opponents[] = {"random:1", "greedy", "careless:50:1", "random:-3"};
  size_t n = 10000;
  int64_t *a = xmalloc(n * sizeof *a);
  uint64_t count = scaled(4);
  for (uint64_t c = 0; c < count; c++) {
    if (g_only_set && c != g_only) continue;
    rng r = case_rng(3, c);
    gen_row(&r, a, n);
    set_case("test_long_games", c, a, n);
    const char *other = opponents[c % COUNT(opponents)];
    size_t asked = c % 2 ? play(a, n, other, "optimal", NULL) : play(a, n, "optimal", other, NULL);
    CHECK(asked >= n / 2, "only %zu best moves asked for", asked);
  }
  free(a);
}

/* ------------------------------------------------------------- the stop */

static int g_stop_now;
static int stop_now(void *arg) {
  (void)arg;
  return g_stop_now;
}

static void test_stop(void **state) {
  (void)state;
  size_t n = 4 * COINS_STOP_SPAN;
  int64_t *a = xmalloc(n * sizeof *a);
  rng r = case_rng(4, 0);
  fill_between(&r, a, n, -1000, 1000);
  set_case("test_stop", 0, a, n);
  size_t words = coins_review_work_words(COINS_III, n, 1);
  int64_t *work = guarded_alloc(words);
  coins_stop stop = {stop_now, NULL};
  coins_review rv;
  ref_line ref;
  char err[COINS_ERRMSG_SIZE];
  coins_ply out;
  g_stop_now = 0;
  assert_int_equal(coins_review_init_stop(&rv, COINS_III, a, n, 1, work, &stop), COINS_OK);
  ref_line_init(&ref, a, n);
  /* off the line: the move the line does not play */
  char off = ref_line_best(&ref) == 'L' ? 'R' : 'L';
  assert_int_equal(coins_review_apply(&rv, (coins_move){1, off, 0}, &out, err), COINS_OK);
  ref_line_played(&ref, off);
  g_stop_now = 1;
  coins_move m = coins_review_best(&rv);
  assert_true(m.take == 1 && (m.side == 'L' || m.side == 'R'));
  assert_null(rv.interval);
  CHECK_GUARD(work, words, "coins_review_best, stopped");
  g_stop_now = 0;
  m = coins_review_best(&rv);
  assert_non_null(rv.interval);
  assert_int_equal(m.side, ref_line_best(&ref));
  CHECK_GUARD(work, words, "coins_review_best");
  assert_int_equal(coins_interval_build(rv.interval, a, n, &stop), COINS_OK);
  g_stop_now = 1;
  assert_int_equal(coins_interval_build(rv.interval, a, n, &stop), COINS_STOPPED);
  ref_line_free(&ref);
  guarded_free(work);
  free(a);
}

int main(void) {
  random_init("test_play", 0x9A7E5EEDC0115ull);
  print_message("test_play: seed 0x%llx, scale %g\n", (unsigned long long)g_seed, g_scale);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ends),
      cmocka_unit_test(test_games),
      cmocka_unit_test(test_long_games),
      cmocka_unit_test(test_stop),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
