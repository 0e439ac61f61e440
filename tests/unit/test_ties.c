/*
** test_ties.c -- the tie rules of the core, move by move: which optimal
** move coins plays where several are optimal (docs/reference.md, "Who
** wins, and which optimal move"; include/coins.h, coins_line):
**
**   I    the winning move, else one coin;
**   II   among optimal takes, the fewest coins;
**   III  peak fusion (a triple x, y, z with y >= x and y >= z fuses to
**        x - y + z, non-strict, at the ends too) into blocks; the end
**        block worth more, the LEFT on a tie, played out from that end.
**
** And the two ways a review finds `best` in variant III: for a record known
** in advance (coins_review_init_record, as coins_review does) it is the
** first move of the line from the coins left; one move at a time
** (coins_review_init, as coins_play does) it is the next move of the line
** while the moves stay on it, taking the other of two equally valued end
** blocks included (that block is then played out from that end), and the
** line from the coins left after any other move.
**
** Every expected value was computed independently (the rules above as
** written, each move checked optimal with the textbook DP) before it was
** written here.  Rows with equal neighbouring values are the point: DP
** checks pass whichever of two optimal moves is played, these do not.  The
** SQL side of the same rules: tests/golden/ties.sql.
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

/* A game's coins: a JSON array, or for variant I a count ("6"). */
typedef struct game {
  coins_variant v;
  int64_t *a; /* NULL for a variant I count */
  uint64_t n, k;
} game;

static game game_of(coins_variant v, const char *coins, uint64_t k) {
  game g = {v, NULL, 0, k};
  if (coins[0] != '[') {
    g.n = strtoull(coins, NULL, 10);
    return g;
  }
  size_t len = strlen(coins), cap = coins_parse_capacity(coins, len);
  size_t n = 0;
  char err[COINS_ERRMSG_SIZE];
  g.a = xmalloc(cap * sizeof *g.a);
  if (coins_parse_array(coins, len, g.a, cap, &n, err) != COINS_OK) fail_msg("%s: %s", coins, err);
  g.n = n;
  return g;
}

/* Appends a move as the SQL functions write it: L/R, or the take. */
static void append_move(char *out, size_t size, coins_variant v, coins_move m) {
  size_t used = strlen(out);
  if (v == COINS_III)
    snprintf(out + used, size - used, "%c", m.side);
  else
    snprintf(out + used, size - used, "%s%llu", used ? " " : "", (unsigned long long)m.take);
}

/* The moves of a record: "RLLR" (III) or takes "2 1 1" (I, II), stored as
** coins_parse_moves stores them. */
static size_t record_of(coins_variant v, const char *text, int64_t *moves) {
  size_t count = 0;
  if (v == COINS_III) {
    for (; text[count]; count++) moves[count] = text[count];
    return count;
  }
  for (char *end; *text; text = end) moves[count++] = strtoll(text, &end, 10);
  return count;
}

/* The whole line of g, and its first move as coins_solve gives it. */
static void check_line(coins_variant v, const char *coins, uint64_t k, const char *want) {
  game g = game_of(v, coins, k);
  int64_t *work = xmalloc(coins_line_work_words(v, (size_t)g.n, k) * sizeof *work);
  coins_line line;
  coins_ply p;
  char got[256] = "";
  coins_line_init(&line, v, g.a, g.n, k, work);
  while (coins_line_next(&line, &p)) append_move(got, sizeof got, v, p.move);
  if (strcmp(got, want) != 0)
    fail_msg("variant %d, %s, k = %llu: the line is \"%s\", expected \"%s\"", (int)v, coins,
             (unsigned long long)k, got, want);
  free(work);

  coins_solution r;
  char first[32] = "";
  work = xmalloc((coins_solve_work_words(v, (size_t)g.n, k) + 1) * sizeof *work);
  coins_solve(v, g.a, (size_t)g.n, k, work, &r);
  if (r.best.take > 0) append_move(first, sizeof first, v, r.best);
  if (strncmp(first, want, strlen(first)) != 0 || (want[0] != 0) != (first[0] != 0))
    fail_msg("variant %d, %s: coins_solve's best move is \"%s\", the line starts \"%s\"", (int)v,
             coins, first, want);
  free(work);
  free(g.a);
}

/* Reviews record (which must be legal) and returns the best moves of its
** plies in best: one move at a time (coins_review_init) or for the record
** known in advance (coins_review_init_record). */
static void review_best(coins_variant v, const char *coins, uint64_t k, const char *record,
                        int known, char *best, size_t size) {
  game g = game_of(v, coins, k);
  int64_t moves[64];
  size_t count = record_of(v, record, moves);
  size_t words = known ? coins_review_record_words(v, (size_t)g.n, k, count)
                       : coins_review_work_words(v, (size_t)g.n, k);
  int64_t *work = xmalloc((words + 1) * sizeof *work);
  coins_review rv;
  char err[COINS_ERRMSG_SIZE];
  if (known)
    coins_review_init_record(&rv, v, g.a, g.n, k, moves, count, work);
  else
    coins_review_init(&rv, v, g.a, g.n, k, work);
  best[0] = 0;
  for (size_t i = 0; i < count; i++) {
    coins_judgement j;
    if (coins_review_play(&rv, coins_notation_move_of(v, moves[i]), &j, err) != COINS_OK)
      fail_msg("variant %d, %s, record %s: %s", (int)v, coins, record, err);
    append_move(best, size, v, j.best);
  }
  assert_u64(coins_review_best(&rv).take, 0); /* records here play every coin */
  free(work);
  free(g.a);
}

static void check_review(coins_variant v, const char *coins, uint64_t k, const char *record,
                         int known, const char *want) {
  char got[256];
  review_best(v, coins, k, record, known, got, sizeof got);
  if (strcmp(got, want) != 0)
    fail_msg("variant %d, %s, record %s, %s: best is \"%s\", expected \"%s\"", (int)v, coins,
             record, known ? "known record" : "one move at a time", got, want);
}

/* ------------------------------------------------------------------ lines */

static void test_line_ties3(void **state) {
  (void)state;
  static const struct {
    const char *coins, *line;
  } cases[] = {
      /* the line; the blocks as value(length) */
      {"[2,2,0,2]", "RLLL"},          /* blocks 0(3) 2(1): strict fusion would say L */
      {"[2,2,0]", "LLL"},             /* one block 0(3) */
      {"[1,1]", "LL"},                /* 1(1) 1(1) */
      {"[4,4]", "LL"},                /* 4(1) 4(1) */
      {"[2,2,2,2]", "LLLL"},          /* 2(3) 2(1) */
      {"[1,2,2,1]", "LLLL"},          /* 1(3) 1(1) */
      {"[3,1,1,3]", "LRLL"},          /* no fusion: 3(1) 1(1) 1(1) 3(1) */
      {"[0,1,1,1,0]", "LLLLL"},       /* -1(5) */
      {"[5,5,5]", "LLL"},             /* 5(3) */
      {"[0,0,0,0]", "LLLL"},          /* 0(3) 0(1) */
      {"[0,0,1,1]", "LLLL"},          /* 0(1) 0(3) */
      {"[1,3,2,2,3,1]", "LLLLLL"},    /* 0(3) 0(3) */
      {"[5,1,3,2,2,3,1]", "LLLLLLL"}, /* 5(1) 0(3) 0(3) */
      {"[0,0,1,2,1]", "LLLLL"},       /* 0(5) */
      {"[1,0,1,2,3,2]", "LLLLLL"},    /* 1(1) 0(5) */
      {"[7]", "L"},
      {"[]", ""},
  };
  for (size_t i = 0; i < COUNT(cases); i++) check_line(COINS_III, cases[i].coins, 1, cases[i].line);
}

static void test_line_ties2(void **state) {
  (void)state;
  static const struct {
    const char *coins;
    uint64_t k;
    const char *line;
  } cases[] = {
      {"[0,0,0]", 2, "1 1 1"},         /* 1 and 2 optimal, twice */
      {"[0,0,0]", 3, "1 1 1"},         /* 1, 2 and 3 optimal */
      {"[2,2,0]", 3, "2 1"},           /* 2 and 3 optimal */
      {"[1,1,0,0]", 3, "2 1 1"},       /* 2 and 3, then 1 and 2 */
      {"[0,-1,1,0]", 3, "1 2 1"},      /* 1 and 3, then 2 and 3 */
      {"[2,0,0,2]", 3, "1 3"},         /* 1, 2 and 3 */
      {"[1,2,3,6]", 3, "3 1"},         /* no tie */
      {"[1,-1,1]", 2, "1 2"},          /* no tie */
      {"[0,0,0,0,0]", 2, "1 1 1 1 1"}, /* 1 and 2 optimal, four times */
  };
  for (size_t i = 0; i < COUNT(cases); i++)
    check_line(COINS_II, cases[i].coins, cases[i].k, cases[i].line);
}

static void test_line_ties1(void **state) {
  (void)state;
  /* n coins, max_take k: the line; n mod (k+1) = 0 is lost: one coin */
  static const struct {
    const char *coins;
    uint64_t k;
    const char *line;
  } cases[] = {
      {"6", 2, "1 2 1 2"},
      {"3", 2, "1 2"},
      {"8", 3, "1 3 1 3"},
      {"5", 10, "5"},
      {"4", 3, "1 3"},
      {"1", 2, "1"},
      {"0", 2, ""},
      {"9", 2, "1 2 1 2 1 2"},
      {"10", 2, "1 1 2 1 2 1 2"},
      {"11", 2, "2 1 2 1 2 1 2"},
  };
  for (size_t i = 0; i < COUNT(cases); i++)
    check_line(COINS_I, cases[i].coins, cases[i].k, cases[i].line);
}

/* ---------------------------------------------------------------- reviews */

static void test_review_ties3(void **state) {
  (void)state;
  /* the record; best one move at a time; best for the record known */
  static const struct {
    const char *coins, *record, *online, *known;
  } cases[] = {
      {"[2,2,0]", "RRR", "LLL", "LLL"},
      {"[2,2,0,2]", "LRLR", "RLLL", "RLLL"},
      {"[1,1]", "RL", "LL", "LL"},
      {"[2,2,2,2]", "RRRR", "LLLL", "LLLL"},
      {"[2,2,2,2]", "LRRR", "LLLL", "LLLL"},
      {"[1,2,2,1]", "RLLL", "LLLL", "LLLL"},
      {"[3,1,1,3]", "RRLL", "LLLL", "LLLL"},
      /* R takes the other of the equal end blocks 0(1) 0(3): one move at a
      ** time the block 0(3) is then played out from the right */
      {"[0,0,1,1]", "RRLL", "LRRL", "LRLL"},
      {"[1,3,2,2,3,1]", "RRRLLL", "LRRLLL", "LRRLLL"},
      {"[1,3,2,2,3,1]", "RLLLRR", "LRLRRL", "LRLRRL"},
      {"[5,1,3,2,2,3,1]", "LRRRLLL", "LLRRLLL", "LLRRLLL"},
      {"[1,1,1,0,1,2,2]", "RRLRLLL", "LRRRLLL", "LRLRLLL"},
      /* one block: R is off the line */
      {"[0,0,1,2,1]", "RRRLL", "LRRLL", "LRRLL"},
      /* L and R take the smaller end block: off the line */
      {"[0,0,0,1]", "LRLL", "RRLL", "RRLL"},
      {"[1,0,1,2,3,2]", "RRRLRL", "LRRLRL", "LRRLRL"},
      /* the line's own block, played out */
      {"[1,1,1,0,1]", "LLLRL", "LLLRL", "LRLRL"},
  };
  for (size_t i = 0; i < COUNT(cases); i++) {
    check_review(COINS_III, cases[i].coins, 1, cases[i].record, 0, cases[i].online);
    check_review(COINS_III, cases[i].coins, 1, cases[i].record, 1, cases[i].known);
  }
}

static void test_review_ties12(void **state) {
  (void)state;
  static const struct {
    coins_variant v;
    const char *coins;
    uint64_t k;
    const char *record, *best;
  } cases[] = {
      {COINS_II, "[0,0,0]", 2, "2 1", "1 1"},         {COINS_II, "[1,1,0,0]", 3, "3 1", "2 1"},
      {COINS_II, "[0,-1,1,0]", 3, "3 1", "1 1"},      {COINS_II, "[2,2,0]", 3, "3", "2"},
      {COINS_II, "[0,0,0,0,0]", 2, "2 2 1", "1 1 1"}, {COINS_I, "6", 2, "2 2 1 1", "1 1 2 1"},
      {COINS_I, "8", 3, "1 3 1 3", "1 3 1 3"},
  };
  for (size_t i = 0; i < COUNT(cases); i++)
    for (int known = 0; known <= 1; known++)
      check_review(cases[i].v, cases[i].coins, cases[i].k, cases[i].record, known, cases[i].best);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_line_ties3),    cmocka_unit_test(test_line_ties2),
      cmocka_unit_test(test_line_ties1),    cmocka_unit_test(test_review_ties3),
      cmocka_unit_test(test_review_ties12),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
