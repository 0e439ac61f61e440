/*
** test_analysis.c -- differential tests of the analysis in the pure core
** (include/coins.h: coins_options_*, coins_analysis_*, coins_analysis_eval,
** coins_analysis_lead, coins_analysis_grade, coins_analysis_accuracy,
** coins_scorecard_stop) against the plain reference solvers of
** tests/unit/reference.c.
**
** Options: random positions (the three variants, max_take mostly 1..6 or
** beyond the row, signed values, ties, a random lead, sometimes an extreme
** one): every row's move, gain, margin (gain minus the reference's value of
** the coins the move leaves), loss, rank (one more than the moves of
** larger margin), result (the sign of lead + margin) and count.
**
** Review columns: random records (moves optimal per the reference, random
** or greedy, some abandoned), reviewed by coins_review_init_record or
** coins_review_init; at each ply, read or not at random (so that the
** only-move window jumps): the stake (Σ|coins left| summed afresh), the
** lead (the totals so far), the evaluation (the totals plus the
** reference's value of the position reached, signed for the first
** player), the only-move test (every legal move's result from the
** reference, counted), the grade and the accuracy (the documented
** formulas, with libm's exp).
**
** Scorecards: the same records through coins_scorecard_stop, against the
** sums of the rows and the results counted from the record.
**
** Environment: COINS_DIFF_SEED, COINS_DIFF_SCALE, COINS_DIFF_ONLY, as for
** test_records.
*/
#include <math.h>
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

#define MAX_LEN 24
#define N_OPTIONS 60000
#define N_RECORDS 30000

static struct {
  const char *test;
  uint64_t index;
  int variant;
  uint64_t k;
  const int64_t *a;
  size_t n;
  int64_t lead;
  size_t ply;
} g_case;

void dump_case(void) {
  if (!g_case.test) return;
  report_case(g_case.test, g_case.index);
  print_error("*** variant %d, n=%zu, k=%llu, lead %lld, ply %zu", g_case.variant, g_case.n,
              (unsigned long long)g_case.k, (long long)g_case.lead, g_case.ply);
  if (g_case.a) {
    print_error(", a=[");
    report_row(g_case.a, g_case.n);
    print_error("]");
  }
  print_error("\n");
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* ------------------------------------------------------------ reference */

/* The mover's margin with the coins [lo, hi) left (II: hi = n); variant I:
** +1 when the mover wins, else -1. */
static int64_t value_of(const ref_oracle *o, size_t lo, size_t hi) {
  if (o->variant == 1) return o->win[hi - lo] ? 1 : -1;
  return ref_oracle_margin(o, lo, hi);
}

/* The legal moves from [lo, hi), in the options' order: takes 1.. or
** L, R (one coin: L). */
static size_t legal_moves(const ref_oracle *o, size_t lo, size_t hi, coins_move *out) {
  size_t left = hi - lo, count = 0;
  if (o->variant == 3) {
    if (left >= 1) out[count++] = (coins_move){1, 'L', 0};
    if (left >= 2) out[count++] = (coins_move){1, 'R', 0};
    return count;
  }
  for (uint64_t t = 1; t <= o->k && t <= left; t++) out[count++] = (coins_move){t, 'L', 0};
  return count;
}

/* What m collects from [lo, hi) and the position it leaves. */
static int64_t move_gain(const ref_oracle *o, size_t *lo, size_t *hi, coins_move m) {
  int64_t gain = 0;
  if (o->variant == 3) return m.side == 'L' ? o->a[(*lo)++] : o->a[--*hi];
  for (uint64_t i = 0; i < m.take; i++, ++*lo)
    if (o->variant == 2) gain += o->a[*lo];
  return gain;
}

/* The mover's margin with m (II, III); variant I: +1 when m wins. */
static int64_t move_value(const ref_oracle *o, size_t lo, size_t hi, coins_move m) {
  int64_t gain = move_gain(o, &lo, &hi, m);
  return gain - value_of(o, lo, hi);
}

/* --------------------------------------------------------------- rows */

static void gen_row(rng *r, int64_t *a, size_t n) {
  switch (below(r, 4)) {
    case 0: fill_between(r, a, n, -20, 20); break;
    case 1: fill_three(r, a, n, 9); break;
    case 2: fill_between(r, a, n, 1, 30); break;
    default: fill_mostly_zeros(r, a, n, 3, 50); break;
  }
}

static uint64_t gen_k(rng *r, size_t n) {
  uint64_t p = below(r, 100);
  if (p < 85) return 1 + below(r, 6);
  if (p < 95) return n + 1 + below(r, 3);
  return UINT64_MAX;
}

static int64_t gen_lead(rng *r) {
  uint64_t p = below(r, 100);
  if (p < 40) return 0;
  if (p < 95) return between(r, -60, 60);
  return below(r, 2) ? INT64_MAX : INT64_MIN;
}

/* ------------------------------------------------------------- options */

static void options_case(rng *r, uint64_t index) {
  int variant = 1 + (int)below(r, 3);
  size_t n = (size_t)below(r, variant == 1 ? 40 : MAX_LEN + 1);
  int64_t a[MAX_LEN + 40];
  uint64_t k = variant == 3 ? 1 : gen_k(r, n);
  int64_t lead = gen_lead(r);
  gen_row(r, a, n);
  g_case = (typeof(g_case)){"options", index, variant, k, variant == 1 ? NULL : a, n, lead, 0};
  ref_oracle o;
  ref_oracle_init(&o, variant, a, n, k);
  int64_t *work = xmalloc(coins_options_work_words((coins_variant)variant, n, k) * 8 + 8);
  coins_options opts;
  char err[COINS_ERRMSG_SIZE];
  coins_status rc =
      coins_options_init_stop(&opts, (coins_variant)variant, a, n, k, lead, work, err, NULL);
  CHECK_EQ(rc, COINS_OK);
  coins_move moves[MAX_LEN + 40];
  size_t count = legal_moves(&o, 0, n, moves);
  CHECK_EQU(opts.count, count);
  int64_t value[MAX_LEN + 40], top = INT64_MIN;
  for (size_t i = 0; i < count; i++) {
    value[i] = move_value(&o, 0, n, moves[i]);
    top = value[i] > top ? value[i] : top;
  }
  for (size_t i = 0; i < count; i++) {
    coins_option row;
    uint64_t above = 0;
    for (size_t j = 0; j < count; j++) above += value[j] > value[i];
    coins_options_row(&opts, i, &row);
    CHECK_EQU(row.move.take, moves[i].take);
    CHECK_EQ(row.move.side, moves[i].side);
    CHECK_EQU(row.rank, 1 + above);
    if (variant == 1) {
      CHECK_EQ(row.result, value[i]);
      CHECK_EQ(row.loss, top > 0 && value[i] < 0);
      continue;
    }
    size_t lo = 0, hi = n;
    CHECK_EQ(row.gain, move_gain(&o, &lo, &hi, moves[i]));
    CHECK_EQ(row.margin, value[i]);
    CHECK_EQ(row.loss, top - value[i]);
    int want = lead == INT64_MAX ? 1 : lead == INT64_MIN ? -1 : sign(lead + value[i]);
    CHECK_EQ(row.result, want);
  }
  free(work);
  ref_oracle_free(&o);
}

static void test_options_random(void **state) {
  (void)state;
  for (uint64_t i = 0, count = scaled(N_OPTIONS); i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(1, i);
    options_case(&r, i);
  }
}

/* A variant I position of 10^18 coins and k = 10^17: O(1) rows. */
static void test_options_huge(void **state) {
  (void)state;
  coins_options o;
  coins_option row;
  char err[COINS_ERRMSG_SIZE];
  uint64_t n = 1000000000000000000u, k = 100000000000000000u;
  assert_int_equal(coins_options_init_stop(&o, COINS_I, NULL, n, k, 0, NULL, err, NULL), COINS_OK);
  assert_true(o.count == k);
  /* n % (k + 1) = 10^18 - 9 (10^17 + 1) = 99999999999999991: the one win */
  uint64_t win = n % (k + 1);
  coins_options_row(&o, win - 1, &row);
  assert_int_equal(row.result, 1);
  assert_int_equal(row.rank, 1);
  coins_options_row(&o, win, &row);
  assert_int_equal(row.result, -1);
  assert_int_equal(row.loss, 1);
  assert_int_equal(row.rank, 2);
}

/* A loss beyond 2^63-1 is refused, not wrapped. */
static void test_options_overflow(void **state) {
  (void)state;
  int64_t a[3] = {INT64_MAX / 2, INT64_MAX / 2, 0}, work[64];
  coins_options o;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_options_init_stop(&o, COINS_III, a, 3, 1, 0, work, err, NULL), COINS_OK);
  int64_t b[2] = {-(INT64_MAX / 2), INT64_MAX / 2 + 1}; /* margins -2^63+1 and 2^63-1 */
  assert_int_equal(coins_options_init_stop(&o, COINS_III, b, 2, 1, 0, work, err, NULL),
                   COINS_INVALID);
  assert_string_equal(err, "a loss exceeds 2^63-1");
}

/* -------------------------------------------------------------- reviews */

/* What the rows add up to, per player, as the scorecard should. */
typedef struct sums {
  uint64_t moves, grades[4];
  int64_t loss;
  double accuracy, harmonic;
} sums;

static double want_accuracy(int variant, int64_t loss, uint64_t stake) {
  if (loss == 0) return 100;
  double share = variant == 1 ? (double)loss : stake ? (double)loss / (2.0 * (double)stake) : 0;
  double v = 103.1668 * exp(-0.04354 * 100 * (share > 1 ? 1 : share)) - 3.1669;
  return v < 0 ? 0 : v > 100 ? 100 : v;
}

static void record_case(rng *r, uint64_t index) {
  int variant = 1 + (int)below(r, 3);
  size_t n = (size_t)below(r, variant == 1 ? 40 : MAX_LEN + 1);
  int64_t a[MAX_LEN + 40], moves[MAX_LEN + 40];
  uint64_t k = variant == 3 ? 1 : gen_k(r, n);
  gen_row(r, a, n);
  g_case = (typeof(g_case)){"review", index, variant, k, variant == 1 ? NULL : a, n, 0, 0};
  ref_oracle o;
  ref_oracle_init(&o, variant, a, n, k);
  /* the record: optimal, random or first legal moves; sometimes cut short */
  size_t count = 0, lo = 0, hi = n, stop_at = below(r, 4) ? n + 1 : (size_t)below(r, n + 1);
  while (lo < hi && count < stop_at) {
    coins_move legal[MAX_LEN + 40], m;
    size_t c = legal_moves(&o, lo, hi, legal), pick = (size_t)below(r, c);
    if (below(r, 2)) { /* an optimal move, any of them */
      int64_t top = INT64_MIN;
      for (size_t i = 0; i < c; i++)
        top = move_value(&o, lo, hi, legal[i]) > top ? move_value(&o, lo, hi, legal[i]) : top;
      while (move_value(&o, lo, hi, legal[pick]) != top) pick = (pick + 1) % c;
    }
    m = legal[pick];
    moves[count++] = variant == 3 ? m.side : (int64_t)m.take;
    move_gain(&o, &lo, &hi, m);
  }
  int whole = below(r, 4) > 0;
  size_t words = whole ? coins_review_record_words((coins_variant)variant, n, k, count)
                       : coins_review_work_words((coins_variant)variant, n, k);
  size_t an_words = whole ? coins_analysis_record_words((coins_variant)variant, n, k, count)
                          : coins_analysis_work_words((coins_variant)variant, n, k);
  int64_t *work = xmalloc((words + an_words) * 8 + 8);
  coins_review rv;
  coins_analysis an;
  if (whole)
    coins_review_init_record((&rv), (coins_variant)variant, a, n, k, moves, count, work);
  else
    coins_review_init(&rv, (coins_variant)variant, a, n, k, work);
  coins_analysis_init(&an, (coins_variant)variant, a, n, k, work + words, NULL);
  if (whole) coins_analysis_use_record(&an, work + words); /* (the room was made for it) */
  sums want[2];
  memset(want, 0, sizeof want);
  int64_t totals[2] = {0, 0};
  lo = 0, hi = n;
  for (size_t t = 0; t < count; t++) {
    coins_move m = coins_notation_move_of((coins_variant)variant, moves[t]);
    coins_judgement j;
    char err[COINS_ERRMSG_SIZE];
    int p = (int)(t % 2);
    g_case.ply = t + 1;
    CHECK_EQU(rv.line.st.lo, lo);
    CHECK_EQU(rv.line.st.hi, hi);
    uint64_t stake = 0, want_stake = 0;
    if (variant != 1)
      for (size_t i = lo; i < hi; i++) want_stake += a[i] < 0 ? 0 - (uint64_t)a[i] : (uint64_t)a[i];
    int read = below(r, 3) > 0; /* rows nobody reads: the window jumps */
    if (read || p == 0) assert_int_equal(coins_analysis_stake(&an, lo, hi, &stake), COINS_OK);
    if (read || p == 0) CHECK_EQU(stake, want_stake);
    stake = want_stake;
    assert_int_equal(coins_review_play(&rv, m, &j, err), COINS_OK);
    /* the reference's view of the move */
    int64_t lead = totals[p] - totals[1 - p];
    coins_move legal[MAX_LEN + 40];
    size_t c = legal_moves(&o, lo, hi, legal), keep = 0;
    int64_t top = INT64_MIN;
    for (size_t i = 0; i < c; i++) {
      int64_t v = move_value(&o, lo, hi, legal[i]);
      top = v > top ? v : top;
    }
    int before = variant == 1 ? (top > 0 ? 1 : -1) : sign(lead + top);
    for (size_t i = 0; i < c; i++) {
      int64_t v = move_value(&o, lo, hi, legal[i]);
      keep += (variant == 1 ? (v > 0 ? 1 : -1) : sign(lead + v)) == before;
    }
    size_t lo0 = lo, hi0 = hi;
    int64_t gain = move_gain(&o, &lo, &hi, m);
    totals[p] += gain;
    if (variant != 1) CHECK_EQ(coins_analysis_lead(&j), lead);
    int64_t next = value_of(&o, lo, hi); /* the next mover's, p's opponent's */
    if (variant == 1) {
      int next_wins = lo < hi && next > 0, first_wins = next_wins == (p == 1);
      CHECK_EQ(coins_analysis_eval(&rv), first_wins ? 1 : -1);
    } else {
      int64_t first = totals[0] - totals[1] + (p == 0 ? -next : next);
      CHECK_EQ(coins_analysis_eval(&rv), first);
    }
    if (read || below(r, 2)) {
      int only;
      assert_int_equal(coins_analysis_only_move(&an, &rv, &j, lo0, hi0, &only), COINS_OK);
      CHECK_EQ(only, c < 2 ? -1 : keep == 1);
    }
    /* grade and accuracy by their definitions */
    double share = variant == 1 ? (double)j.loss : stake ? (double)j.loss / (2.0 * stake) : 0;
    coins_grade g = j.loss == 0          ? COINS_BEST
                    : j.after < j.before ? COINS_BLUNDER
                    : share >= 0.075     ? COINS_MISTAKE
                                         : COINS_INACCURACY;
    CHECK_EQ(coins_analysis_grade((coins_variant)variant, &j, stake), g);
    double acc = coins_analysis_accuracy((coins_variant)variant, &j, stake);
    CHECK(fabs(acc - want_accuracy(variant, j.loss, stake)) < 1e-9, "accuracy %.12f", acc);
    want[p].moves++;
    want[p].grades[g]++;
    want[p].loss += j.loss;
    want[p].accuracy += acc;
    want[p].harmonic += 1 / (acc < 1 ? 1 : acc);
  }
  /* the scorecard: the rows' sums, the result as played and expected */
  int result = lo < hi ? 2 : variant == 1 ? (count % 2 ? 1 : -1) : sign(totals[0] - totals[1]);
  int expected = variant == 1 ? (n && o.win[n] ? 1 : -1) : sign(value_of(&o, 0, n));
  coins_card card[2];
  char err[COINS_ERRMSG_SIZE];
  size_t card_words = coins_review_record_words((coins_variant)variant, n, k, count) + an_words;
  int64_t *card_work = xmalloc(card_words * 8 + 8);
  g_case.ply = 0;
  assert_int_equal(coins_scorecard_stop((coins_variant)variant, a, n, k, moves, count, card_work,
                                        card, err, NULL),
                   COINS_OK);
  for (int p = 0; p < 2; p++) {
    int mine = p == 0 ? 1 : -1;
    CHECK_EQU(card[p].moves, want[p].moves);
    CHECK_EQU(card[p].best, want[p].grades[COINS_BEST]);
    CHECK_EQU(card[p].inaccuracies, want[p].grades[COINS_INACCURACY]);
    CHECK_EQU(card[p].mistakes, want[p].grades[COINS_MISTAKE]);
    CHECK_EQU(card[p].blunders, want[p].grades[COINS_BLUNDER]);
    CHECK_EQ(card[p].loss, want[p].loss);
    CHECK(fabs(card[p].accuracy_sum - want[p].accuracy) < 1e-6, "accuracy sum");
    CHECK(fabs(card[p].harmonic_sum - want[p].harmonic) < 1e-9, "harmonic sum");
    CHECK_EQ(card[p].total, variant == 1 ? 0 : totals[p]);
    CHECK_EQ(card[p].result, result == 2 ? 2 : mine * result);
    CHECK_EQ(card[p].expected, mine * expected);
    double acc = coins_scorecard_accuracy(&card[p]);
    if (want[p].moves == 0) CHECK(isnan(acc), "no moves: NaN");
    if (want[p].moves)
      CHECK(fabs(acc - (want[p].accuracy / want[p].moves + want[p].moves / want[p].harmonic) / 2) <
                1e-9,
            "game accuracy");
  }
  free(card_work);
  free(work);
  ref_oracle_free(&o);
}

static void test_review_random(void **state) {
  (void)state;
  for (uint64_t i = 0, count = scaled(N_RECORDS); i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(2, i);
    record_case(&r, i);
  }
}

int main(void) {
  random_init("test_analysis", 0xA11A1515u);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_options_huge),
      cmocka_unit_test(test_options_overflow),
      cmocka_unit_test(test_options_random),
      cmocka_unit_test(test_review_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
