/*
** test_sum_sql.c -- variant 'I-sum' (a sum of piles) and misère sums
** through SQL, against an exhaustive game search written here:
**
**   - every set of takes within {1..8} (the ranges {1..k} as the integer
**     k), positions of up to 4 piles of up to 30 coins (every position of
**     two piles up to 12, then random ones): coins_win, coins_outcome and
**     coins_best_move;
**   - on some of them: coins_moves' line (legal, every move winning from
**     a won position, the winner moves last), coins_options' rows and
**     results, coins_review's verdicts, best moves and only_move of a
**     random record,
**     coins_result and coins_after of it, and coins_play with each
**     strategy (legal moves; optimal never loses a won position; greedy
**     and left as documented);
**   - variant 'I-sum-misere' against a misère search, the scalars and on
**     some positions every check above: plain misère Nim (k at least
**     every pile) up to 4 piles, and one pile with moves under any set;
**     the sums not solved are refused; 'I-misere' given an array is a
**     row of identical coins (its length counts);
**   - huge piles answered at once, and the refusals of the other functions.
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

#define MAX_PILE 30
#define MAX_PILES 4
#define STATES (31 * 31 * 31 * 31)

static uint64_t rng = 0x5a17e;

static int below(int n) { return (int)(coins_random_next(&rng) % (uint64_t)n); }

/* ------------------------------------------------- the reference search */

/* A position: up to MAX_PILES piles, in order. */
typedef struct position {
  int n, p[MAX_PILES];
} position;

typedef struct search {
  uint64_t mask; /* the takes */
  int misere;
  signed char memo[STATES]; /* by the sorted piles: -1 unknown */
} search;

static search S;

/* The variant the table-valued checks below ask: 'I-sum', or
** 'I-sum-misere' when the search is misère. */
static const char *variant(void) { return S.misere ? "'I-sum-misere'" : "'I-sum'"; }

static void search_start(uint64_t mask, int misere) {
  S.mask = mask, S.misere = misere;
  memset(S.memo, -1, sizeof S.memo);
}

static int allowed(int s) { return s >= 1 && s <= 64 && (S.mask >> (s - 1) & 1); }

/* The index of a position's piles, sorted (the outcome does not depend on
** their order), zeros after the last. */
static int key(const position *q) {
  int v[MAX_PILES] = {0, 0, 0, 0};
  for (int i = 0; i < q->n; i++) v[i] = q->p[i];
  for (int i = 1; i < MAX_PILES; i++)
    for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
      int t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
  return ((v[0] * 31 + v[1]) * 31 + v[2]) * 31 + v[3];
}

/* 1 when the player to move wins (normal play: who cannot move loses;
** misère: who cannot move wins). */
static int wins(position q) {
  int k = key(&q);
  if (S.memo[k] >= 0) return S.memo[k];
  int any = 0, win = 0;
  for (int i = 0; i < q.n && !win; i++)
    for (int s = 1; s <= 8 && s <= q.p[i] && !win; s++)
      if (allowed(s)) {
        position r = q;
        r.p[i] -= s;
        any = 1;
        win = !wins(r);
      }
  if (!any) win = S.misere;
  return S.memo[k] = (signed char)win;
}

/* The best move by the tie rule: the first winning move in the order of
** piles, then takes; else the smallest take of the first pile with one.
** 0 in *take: no move. */
static void best(position q, int *pile, int *take) {
  *pile = *take = 0;
  for (int i = 0; i < q.n; i++)
    for (int s = 1; s <= 8 && s <= q.p[i]; s++)
      if (allowed(s)) {
        position r = q;
        r.p[i] -= s;
        if (!wins(r)) {
          *pile = i + 1, *take = s;
          return;
        }
        if (*take == 0) *pile = i + 1, *take = s; /* the first pile with a move */
      }
}

static int can_move(const position *q) {
  for (int i = 0; i < q->n; i++)
    for (int s = 1; s <= 8 && s <= q->p[i]; s++)
      if (allowed(s)) return 1;
  return 0;
}

/* A random legal move (there is one). */
static void random_move(const position *q, int *pile, int *take) {
  for (;;) {
    int i = below(q->n), s = 1 + below(8);
    if (allowed(s) && s <= q->p[i]) {
      *pile = i + 1, *take = s;
      return;
    }
  }
}

/* ------------------------------------------------------------ the texts */

static void piles_text(const position *q, char out[64]) {
  size_t at = 0;
  out[at++] = '[';
  for (int i = 0; i < q->n; i++)
    at += (size_t)snprintf(out + at, 64 - at, "%s%d", i ? "," : "", q->p[i]);
  snprintf(out + at, 64 - at, "]");
}

/* max_take: the integer k for {1..k}, else the JSON set. */
static void takes_text(uint64_t mask, char out[64]) {
  if ((mask & (mask + 1)) == 0) {
    int k = 0;
    while (mask >> k) k++;
    snprintf(out, 64, "%d", k);
    return;
  }
  size_t at = 0;
  at += (size_t)snprintf(out, 64, "'[");
  for (int s = 1; s <= 8; s++)
    if (allowed(s)) at += (size_t)snprintf(out + at, 64 - at, "%s%d", at > 2 ? "," : "", s);
  snprintf(out + at, 64 - at, "]'");
}

static position random_position(void) {
  position q = {1 + below(MAX_PILES), {0, 0, 0, 0}};
  for (int i = 0; i < q.n; i++) q.p[i] = below(MAX_PILE + 1);
  return q;
}

/* Reads "p:t". */
static void read_move(const char *text, int *pile, int *take) {
  assert_non_null(text);
  assert_int_equal(sscanf(text, "%d:%d", pile, take), 2);
}

/* ------------------------------------------------------------ the checks */

static void check_scalars(sqlite3 *db, const char *variant, const position *q, const char *k) {
  char piles[64], want[32];
  int pile, take, w = wins(*q);
  piles_text(q, piles);
  best(*q, &pile, &take);
  snprintf(want, sizeof want, "%d|%s|%d:%d", w, w ? "first" : "second", pile, take);
  if (take == 0) snprintf(want, sizeof want, "%d|%s|none", w, w ? "first" : "second");
  check_text(db, want,
             "SELECT coins_win(%s, '%s', %s) || '|' || coins_outcome(%s, '%s', %s) || '|' || "
             "ifnull(coins_best_move(%s, '%s', %s), 'none')",
             variant, piles, k, variant, piles, k, variant, piles, k);
}

/* Plays move (p, t) on q, which must be legal. */
static void play(position *q, int p, int t) {
  assert_true(p >= 1 && p <= q->n && allowed(t) && t <= q->p[p - 1]);
  q->p[p - 1] -= t;
}

/* The moves of a table-valued query over the piles q: each legal; returns
** the position reached, the count in *count; with optimal, each move from
** a won position wins. */
static position follow(sqlite3 *db, position q, const char *sql, int optimal, int *count) {
  sqlite3_stmt *st;
  assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
  *count = 0;
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int p, t, won = wins(q);
    read_move((const char *)sqlite3_column_text(st, 0), &p, &t);
    play(&q, p, t);
    if (optimal && won) assert_false(wins(q));
    (*count)++;
  }
  assert_int_equal(rc, SQLITE_DONE);
  sqlite3_finalize(st);
  return q;
}

static void check_line_and_play(sqlite3 *db, const position *q, const char *k) {
  char piles[64], sql[512];
  int count, w = wins(*q);
  piles_text(q, piles);
  /* the optimal line: legal, winning moves, the winner moves last (under
  ** misère play the loser) */
  snprintf(sql, sizeof sql, "SELECT move FROM coins_moves(%s, '%s', %s)", variant(), piles, k);
  position end = follow(db, *q, sql, 1, &count);
  assert_false(can_move(&end));
  assert_int_equal(count % 2, w != S.misere);
  /* optimal against each other strategy: never loses a won position */
  static const char *const others[] = {"'random:7'", "'greedy'", "'left'", "'careless:40:3'",
                                       "'optimal'"};
  for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
    snprintf(sql, sizeof sql, "SELECT move FROM coins_play(%s, '%s', 'optimal', %s, %s)", variant(),
             piles, others[i], k);
    end = follow(db, *q, sql, 0, &count);
    assert_false(can_move(&end));
    if (w) assert_int_equal(count % 2, !S.misere);
    snprintf(sql, sizeof sql, "SELECT move FROM coins_play(%s, '%s', %s, 'optimal', %s)", variant(),
             piles, others[i], k);
    end = follow(db, *q, sql, 0, &count);
    assert_false(can_move(&end));
    if (!w) assert_int_equal(count % 2, S.misere);
  }
}

/* greedy: the most coins allowed from the largest pile (the first of
** them); left: the fewest from the first pile with a move. */
static void check_greedy_left(sqlite3 *db, const position *q, const char *k) {
  char piles[64], want[32];
  int largest = -1, first = -1;
  for (int i = 0; i < q->n; i++) {
    position one = {1, {q->p[i], 0, 0, 0}};
    if (!can_move(&one)) continue;
    if (first < 0) first = i;
    if (largest < 0 || q->p[i] > q->p[largest]) largest = i;
  }
  if (first < 0) return;
  int most = 0, fewest = 0;
  for (int s = 1; s <= 8; s++)
    if (allowed(s) && s <= q->p[largest]) most = s;
  for (int s = 8; s >= 1; s--)
    if (allowed(s) && s <= q->p[first]) fewest = s;
  piles_text(q, piles);
  snprintf(want, sizeof want, "%d:%d", largest + 1, most);
  check_text(db, want,
             "SELECT move FROM coins_play(%s, '%s', 'greedy', 'optimal', %s) "
             "WHERE ply = 1",
             variant(), piles, k);
  snprintf(want, sizeof want, "%d:%d", first + 1, fewest);
  check_text(db, want,
             "SELECT move FROM coins_play(%s, '%s', 'left', 'optimal', %s) "
             "WHERE ply = 1",
             variant(), piles, k);
}

/* coins_options: every legal move in order, its result. */
static void check_options(sqlite3 *db, const position *q, const char *k) {
  char piles[64], want[2048] = "", *at = want;
  piles_text(q, piles);
  for (int i = 0; i < q->n; i++)
    for (int s = 1; s <= 8 && s <= q->p[i]; s++)
      if (allowed(s)) {
        position r = *q;
        r.p[i] -= s;
        at += sprintf(at, "%s%d:%d=%s", at > want ? "," : "", i + 1, s, wins(r) ? "loss" : "win");
      }
  char *got = query_text(db,
                         "SELECT ifnull(group_concat(move || '=' || result), '') FROM "
                         "coins_options(%s, '%s', %s)",
                         variant(), piles, k);
  assert_string_equal(got, want);
  free(got);
}

/* A random record: coins_review's verdicts and best moves, then
** coins_result and coins_after. */
static void check_record(sqlite3 *db, const position *q, const char *k) {
  char piles[64], record[1024] = "", *at = record, want[2048] = "", *w = want;
  position r = *q;
  int plies = 0, limit = 1 + below(40);
  while (can_move(&r) && plies < limit) {
    int p, t, won = wins(r);
    random_move(&r, &p, &t);
    play(&r, p, t);
    int after_wins = wins(r);
    at += sprintf(at, "%s%d:%d", plies ? " " : "", p, t);
    w += sprintf(w, "%s%d:%d/%s/%s/%d", plies ? "," : "", p, t, won ? "win" : "loss",
                 after_wins ? "loss" : "win", won && after_wins);
    plies++;
  }
  piles_text(q, piles);
  char *got = query_text(db,
                         "SELECT ifnull(group_concat(move || '/' || before || '/' || after || '/' "
                         "|| loss), '') FROM "
                         "coins_review(%s, '%s', '%s', %s)",
                         variant(), piles, record, k);
  assert_string_equal(got, want);
  free(got);
  /* the best moves, as the search gives them */
  r = *q;
  sqlite3_stmt *st;
  char sql[1400];
  snprintf(sql, sizeof sql,
           "SELECT move, best, ifnull(only_move, -1) FROM coins_review(%s, '%s', '%s', %s)",
           variant(), piles, record, k);
  assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
  while (sqlite3_step(st) == SQLITE_ROW) {
    int p, t, bp, bt, gp, gt, legal = 0, winning = 0;
    best(r, &bp, &bt);
    for (int i = 0; i < r.n; i++) /* only_move: NULL (-1) with one legal move */
      for (int s = 1; s <= 8 && s <= r.p[i]; s++)
        if (allowed(s)) {
          position after = r;
          after.p[i] -= s;
          legal++;
          winning += !wins(after);
        }
    assert_int_equal(sqlite3_column_int(st, 2), legal < 2 ? -1 : winning == 1);
    read_move((const char *)sqlite3_column_text(st, 1), &gp, &gt);
    assert_int_equal(gp, bp);
    assert_int_equal(gt, bt);
    read_move((const char *)sqlite3_column_text(st, 0), &p, &t);
    play(&r, p, t);
  }
  sqlite3_finalize(st);
  /* where the record ends */
  char after[64];
  piles_text(&r, after);
  check_text(db, after, "SELECT coins_after(%s, '%s', '%s', %s)", variant(), piles, record, k);
  /* the player who moved last wins, under misère play loses */
  const char *result = can_move(&r) ? "unfinished" : plies % 2 != S.misere ? "first" : "second";
  check_text(db, result, "SELECT coins_result(%s, '%s', '%s', %s)", variant(), piles, record, k);
}

/* ------------------------------------------------------------ the tests */

static void test_every_set(void **state) {
  sqlite3 *db = *state;
  for (uint64_t mask = 1; mask < 256; mask++) {
    char k[64];
    search_start(mask, 0);
    takes_text(mask, k);
    for (int a = 0; a <= 12; a++)
      for (int b = 0; b <= 12; b++) {
        position q = {2, {a, b, 0, 0}};
        check_scalars(db, "'I-sum'", &q, k);
      }
    for (int i = 0; i < 12; i++) {
      position q = random_position();
      check_scalars(db, "5", &q, k);
      if (i < 2) {
        check_line_and_play(db, &q, k);
        check_options(db, &q, k);
        check_record(db, &q, k);
        check_greedy_left(db, &q, k);
      }
    }
  }
}

/* Every check of a misère position q with the takes k. */
static void check_misere(sqlite3 *db, const position *q, const char *k, int all) {
  check_scalars(db, "'I-sum-misere'", q, k);
  if (!all) return;
  check_line_and_play(db, q, k);
  check_options(db, q, k);
  check_record(db, q, k);
  check_greedy_left(db, q, k);
}

static void test_misere(void **state) {
  sqlite3 *db = *state;
  /* plain misère Nim: every pile within {1..k} */
  for (int k = 1; k <= MAX_PILE; k += 1 + below(4)) {
    char kt[16];
    search_start(k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1, 1);
    snprintf(kt, sizeof kt, "%d", k);
    for (int i = 0; i < 150; i++) {
      position q = {1 + below(MAX_PILES), {0, 0, 0, 0}};
      for (int j = 0; j < q.n; j++) q.p[j] = below(k + 1 < 9 ? k + 1 : 9);
      check_misere(db, &q, kt, i < 8);
    }
  }
  /* one pile with moves, any set: the others below the smallest take */
  for (uint64_t mask = 1; mask < 256; mask++) {
    char kt[64];
    search_start(mask, 1);
    takes_text(mask, kt);
    int smallest = 1;
    while (!allowed(smallest)) smallest++;
    for (int i = 0; i < 6; i++) {
      position q = {1 + below(MAX_PILES), {0, 0, 0, 0}};
      for (int j = 0; j < q.n; j++) q.p[j] = below(smallest);
      q.p[below(q.n)] = below(MAX_PILE + 1);
      check_misere(db, &q, kt, i < 2);
    }
  }
  /* a start outside both classes, in each function that solves */
  static const char *const refused[] = {
      "SELECT coins_win('I-sum-misere', '[3,4]', '[1,3]')",
      "SELECT * FROM coins_moves(6, '[3,4]', '[1,3]')",
      "SELECT * FROM coins_review(6, '[3,4]', '1:1', '[1,3]')",
      "SELECT * FROM coins_play(6, '[3,4]', 'optimal', 'left', '[1,3]')",
      "SELECT * FROM coins_options(6, '[3,4]', '[1,3]')",
  };
  static const char *const fnames[] = {"coins_win", "coins_moves", "coins_review", "coins_play",
                                       "coins_options"};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    char want[512];
    snprintf(want, sizeof want,
             "%s: misere sums are solved for plain misere Nim (every pile at most max_take) and "
             "for one pile with a move left, not 2 piles with a move and the takes [1,3]; give a "
             "max_take of at least the largest pile",
             fnames[i]);
    check_error(db, SQLITE_ERROR, want, "%s", refused[i]);
  }
  check_error(db, SQLITE_ERROR,
              "coins_win: misere sums are solved for plain misere Nim (every pile at most "
              "max_take) and for one pile with a move left, not 3 piles with a move and "
              "max_take 2; give a max_take of at least the largest pile",
              "SELECT coins_win(6, '[3,1,1]')");
  /* the finish rule needs no solving: any misère sum ends so */
  check_text(db, "second|[0,0]", /* the first player took the last coin, and loses */
             "SELECT coins_result(6, '[3,4]', '1:3 2:1 2:3', '[1,3]') || '|' || "
             "coins_after(6, '[3,4]', '1:3 2:1 2:3', '[1,3]')");
  check_text(db, "first", "SELECT coins_result('I-sum-misere', '[2,2]', '1:2 2:2')");
  check_text(db, "unfinished", "SELECT coins_result(6, '[2,2]', '[\"1:2\"]')");
  check_text(db, "unfinished", "SELECT coins_result(5, '[2,2]', '[\"1:2\"]')"); /* (no max_take) */
}

/* I-misere given an array is a row of identical coins, as for I: only
** its length counts, in every function. */
static void test_misere_row(void **state) {
  sqlite3 *db = *state;
  check_text(db, "1", "SELECT coins_win('I-misere', '[1,1,1,1]') = coins_win('I-misere', 4)");
  for (int n = 0; n <= 12; n++) {
    char row[64] = "[", *at = row + 1;
    for (int i = 0; i < n; i++) at += sprintf(at, "%s%d", i ? "," : "", 1 + below(9));
    sprintf(at, "]");
    check_text(db, "1",
               "SELECT coins_win(4, '%s') = coins_win(4, %d) AND coins_best_move(4, '%s', 3) IS "
               "coins_best_move(4, %d, 3) AND (SELECT group_concat(move) FROM coins_moves(4, "
               "'%s')) IS (SELECT group_concat(move) FROM coins_moves(4, %d))",
               row, n, row, n, row, n);
  }
}

static void test_huge_and_refusals(void **state) {
  sqlite3 *db = *state;
  /* Nim by the nim-sum at once: 10^15 xor 3 xor 5 = 10^15 xor 6, so pile 1
  ** is left 6; {1,3,4} has period 7 */
  check_text(db, "1|1:999999999999994",
             "SELECT coins_win('I-sum', '[1000000000000000,3,5]', 9223372036854775807) || '|' "
             "|| coins_best_move('I-sum', '[1000000000000000,3,5]', 9223372036854775807)");
  check_text(db, "1:4", /* values 2 and 0 (10^15 is 6 mod 7): pile 1 to 0, 4 taken */
             "SELECT coins_best_move('I-sum', '[1000000000000000,1000000000000003]', "
             "'[1,3,4]')");
  check_text(db, "1:2",
             "SELECT move FROM coins_moves('I-sum', '[1000000000000000]') "
             "WHERE ply = 5");
  /* the largest pile, 2^51 - 1, so that every move written reads back */
  check_text(db, "1:2251799813685247|[0]",
             "SELECT coins_best_move('I-sum', '[2251799813685247]', 9223372036854775807) || '|' "
             "|| coins_after('I-sum', '[2251799813685247]', '1:2251799813685247', "
             "9223372036854775807)");
  check_error(db, SQLITE_ERROR,
              "coins_win: pile 2 must be at most 2^51-1 (2251799813685247), got 2251799813685248",
              "SELECT coins_win('I-sum', '[1,2251799813685248]')");
  check_error(db, SQLITE_ERROR,
              "coins_scorecard: variant I-sum (a sum of piles) is answered by coins_win, "
              "coins_outcome, coins_best_move, coins_moves, coins_review, coins_play, "
              "coins_options, coins_result and coins_after",
              "SELECT * FROM coins_scorecard('I-sum', '[1,2]', '[]')");
  check_error(db, SQLITE_ERROR,
              "coins_svg: variant I-sum-misere (a sum of piles) is answered by coins_win, "
              "coins_outcome, coins_best_move, coins_moves, coins_review, coins_play, "
              "coins_options, coins_result and coins_after",
              "SELECT coins_svg('I-sum-misere', '[1,2]')");
  check_error(db, SQLITE_ERROR,
              "coins_win: coins must be a JSON array for variant I-sum, got the count 5; a count "
              "of coins is allowed for variants I and I-misere only",
              "SELECT coins_win('I-sum', 5)");
  check_error(db, SQLITE_ERROR,
              "coins_margin: variant I-sum has no coin values; use coins_win or coins_outcome",
              "SELECT coins_margin('I-sum', '[1,2]')");
  /* a record's JSON strings with escapes, decoded as JSON says ("\u003a"
  ** is ':'); a bad escape is no move, quoted as written */
  check_text(db, "[2,3]", "SELECT coins_after('I-sum', '[3,4]', '[\"1\\u003a1\", \"2\\u003A1\"]')");
  check_error(db, SQLITE_ERROR,
              "coins_after: ply 1: move '1\\q1' is not pile:take with a pile 1..4096 and a take "
              "1..2^51-1, e.g. '2:3'",
              "SELECT coins_after('I-sum', '[3,4]', '[\"1\\q1\"]')");
  check_text(db, "second|none|0",
             "SELECT coins_outcome('I-sum', '[]') || '|' || "
             "ifnull(coins_best_move('I-sum', '[0,0]'), 'none') || '|' || "
             "(SELECT count(*) FROM coins_moves('I-sum', '[]'))");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_every_set, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_misere, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_misere_row, setup_db, teardown_db),
      cmocka_unit_test_setup_teardown(test_huge_and_refusals, setup_db, teardown_db),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
