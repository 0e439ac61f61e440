/*
** test_family.c -- the game family of the core (takes.c, pile.c, sum.c,
** row_takes.c) against exhaustive game search written here, apart from
** ext/: sets of takes, misère play, Grundy values, sums of piles and
** variant II with a set.
**
**   - every set within {1..8} (all 255), piles up to 60: which piles are
**     won (normal and misère play), Grundy values and the move played, by
**     memoised game search over the rules as written;
**   - sums of 2 piles up to 30 for all 255 sets, 3 and 4 piles up to 30
**     for some, against the whole product game searched position by
**     position (no Grundy values in the reference); plain misère Nim the
**     same way, and the misère sums that are refused;
**   - periods: for random sets within {1..64}, the period found against
**     the values computed directly up to 10^5, and values of huge piles;
**   - variant II with a set against minimax over every line of play.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bits.h"
#include "pile.h"
#include "test_check.h"

static uint64_t rng = 0x5eed;

static uint64_t below(uint64_t n) { return coins_random_next(&rng) % n; }

/* A random set within 1..largest with size takes. */
static uint64_t random_mask(int largest, int size) {
  uint64_t mask = 0;
  while (coins_popcount(mask) < size) mask |= (uint64_t)1 << below((uint64_t)largest);
  return mask;
}

/* ------------------------------------------------- the reference search */

/* 1 when the player to move wins with n coins: some allowed take leaves a
** lost pile; with no take allowed, normal play loses and misère wins. */
static int ref_wins(uint64_t mask, int misere, int n, signed char *memo) {
  if (memo[n] >= 0) return memo[n];
  int moves = 0, wins = 0;
  for (int s = 1; s <= 64 && s <= n; s++)
    if (mask >> (s - 1) & 1) {
      moves = 1;
      if (!ref_wins(mask, misere, n - s, memo)) wins = 1;
    }
  return memo[n] = (signed char)(moves ? wins : misere);
}

/* The least value no move reaches. */
static int ref_grundy(uint64_t mask, int n, signed char *memo) {
  if (memo[n] >= 0) return memo[n];
  int seen[66] = {0};
  for (int s = 1; s <= 64 && s <= n; s++)
    if (mask >> (s - 1) & 1) seen[ref_grundy(mask, n - s, memo)] = 1;
  int g = 0;
  while (seen[g]) g++;
  return memo[n] = (signed char)g;
}

/* ------------------------------------------------------------- the sets */

static void expect_takes(const char *text, const char *canonical) {
  coins_takes t;
  char err[COINS_ERRMSG_SIZE], out[COINS_TAKES_TEXT_SIZE];
  if (coins_takes_parse(text, strlen(text), &t, err) != COINS_OK) fail_msg("%s: %s", text, err);
  coins_takes_text(&t, out);
  if (strcmp(out, canonical) != 0) fail_msg("%s: canonical %s, expected %s", text, out, canonical);
}

static void expect_takes_error(const char *text, const char *message) {
  coins_takes t;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_takes_parse(text, strlen(text), &t, err), COINS_INVALID);
  check_message(err);
  if (strcmp(err, message) != 0) fail_msg("%s: \"%s\", expected \"%s\"", text, err, message);
}

static void test_takes(void **state) {
  (void)state;
  expect_takes("[1,3,4]", "[1,3,4]");
  expect_takes(" [ 4 , 1,3 ] ", "[1,3,4]");
  expect_takes("[3,1,2]", "3"); /* {1..3} is the range 3 */
  expect_takes("[1]", "1");
  expect_takes("2", "2");
  expect_takes(" 7 ", "7");
  expect_takes("9223372036854775807", "9223372036854775807");
  expect_takes("[64]", "[64]");
  expect_takes("[2.0,1e1]", "[2,10]");
  char all[400] = "[";
  for (int s = 64; s >= 1; s--) sprintf(all + strlen(all), "%d%s", s, s > 1 ? "," : "]");
  expect_takes(all, "64");
  const char *expected =
      "takes must be an integer k >= 1 (the takes 1..k) or a JSON array of takes, e.g. [1,3,4]";
  char msg[COINS_ERRMSG_SIZE];
  snprintf(msg, sizeof msg, "%s; got 0", expected);
  expect_takes_error("0", msg);
  snprintf(msg, sizeof msg, "%s; got -3", expected);
  expect_takes_error("-3", msg);
  snprintf(msg, sizeof msg, "%s; got 'abc'", expected);
  expect_takes_error("abc", msg);
  snprintf(msg, sizeof msg, "%s; got ''", expected);
  expect_takes_error("  ", msg);
  expect_takes_error("[]", "the set of takes is empty; give at least one, e.g. [1,3,4]");
  expect_takes_error(
      "[1,0]", "take 2 must be from 1 to 64, got 0 (for the takes 1..k, write the integer k)");
  expect_takes_error(
      "[65]", "take 1 must be from 1 to 64, got 65 (for the takes 1..k, write the integer k)");
  expect_takes_error("[3,1,3]", "takes 1 and 3 are both 3; give each take once");
  expect_takes_error("[1,2.5]", "take 2 is not an integer: 2.5");
  expect_takes_error("[1,", "unexpected end of text: missing take 2");
  expect_takes_error("[1,[2]]", "take 2 is not an integer: nested arrays are not allowed");
  expect_takes_error("[1] x", "unexpected text after the array at byte 4: x");
  char many[400] = "[";
  for (int s = 1; s <= 65; s++) sprintf(many + strlen(many), "%d%s", s, s < 65 ? "," : "]");
  expect_takes_error(many, "more than 64 takes; a set holds each take from 1 to 64 at most once");

  coins_takes t = takes_of_mask(0xD); /* {1,3,4} */
  assert_int_equal(coins_takes_allows(&t, 3), 1);
  assert_int_equal(coins_takes_allows(&t, 2), 0);
  assert_int_equal(coins_takes_allows(&t, 0), 0);
  assert_int_equal(coins_takes_allows(&t, 65), 0);
  assert_u64(coins_takes_smallest(&t), 1);
  assert_u64(coins_takes_largest(&t), 4);
  assert_u64(coins_takes_count(&t), 3);
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_takes_of_integer(1000, &t, err), COINS_OK);
  assert_int_equal(coins_takes_allows(&t, 1000), 1);
  assert_int_equal(coins_takes_allows(&t, 1001), 0);
  assert_u64(coins_takes_largest(&t), 1000);
  assert_u64(coins_takes_count(&t), 1000);
}

/* ------------------------------------------------------------ one pile */

/* Every set within {1..8}, piles 0..60: values and moves as the search
** finds them; the sets that are {1..k} also given as the integer k. */
static void test_pile_exhaustive(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  for (uint64_t mask = 1; mask < 256; mask++) {
    coins_takes t = takes_of_mask(mask);
    signed char wins[2][61], grundy[61];
    memset(wins, -1, sizeof wins);
    memset(grundy, -1, sizeof grundy);
    for (int n = 0; n <= 60; n++) {
      uint64_t v, take;
      assert_int_equal(coins_pile_value(&t, COINS_PILE_GRUNDY, (uint64_t)n, &v, err, NULL),
                       COINS_OK);
      assert_u64(v, (uint64_t)ref_grundy(mask, n, grundy));
      for (int misere = 0; misere <= 1; misere++) {
        coins_pile_values what = misere ? COINS_PILE_MISERE : COINS_PILE_NORMAL;
        int won = ref_wins(mask, misere, n, wins[misere]);
        assert_int_equal(coins_pile_value(&t, what, (uint64_t)n, &v, err, NULL), COINS_OK);
        if (v != (uint64_t)won)
          fail_msg("mask %llx misere %d n %d", (unsigned long long)mask, misere, n);
        /* the move: the smallest winning take, else the smallest take */
        uint64_t want = 0;
        for (int s = 1; s <= 8 && s <= n; s++)
          if (mask >> (s - 1) & 1) {
            if (want == 0) want = (uint64_t)s;
            if (won && !ref_wins(mask, misere, n - s, wins[misere])) {
              want = (uint64_t)s;
              break;
            }
          }
        assert_int_equal(coins_pile_best(&t, misere ? COINS_MISERE : COINS_NORMAL, (uint64_t)n,
                                         &take, err, NULL),
                         COINS_OK);
        if (take != want)
          fail_msg("mask %llx misere %d n %d: take %llu, expected %llu", (unsigned long long)mask,
                   misere, n, (unsigned long long)take, (unsigned long long)want);
      }
    }
  }
}

/* {1..k} for k past every pile: take anything; and the closed forms for
** huge piles. */
static void test_pile_ranges(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t;
  signed char wins[2][61], grundy[61];
  memset(wins, -1, sizeof wins);
  memset(grundy, -1, sizeof grundy);
  uint64_t every = ~(uint64_t)0;
  int64_t ks[] = {61, 100, INT64_MAX};
  for (size_t i = 0; i < COUNT(ks); i++) {
    assert_int_equal(coins_takes_of_integer(ks[i], &t, err), COINS_OK);
    for (int n = 0; n <= 60; n++) {
      uint64_t v, take;
      coins_pile_value(&t, COINS_PILE_GRUNDY, (uint64_t)n, &v, err, NULL);
      assert_u64(v, (uint64_t)ref_grundy(every, n, grundy));
      coins_pile_value(&t, COINS_PILE_NORMAL, (uint64_t)n, &v, err, NULL);
      assert_u64(v, (uint64_t)ref_wins(every, 0, n, wins[0]));
      coins_pile_value(&t, COINS_PILE_MISERE, (uint64_t)n, &v, err, NULL);
      assert_u64(v, (uint64_t)ref_wins(every, 1, n, wins[1]));
      coins_pile_best(&t, COINS_NORMAL, (uint64_t)n, &take, err, NULL);
      assert_u64(take, (uint64_t)n); /* take all */
      coins_pile_best(&t, COINS_MISERE, (uint64_t)n, &take, err, NULL);
      assert_u64(take, n == 0 ? 0 : n == 1 ? 1 : (uint64_t)n - 1); /* leave one */
    }
  }
  /* k = 3: lost when n mod 4 is 0 (normal), 1 (misère) */
  assert_int_equal(coins_takes_of_integer(3, &t, err), COINS_OK);
  uint64_t v, take, huge = UINT64_MAX; /* 2^64 - 1 = 3 mod 4 */
  coins_pile_value(&t, COINS_PILE_GRUNDY, huge, &v, err, NULL);
  assert_u64(v, 3);
  coins_pile_value(&t, COINS_PILE_MISERE, huge - 2, &v, err, NULL);
  assert_u64(v, 0);
  coins_pile_best(&t, COINS_MISERE, huge, &take, err, NULL);
  assert_u64(take, 2);
  coins_pile_best(&t, COINS_NORMAL, huge - 3, &take, err, NULL);
  assert_u64(take, 1); /* lost: one coin */
  coins_period p;
  assert_int_equal(coins_pile_period(&t, COINS_PILE_MISERE, &p, err, NULL), COINS_OK);
  assert_u64(p.start, 0);
  assert_u64(p.length, 4);
}

/* Known sequences: {1,3,4} (Grundy values 0,1,0,1,2,3,2 repeated; lost
** at 0 and 2 mod 7), and LeetCode 1510 (Stone Game IV: take a square). */
static void test_pile_known(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t = takes_of_mask(0xD);
  coins_period p;
  uint64_t v, take;
  assert_int_equal(coins_pile_period(&t, COINS_PILE_GRUNDY, &p, err, NULL), COINS_OK);
  assert_u64(p.start, 0);
  assert_u64(p.length, 7);
  static const int g[7] = {0, 1, 0, 1, 2, 3, 2};
  for (uint64_t n = 0; n < 30; n++) {
    coins_pile_value(&t, COINS_PILE_GRUNDY, n, &v, err, NULL);
    assert_u64(v, (uint64_t)g[n % 7]);
  }
  uint64_t e18 = 1000000000000000000u; /* 1 mod 7 */
  assert_int_equal(coins_pile_value(&t, COINS_PILE_NORMAL, e18, &v, err, NULL), COINS_OK);
  assert_u64(v, 1);
  assert_int_equal(coins_pile_best(&t, COINS_NORMAL, e18, &take, err, NULL), COINS_OK);
  assert_u64(take, 1);
  assert_int_equal(coins_pile_value(&t, COINS_PILE_GRUNDY, e18 + 4, &v, err, NULL), COINS_OK);
  assert_u64(v, 3);
  /* Stone Game IV: n = 1 true, 2 false, 4 true, 7 false, 17 false */
  static const struct {
    const char *squares;
    uint64_t n, wins;
  } stone[] = {{"[1]", 1, 1},
               {"[1]", 2, 0},
               {"[1,4]", 4, 1},
               {"[1,4]", 7, 0},
               {"[1,4,9,16]", 17, 0},
               {"[1,4,9,16,25,36,49]", 50, 1},
               {"[1,4,9,16,25,36,49]", 49, 1}};
  for (size_t i = 0; i < COUNT(stone); i++) {
    assert_int_equal(coins_takes_parse(stone[i].squares, strlen(stone[i].squares), &t, err),
                     COINS_OK);
    assert_int_equal(coins_pile_value(&t, COINS_PILE_NORMAL, stone[i].n, &v, err, NULL), COINS_OK);
    assert_u64(v, stone[i].wins);
  }
}

/* ---------------------------------------------------------- periodicity */

#define DIRECT 100000

/* The sequence computed straight from its definition, up to DIRECT. */
static void direct_values(uint64_t mask, coins_pile_values what, uint8_t *v) {
  for (int n = 0; n < DIRECT; n++) {
    uint64_t seen = 0;
    int moves = 0, wins = 0;
    for (int s = 1; s <= 64 && s <= n; s++)
      if (mask >> (s - 1) & 1) {
        moves = 1;
        seen |= (uint64_t)1 << v[n - s];
        wins |= v[n - s] == 0;
      }
    int g = 0;
    while (seen >> g & 1) g++;
    v[n] = (uint8_t)(what == COINS_PILE_GRUNDY   ? g
                     : what == COINS_PILE_NORMAL ? wins
                                                 : (moves ? wins : 1));
  }
}

/* The place of pile n in the direct values, once the period is known. */
static uint64_t place(coins_period p, uint64_t n) {
  return n < p.start + p.length ? n : p.start + (n - p.start) % p.length;
}

static void check_period(uint64_t mask, coins_pile_values what, uint8_t *v, int64_t *work,
                         size_t words) {
  char err[COINS_ERRMSG_SIZE];
  coins_takes t = takes_of_mask(mask);
  coins_period p;
  direct_values(mask, what, v);
  assert_int_equal(coins_pile_period(&t, what, &p, err, NULL), COINS_OK);
  assert_true(p.length >= 1);
  if (p.start + 2 * p.length > DIRECT)
    fail_msg("period too long to check: %llx", (unsigned long long)mask);
  /* periodic from start, not from start - 1, and no shorter period */
  for (uint64_t n = p.start; n + p.length < DIRECT; n++) assert_int_equal(v[n], v[n + p.length]);
  if (p.start > 0) assert_int_not_equal(v[p.start - 1], v[p.start - 1 + p.length]);
  for (uint64_t d = 1; d < p.length; d++) {
    if (p.length % d) continue;
    uint64_t n = p.start;
    while (n + d < DIRECT && v[n] == v[n + d]) n++;
    if (n + d >= DIRECT)
      fail_msg("period %llu of %llx has a shorter one, %llu", (unsigned long long)p.length,
               (unsigned long long)mask, (unsigned long long)d);
  }
  /* values of single piles, small, random and huge */
  uint64_t value;
  for (int i = 0; i < 110; i++) {
    uint64_t n = i < 100 ? (uint64_t)i : below(DIRECT);
    assert_int_equal(coins_pile_value(&t, what, n, &value, err, NULL), COINS_OK);
    assert_u64(value, v[n]);
  }
  uint64_t huge[] = {UINT64_MAX,
                     (uint64_t)INT64_MAX,
                     1000000000000000000u,
                     p.start + 64 + p.length,
                     p.start + 63 + p.length,
                     coins_random_next(&rng)};
  for (size_t i = 0; i < COUNT(huge); i++) {
    assert_int_equal(coins_pile_value(&t, what, huge[i], &value, err, NULL), COINS_OK);
    assert_u64(value, v[place(p, huge[i])]);
  }
  /* the table: every pile of the direct range */
  coins_pile_table pt;
  size_t need;
  assert_int_equal(coins_pile_table_init(&pt, &t, what, UINT64_MAX, work, words, &need, err, NULL),
                   COINS_OK);
  for (uint64_t n = 0; n < DIRECT; n++)
    if (coins_pile_table_value(&pt, n) != v[n])
      fail_msg("table %llx n %llu", (unsigned long long)mask, (unsigned long long)n);
  assert_u64(coins_pile_table_value(&pt, UINT64_MAX), v[place(p, UINT64_MAX)]);
  /* a table for small piles only, when they come before the period */
  if (p.start > 10) {
    assert_int_equal(coins_pile_table_init(&pt, &t, what, 5, work, words, &need, err, NULL),
                     COINS_OK);
    assert_u64(pt.size, 6);
    for (uint64_t n = 0; n <= 5; n++) assert_u64(coins_pile_table_value(&pt, n), v[n]);
  }
  /* the moves of huge piles (normal and misère): from the direct values */
  if (what != COINS_PILE_GRUNDY) {
    uint64_t n = huge[coins_random_next(&rng) % COUNT(huge)], take, want = 0;
    for (uint64_t s = 1; s <= 64; s++)
      if (mask >> (s - 1) & 1) {
        if (want == 0) want = s;
        if (v[place(p, n)] && v[place(p, n - s)] == 0) {
          want = s;
          break;
        }
      }
    coins_convention c = what == COINS_PILE_MISERE ? COINS_MISERE : COINS_NORMAL;
    assert_int_equal(coins_pile_best(&t, c, n, &take, err, NULL), COINS_OK);
    assert_u64(take, want);
  }
}

static void test_periods(void **state) {
  (void)state;
  uint8_t *v = xmalloc(DIRECT);
  size_t words = DIRECT / 8 + 1;
  int64_t *work = xmalloc(words * sizeof *work);
  static const int sizes[] = {1, 2, 3, 3, 4, 5, 8, 12, 20, 40, 63};
  for (int trial = 0; trial < 120; trial++) {
    int size = sizes[trial % COUNT(sizes)];
    int largest = trial % 2 ? 64 : 8 + trial % 40;
    uint64_t mask = random_mask(largest, size < largest ? size : largest - 1);
    if ((mask & (mask + 1)) == 0) continue; /* {1..k}: the closed forms */
    for (int what = 0; what < 3; what++)
      check_period(mask, (coins_pile_values)what, v, work, words);
  }
  free(work);
  free(v);
}

/* No period within the limit: the refusal, and its message. */
static void test_period_refused(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t = takes_of_mask((uint64_t)1 << 9 | 1 << 5); /* {6,10}: period 16, start 0 */
  coins_period p;
  assert_int_equal(coins_pile_period_within(&t, COINS_PILE_GRUNDY, 20, &p, err, NULL),
                   COINS_INVALID);
  check_message(err);
  assert_string_equal(err,
                      "the Grundy values of piles 0 to 20 with the takes [6,10] show no period, "
                      "which larger piles need; give at most 20 coins");
  assert_int_equal(coins_pile_period_within(&t, COINS_PILE_GRUNDY, 100, &p, err, NULL), COINS_OK);
  assert_u64(p.start, 0);
  assert_u64(p.length, 16);
}

/* A table too small: COINS_NO_ROOM with the words that do. */
static void test_table_room(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t = takes_of_mask(0xD);
  coins_pile_table pt;
  int64_t work[2];
  size_t need = 0;
  assert_int_equal(
      coins_pile_table_init(&pt, &t, COINS_PILE_GRUNDY, 1000, work, 0, &need, err, NULL),
      COINS_NO_ROOM);
  assert_u64(need, 1);
  assert_int_equal(
      coins_pile_table_init(&pt, &t, COINS_PILE_GRUNDY, 1000, work, need, &need, err, NULL),
      COINS_OK);
  assert_u64(coins_pile_table_value(&pt, 1000), 2); /* 1000 = 6 mod 7 */
}

/* ---------------------------------------------------------------- sums */

/* The product game searched position by position: piles count piles of
** 0..top each, a position's index in base top + 1, a move lowering one
** digit; won[i] as the rules say, with no Grundy values. */
static signed char *product_game(uint64_t mask, int misere, int count, int top, size_t *size) {
  size_t base = (size_t)top + 1, n = 1;
  for (int i = 0; i < count; i++) n *= base;
  signed char *won = xmalloc(n);
  for (size_t at = 0; at < n; at++) {
    int moves = 0, wins = 0;
    size_t unit = 1;
    for (int i = 0; i < count && !wins; i++, unit *= base) {
      int p = (int)(at / unit % base);
      for (int s = 1; s <= 64 && s <= p && !wins; s++)
        if (mask >> (s - 1) & 1) {
          moves = 1;
          wins = !won[at - (size_t)s * unit];
        }
    }
    won[at] = (signed char)(moves ? wins : misere);
  }
  *size = n;
  return won;
}

/* Checks every position of the product game against coins_sum_solve
** with the takes t (mask as a set); a misère sum with two piles that
** have moves must be refused unless it is plain Nim. */
static void check_sums(const coins_takes *t, uint64_t mask, int misere, int count, int top) {
  size_t n, base = (size_t)top + 1, need;
  signed char *won = product_game(mask, misere, count, top, &n);
  int64_t work[64], piles[4];
  char err[COINS_ERRMSG_SIZE];
  uint64_t smallest = coins_takes_smallest(t);
  for (size_t at = 0; at < n; at++) {
    size_t live = 0, unit = 1;
    int nim = t->range != 0;
    for (int i = 0; i < count; i++, unit *= base) {
      piles[i] = (int64_t)(at / unit % base);
      live += (uint64_t)piles[i] >= smallest;
      nim &= (uint64_t)piles[i] <= t->range;
    }
    coins_sum_result r;
    coins_status rc = coins_sum_solve(t, misere ? COINS_MISERE : COINS_NORMAL, piles, (size_t)count,
                                      &r, work, COUNT(work), &need, err, NULL);
    if (misere && live >= 2 && !nim) {
      assert_int_equal(rc, COINS_INVALID);
      check_message(err);
      assert_non_null(strstr(err, "misere sums are solved for plain misere Nim"));
      continue;
    }
    if (rc != COINS_OK) fail_msg("%s", err);
    assert_int_equal(r.outcome, won[at] ? COINS_FIRST : COINS_SECOND);
    /* the move: the first winning one in the order of piles, then takes;
    ** from a lost position the smallest take of the first pile with one */
    size_t want_pile = 0;
    uint64_t want_take = 0;
    unit = 1;
    int found = 0;
    for (int i = 0; i < count && !found; i++, unit *= base)
      for (int s = 1; s <= piles[i] && s <= 64 && !found; s++) {
        if (!(mask >> (s - 1) & 1)) continue;
        found = won[at] && !won[at - (size_t)s * unit];
        if (want_take == 0 || found) want_pile = (size_t)i, want_take = (uint64_t)s;
      }
    if (r.pile != want_pile || r.take != want_take)
      fail_msg(
          "mask %llx misere %d piles %lld %lld %lld %lld: pile %zu take %llu, expected "
          "pile %zu take %llu",
          (unsigned long long)mask, misere, (long long)piles[0],
          (long long)(count > 1 ? piles[1] : -1), (long long)(count > 2 ? piles[2] : -1),
          (long long)(count > 3 ? piles[3] : -1), r.pile, (unsigned long long)r.take, want_pile,
          (unsigned long long)want_take);
    if (!misere) assert_int_equal(r.grundy != 0, won[at]);
  }
  free(won);
}

static void test_sums_exhaustive(void **state) {
  (void)state;
  for (uint64_t mask = 1; mask < 256; mask++) {
    coins_takes t = takes_of_mask(mask);
    check_sums(&t, mask, 0, 2, 30);
    check_sums(&t, mask, 1, 2, 30);
  }
  for (int i = 0; i < 12; i++) {
    uint64_t mask = 1 + below(255);
    coins_takes t = takes_of_mask(mask);
    check_sums(&t, mask, 0, 3, 30);
    check_sums(&t, mask, 1, 3, 20);
  }
  coins_takes t = takes_of_mask(0xD);
  check_sums(&t, 0xD, 0, 4, 30);
  t = takes_of_mask(0xA4); /* {3,6,8} */
  check_sums(&t, 0xA4, 0, 4, 30);
}

/* Plain misère Nim: any take from one pile ({1..k}, k >= every pile). */
static void test_misere_nim(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t;
  uint64_t every = ((uint64_t)1 << 30) - 1;
  assert_int_equal(coins_takes_of_integer(30, &t, err), COINS_OK);
  check_sums(&t, every, 1, 2, 30);
  check_sums(&t, every, 1, 3, 30);
  check_sums(&t, every, 1, 4, 30);
  check_sums(&t, every, 0, 4, 30);
  assert_int_equal(coins_takes_of_integer(INT64_MAX, &t, err), COINS_OK);
  check_sums(&t, every, 1, 3, 25);
  /* {1..3} with piles past 3: normal play solved, misère refused */
  assert_int_equal(coins_takes_of_integer(3, &t, err), COINS_OK);
  check_sums(&t, 7, 0, 3, 30);
  check_sums(&t, 7, 1, 3, 12);
  int64_t piles[] = {5, 4}, work[4];
  size_t need;
  coins_sum_result r;
  assert_int_equal(
      coins_sum_solve(&t, COINS_MISERE, piles, 2, &r, work, COUNT(work), &need, err, NULL),
      COINS_INVALID);
  assert_string_equal(err,
                      "misere sums are solved for plain misere Nim (every pile at most max_take) "
                      "and for one pile with a move left, not 2 piles with a move and max_take "
                      "3; give a max_take of at least the largest pile");
  piles[1] = -1;
  assert_int_equal(
      coins_sum_solve(&t, COINS_NORMAL, piles, 2, &r, work, COUNT(work), &need, err, NULL),
      COINS_INVALID);
  assert_string_equal(err, "pile 2 must be >= 0, got -1");
}

/* Many piles, and huge ones: the nim-sum of the values from the periods. */
static void test_sums_large(void **state) {
  (void)state;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t = takes_of_mask(0xD); /* {1,3,4}: Grundy 0,1,0,1,2,3,2 */
  static const int g[7] = {0, 1, 0, 1, 2, 3, 2};
  int64_t piles[1000], work[8];
  size_t need;
  uint64_t x = 0;
  for (size_t i = 0; i < COUNT(piles); i++) { /* the largest pile first, then any */
    piles[i] = i ? (int64_t)(coins_random_next(&rng) >> 13) : COINS_SUM_MAX_PILE;
    x ^= (uint64_t)g[(uint64_t)piles[i] % 7];
  }
  coins_sum_result r;
  assert_int_equal(coins_sum_solve(&t, COINS_NORMAL, piles, COUNT(piles), &r, work, COUNT(work),
                                   &need, err, NULL),
                   COINS_OK);
  assert_u64(r.grundy, x);
  if (x) { /* the move leaves a nim-sum of 0 */
    uint64_t p = (uint64_t)piles[r.pile];
    assert_true(coins_takes_allows(&t, r.take) && r.take <= p);
    assert_u64(x ^ (uint64_t)g[p % 7] ^ (uint64_t)g[(p - r.take) % 7], 0);
  }
  /* one past the largest pile is refused: a move from it could not be
  ** written back into a record */
  int64_t over[2] = {3, COINS_SUM_MAX_PILE + 1};
  assert_int_equal(
      coins_sum_solve(&t, COINS_NORMAL, over, 2, &r, work, COUNT(work), &need, err, NULL),
      COINS_INVALID);
  assert_string_equal(err,
                      "pile 2 must be at most 2^51-1 (2251799813685247), got 2251799813685248");
}

/* ------------------------------------------------ variant II with a set */

/* The mover's margin from coin i by minimax over every line; no take
** fitting ends the game. */
static int64_t ref_row(const int64_t *a, int n, uint64_t mask, int i) {
  int64_t best = 0, sum = 0;
  int any = 0;
  for (int s = 1; s <= 64 && i + s <= n; s++) {
    sum += a[i + s - 1];
    if (!(mask >> (s - 1) & 1)) continue;
    int64_t v = sum - ref_row(a, n, mask, i + s);
    if (!any || v > best) best = v;
    any = 1;
  }
  return best;
}

static void check_row(const int64_t *a, int n, const coins_takes *t, uint64_t mask, int64_t *work) {
  coins_solution r;
  coins_row_takes_solve(a, (size_t)n, t, work, &r);
  int64_t margin = ref_row(a, n, mask, 0), total = 0;
  for (int i = 0; i < n; i++) total += a[i];
  assert_i64(r.margin, margin);
  assert_int_equal(r.outcome, margin > 0 ? COINS_FIRST : margin < 0 ? COINS_SECOND : COINS_DRAW);
  assert_i64(r.total, total);
  /* the line: each move optimal and the fewest coins among optimal ones */
  int64_t totals[2] = {0, 0};
  int player = 0, i = 0;
  for (;;) {
    uint64_t s = coins_row_takes_move((size_t)n, t, work, (size_t)i), want = 0;
    int64_t here = ref_row(a, n, mask, i), sum = 0;
    for (int u = 1; u <= 64 && i + u <= n && !want; u++) {
      sum += a[i + u - 1];
      if ((mask >> (u - 1) & 1) && sum - ref_row(a, n, mask, i + u) == here) want = (uint64_t)u;
    }
    assert_u64(s, want);
    if (i == 0) assert_u64(r.best.take, want);
    if (s == 0) break;
    for (uint64_t u = 0; u < s; u++) totals[player] += a[i + (int)u];
    i += (int)s;
    player ^= 1;
  }
  assert_i64(r.score, totals[0]);
}

static void test_row_takes(void **state) {
  (void)state;
  int64_t a[14], *work = xmalloc(coins_row_takes_work_words(14, &(coins_takes){0, 1000}) * 8);
  char err[COINS_ERRMSG_SIZE];
  for (int trial = 0; trial < 3000; trial++) {
    int n = (int)below(13);
    for (int i = 0; i < n; i++) a[i] = (int64_t)below(21) - 6;
    uint64_t mask = 1 + below(255);
    coins_takes t = takes_of_mask(mask);
    check_row(a, n, &t, mask, work);
  }
  /* {1..k}, small and past the row: the same as variant II's solver */
  int64_t ks[] = {1, 2, 3, 5, 64, 65, 1000};
  for (int trial = 0; trial < 700; trial++) {
    int n = (int)below(13);
    for (int i = 0; i < n; i++) a[i] = (int64_t)below(41) - 15;
    coins_takes t;
    int64_t k = ks[trial % COUNT(ks)];
    assert_int_equal(coins_takes_of_integer(k, &t, err), COINS_OK);
    check_row(a, n, &t, k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1, work);
    coins_solution r, r2;
    int64_t w2[64];
    coins_row_takes_solve(a, (size_t)n, &t, work, &r);
    coins_solve2(a, (size_t)n, (uint64_t)k, w2, &r2);
    assert_i64(r.margin, r2.margin);
    assert_i64(r.score, r2.score);
    assert_u64(r.best.take, r2.best.take);
  }
  /* coins left that no take fits are nobody's: [5, 1] with {2}... */
  int64_t row[] = {5, 1, 7};
  coins_takes t = takes_of_mask(2); /* {2} */
  coins_solution r;
  coins_row_takes_solve(row, 3, &t, work, &r);
  assert_i64(r.margin, 6); /* first takes 5 + 1; the 7 is left */
  assert_i64(r.score, 6);
  assert_i64(r.total, 13);
  free(work);
}

/* A stop that says stop: a long row is stopped. */
static int always(void *arg) {
  (void)arg;
  return 1;
}

static void test_row_takes_stop(void **state) {
  (void)state;
  size_t n = 3 * COINS_STOP_SPAN;
  int64_t *a = xmalloc(n * sizeof *a);
  coins_takes t = takes_of_mask(0x15);
  int64_t *work = xmalloc(coins_row_takes_work_words(n, &t) * sizeof *work);
  for (size_t i = 0; i < n; i++) a[i] = (int64_t)(i % 17);
  coins_stop stop = {always, NULL};
  coins_solution r;
  assert_int_equal(coins_row_takes_solve_stop(a, n, &t, work, &r, &stop), COINS_STOPPED);
  assert_int_equal(coins_row_takes_solve_stop(a, n, &t, work, &r, NULL), COINS_OK);
  free(work);
  free(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_takes),       cmocka_unit_test(test_pile_exhaustive),
      cmocka_unit_test(test_pile_ranges), cmocka_unit_test(test_pile_known),
      cmocka_unit_test(test_periods),     cmocka_unit_test(test_period_refused),
      cmocka_unit_test(test_table_room),  cmocka_unit_test(test_sums_exhaustive),
      cmocka_unit_test(test_misere_nim),  cmocka_unit_test(test_sums_large),
      cmocka_unit_test(test_row_takes),   cmocka_unit_test(test_row_takes_stop),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
