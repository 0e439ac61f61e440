/*
** test_family_sql.c -- max_take as a set of takes through SQL, against
** game search written here and against the core:
**
**   - variant I, sets within {1..8}, piles up to 30: coins_win,
**     coins_outcome, coins_best_move, the moves of coins_moves and of
**     coins_play 'optimal', coins_result and coins_after of a random
**     record, the rows of coins_options;
**   - variant II, random sets and rows: coins_margin, coins_score,
**     coins_best_move, coins_moves' totals, coins_review's losses and
**     coins_options' margins;
**   - huge piles: coins_win and coins_best_move against the core
**     (coins_pile_value, coins_pile_best), which tests/unit/test_family.c
**     checks against the values computed directly;
**   - a set that is a range answers as max_take k does;
**   - variant 'I-misere', every set within {1..8} (the ranges {1..k}
**     too, given as the integer k) and piles 0 to 60, against a misère
**     game search: coins_win, coins_outcome, coins_best_move, the line of
**     coins_moves and coins_play, coins_options, coins_result and
**     coins_after of a random record, and coins_review's verdicts.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "coins.h"
#include "test_sqlutil.h"

static uint64_t rng = 0xfa3517;

static uint64_t below(uint64_t n) { return coins_random_next(&rng) % n; }

/* mask as the JSON array of its takes. */
static void set_text(uint64_t mask, char out[256]) {
  size_t at = 0;
  out[at++] = '[';
  for (int s = 1; s <= 64; s++)
    if (mask >> (s - 1) & 1)
      at += (size_t)snprintf(out + at, 256 - at, "%s%d", at > 1 ? "," : "", s);
  snprintf(out + at, 256 - at, "]");
}

/* A random set within {1..8} that is not a range. */
static uint64_t random_set(void) {
  for (;;) {
    uint64_t mask = 1 + below(255);
    if (mask & (mask + 1)) return mask;
  }
}

/* ------------------------------------------------- the reference search */

static int ref_wins(uint64_t mask, int n, signed char *memo) {
  if (memo[n] >= 0) return memo[n];
  int wins = 0;
  for (int s = 1; s <= 8 && s <= n; s++)
    if ((mask >> (s - 1) & 1) && !ref_wins(mask, n - s, memo)) wins = 1;
  return memo[n] = (signed char)wins;
}

/* The smallest take leaving a lost pile, else the smallest; 0: none. */
static int ref_best(uint64_t mask, int n, signed char *memo) {
  int smallest = 0;
  for (int s = 1; s <= 8 && s <= n; s++)
    if (mask >> (s - 1) & 1) {
      if (!ref_wins(mask, n - s, memo)) return s;
      if (!smallest) smallest = s;
    }
  return smallest;
}

/* Variant II: the mover's margin from coin i (no take fitting ends it). */
static int64_t ref_margin(const int64_t *a, int n, uint64_t mask, int i) {
  int64_t best = 0, gain = 0;
  int any = 0;
  for (int s = 1; s <= 8 && i + s <= n; s++) {
    gain += a[i + s - 1];
    if (!(mask >> (s - 1) & 1)) continue;
    int64_t v = gain - ref_margin(a, n, mask, i + s);
    if (!any || v > best) best = v;
    any = 1;
  }
  return best;
}

static char *row_text(const int64_t *a, int n) {
  char *out = malloc(16 * (size_t)n + 3);
  size_t at = 0;
  out[at++] = '[';
  for (int i = 0; i < n; i++)
    at += (size_t)sprintf(out + at, "%s%lld", i ? "," : "", (long long)a[i]);
  strcpy(out + at, "]");
  return out;
}

/* ------------------------------------------------------------ variant I */

static void test_piles(void **state) {
  sqlite3 *db = *state;
  char set[256], want[512], *got;
  for (int trial = 0; trial < 120; trial++) {
    uint64_t mask = random_set();
    signed char memo[31];
    memset(memo, -1, sizeof memo);
    set_text(mask, set);
    for (int n = 0; n <= 30; n += 1 + (int)below(3)) {
      int wins = ref_wins(mask, n, memo), best = ref_best(mask, n, memo);
      assert_int_equal(query_int(db, "SELECT coins_win(1, %d, '%s')", n, set), wins);
      check_text(db, wins ? "first" : "second", "SELECT coins_outcome('I', %d, '%s')", n, set);
      got = query_text(db, "SELECT coins_best_move(1, %d, '%s')", n, set);
      if (best == 0) {
        assert_null(got);
      } else {
        assert_int_equal(atoi(got), best);
      }
      free(got);
      /* the line, move by move, as coins_moves and coins_play 'optimal' play it */
      size_t at = 0;
      want[0] = 0;
      for (int left = n, s; (s = ref_best(mask, left, memo)) != 0; left -= s)
        at += (size_t)snprintf(want + at, sizeof want - at, "%s%d", at ? "," : "", s);
      got = query_text(db, "SELECT coalesce(group_concat(move), '') FROM coins_moves(1, %d, '%s')",
                       n, set);
      check_same("coins_moves", want, got);
      free(got);
      got = query_text(db,
                       "SELECT coalesce(group_concat(move), '') FROM "
                       "coins_play(1, %d, 'optimal', 'optimal', '%s')",
                       n, set);
      check_same("coins_play", want, got);
      free(got);
      /* a random record: where it ends */
      char record[256] = "[";
      int left = n, plies = 0;
      for (size_t r = 1; below(6) != 0;) {
        int s = 1 + (int)below(8);
        if (s > left || !(mask >> (s - 1) & 1)) continue;
        r += (size_t)snprintf(record + r, sizeof record - r, "%s%d", plies ? "," : "", s);
        left -= s;
        plies++;
      }
      strcat(record, "]");
      const char *result = ref_best(mask, left, memo) ? "unfinished"
                           : plies % 2                ? "first"
                                                      : "second";
      check_text(db, result, "SELECT coins_result(1, %d, '%s', '%s')", n, record, set);
      assert_int_equal(query_int(db, "SELECT coins_after(1, %d, '%s', '%s')", n, record, set),
                       left);
      /* the options: a losing row for each take leaving a won pile */
      long long losing = 0, rows = 0;
      for (int s = 1; s <= 8 && s <= n; s++)
        if (mask >> (s - 1) & 1) rows++, losing += ref_wins(mask, n - s, memo);
      assert_int_equal(query_int(db, "SELECT count(*) FROM coins_options(1, %d, '%s')", n, set),
                       rows);
      assert_int_equal(
          query_int(db, "SELECT count(*) FROM coins_options(1, %d, '%s') WHERE result = 'loss'", n,
                    set),
          losing);
    }
  }
}

/* ----------------------------------------------------------- variant II */

static void test_rows(void **state) {
  sqlite3 *db = *state;
  char set[256];
  int64_t a[12];
  for (int trial = 0; trial < 300; trial++) {
    uint64_t mask = random_set();
    int n = (int)below(13);
    for (int i = 0; i < n; i++) a[i] = (int64_t)below(21) - 6;
    set_text(mask, set);
    char *row = row_text(a, n);
    int64_t margin = ref_margin(a, n, mask, 0);
    assert_int_equal(query_int(db, "SELECT coins_margin(2, '%s', '%s')", row, set), margin);
    /* the line's totals: the first player's is coins_score, the
    ** difference the margin */
    assert_int_equal(query_int(db,
                               "SELECT coalesce(sum(CASE player WHEN 1 THEN gain ELSE -gain END), "
                               "0) FROM coins_moves(2, '%s', '%s')",
                               row, set),
                     margin);
    assert_int_equal(query_int(db,
                               "SELECT coalesce(sum(gain), 0) = coins_score(2, '%s', '%s') FROM "
                               "coins_moves(2, '%s', '%s') WHERE player = 1",
                               row, set, row, set),
                     1);
    /* every option's margin */
    int64_t gain = 0;
    for (int s = 1; s <= 8 && s <= n; s++) {
      gain += a[s - 1];
      if (!(mask >> (s - 1) & 1)) continue;
      assert_int_equal(
          query_int(db, "SELECT margin FROM coins_options(2, '%s', '%s') WHERE take = %d", row, set,
                    s),
          gain - ref_margin(a, n, mask, s));
    }
    /* the best move's margin is the game's */
    char *best = query_text(db, "SELECT coins_best_move(2, '%s', '%s')", row, set);
    if (best) {
      int s = atoi(best);
      int64_t g = 0;
      for (int i = 0; i < s; i++) g += a[i];
      assert_int_equal(g - ref_margin(a, n, mask, s), margin);
    }
    free(best);
    /* a review of the line itself loses nothing */
    assert_int_equal(query_int(db,
                               "SELECT coalesce(sum(loss), 0) FROM coins_review(2, '%s', "
                               "(SELECT coalesce(json_group_array(take), '[]') FROM "
                               "coins_moves(2, '%s', '%s')), '%s')",
                               row, row, set, set),
                     0);
    free(row);
  }
}

/* ------------------------------------------------- huge piles and ranges */

static void test_huge_and_ranges(void **state) {
  sqlite3 *db = *state;
  char set[256], err[COINS_ERRMSG_SIZE];
  for (int trial = 0; trial < 40; trial++) {
    uint64_t mask = random_set(), n = coins_random_next(&rng) >> 2, won, take;
    int64_t v[8];
    size_t count = 0;
    coins_takes t;
    for (int s = 1; s <= 8; s++)
      if (mask >> (s - 1) & 1) v[count++] = s;
    assert_int_equal(coins_takes_of_values(v, count, &t, err), COINS_OK);
    assert_int_equal(coins_pile_value(&t, COINS_PILE_NORMAL, n, &won, err, NULL), COINS_OK);
    assert_int_equal(coins_pile_best(&t, COINS_NORMAL, n, &take, err, NULL), COINS_OK);
    set_text(mask, set);
    assert_int_equal(query_int(db, "SELECT coins_win(1, %llu, '%s')", (unsigned long long)n, set),
                     (long long)won);
    assert_int_equal(
        query_int(db, "SELECT coins_best_move(1, %llu, '%s')", (unsigned long long)n, set),
        (long long)take);
    assert_int_equal(query_int(db, "SELECT move FROM coins_moves(1, %llu, '%s') LIMIT 1",
                               (unsigned long long)n, set),
                     (long long)take);
  }
  /* a range: the answers of max_take k, in every function */
  static const char *const queries[] = {
      "SELECT coins_margin(2, '[3,1,4,1,5,9,2,6]', %s)",
      "SELECT coins_best_move(1, 22, %s)",
      "SELECT group_concat(move) FROM coins_moves(2, '[3,1,4,1,5,9,2,6]', %s)",
      "SELECT group_concat(loss) FROM coins_review(2, '[3,1,4,1,5,9,2,6]', '[1,1,1,1]', %s)",
      "SELECT group_concat(margin) FROM coins_options(2, '[3,1,4,1,5,9,2,6]', %s)",
      "SELECT group_concat(move) FROM coins_play(1, 20, 'greedy', 'random:5', %s)",
      "SELECT coins_result(2, '[3,1,4]', '[3]', %s)",
      "SELECT coins_diagram(2, '[3,1,4,1,5]', NULL, %s)",
  };
  for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
    char *plain = query_text(db, queries[i], "3"),
         *as_set = query_text(db, queries[i], "'[3,1,2]'");
    check_same(queries[i], plain, as_set);
    free(plain);
    free(as_set);
  }
}

/* ------------------------------------------------------------ I-misere */

/* Misère play: the mover wins when a move leaves the other a won pile
** lost; with no move (no coins, or no take fits) the mover wins, since
** the other player made the last move. */
static int ref_misere_wins(uint64_t mask, int n, signed char *memo) {
  if (memo[n] >= 0) return memo[n];
  int wins = 1, moves = 0;
  for (int s = 1; s <= 8 && s <= n; s++)
    if (mask >> (s - 1) & 1) {
      if (!moves) wins = 0;
      moves = 1;
      if (!ref_misere_wins(mask, n - s, memo)) wins = 1;
    }
  return memo[n] = (signed char)wins;
}

/* The smallest take leaving a lost pile, else the smallest; 0: none. */
static int ref_misere_best(uint64_t mask, int n, signed char *memo) {
  int smallest = 0;
  for (int s = 1; s <= 8 && s <= n; s++)
    if (mask >> (s - 1) & 1) {
      if (!ref_misere_wins(mask, n - s, memo)) return s;
      if (!smallest) smallest = s;
    }
  return smallest;
}

/* The max_take argument of mask: the integer k for {1..k}, else a set. */
static void takes_arg(uint64_t mask, char out[260]) {
  char text[256];
  int k = 0;
  while (mask >> k) k++;
  set_text(mask, text);
  if ((mask & (mask + 1)) == 0)
    snprintf(out, 260, "%d", k);
  else
    snprintf(out, 260, "'%s'", text);
}

/* The piles' answers of one set against the search. */
static void check_misere_set(sqlite3 *db, uint64_t mask) {
  char set[260], want[1024], *got;
  signed char memo[61];
  memset(memo, -1, sizeof memo);
  takes_arg(mask, set);
  for (int n = 0; n <= 60; n++) {
    int wins = ref_misere_wins(mask, n, memo), best = ref_misere_best(mask, n, memo);
    assert_int_equal(query_int(db, "SELECT coins_win('I-misere', %d, %s)", n, set), wins);
    check_text(db, wins ? "first" : "second", "SELECT coins_outcome(4, %d, %s)", n, set);
    got = query_text(db, "SELECT coins_best_move('i-MISERE', %d, %s)", n, set);
    if (best == 0) {
      assert_null(got);
    } else {
      assert_int_equal(atoi(got), best);
    }
    free(got);
    /* the options: a row a take that fits, a loss for each leaving a won pile */
    long long losing = 0, rows = 0;
    for (int s = 1; s <= 8 && s <= n; s++)
      if (mask >> (s - 1) & 1) rows++, losing += ref_misere_wins(mask, n - s, memo);
    assert_int_equal(query_int(db, "SELECT count(*) FROM coins_options(4, %d, %s)", n, set), rows);
    assert_int_equal(query_int(db,
                               "SELECT count(*) FROM coins_options(4, %d, %s) WHERE result = "
                               "'loss'",
                               n, set),
                     losing);
    if (n % 3 != 0) continue; /* (the rest is slower: every third pile) */
    /* the line, move by move, as coins_moves and coins_play 'optimal' play it */
    size_t at = 0;
    want[0] = 0;
    for (int left = n, s; (s = ref_misere_best(mask, left, memo)) != 0; left -= s)
      at += (size_t)snprintf(want + at, sizeof want - at, "%s%d", at ? "," : "", s);
    got = query_text(db, "SELECT coalesce(group_concat(move), '') FROM coins_moves(4, %d, %s)", n,
                     set);
    check_same("coins_moves", want, got);
    free(got);
    got = query_text(db,
                     "SELECT coalesce(group_concat(move), '') FROM "
                     "coins_play(4, %d, 'optimal', 'optimal', %s)",
                     n, set);
    check_same("coins_play", want, got);
    free(got);
    /* a random record: where it ends, and each move's verdict */
    char record[512] = "[", verdicts[1024] = "";
    int left = n, plies = 0;
    size_t v = 0;
    while (ref_misere_best(mask, left, memo) != 0 && below(12) != 0) {
      int s = 1 + (int)below(8);
      if (s > left || !(mask >> (s - 1) & 1)) continue;
      int before = ref_misere_wins(mask, left, memo),
          after = !ref_misere_wins(mask, left - s, memo);
      v += (size_t)snprintf(verdicts + v, sizeof verdicts - v, "%s%s %s", plies ? "," : "",
                            before ? "win" : "loss", after ? "win" : "loss");
      at = strlen(record);
      snprintf(record + at, sizeof record - at, "%s%d", plies ? "," : "", s);
      left -= s;
      plies++;
    }
    strcat(record, "]");
    /* over: the player to move (the first after an even number of plies) wins */
    const char *result = ref_misere_best(mask, left, memo) ? "unfinished"
                         : plies % 2                       ? "second"
                                                           : "first";
    check_text(db, result, "SELECT coins_result(4, %d, '%s', %s)", n, record, set);
    assert_int_equal(query_int(db, "SELECT coins_after(4, %d, '%s', %s)", n, record, set), left);
    got = query_text(db,
                     "SELECT coalesce(group_concat(\"before\" || ' ' || \"after\"), '') FROM "
                     "coins_review(4, %d, '%s', %s)",
                     n, record, set);
    check_same("coins_review", verdicts, got);
    free(got);
  }
}

static void test_misere(void **state) {
  for (uint64_t mask = 1; mask < 256; mask++) check_misere_set(*state, mask);
  sqlite3 *db = *state;
  /* the closed form for any 64-bit pile and k: (n - 1) mod (k + 1) */
  for (int trial = 0; trial < 200; trial++) {
    uint64_t n = coins_random_next(&rng) >> (1 + below(63)), k = 1 + below(1000);
    uint64_t w = n == 0 ? 1 : (n - 1) % (k + 1);
    assert_int_equal(query_int(db, "SELECT coins_win('I-misere', %llu, %llu)",
                               (unsigned long long)n, (unsigned long long)k),
                     w != 0);
    if (n > 0)
      assert_int_equal(query_int(db, "SELECT coins_best_move('I-misere', %llu, %llu)",
                                 (unsigned long long)n, (unsigned long long)k),
                       w ? w : 1);
  }
  /* the line from a ply on (the line's skip, by pairs of k + 1 coins from a
  ** lost position) is the tail of the whole line */
  for (int k = 1; k <= 4; k++)
    for (int n = 0; n <= 40; n += 1 + (int)below(4))
      for (int from = 0; from <= 12; from += 1 + (int)below(3))
        check_text(db, "1",
                   "SELECT coalesce((SELECT group_concat(move) FROM coins_moves(4, %d, %d) WHERE "
                   "ply > %d), '') = coalesce((SELECT group_concat(move) FROM (SELECT move, "
                   "row_number() OVER () AS r FROM coins_moves(4, %d, %d)) WHERE r > %d), '')",
                   n, k, from, n, k, from);
  /* k at least the pile: leave the other the last coin */
  assert_int_equal(query_int(db, "SELECT coins_best_move('I-misere', 5, 9223372036854775807)"), 4);
  assert_int_equal(query_int(db, "SELECT coins_win('I-misere', 1, 9223372036854775807)"), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_piles, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_rows, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_huge_and_ranges, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_misere, setup_db, teardown_db),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
