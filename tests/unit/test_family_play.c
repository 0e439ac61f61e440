/*
** test_family_play.c -- games with a set of takes played through the
** core (the *_takes functions of coins.h: state.c, solve.c, line.c,
** review.c, options.c, analysis.c, strategy.c) against game search
** written here, apart from ext/:
**
**   - variant I, every set within {1..8} (all 255), piles up to 40: the
**     solve, the line move by move, a random record reviewed (best move,
**     loss, before, after, eval, only-move), the options and the
**     strategies, against which piles are won by memoised search;
**   - variant II, random sets within {1..8} and rows up to 14 coins:
**     the same against the margins of every position by minimax;
**   - legality: random takes against the set and the coins left, and the
**     end of a game with coins no take fits;
**   - a set that is a range {1..k} gives what max_take k gives.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_check.h"

#define PILES 40 /* variant I: piles 0..PILES */
#define ROW 14   /* variant II: rows of up to ROW coins */

static uint64_t rng = 0xfa9117;

static uint64_t below(uint64_t n) { return coins_random_next(&rng) % n; }

/* The takes of mask that fit in left coins, as a list ascending. */
static int fitting(uint64_t mask, uint64_t left, uint64_t out[64]) {
  int count = 0;
  for (uint64_t s = 1; s <= 64 && s <= left; s++)
    if (mask >> (s - 1) & 1) out[count++] = s;
  return count;
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* ------------------------------------------------- the reference search */

/* wins[n]: the player to move with n coins wins (normal play: no move
** loses), by search over the moves as the rules give them. */
static int ref_wins(uint64_t mask, int n, signed char *memo) {
  uint64_t takes[64];
  if (memo[n] >= 0) return memo[n];
  int count = fitting(mask, (uint64_t)n, takes), wins = 0;
  for (int i = 0; i < count; i++)
    if (!ref_wins(mask, n - (int)takes[i], memo)) wins = 1;
  return memo[n] = (signed char)wins;
}

/* The move variant I plays: the smallest take leaving a lost pile, else
** the smallest take; 0 when none fits. */
static uint64_t ref_best(uint64_t mask, int n, signed char *memo) {
  uint64_t takes[64];
  int count = fitting(mask, (uint64_t)n, takes);
  for (int i = 0; i < count; i++)
    if (!ref_wins(mask, n - (int)takes[i], memo)) return takes[i];
  return count ? takes[0] : 0;
}

/* Variant II: m[i], the mover's margin from coin i on, by minimax over
** every line (memoised); the game ends when no take fits. */
static int64_t ref_margin(const int64_t *a, int n, uint64_t mask, int i, int64_t *m, char *known) {
  if (known[i]) return m[i];
  uint64_t takes[64];
  int count = fitting(mask, (uint64_t)(n - i), takes);
  int64_t best = 0;
  for (int j = 0; j < count; j++) {
    int64_t gain = 0;
    for (uint64_t u = 0; u < takes[j]; u++) gain += a[i + (int)u];
    int64_t v = gain - ref_margin(a, n, mask, i + (int)takes[j], m, known);
    if (j == 0 || v > best) best = v;
  }
  known[i] = 1;
  return m[i] = best;
}

static int64_t gain_of(const int64_t *a, int i, uint64_t s) {
  int64_t g = 0;
  for (uint64_t u = 0; u < s; u++) g += a[i + (int)u];
  return g;
}

/* The fewest coins among the takes of the best margin from coin i. */
static uint64_t ref_row_best(const int64_t *a, int n, uint64_t mask, int i, const int64_t *m) {
  uint64_t takes[64];
  int count = fitting(mask, (uint64_t)(n - i), takes);
  for (int j = 0; j < count; j++)
    if (gain_of(a, i, takes[j]) - m[i + (int)takes[j]] == m[i]) return takes[j];
  return 0;
}

/* ---------------------------------------------------------- variant I */

static void check_pile_game(uint64_t mask, int n, signed char *memo, int64_t *work) {
  coins_takes t = takes_of_mask(mask);
  char err[COINS_ERRMSG_SIZE];
  coins_solution r;
  assert_int_equal(coins_solve_takes_stop(COINS_I, NULL, (size_t)n, &t, NULL, &r, err, NULL),
                   COINS_OK);
  assert_int_equal(r.outcome, ref_wins(mask, n, memo) ? COINS_FIRST : COINS_SECOND);
  assert_u64(r.best.take, ref_best(mask, n, memo));

  /* the line: each move the reference's, to the end */
  coins_line line;
  assert_int_equal(
      coins_line_init_takes_stop(&line, COINS_I, NULL, (uint64_t)n, &t, work, err, NULL), COINS_OK);
  coins_ply p;
  int left = n;
  for (;;) {
    uint64_t want = ref_best(mask, left, memo);
    assert_u64(coins_line_peek(&line).take, want);
    assert_int_equal(coins_state_can_move(&line.st), want != 0);
    if (!coins_line_next(&line, &p)) break;
    assert_u64(p.move.take, want);
    left -= (int)want;
  }
  assert_u64(line.st.hi - line.st.lo, (uint64_t)left);
  assert_u64(ref_best(mask, left, memo), 0);

  /* a random record, reviewed */
  coins_review rv;
  coins_analysis an;
  assert_int_equal(
      coins_review_init_takes_stop(&rv, COINS_I, NULL, (uint64_t)n, &t, work, err, NULL), COINS_OK);
  coins_analysis_init(&an, COINS_I, NULL, (uint64_t)n, rv.line.st.k, NULL, NULL);
  left = n;
  for (;;) {
    uint64_t takes[64];
    int count = fitting(mask, (uint64_t)left, takes);
    if (count == 0) break;
    uint64_t s = takes[below((uint64_t)count)];
    int mover_first = rv.line.st.ply % 2 == 0, won = ref_wins(mask, left, memo);
    coins_judgement j;
    assert_int_equal(coins_review_play(&rv, (coins_move){s, 'L', 0}, &j, err), COINS_OK);
    int after_wins = ref_wins(mask, left - (int)s, memo);
    assert_u64(j.best.take, ref_best(mask, left, memo));
    assert_int_equal(j.before, won ? 1 : -1);
    assert_int_equal(j.after, after_wins ? -1 : 1);
    assert_i64(j.loss, won && after_wins);
    /* eval: +1 when the first player wins from the position reached */
    int first_wins = mover_first ? !after_wins : after_wins;
    assert_i64(coins_analysis_eval(&rv), first_wins ? 1 : -1);
    int only, winning = 0;
    for (int i = 0; i < count; i++) winning += !ref_wins(mask, left - (int)takes[i], memo);
    assert_int_equal(
        coins_analysis_only_move(&an, &rv, &j, (uint64_t)(n - left), (uint64_t)n, &only), COINS_OK);
    assert_int_equal(only, count < 2 ? -1 : !won ? 0 : winning == 1);
    left -= (int)s;
  }

  /* the options: the takes that fit, ascending */
  coins_options o;
  uint64_t takes[64];
  int count = fitting(mask, (uint64_t)n, takes), won = ref_wins(mask, n, memo);
  assert_int_equal(
      coins_options_init_takes_stop(&o, COINS_I, NULL, (uint64_t)n, &t, 0, work, err, NULL),
      COINS_OK);
  assert_u64(o.count, (uint64_t)count);
  for (int i = 0; i < count; i++) {
    coins_option row;
    coins_options_row(&o, (uint64_t)i, &row);
    int opponent_wins = ref_wins(mask, n - (int)takes[i], memo);
    assert_u64(row.move.take, takes[i]);
    assert_int_equal(row.result, opponent_wins ? -1 : 1);
    assert_i64(row.loss, won && opponent_wins);
    assert_u64(row.rank, 1 + (uint64_t)(won && opponent_wins));
  }
}

static void test_pile_games(void **state) {
  (void)state;
  coins_takes widest = takes_of_mask(0x80);
  int64_t *work = xmalloc(coins_review_takes_work_words(COINS_I, PILES, &widest) * 8 + 64);
  for (uint64_t mask = 1; mask < 256; mask++) {
    signed char memo[PILES + 1];
    memset(memo, -1, sizeof memo);
    if ((mask & (mask + 1)) == 0) continue; /* a range: the plain code path */
    for (int n = 0; n <= PILES; n++) check_pile_game(mask, n, memo, work);
  }
  free(work);
}

/* ---------------------------------------------------------- variant II */

static void check_row_game(const int64_t *a, int n, uint64_t mask, int64_t *work) {
  coins_takes t = takes_of_mask(mask);
  char err[COINS_ERRMSG_SIZE];
  int64_t m[ROW + 1];
  char known[ROW + 1] = {0};
  for (int i = n; i >= 0; i--) ref_margin(a, n, mask, i, m, known);

  coins_solution r;
  assert_int_equal(coins_solve_takes_stop(COINS_II, a, (size_t)n, &t, work, &r, err, NULL),
                   COINS_OK);
  assert_i64(r.margin, m[0]);
  assert_u64(r.best.take, ref_row_best(a, n, mask, 0, m));

  /* the line */
  coins_line line;
  assert_int_equal(coins_line_init_takes_stop(&line, COINS_II, a, (uint64_t)n, &t, work, err, NULL),
                   COINS_OK);
  coins_ply p;
  int i = 0;
  int64_t first = 0;
  while (coins_line_next(&line, &p)) {
    assert_u64(p.move.take, ref_row_best(a, n, mask, i, m));
    assert_i64(p.gain, gain_of(a, i, p.move.take));
    if (p.player == 1) first += p.gain;
    i += (int)p.move.take;
  }
  assert_u64(ref_row_best(a, n, mask, i, m), 0);
  assert_i64(r.score, first);

  /* a random record, reviewed */
  coins_review rv;
  coins_analysis an;
  assert_int_equal(coins_review_init_takes_stop(&rv, COINS_II, a, (uint64_t)n, &t, work, err, NULL),
                   COINS_OK);
  int64_t *an_work = xmalloc(coins_analysis_work_words(COINS_II, (size_t)n, rv.line.st.k) * 8);
  coins_analysis_init(&an, COINS_II, a, (uint64_t)n, rv.line.st.k, an_work, NULL);
  int64_t totals[2] = {0, 0};
  for (i = 0;;) {
    uint64_t takes[64];
    int count = fitting(mask, (uint64_t)(n - i), takes), mover = (int)(rv.line.st.ply % 2);
    if (count == 0) break;
    /* greedy play's move: the largest gain, the fewest coins on ties */
    uint64_t greedy = takes[0];
    for (int u = 1; u < count; u++)
      if (gain_of(a, i, takes[u]) > gain_of(a, i, greedy)) greedy = takes[u];
    coins_strategy g = {.kind = COINS_GREEDY};
    assert_u64(coins_strategy_move(&g, &rv).take, greedy);
    uint64_t s = takes[below((uint64_t)count)];
    int64_t lead = totals[mover] - totals[1 - mover], gain = gain_of(a, i, s);
    coins_judgement j;
    assert_int_equal(coins_review_play(&rv, (coins_move){s, 'L', 0}, &j, err), COINS_OK);
    assert_u64(j.best.take, ref_row_best(a, n, mask, i, m));
    assert_i64(j.loss, m[i] - (gain - m[i + (int)s]));
    assert_int_equal(j.before, sign(lead + m[i]));
    assert_int_equal(j.after, sign(lead + gain - m[i + (int)s]));
    totals[mover] += gain;
    int next_first = mover == 1;
    int64_t so_far = totals[0] - totals[1];
    assert_i64(coins_analysis_eval(&rv),
               next_first ? so_far + m[i + (int)s] : so_far - m[i + (int)s]);
    int only, keeping = 0;
    for (int u = 0; u < count; u++)
      keeping += sign(lead + gain_of(a, i, takes[u]) - m[i + (int)takes[u]]) == j.before;
    assert_int_equal(coins_analysis_only_move(&an, &rv, &j, (uint64_t)i, (uint64_t)n, &only),
                     COINS_OK);
    assert_int_equal(only, count < 2 ? -1 : j.before < 0 ? 0 : keeping == 1);
    i += (int)s;
  }
  free(an_work);

  /* the options, with a lead */
  coins_options o;
  uint64_t takes[64];
  int64_t lead = (int64_t)below(11) - 5;
  int count = fitting(mask, (uint64_t)n, takes);
  assert_int_equal(
      coins_options_init_takes_stop(&o, COINS_II, a, (uint64_t)n, &t, lead, work, err, NULL),
      COINS_OK);
  assert_u64(o.count, (uint64_t)count);
  for (int u = 0; u < count; u++) {
    coins_option row;
    coins_options_row(&o, (uint64_t)u, &row);
    int64_t margin = gain_of(a, 0, takes[u]) - m[takes[u]];
    uint64_t rank = 1;
    for (int v = 0; v < count; v++) rank += gain_of(a, 0, takes[v]) - m[takes[v]] > margin;
    assert_u64(row.move.take, takes[u]);
    assert_i64(row.gain, gain_of(a, 0, takes[u]));
    assert_i64(row.margin, margin);
    assert_i64(row.loss, m[0] - margin);
    assert_u64(row.rank, rank);
    assert_int_equal(row.result, sign(lead + margin));
  }
}

static void test_row_games(void **state) {
  (void)state;
  coins_takes any = takes_of_mask(0x81);
  int64_t *work = xmalloc(coins_options_takes_work_words(COINS_II, ROW, &any) * 8);
  int64_t a[ROW];
  for (int trial = 0; trial < 4000; trial++) {
    uint64_t mask = 1 + below(255);
    if ((mask & (mask + 1)) == 0) continue; /* a range */
    int n = (int)below(ROW + 1);
    for (int i = 0; i < n; i++) a[i] = (int64_t)below(21) - 6;
    check_row_game(a, n, mask, work);
  }
  free(work);
}

/* ------------------------------------------------------------ legality */

static void test_legality(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  for (int trial = 0; trial < 20000; trial++) {
    uint64_t mask = 1 + below(255);
    coins_takes t = takes_of_mask(mask);
    int64_t moves[6];
    uint64_t n = below(30), left = n;
    size_t count = 1 + below(6), bad = count;
    for (size_t i = 0; i < count; i++) {
      moves[i] = (int64_t)below(10);
      uint64_t s = (uint64_t)moves[i];
      int legal = s >= 1 && s <= left && (mask >> (s - 1) & 1);
      if (!legal && bad == count) bad = i;
      if (legal && bad == count) left -= s;
    }
    coins_status rc = coins_state_check_record_takes_stop(COINS_I, n, &t, moves, count, err, NULL);
    assert_int_equal(rc, bad == count ? COINS_OK : COINS_INVALID);
    if (rc != COINS_OK) {
      char ply[24];
      check_message(err);
      snprintf(ply, sizeof ply, "ply %zu: ", bad + 1);
      assert_true(strncmp(err, ply, strlen(ply)) == 0);
    }
    /* state by state, the same answer */
    coins_state st;
    coins_ply p;
    coins_state_init_takes(&st, COINS_I, NULL, n, &t);
    size_t i = 0;
    for (; i < count; i++)
      if (coins_state_play(&st, (coins_move){(uint64_t)moves[i], 'L', 0}, &p, err) != COINS_OK)
        break;
    assert_int_equal(i, bad);
  }
  /* the messages */
  coins_takes t = takes_of_mask(0xD); /* {1,3,4} */
  int64_t moves[] = {2};
  coins_state_check_record_takes_stop(COINS_II, 10, &t, moves, 1, err, NULL);
  assert_string_equal(err, "ply 1: take 2 is not a move with 10 coins left and the takes [1,3,4]");
  t = takes_of_mask(0x6); /* {2,3} */
  int64_t over[] = {3, 3, 2};
  coins_state_check_record_takes_stop(COINS_I, 7, &t, over, 3, err, NULL);
  assert_string_equal(err,
                      "ply 3: take 2, but the game is over: no take of [2,3] fits the 1 coin left");
}

/* ------------------------------------------- ranges: the plain code path */

static void test_ranges(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  int64_t a[ROW];
  int64_t *w1 = xmalloc(4096 * 8), *w2 = xmalloc(4096 * 8);
  for (int trial = 0; trial < 2000; trial++) {
    uint64_t k = 1 + below(6);
    coins_variant v = trial % 2 ? COINS_II : COINS_I;
    coins_takes t;
    assert_int_equal(coins_takes_of_integer((int64_t)k, &t, err), COINS_OK);
    int n = (int)below(ROW + 1);
    for (int i = 0; i < n; i++) a[i] = (int64_t)below(21) - 6;
    coins_solution r1, r2;
    assert_int_equal(coins_solve_takes_stop(v, a, (size_t)n, &t, w1, &r1, err, NULL), COINS_OK);
    coins_solve(v, a, (size_t)n, k, w2, &r2);
    assert_int_equal(r1.outcome, r2.outcome);
    assert_i64(r1.margin, r2.margin);
    assert_u64(r1.best.take, r2.best.take);
    coins_line l1, l2;
    coins_ply p1, p2;
    assert_int_equal(coins_line_init_takes_stop(&l1, v, a, (uint64_t)n, &t, w1, err, NULL),
                     COINS_OK);
    coins_line_init(&l2, v, a, (uint64_t)n, k, w2);
    assert_u64(l1.st.mask, 0);
    while (coins_line_next(&l2, &p2)) {
      assert_int_equal(coins_line_next(&l1, &p1), 1);
      assert_u64(p1.move.take, p2.move.take);
    }
    assert_int_equal(coins_line_next(&l1, &p1), 0);
  }
  free(w1);
  free(w2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pile_games),
      cmocka_unit_test(test_row_games),
      cmocka_unit_test(test_legality),
      cmocka_unit_test(test_ranges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
