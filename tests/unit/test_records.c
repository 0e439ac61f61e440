/*
** test_records.c -- differential tests of recorded games and strategies in
** the pure C core (include/coins.h: coins_state_*, coins_review_*,
** coins_strategy_*, coins_parse_moves, coins_notation_move_of) against the plain
** reference solvers of tests/unit/reference.c.
**
** Random game records from a seeded splitmix64 generator (the same on
** every platform), 150,000 in the default run, mixed over the four
** variants (max_take mostly 1..6, lengths 0..32 mostly small -- variants I
** and I-misere up to 51 coins -- signed values, zeros, ties and
** near-extreme values).  The test writes each record itself, move by
** move, from the reference: at each ply a move that is optimal per the
** reference (any of them, not only the one coins would choose), the
** greedy move or a random legal move, and some records are
** abandoned before the end.  Each record is written in record notation
** (a JSON array or bare takes or letters, with commas, blanks or neither
** between them; random whitespace and letter case; variant III's letters
** sometimes escaped, "\u004C"), parsed back with coins_parse_moves, and
** reviewed with coins_review_play; every judgement is compared with the
** reference:
**   loss   II/III: margin(position) - (gain - margin(next position));
**          I: 1 exactly when a won position is left to a winning opponent
**          (I-misere the same, with its misère game search)
**   before the sign of (mover's lead + margin(position)); I: won ? +1 : -1
**   after  the sign of (mover's lead + gain - margin(next)); I: the
**          opponent wins ? -1 : +1
**   best   legal, and its value equals the optimum
**   played ply, player, move, pos, gain and running totals.
** A legal move whose loss exceeds 2^63-1 (possible only when the sum of
** |coins| is above 2^62) cannot be reported in an int64_t: the review
** must then refuse it with "ply N: the loss exceeds 2^63-1".
** Illegal moves are thrown in along the way (take 0, take > max_take,
** take > coins left, a move with no coins left): each must be refused with
** the exact message naming the ply, leaving the position as it was.
**
** Strategies: random games between 'optimal', 'greedy', 'left', 'parity',
** 'random:SEED' and 'careless:PERCENT:SEED', played as coins_play does
** (coins_strategy_move, then coins_review_apply; sometimes coins_review_play
** instead): every 'optimal' move is optimal per the reference even after
** the opponent deviated, 'greedy' and 'left' play their documented move,
** 'parity' takes the end of the richer index class and ends at least
** |E - O| ahead, careless:0 plays exactly coins_review_best, every move is
** legal, and every game replays identically (same seeds, same game).
** Plus tables of exact messages: the move parser, illegal moves, strategy
** names and the parity strategy's preconditions.
**
** Environment (the same knobs as test_diff):
**   COINS_DIFF_SEED   the seed (decimal or 0x hex; default fixed)
**   COINS_DIFF_SCALE  multiplies the number of random cases (default 1;
**                     e.g. 0.1 under a slow sanitizer, 10 for a soak run)
**   COINS_DIFF_ONLY   run only this case index of each random test
** A failure prints the seed, the test, the case index, the game and the
** moves so far, so COINS_DIFF_SEED=... COINS_DIFF_ONLY=... reproduces it.
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

#define COUNT(x) (sizeof(x) / sizeof((x)[0]))
#define MAX_LEN 32             /* the longest row of the random tests... */
#define MAX_ROW (MAX_LEN + 20) /* ...and of variant I */

/* The default counts: records reviewed, games between strategies. */
#define N_RECORDS 150000
#define N_GAMES 60000

/* ------------------------------------------------------ failure reports */

static struct {
  const char *test;
  uint64_t index;
  int variant;
  uint64_t k;
  const int64_t *a;
  size_t n;
  const coins_move *moves; /* the moves played so far */
  size_t n_moves;
  const char *first, *second; /* strategies, or NULL */
} g_case;

static void set_case(const char *test, uint64_t index) {
  memset(&g_case, 0, sizeof g_case);
  g_case.test = test;
  g_case.index = index;
}

void dump_case(void) {
  if (!g_case.test) return;
  report_case(g_case.test, g_case.index);
  print_error("*** variant %d, n=%zu, k=%llu", g_case.variant, g_case.n,
              (unsigned long long)g_case.k);
  if (g_case.a) {
    print_error(", a=[");
    report_row(g_case.a, g_case.n);
    print_error("]");
  }
  print_error("\n*** moves so far: [");
  for (size_t i = 0; i < g_case.n_moves; i++) {
    if (g_case.variant == 3)
      print_error("%s\"%c\"", i ? "," : "", g_case.moves[i].side);
    else
      print_error("%s%llu", i ? "," : "", (unsigned long long)g_case.moves[i].take);
  }
  print_error("]\n");
  if (g_case.first) print_error("*** first '%s', second '%s'\n", g_case.first, g_case.second);
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* ------------------------------------------------------------------ games */

/* A length 0..MAX_LEN, mostly small. */
static size_t gen_len(rng *r) {
  uint64_t p = below(r, 100);
  if (p < 55) return (size_t)below(r, 9);
  if (p < 88) return 9 + (size_t)below(r, 12);
  return 21 + (size_t)below(r, MAX_LEN - 20);
}

static uint64_t gen_k(rng *r, size_t n) {
  uint64_t p = below(r, 100);
  if (p < 90) return 1 + below(r, 6);
  if (p < 95) return n + 1 + below(r, 3); /* more than the row */
  return below(r, 2) ? UINT64_MAX : 7 + below(r, 30);
}

/* Fills a[0..n) (n <= MAX_LEN); the sum of |a[i]| always fits int64_t. */
static void gen_row(rng *r, int64_t *a, size_t n) {
  switch (below(r, 12)) {
    case 0: fill_between(r, a, n, 0, 1); break;  /* {0,1} */
    case 1: fill_between(r, a, n, -2, 2); break; /* signed, zeros, many ties */
    case 2: fill_between(r, a, n, 1, 10); break;
    case 3:
    case 4: fill_between(r, a, n, -100, 100); break;
    case 5: fill_three(r, a, n, 50); break;
    case 6: { /* all equal */
      int64_t c = between(r, -3, 3);
      for (size_t i = 0; i < n; i++) a[i] = c;
      break;
    }
    case 7: fill_mostly_zeros(r, a, n, 4, 9); break;
    case 8: fill_alternating(r, a, n, 100); break;
    case 9: /* large signed */ fill_between(r, a, n, -((int64_t)1 << 40), (int64_t)1 << 40); break;
    case 10: { /* near-extreme: the sum of |a[i]| up to INT64_MAX */
      int64_t b = n ? INT64_MAX / (int64_t)n : 0;
      fill_between(r, a, n, -b, b);
      break;
    }
    default: fill_one_huge(r, a, n); break;
  }
}

/* ---------------------------------------------------- the reference side */

/* Variants I and I-misere: identical coins, a count may stand for them. */
static int counted(int variant) { return variant == 1 || variant == 4; }

/* The most coins a move may take with left coins on the table. */
static uint64_t most_of(const ref_oracle *o, size_t left) {
  return o->variant == 3 ? (left ? 1 : 0) : left < o->k ? left : o->k;
}

/* Plays m (which must be legal) on [lo, hi): its gain and first coin. */
static int64_t ref_apply(const ref_oracle *o, size_t *lo, size_t *hi, coins_move m, size_t *pos) {
  int64_t gain = 0;
  if (o->variant == 3) {
    *pos = m.side == 'R' ? --*hi : (*lo)++;
    gain = o->a[*pos];
  } else {
    *pos = *lo;
    if (o->variant == 2)
      for (uint64_t t = 0; t < m.take; t++) gain += o->a[*lo + t];
    *lo += (size_t)m.take;
  }
  return gain;
}

static int legal(const ref_oracle *o, size_t lo, size_t hi, coins_move m) {
  if (lo >= hi) return 0;
  if (o->variant == 3) return m.take == 1 && (m.side == 'L' || m.side == 'R');
  return m.take >= 1 && m.take <= most_of(o, hi - lo) && m.side == 'L';
}

/* Whether the legal move m is optimal from [lo, hi). */
static int ref_optimal(const ref_oracle *o, size_t lo, size_t hi, coins_move m) {
  if (counted(o->variant)) {
    size_t left = hi - lo;
    return !o->win[left] || !o->win[left - m.take];
  }
  size_t l = lo, h = hi, pos;
  int64_t gain = ref_apply(o, &l, &h, m, &pos);
  return gain - ref_oracle_margin(o, l, h) == ref_oracle_margin(o, lo, hi);
}

/* Every legal move from [lo, hi) into out (room for MAX_ROW). */
static size_t legal_moves(const ref_oracle *o, size_t lo, size_t hi, coins_move *out) {
  size_t c = 0;
  if (lo >= hi) return 0;
  if (o->variant == 3) {
    out[c++] = (coins_move){1, 'L', 0};
    out[c++] = (coins_move){1, 'R', 0};
  } else {
    for (uint64_t t = 1; t <= most_of(o, hi - lo); t++) out[c++] = (coins_move){t, 'L', 0};
  }
  return c;
}

/* The greedy move, written from the contract: the largest immediate gain,
** ties to the left / to fewer coins; variant I as many as allowed. */
static coins_move ref_greedy(const ref_oracle *o, size_t lo, size_t hi) {
  coins_move m = {1, 'L', 0};
  if (counted(o->variant)) {
    m.take = most_of(o, hi - lo);
  } else if (o->variant == 3) {
    if (o->a[hi - 1] > o->a[lo]) m.side = 'R';
  } else {
    int64_t sum = 0, best = 0;
    for (uint64_t t = 1; t <= most_of(o, hi - lo); t++) {
      sum += o->a[lo + t - 1];
      if (t == 1 || sum > best) best = sum, m.take = t;
    }
  }
  return m;
}

/* A move chosen by policy: 0 optimal (a random one of the optimal moves),
** 1 greedy, 2 random legal. */
static coins_move pick_move(const ref_oracle *o, size_t lo, size_t hi, int policy, rng *r) {
  coins_move all[MAX_ROW];
  size_t c = legal_moves(o, lo, hi, all);
  if (policy == 1) return ref_greedy(o, lo, hi);
  if (policy == 2) return all[below(r, c)];
  size_t opt = 0;
  for (size_t i = 0; i < c; i++)
    if (ref_optimal(o, lo, hi, all[i])) all[opt++] = all[i];
  CHECK(opt > 0, "the reference has no optimal move from [%zu, %zu)", lo, hi);
  return all[below(r, opt)];
}

/* ------------------------------------------------------ record notation */

/* A move letter in either case. */
static char random_letter(rng *r, coins_move m) {
  char c = m.side == 'L' ? 'L' : 'R';
  return below(r, 4) == 0 ? (char)(c - 'A' + 'a') : c;
}

/* Writes the record in one of its notations: a JSON array (variant III's
** letters sometimes escaped, "\u004C"), or bare letters or takes with
** commas, blanks or nothing between them (takes need one or the other). */
static void write_record(rng *r, int variant, const coins_move *m, size_t n, text *t) {
  static const char *const between[] = {",", " ", ", ", " , ", "\t", "\n,"};
  char b[64];
  t->len = 0;
  space(r, t);
  if (below(r, 2) && (variant == 3 || below(r, 2))) { /* bare */
    const char *sep = below(r, 3) ? between[below(r, COUNT(between))] : NULL;
    for (size_t i = 0; i < n; i++) {
      if (i && (sep || variant != 3)) puts_(t, sep ? sep : " ");
      if (variant == 3)
        b[0] = random_letter(r, m[i]), b[1] = 0;
      else
        snprintf(b, sizeof b, "%llu", (unsigned long long)m[i].take);
      puts_(t, b);
    }
  } else {
    puts_(t, "[");
    for (size_t i = 0; i < n; i++) {
      space(r, t);
      if (i) {
        puts_(t, ",");
        space(r, t);
      }
      if (variant == 3) {
        char c = random_letter(r, m[i]);
        if (below(r, 4) == 0)
          snprintf(b, sizeof b, below(r, 2) ? "\"\\u%04X\"" : "\"\\u%04x\"", (unsigned)c);
        else
          snprintf(b, sizeof b, "\"%c\"", c);
      } else if (below(r, 10) == 0) {
        snprintf(b, sizeof b, "%llu.0", (unsigned long long)m[i].take);
      } else {
        snprintf(b, sizeof b, "%llu", (unsigned long long)m[i].take);
      }
      puts_(t, b);
    }
    space(r, t);
    puts_(t, "]");
  }
  space(r, t);
}

/* Parses text from an exact-size copy into an exact-size buffer (so ASan
** sees any read or write out of bounds).  *out is malloc'd. */
static int parse_moves_copy(int variant, const char *s, size_t len, int64_t **out, size_t *n,
                            char err[COINS_ERRMSG_SIZE]) {
  char *copy = exact_copy(s, len);
  size_t cap = coins_parse_moves_capacity(copy, len);
  *out = xmalloc(cap * sizeof **out);
  *n = 12345;
  memset(err, 'Z', COINS_ERRMSG_SIZE);
  int rc = coins_parse_moves(variant, copy, len, *out, cap, n, err);
  free(copy);
  return rc;
}

/* ------------------------------------------------------ illegal moves */

static void want_take_error(char *want, uint64_t ply, uint64_t take, uint64_t left, uint64_t k) {
  snprintf(want, COINS_ERRMSG_SIZE,
           "ply %llu: take %llu is not a move with %llu coin%s left and "
           "max_take %llu",
           (unsigned long long)ply, (unsigned long long)take, (unsigned long long)left,
           left == 1 ? "" : "s", (unsigned long long)k);
}

static void want_empty_error(char *want, uint64_t ply, int variant, coins_move m) {
  if (variant == 3)
    snprintf(want, COINS_ERRMSG_SIZE, "ply %llu: %c, but no coins are left",
             (unsigned long long)ply, m.side);
  else
    snprintf(want, COINS_ERRMSG_SIZE, "ply %llu: take %llu, but no coins are left",
             (unsigned long long)ply, (unsigned long long)m.take);
}

/* The review and its state are where the test thinks they are. */
static void check_position(const coins_review *rv, size_t lo, size_t hi, uint64_t ply,
                           const int64_t tot[2]) {
  CHECK_EQU(rv->line.st.lo, lo);
  CHECK_EQU(rv->line.st.hi, hi);
  CHECK_EQU(rv->line.st.ply, ply);
  CHECK_EQ(rv->line.st.totals[0], tot[0]);
  CHECK_EQ(rv->line.st.totals[1], tot[1]);
  CHECK_EQ(coins_state_mover(&rv->line.st), ply % 2 ? 2 : 1);
}

/* Tries an illegal move on the review (and on a copy of its state with
** coins_state_play): both refuse it with want, the position unchanged. */
static void try_illegal(coins_review *rv, coins_move m, const char *want, size_t lo, size_t hi,
                        uint64_t ply, const int64_t tot[2]) {
  char err[COINS_ERRMSG_SIZE];
  coins_state copy = rv->line.st;
  coins_ply p;
  memset(err, 'Z', sizeof err);
  CHECK_EQ(coins_state_play(&copy, m, &p, err), -1);
  CHECK_STR(err, want);
  CHECK(memcmp(&copy, &rv->line.st, sizeof copy) == 0,
        "coins_state_play changed the state on an illegal move");
  coins_judgement j;
  memset(err, 'Z', sizeof err);
  CHECK_EQ(coins_review_play(rv, m, &j, err), -1);
  CHECK_STR(err, want);
  check_position(rv, lo, hi, ply, tot);
}

/* An illegal move from [lo, hi) with coins left (variants I and II). */
static coins_move illegal_take(const ref_oracle *o, size_t lo, size_t hi, rng *r) {
  uint64_t most = most_of(o, hi - lo);
  coins_move m = {0, 'L', 0};
  switch (below(r, 4)) {
    case 0: m.take = 0; break; /* the parser refuses it; the state does too */
    case 1: m.take = most + 1 + below(r, 3); break;
    case 2: m.take = UINT64_MAX - below(r, 2); break;
    default: m.take = (hi - lo) + 1 + below(r, 5); break;
  }
  return m;
}

/* ========================================================= the reviews */

static uint64_t g_stats_moves, g_stats_illegal, g_stats_abandoned, g_stats_nonzero_loss,
    g_stats_loss_overflow, g_stats_blunders;

/* Generates, writes, parses and reviews one record. */
static void review_case(rng *r) {
  int variant = 1 + (int)below(r, 4);
  size_t n = gen_len(r);
  if (counted(variant) && below(r, 4) == 0) n += (size_t)below(r, 20);
  uint64_t k = variant == 3 ? 1 : gen_k(r, n);
  int64_t row[MAX_ROW];
  const int64_t *a = row;
  gen_row(r, row, n);
  if (counted(variant) && below(r, 2)) a = NULL; /* only the count matters */
  g_case.variant = variant;
  g_case.n = n;
  g_case.k = k;
  g_case.a = a;

  ref_oracle o;
  ref_oracle_init(&o, variant, a, n, k);

  /* the record: per-player policies (percent optimal, greedy, random) */
  unsigned weights[2][2];
  for (int p = 0; p < 2; p++) {
    switch (below(r, 5)) {
      case 0: weights[p][0] = 100, weights[p][1] = 0; break;  /* optimal */
      case 1: weights[p][0] = 85, weights[p][1] = 5; break;   /* careful */
      case 2: weights[p][0] = 34, weights[p][1] = 33; break;  /* mixed   */
      case 3: weights[p][0] = 0, weights[p][1] = 100; break;  /* greedy  */
      default: weights[p][0] = 10, weights[p][1] = 10; break; /* random  */
    }
  }
  size_t limit = below(r, 4) == 0 ? (size_t)below(r, n + 1) : n;
  coins_move rec[MAX_ROW];
  size_t count = 0;
  for (size_t lo = 0, hi = n, pos; lo < hi && count < limit; count++) {
    unsigned roll = (unsigned)below(r, 100), *w = weights[count % 2];
    int policy = roll < w[0] ? 0 : roll < w[0] + w[1] ? 1 : 2;
    rec[count] = pick_move(&o, lo, hi, policy, r);
    ref_apply(&o, &lo, &hi, rec[count], &pos);
  }

  /* written in record notation and parsed back */
  text t = {0};
  write_record(r, variant, rec, count, &t);
  int64_t *stored;
  size_t parsed;
  char err[COINS_ERRMSG_SIZE], want[COINS_ERRMSG_SIZE];
  int rc = parse_moves_copy(variant, t.s, t.len, &stored, &parsed, err);
  CHECK(rc == 0, "record \"%.*s\" refused: %s", (int)t.len, t.s, err);
  CHECK_EQU(parsed, count);
  for (size_t i = 0; i < count; i++) {
    coins_move m = coins_notation_move_of(variant, stored[i]);
    CHECK(m.take == rec[i].take && m.side == rec[i].side,
          "record \"%.*s\": ply %zu parsed as %llu%c, expected %llu%c", (int)t.len, t.s, i + 1,
          (unsigned long long)m.take, m.side, (unsigned long long)rec[i].take, rec[i].side);
  }
  free(t.s);

  /* the review, move by move: of the record known in advance (as
  ** coins_review does it), or of moves that come one at a time */
  int whole = below(r, 2);
  size_t words = whole ? coins_review_record_words(variant, n, k, count)
                       : coins_review_work_words(variant, n, k);
  int64_t *work = words || below(r, 2) ? guarded_alloc(words) : NULL;
  int64_t *fresh = xmalloc((n + 1) * sizeof *fresh);
  coins_review rv;
  if (whole)
    coins_review_init_record(&rv, variant, a, n, k, stored, count, work);
  else
    coins_review_init(&rv, variant, a, n, k, work);
  if (work) CHECK_GUARD(work, words, "the review's start");
  g_case.moves = rec;
  size_t lo = 0, hi = n;
  int64_t tot[2] = {0, 0};
  int overflowed = 0;
  for (size_t i = 0; i < count; i++) {
    uint64_t ply = i + 1;
    int mover = ply % 2 ? 1 : 2;
    size_t left = hi - lo;
    g_case.n_moves = i;
    check_position(&rv, lo, hi, i, tot);
    if (variant != 3 && below(r, 100) < 6) { /* an illegal move first */
      coins_move bad = illegal_take(&o, lo, hi, r);
      want_take_error(want, ply, bad.take, left, k);
      try_illegal(&rv, bad, want, lo, hi, i, tot);
      g_stats_illegal++;
    }
    coins_move peek = {0, 0, 0};
    int peeked = below(r, 3) == 0;
    if (peeked) peek = coins_review_best(&rv);

    coins_judgement j;
    memset(&j, 0x5A, sizeof j);
    memset(err, 'Z', sizeof err);
    coins_move m = rec[i];
    size_t l = lo, h = hi, pos;
    int64_t gain = ref_apply(&o, &l, &h, m, &pos);
    int64_t lead = tot[mover - 1] - tot[2 - mover];

    /* what the reference says the judgement is */
    int64_t want_loss = 0;
    int want_before, want_after, loss_overflows = 0;
    uint64_t uloss = 0;
    if (counted(variant)) {
      want_before = o.win[left] ? 1 : -1;
      want_after = o.win[left - m.take] ? -1 : 1;
      want_loss = o.win[left] && o.win[left - m.take];
    } else {
      int64_t mb = ref_oracle_margin(&o, lo, hi), ma = ref_oracle_margin(&o, l, h);
      int64_t value = gain - ma; /* |gain| + |ma| <= the sum of |a| */
      CHECK(mb >= value, "reference: a move worth %lld beats the margin %lld", (long long)value,
            (long long)mb);
      uloss = (uint64_t)mb - (uint64_t)value; /* exact: 0 <= it < 2^64 */
      loss_overflows = uloss > (uint64_t)INT64_MAX;
      want_loss = loss_overflows ? 0 : (int64_t)uloss;
      want_before = sign(lead + mb);
      want_after = sign(lead + value);
    }

    rc = coins_review_play(&rv, m, &j, err);
    if (work) CHECK_GUARD(work, words, "coins_review_play");
    if (loss_overflows) {
      /* the loss column cannot hold it: the core says so (see report) */
      snprintf(want, sizeof want, "ply %llu: the loss exceeds 2^63-1", (unsigned long long)ply);
      CHECK(rc == -1, "ply %llu: a loss of %llu was reported as %lld", (unsigned long long)ply,
            (unsigned long long)uloss, (long long)j.loss);
      CHECK_STR(err, want);
      g_stats_loss_overflow++;
      overflowed = 1;
      break; /* as the SQL layer does: the error ends the review */
    }
    CHECK(rc == 0, "ply %llu refused: %s", (unsigned long long)ply, err);
    g_stats_moves++;

    /* the move played */
    tot[mover - 1] += counted(variant) ? 0 : gain;
    CHECK_EQU(j.played.ply, ply);
    CHECK_EQ(j.played.player, mover);
    CHECK_EQU(j.played.move.take, variant == 3 ? 1 : m.take);
    CHECK_EQ(j.played.move.side, m.side);
    CHECK_EQU(j.played.pos, pos);
    CHECK_EQ(j.played.gain, counted(variant) ? 0 : gain);
    CHECK_EQ(j.played.first_total, tot[0]);
    CHECK_EQ(j.played.second_total, tot[1]);

    /* the best move: legal and optimal; the same as coins_review_best */
    CHECK(legal(&o, lo, hi, j.best), "ply %llu: best %llu%c is not legal", (unsigned long long)ply,
          (unsigned long long)j.best.take, j.best.side);
    CHECK(ref_optimal(&o, lo, hi, j.best),
          "ply %llu: best %llu%c is not "
          "optimal",
          (unsigned long long)ply, (unsigned long long)j.best.take, j.best.side);
    if (whole && variant == 3) { /* the first move of the line from here */
      coins_solution fr;
      coins_solve3(a + lo, hi - lo, fresh, &fr);
      CHECK(j.best.side == fr.best.side, "ply %llu: best %c, but the line from here starts %c",
            (unsigned long long)ply, j.best.side, fr.best.side);
    }
    if (peeked)
      CHECK(peek.take == j.best.take && peek.side == j.best.side,
            "ply %llu: coins_review_best gave %llu%c, the review %llu%c", (unsigned long long)ply,
            (unsigned long long)peek.take, peek.side, (unsigned long long)j.best.take, j.best.side);

    /* the judgement */
    CHECK_EQ(j.loss, want_loss);
    CHECK_EQ(j.before, want_before);
    CHECK_EQ(j.after, want_after);
    CHECK_EQ(j.loss == 0, ref_optimal(&o, lo, hi, m));
    if (j.loss) g_stats_nonzero_loss++;
    if (j.after < j.before) g_stats_blunders++;
    CHECK(j.after <= j.before, "ply %llu: the result improved from %d to %d",
          (unsigned long long)ply, j.before, j.after);
    if (h == l && !counted(variant)) /* the last move: the final result */
      CHECK_EQ(j.after, sign(tot[mover - 1] - tot[2 - mover]));
    if (h == l && counted(variant)) /* took the last: won, or under misère play lost */
      CHECK_EQ(j.after, variant == 1 ? 1 : -1);
    lo = l, hi = h;
  }
  g_case.n_moves = count;
  if (!overflowed) {
    check_position(&rv, lo, hi, count, tot);
    if (lo == hi) { /* a finished game: no best move, no further move */
      coins_move none = coins_review_best(&rv);
      CHECK_EQU(none.take, 0);
      coins_move more = variant == 3 ? (coins_move){1, below(r, 2) ? 'L' : 'R', 0}
                                     : (coins_move){1 + below(r, 3), 'L', 0};
      want_empty_error(want, count + 1, variant, more);
      try_illegal(&rv, more, want, lo, hi, count, tot);
      if (variant == 2) { /* the totals add up to the row */
        int64_t s = 0;
        for (size_t i = 0; i < n; i++) s += a[i];
        CHECK_EQ(tot[0] + tot[1], s);
      }
    } else {
      g_stats_abandoned++;
      coins_move best = coins_review_best(&rv); /* past the record's last move */
      CHECK(legal(&o, lo, hi, best), "the best move of an abandoned game, %llu%c, is not legal",
            (unsigned long long)best.take, best.side);
      CHECK(ref_optimal(&o, lo, hi, best),
            "the best move of an abandoned game, %llu%c, is not optimal",
            (unsigned long long)best.take, best.side);
    }
  }
  if (work) CHECK_GUARD(work, words, "coins_review_best");
  guarded_free(work);
  free(fresh);
  free(stored);
  ref_oracle_free(&o);
}

static void test_review_random(void **state) {
  (void)state;
  uint64_t count = scaled(N_RECORDS);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(11, i);
    set_case("test_review_random", i);
    review_case(&r);
  }
  printf(
      "  %llu records: %llu moves judged (%llu with a loss, %llu "
      "blunders), %llu abandoned, %llu illegal moves refused, %llu "
      "losses beyond 2^63-1\n",
      (unsigned long long)count, (unsigned long long)g_stats_moves,
      (unsigned long long)g_stats_nonzero_loss, (unsigned long long)g_stats_blunders,
      (unsigned long long)g_stats_abandoned, (unsigned long long)g_stats_illegal,
      (unsigned long long)g_stats_loss_overflow);
  if (count >= 1000 && !g_only_set) { /* the records do exercise the review */
    assert_true(g_stats_moves > 10 * count / 2);
    assert_true(g_stats_nonzero_loss > count / 4);
    assert_true(g_stats_blunders > count / 8);
    assert_true(g_stats_abandoned > count / 20);
  }
}

/* Hand-checked records: variant III [8,15,3,7], "LRLR".  Optimal play
** takes 7 (R): the first player's margin is 22 - 11 = 11. */
static void test_review_known(void **state) {
  (void)state;
  set_case(NULL, 0);
  static const int64_t a[] = {8, 15, 3, 7};
  int64_t work[32];
  coins_review rv;
  coins_judgement j;
  char err[COINS_ERRMSG_SIZE];
  assert_true(coins_review_work_words(3, 4, 1) <= COUNT(work));
  coins_review_init(&rv, 3, a, 4, 1, work);
  /* L: takes 8 from [8,15,3,7]; the opponent's margin of [15,3,7] is
  ** max(15 - m[3,7], 7 - m[15,3]) = max(15 - 4, 7 - 12) = 11: the move is
  ** worth 8 - 11 = -3 against the optimum 11 (7 - m[8,15,3] = 7 + 4), so
  ** the loss is 14 and the forced result turns from a win to a loss */
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), 0);
  assert_int_equal(j.best.side, 'R');
  assert_int_equal(j.loss, 14);
  assert_int_equal(j.before, 1);
  assert_int_equal(j.after, -1);
  /* R: the second player takes 7 from [15,3,7]: leaves [15,3] worth 12 to
  ** the first; value 7 - 12 = -5 against 11: loss 16, lead -8: before
  ** sign(-8 + 11) = +1, after sign(-8 - 5) = -1 */
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'R', 0}, &j, err), 0);
  assert_int_equal(j.best.side, 'L');
  assert_int_equal(j.loss, 16);
  assert_int_equal(j.before, 1);
  assert_int_equal(j.after, -1);
  assert_int_equal(j.played.first_total, 8);
  assert_int_equal(j.played.second_total, 7);
  /* L: the first takes 15 from [15,3]: optimal, lead +1, margin 12 */
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), 0);
  assert_int_equal(j.loss, 0);
  assert_int_equal(j.before, 1);
  assert_int_equal(j.after, 1);
  /* R: the last coin, 3: totals 23 and 10 */
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'R', 0}, &j, err), 0);
  assert_int_equal(j.loss, 0);
  assert_int_equal(j.before, -1);
  assert_int_equal(j.after, -1);
  assert_int_equal(j.played.pos, 2);
  assert_int_equal(j.played.first_total, 23);
  assert_int_equal(j.played.second_total, 10);
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), -1);
  assert_string_equal(err, "ply 5: L, but no coins are left");

  /* variant III [3,1,2], the record L known in advance (as coins_review
  ** and coins_svg start it): L is best (3 - m[1,2] = 2 against
  ** 2 - m[3,1] = 0); after it, past the record's last move, [1,2] is
  ** left and the best move is R (2 - 1 = 1 against 1 - 2 = -1) */
  static const int64_t b[] = {3, 1, 2}, record[] = {'L'};
  int64_t rwork[64];
  assert_true(coins_review_record_words(3, 3, 1, 1) <= COUNT(rwork));
  coins_review_init_record(&rv, 3, b, 3, 1, record, 1, rwork);
  coins_move best = coins_review_best(&rv);
  assert_int_equal(best.take, 1);
  assert_int_equal(best.side, 'L');
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), 0);
  assert_int_equal(j.best.side, 'L');
  assert_int_equal(j.loss, 0);
  best = coins_review_best(&rv);
  assert_int_equal(best.take, 1);
  assert_int_equal(best.side, 'R');

  /* variant I, 4 coins, k = 3: taking 1 leaves 3 to a winning opponent
  ** (a win thrown away); then every move of the opponent is optimal */
  coins_review_init(&rv, 1, NULL, 4, 3, NULL);
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), 0);
  assert_int_equal(j.best.take, 1); /* 4 % 4 = 0: a lost position... */
  assert_int_equal(j.loss, 0);      /* ...so taking 1 costs nothing */
  assert_int_equal(j.before, -1);
  assert_int_equal(j.after, -1);
  assert_int_equal(coins_review_play(&rv, (coins_move){2, 'L', 0}, &j, err), 0);
  assert_int_equal(j.best.take, 3);
  assert_int_equal(j.loss, 1); /* 3 left, took 2: leaves 1 to the first */
  assert_int_equal(j.before, 1);
  assert_int_equal(j.after, -1);
  assert_int_equal(coins_review_play(&rv, (coins_move){2, 'L', 0}, &j, err), -1);
  assert_string_equal(err,
                      "ply 3: take 2 is not a move with 1 coin left and "
                      "max_take 3");
  assert_int_equal(coins_review_play(&rv, (coins_move){1, 'L', 0}, &j, err), 0);
  assert_int_equal(j.before, 1);
  assert_int_equal(j.after, 1);
}

/* ========================================================= move parser */

/* The move codec: each move coins_notation_format writes reads back as the
** same move, in a JSON record (a number, or a string) and in a bare one;
** a word reads back alone too (coins_notation_word). */
static void test_notation(void **state) {
  (void)state;
  set_case(NULL, 0);
  for (int v = 1; v <= 3; v++) {
    coins_variant variant = (coins_variant)v;
    coins_notation nt = coins_variant_traits_of(variant).notation;
    int number = coins_notation_is_number(nt);
    for (uint64_t i = 0; i < scaled(2000); i++) {
      rng r = case_rng(40 + v, i);
      size_t count = 1 + (size_t)below(&r, 20), at[2] = {1, 0};
      coins_move want[20];
      char text[2][20 * 32] = {"[", ""}, buf[COINS_MOVE_TEXT_SIZE];
      for (size_t t = 0; t < count; t++) {
        coins_move m = {1, 'L', 0};
        if (number)
          m.take = 1 + below(&r, below(&r, 2) ? 9 : UINT64_C(1) << 57);
        else
          m.side = below(&r, 2) ? 'R' : 'L';
        want[t] = m;
        size_t len;
        const char *written = coins_notation_format(nt, m, buf, &len);
        assert_int_equal(strlen(written), len);
        if (!number) {
          coins_notation got;
          assert_int_equal(coins_notation_word(written, len, &got), m.side);
          assert_int_equal(got, nt);
        }
        const char *quote = number ? "" : "\"", *comma = t ? "," : "";
        at[0] += (size_t)snprintf(text[0] + at[0], sizeof text[0] - at[0], "%s%s%s%s", comma, quote,
                                  written, quote);
        at[1] += (size_t)snprintf(text[1] + at[1], sizeof text[1] - at[1], "%s%s",
                                  number ? comma : "", written);
      }
      snprintf(text[0] + at[0], sizeof text[0] - at[0], "]");
      for (int form = 0; form < 2; form++) {
        int64_t moves[20];
        size_t n;
        char err[COINS_ERRMSG_SIZE];
        coins_status rc =
            coins_parse_moves(variant, text[form], strlen(text[form]), moves, 20, &n, err);
        if (rc != COINS_OK) fail_msg("%s: %s", text[form], err);
        assert_int_equal(n, count);
        for (size_t t = 0; t < count; t++) {
          coins_move m = coins_notation_move_of(variant, moves[t]);
          assert_int_equal(m.take, want[t].take);
          assert_int_equal(m.side, want[t].side);
        }
      }
    }
  }
}

static void test_parse_moves(void **state) {
  (void)state;
  set_case(NULL, 0);
  static const struct {
    int variant;
    const char *text;
    const char *want; /* the moves as "1,2" / "LR", or "!message" */
  } cases[] = {
      /* variant III: both notations, any case, whitespace */
      {3, "LRRL", "LRRL"},
      {3, "lrRl", "LRRL"},
      {3, "[\"L\",\"r\"]", "LR"},
      {3, " [ \"l\" ,\t\"R\"\n] ", "LR"},
      {3, " L R\tr\nl ", "LRRL"},
      {3, "", ""},
      {3, "   ", ""},
      {3, "[]", ""},
      {3, " [ ] ", ""},
      {3, "L", "L"},
      {3, "[\"R\"]", "R"},
      {3, "LX", "!ply 2 is not L or R: X"},
      {3, "L,R", "LR"},
      {3, "l, r ,L", "LRL"},
      {3, "L,,R", "!ply 2 is missing after ',' at byte 2"},
      {3, "L R,", "!ply 3 is missing after ',' at byte 4"},
      {3, ",L", "!ply 1 is not L or R: ,"},
      {3, "L;R", "!ply 2 is not L or R: ;"},
      {3, "L]", "!ply 2 is not L or R: ]"},
      {3, "\"LR\"", "!expected a JSON array at byte 0, got \"LR\""},
      {3, " {\"a\": \"L\"}", "!expected a JSON array at byte 1, got {...}"},
      {3, "LR x", "!ply 3 is not L or R: x"},
      {3, "L\x01", "!ply 2 is not L or R: \\x01"},
      {3, "[L]", "!ply 1 is not \"L\" or \"R\": L"},
      {3, "[\"LR\"]", "!ply 1 is not \"L\" or \"R\": \"LR\""},
      /* JSON's escapes in the strings */
      {3, "[\"\\u004c\",\"R\"]", "LR"},
      {3, "[\"\\u004C\", \"\\u0072\", \"\\u006c\", \"\\u0052\"]", "LRLR"},
      {3, "[\"\\u004c\\u0052\"]", "!ply 1 is not \"L\" or \"R\": \"\\u004c\\u0052\""},
      {3, "[\"\\x4c\"]", "!ply 1 is not \"L\" or \"R\": \"\\x4c\""},
      {3, "[\"\\u004\"]", "!ply 1 is not \"L\" or \"R\": \"\\u004\""},
      {3, "[\"\\\"]", "!ply 1 is not \"L\" or \"R\": \"\\\"]"},
      {3, "[\"L, R\"]", "!ply 1 is not \"L\" or \"R\": \"L, R\""},
      {3, "[\"L", "!ply 1 is not \"L\" or \"R\": \"L"},
      {3, "['L','R']", "!ply 1 is not \"L\" or \"R\": 'L' (JSON strings take double quotes)"},
      /* takes in variant III, nested arrays */
      {3, "[1]",
       "!moves for variant III are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; got takes"},
      {3, "1,2,1",
       "!moves for variant III are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; got takes"},
      {3, " 2 1",
       "!moves for variant III are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; got takes"},
      {3, "[2.0]",
       "!moves for variant III are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; got takes"},
      {3, "[1.5]", "!ply 1 is not \"L\" or \"R\": 1.5"},
      {3, "[\"L\",1]", "!ply 2 is not \"L\" or \"R\": 1"},
      {3, "L1", "!ply 2 is not L or R: 1"},
      {3, "[[\"L\"]]", "!ply 1 is not \"L\" or \"R\": nested arrays are not allowed"},
      {3, "[\"L\", []]", "!ply 2 is not \"L\" or \"R\": nested arrays are not allowed"},
      {3, "[{}]", "!ply 1 is not \"L\" or \"R\": {}"},
      {3, "[\"L\",]", "!ply 2 is not \"L\" or \"R\": ]"},
      {3, "[\"L\" \"R\"]", "!expected ',' or ']' after ply 1 at byte 5, got \"R\""},
      {3, "[\"L\"", "!unexpected end of text after ply 1: expected ']'"},
      {3, "[\"L\",\"R\"", "!unexpected end of text after ply 2: expected ']'"},
      {3, "[\"L\"]x", "!unexpected text after the moves at byte 5: x"},
      {3, "[\"L\",\"R\"],", "!unexpected text after the moves at byte 9: ,"},
      /* variants I and II: JSON arrays of takes */
      {2, "[1,2]", "1,2"},
      {2, " [ 1 ,\n2 ] ", "1,2"},
      {1, "[2.0, 1e0, 30e-1]", "2,1,3"},
      {2, "[]", ""},
      {1, "[9223372036854775807]", "9223372036854775807"},
      {2, "[0]",
       "!ply 1: take 0 is not a move (a move takes 1 to max_take "
       "coins)"},
      {1, "[-0]",
       "!ply 1: take 0 is not a move (a move takes 1 to max_take "
       "coins)"},
      {2, "[1,-1]",
       "!ply 2: take -1 is not a move (a move takes 1 to "
       "max_take coins)"},
      {2, "[1.5]", "!ply 1 is not an integer: 1.5"},
      {1, "[1,x]", "!ply 2 is not an integer: x"},
      {2, "[1,\"L\"]", "!ply 2 is not an integer: \"L\""},
      {2, "[{\"a\": 1}]", "!ply 1 is not an integer: {...}"},
      {2, "[true]", "!ply 1 is not an integer: true"},
      {2, "[[1]]", "!ply 1 is not an integer: nested arrays are not allowed"},
      {2, "[1,]", "!ply 2 is missing at byte 3"},
      {1, "null", "!expected a JSON array at byte 0, got null"},
      {2, "\"[1]\"", "!expected a JSON array at byte 0, got \"[1]\""},
      {2, "{}", "!expected a JSON array at byte 0, got {}"},
      {2, "x1", "!expected a JSON array at byte 0, got x1"},
      {2, "(1, 2)",
       "!expected a JSON array at byte 0, got (1, 2); a JSON array is written in square "
       "brackets: [1, 2]"},
      /* letters in variants I and II */
      {2, "LR", "!moves for variant II are takes, e.g. [1,2,1] or '1,2,1'; got letters"},
      {1, "l, r", "!moves for variant I are takes, e.g. [1,2,1] or '1,2,1'; got letters"},
      {2, "[\"L\"]", "!moves for variant II are takes, e.g. [1,2,1] or '1,2,1'; got letters"},
      {2, "[ \"\\u0052\", 1]",
       "!moves for variant II are takes, e.g. [1,2,1] or '1,2,1'; got letters"},
      {1, "[R]", "!moves for variant I are takes, e.g. [1,2,1] or '1,2,1'; got letters"},
      {2, "[Right]", "!ply 1 is not an integer: Right"},
      /* takes without brackets, as variant III's letters */
      {2, "", ""},
      {1, " \t", ""},
      {1, "2", "2"},
      {2, "1,2,1", "1,2,1"},
      {2, "1 2 1", "1,2,1"},
      {1, " 1 ,2\t,\n3 ", "1,2,3"},
      {2, "1,2 1", "1,2,1"},
      {2, "2.0, 1e0", "2,1"},
      {2, "12", "12"},
      {2, "1,,2", "!ply 2 is missing after ',' at byte 2"},
      {2, "1, ,2", "!ply 2 is missing after ',' at byte 3"},
      {2, "1,", "!ply 2 is missing after ',' at byte 2"},
      {2, "-1,2", "!ply 1: take -1 is not a move (a move takes 1 to max_take coins)"},
      {2, "1,0", "!ply 2: take 0 is not a move (a move takes 1 to max_take coins)"},
      {2, "1,x", "!ply 2 is not an integer: x"},
      {2, "1;2", "!ply 1 is not a valid JSON number: 1;2"},
      {2, "1.5", "!ply 1 is not an integer: 1.5"},
      {2, "1]", "!ply 2 is not an integer: ]"},
      {1, "1,L", "!ply 2 is not an integer: L"},
      {2, "99999999999999999999", "!ply 1 is out of range: 99999999999999999999"},
      {1, "9223372036854775807 1", "!the sum of absolute values exceeds 2^63-1 at ply 2"},
      {2, "[1] x", "!unexpected text after the array at byte 4: x"},
      {2, "[1", "!unexpected end of text after ply 1: expected ',' or ']'"},
      {2, "[99999999999999999999]", "!ply 1 is out of range: 99999999999999999999"},
      {1, "[9223372036854775807, 1]", "!the sum of absolute values exceeds 2^63-1 at ply 2"},
  };
  for (size_t c = 0; c < COUNT(cases); c++) {
    const char *text = cases[c].text, *want = cases[c].want;
    int64_t *out;
    size_t n;
    char err[COINS_ERRMSG_SIZE];
    int rc = parse_moves_copy(cases[c].variant, text, strlen(text), &out, &n, err);
    if (want[0] == '!') {
      if (rc != -1)
        fail_msg("variant %d, '%s': parsed, expected: %s", cases[c].variant, text, want + 1);
      if (strcmp(err, want + 1) != 0)
        fail_msg("variant %d, '%s':\n   got      %s\n   expected %s", cases[c].variant, text, err,
                 want + 1);
      assert_int_equal(n, 0);
    } else {
      if (rc != 0) fail_msg("variant %d, '%s': %s", cases[c].variant, text, err);
      char got[256] = "";
      for (size_t i = 0; i < n; i++) {
        coins_move m = coins_notation_move_of(cases[c].variant, out[i]);
        size_t len = strlen(got);
        if (cases[c].variant == 3) {
          assert_int_equal(m.take, 1);
          snprintf(got + len, sizeof got - len, "%c", m.side);
        } else {
          assert_int_equal(m.side, 'L');
          snprintf(got + len, sizeof got - len, "%s%llu", i ? "," : "", (unsigned long long)m.take);
        }
      }
      if (strcmp(got, want) != 0)
        fail_msg("variant %d, '%s': got %s, expected %s", cases[c].variant, text, got, want);
    }
    free(out);
  }
}

/* ===================================================== illegal moves */

static void test_illegal_known(void **state) {
  (void)state;
  set_case(NULL, 0);
  static const int64_t a[] = {5, -1, 4, 2, 2};
  coins_state st;
  coins_ply p;
  char err[COINS_ERRMSG_SIZE];
  /* II, k = 2: take 3 > k */
  coins_state_init(&st, 2, a, 5, 2);
  assert_int_equal(coins_state_play(&st, (coins_move){3, 'L', 0}, &p, err), -1);
  assert_string_equal(err,
                      "ply 1: take 3 is not a move with 5 coins left "
                      "and max_take 2");
  /* take 0 */
  assert_int_equal(coins_state_play(&st, (coins_move){0, 'L', 0}, &p, err), -1);
  assert_string_equal(err,
                      "ply 1: take 0 is not a move with 5 coins left "
                      "and max_take 2");
  assert_int_equal(coins_state_play(&st, (coins_move){2, 'L', 0}, &p, err), 0);
  assert_int_equal(p.gain, 4);
  assert_int_equal(coins_state_play(&st, (coins_move){2, 'L', 0}, &p, err), 0);
  assert_int_equal(p.gain, 6);
  assert_int_equal(p.second_total, 6);
  /* take 2 > 1 coin left */
  assert_int_equal(coins_state_play(&st, (coins_move){2, 'L', 0}, &p, err), -1);
  assert_string_equal(err,
                      "ply 3: take 2 is not a move with 1 coin left and "
                      "max_take 2");
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'L', 0}, &p, err), 0);
  assert_int_equal(p.first_total, 6);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'L', 0}, &p, err), -1);
  assert_string_equal(err, "ply 4: take 1, but no coins are left");
  /* I with a count: k huge, the take beyond the row */
  coins_state_init(&st, 1, NULL, 3, UINT64_MAX);
  assert_int_equal(coins_state_play(&st, (coins_move){4, 'L', 0}, &p, err), -1);
  assert_string_equal(err,
                      "ply 1: take 4 is not a move with 3 coins left and "
                      "max_take 18446744073709551615");
  assert_int_equal(coins_state_play(&st, (coins_move){3, 'L', 0}, &p, err), 0);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'L', 0}, &p, err), -1);
  assert_string_equal(err, "ply 2: take 1, but no coins are left");
  /* I with no coins at all */
  coins_state_init(&st, 1, NULL, 0, 2);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'L', 0}, &p, err), -1);
  assert_string_equal(err, "ply 1: take 1, but no coins are left");
  /* III: a move after the last coin, from either side */
  coins_state_init(&st, 3, a, 2, 1);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'R', 0}, &p, err), 0);
  assert_int_equal(p.pos, 1);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'R', 0}, &p, err), 0);
  assert_int_equal(p.pos, 0);
  assert_int_equal(p.player, 2);
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'L', 0}, &p, err), -1);
  assert_string_equal(err, "ply 3: L, but no coins are left");
  assert_int_equal(coins_state_play(&st, (coins_move){1, 'R', 0}, &p, err), -1);
  assert_string_equal(err, "ply 3: R, but no coins are left");
}

/* ========================================================== strategies */

/* A strategy name for player (1 or 2) of the game. */
static void gen_strategy(rng *r, int variant, size_t n, int player, char *name, size_t size) {
  uint64_t p = below(r, 100);
  if (p < 25) {
    snprintf(name, size, "optimal");
  } else if (p < 40) {
    snprintf(name, size, "greedy");
  } else if (p < 48) {
    snprintf(name, size, "left");
  } else if (p < 60 && variant == 3 && player == 1 && n % 2 == 0) {
    snprintf(name, size, "parity");
  } else if (p < 80) {
    snprintf(name, size, "random:%lld", (long long)as_signed(next64(r)));
  } else {
    uint64_t q = below(r, 4);
    unsigned percent = q == 0 ? 0 : q == 1 ? 100 : (unsigned)below(r, 101);
    snprintf(name, size, "careless:%u:%lld", percent,
             (long long)as_signed(below(r, 3) ? below(r, 1000) : next64(r)));
  }
}

static uint64_t g_random_moves[2], g_random_takes[7];

/* Plays one game between first and second.  mode: 0 the SQL path (apply
** only), 1 a random mix of coins_review_apply and coins_review_play with
** extra coins_review_best calls, drawn from path (a copy: the same path
** replays the same calls).  Checks every move; writes the moves to out
** (room for n) and returns how many.
**
** Only the same calls replay the same game: the optimal move coins picks
** among several depends on where its line was last re-solved, so an extra
** coins_review_best (or a judged move) may change a later tie choice of
** 'optimal' or 'careless' -- each choice optimal, as checked here. */
static size_t play_game(const ref_oracle *o, const char *names[2], int mode, rng path,
                        coins_move *out) {
  rng *r = &path;
  char err[COINS_ERRMSG_SIZE];
  coins_strategy s[2];
  size_t words = coins_review_work_words(o->variant, o->n, o->k);
  int64_t *work = guarded_alloc(words);
  coins_review rv;
  coins_review_init(&rv, o->variant, o->a, o->n, o->k, work);
  for (int p = 0; p < 2; p++) {
    CHECK(coins_strategy_parse(names[p], strlen(names[p]), &s[p], err) == 0,
          "strategy '%s' refused: %s", names[p], err);
    CHECK(coins_strategy_ready(&s[p], p + 1, &rv, err) == 0, "strategy '%s' not ready: %s",
          names[p], err);
  }
  int64_t even = 0, odd = 0;
  for (size_t i = 0; i < o->n && o->a; i++) *(i % 2 ? &odd : &even) += o->a[i];
  size_t lo = 0, hi = o->n, count = 0;
  int64_t tot[2] = {0, 0};
  g_case.moves = out;
  while (lo < hi) {
    int mover = count % 2 ? 2 : 1;
    const char *name = names[mover - 1];
    g_case.n_moves = count;
    CHECK(count < o->n, "more moves than coins");
    coins_move best = {0, 0, 0};
    int peek = mode && below(r, 2);
    if (peek || strncmp(name, "careless:0:", 11) == 0) best = coins_review_best(&rv);
    coins_move m = coins_strategy_move(&s[mover - 1], &rv);
    out[count] = m;
    CHECK(legal(o, lo, hi, m), "ply %zu: '%s' played the illegal %llu%c", count + 1, name,
          (unsigned long long)m.take, m.side);
    if (peek) {
      CHECK(legal(o, lo, hi, best), "ply %zu: best %llu%c is illegal", count + 1,
            (unsigned long long)best.take, best.side);
      CHECK(ref_optimal(o, lo, hi, best),
            "ply %zu: best %llu%c is not "
            "optimal",
            count + 1, (unsigned long long)best.take, best.side);
    }
    if (strcmp(name, "optimal") == 0) {
      CHECK(ref_optimal(o, lo, hi, m),
            "ply %zu: 'optimal' played %llu%c, "
            "which is not optimal",
            count + 1, (unsigned long long)m.take, m.side);
    } else if (strcmp(name, "greedy") == 0) {
      coins_move g = ref_greedy(o, lo, hi);
      CHECK(m.take == g.take && m.side == g.side,
            "ply %zu: 'greedy' played "
            "%llu%c, expected %llu%c",
            count + 1, (unsigned long long)m.take, m.side, (unsigned long long)g.take, g.side);
    } else if (strcmp(name, "left") == 0) {
      CHECK(m.take == 1 && m.side == 'L', "ply %zu: 'left' played %llu%c", count + 1,
            (unsigned long long)m.take, m.side);
    } else if (strcmp(name, "parity") == 0) {
      /* the end whose index is of the richer class (even on a tie) */
      size_t richer = odd > even, end = m.side == 'L' ? lo : hi - 1;
      CHECK(end % 2 == richer,
            "ply %zu: 'parity' took index %zu; the %s "
            "positions are worth more",
            count + 1, end, richer ? "odd" : "even");
    } else if (strncmp(name, "careless:0:", 11) == 0) {
      CHECK(m.take == best.take && m.side == best.side,
            "ply %zu: '%s' "
            "played %llu%c, coins_review_best %llu%c",
            count + 1, name, (unsigned long long)m.take, m.side, (unsigned long long)best.take,
            best.side);
    } else if (strncmp(name, "random:", 7) == 0 && hi - lo >= 2) {
      if (o->variant == 3) g_random_moves[m.side == 'R']++;
      if (o->variant == 2 && o->k == 6 && hi - lo >= 6) g_random_takes[m.take]++;
    }
    size_t l = lo, h = hi, pos;
    int64_t gain = ref_apply(o, &l, &h, m, &pos);
    tot[mover - 1] += counted(o->variant) ? 0 : gain;
    coins_ply p;
    coins_judgement j;
    int rc, judged = mode && below(r, 2);
    if (judged) {
      rc = coins_review_play(&rv, m, &j, err);
      p = j.played;
    } else {
      rc = coins_review_apply(&rv, m, &p, err);
    }
    CHECK(rc == 0, "ply %zu: '%s' played %llu%c, refused: %s", count + 1, name,
          (unsigned long long)m.take, m.side, err);
    CHECK_GUARD(work, words, name);
    CHECK_EQU(p.ply, count + 1);
    CHECK_EQ(p.player, mover);
    CHECK_EQU(p.pos, pos);
    CHECK_EQ(p.first_total, tot[0]);
    CHECK_EQ(p.second_total, tot[1]);
    if (judged) {
      CHECK(ref_optimal(o, lo, hi, j.best),
            "ply %zu: best %llu%c is not "
            "optimal",
            count + 1, (unsigned long long)j.best.take, j.best.side);
      CHECK_EQ(j.loss == 0, ref_optimal(o, lo, hi, m));
    }
    lo = l, hi = h, count++;
  }
  g_case.n_moves = count;
  CHECK_EQU(rv.line.st.lo, rv.line.st.hi);
  CHECK_EQU(rv.line.st.ply, count);
  if (strcmp(names[0], "parity") == 0) {
    int64_t at_least = even > odd ? even - odd : odd - even;
    CHECK(tot[0] - tot[1] >= at_least,
          "'parity' ended %lld - %lld, less "
          "than |E - O| = %lld ahead",
          (long long)tot[0], (long long)tot[1], (long long)at_least);
  }
  if (strcmp(names[0], "optimal") == 0 && strcmp(names[1], "optimal") == 0 && !counted(o->variant))
    CHECK_EQ(tot[0] - tot[1], ref_oracle_margin(o, 0, o->n));
  guarded_free(work);
  return count;
}

static void same_game(const coins_move *game, size_t len, const coins_move *again, size_t len2,
                      const char *how) {
  CHECK(len2 == len, "%zu moves, then %zu %s", len, len2, how);
  for (size_t m = 0; m < len; m++)
    CHECK(game[m].take == again[m].take && game[m].side == again[m].side,
          "ply %zu differs %s: %llu%c, then %llu%c", m + 1, how, (unsigned long long)game[m].take,
          game[m].side, (unsigned long long)again[m].take, again[m].side);
}

/* A game whose play may hit the loss overflow of the review (mode 1) is
** played in mode 0 only: see play_game. */
static int extreme_row(const int64_t *a, size_t n) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s += a[i] < 0 ? (uint64_t)0 - (uint64_t)a[i] : (uint64_t)a[i];
  return s > (uint64_t)INT64_MAX / 2;
}

static void test_strategies_random(void **state) {
  (void)state;
  uint64_t count = scaled(N_GAMES);
  for (uint64_t i = 0; i < count; i++) {
    if (g_only_set && i != g_only) continue;
    rng r = case_rng(12, i);
    set_case("test_strategies_random", i);
    int variant = 1 + (int)below(&r, 4);
    if (below(&r, 3) == 0) variant = 3; /* parity needs III */
    size_t n = gen_len(&r);
    if (variant == 3 && n % 2 && below(&r, 2)) n--;
    uint64_t k = variant == 3 ? 1 : gen_k(&r, n);
    int64_t row[MAX_LEN];
    gen_row(&r, row, n);
    char first[64], second[64];
    gen_strategy(&r, variant, n, 1, first, sizeof first);
    gen_strategy(&r, variant, n, 2, second, sizeof second);
    const char *names[2] = {first, second};
    g_case.variant = variant;
    g_case.n = n;
    g_case.k = k;
    g_case.a = row;
    g_case.first = first;
    g_case.second = second;
    ref_oracle o;
    ref_oracle_init(&o, variant, counted(variant) && below(&r, 2) ? NULL : row, n, k);
    g_case.a = o.a;
    coins_move game[MAX_LEN], again[MAX_LEN];
    int mode = extreme_row(row, n) ? 0 : (int)below(&r, 2);
    rng path = {next64(&r)};
    size_t len = play_game(&o, names, mode, path, game);
    /* the same strategies, seeds and calls replay the same game */
    size_t len2 = play_game(&o, names, mode, path, again);
    same_game(game, len, again, len2, "on replay");
    /* strategies that never ask for the best move play the same game on
    ** the SQL path (apply only) */
    int asks[2];
    for (int p = 0; p < 2; p++)
      asks[p] = strcmp(names[p], "optimal") == 0 || strncmp(names[p], "careless:", 9) == 0;
    if (mode && !asks[0] && !asks[1]) {
      len2 = play_game(&o, names, 0, path, again);
      same_game(game, len, again, len2, "on the SQL path");
    }
    /* careless:0 is 'optimal' on the SQL path (the game coins_play plays),
    ** against an opponent that does not ask for the best move */
    for (int p = 0; p < 2; p++)
      if (strncmp(names[p], "careless:0:", 11) == 0 && !asks[1 - p]) {
        const char *as_optimal[2] = {names[0], names[1]};
        as_optimal[p] = "optimal";
        len = play_game(&o, names, 0, path, game);
        len2 = play_game(&o, as_optimal, 0, path, again);
        same_game(game, len, again, len2, "with 'optimal' for 'careless:0'");
      }
    ref_oracle_free(&o);
  }
  if (count >= 10000 && !g_only_set) { /* the generator is not stuck */
    uint64_t sides = g_random_moves[0] + g_random_moves[1];
    assert_true(g_random_moves[1] > sides * 2 / 5 && g_random_moves[1] < sides * 3 / 5);
    for (int t = 1; t <= 6; t++) assert_true(g_random_takes[t] > 0);
  }
}

/* Optimal play against every kind of opponent, on every variant. */
static void test_optimal_vs_all(void **state) {
  (void)state;
  static const char *opponents[] = {"optimal",   "greedy",        "left",          "random:1",
                                    "random:-7", "careless:50:3", "careless:100:9"};
  uint64_t count = scaled(3000), index = 0;
  for (uint64_t i = 0; i < count; i++) {
    rng r = case_rng(13, i);
    int variant = 1 + (int)(i / 2 % 4);
    size_t n = gen_len(&r);
    uint64_t k = variant == 3 ? 1 : gen_k(&r, n);
    int64_t row[MAX_LEN];
    gen_row(&r, row, n);
    ref_oracle o;
    ref_oracle_init(&o, variant, row, n, k);
    for (size_t q = 0; q < COUNT(opponents); q++, index++) {
      if (g_only_set && index != g_only) continue;
      set_case("test_optimal_vs_all", index);
      g_case.variant = variant;
      g_case.n = n;
      g_case.k = k;
      g_case.a = row;
      const char *names[2] = {"optimal", opponents[q]};
      if (i % 2) names[0] = opponents[q], names[1] = "optimal";
      g_case.first = names[0];
      g_case.second = names[1];
      coins_move game[MAX_LEN];
      rng path = {next64(&r)};
      size_t len = play_game(&o, names, extreme_row(row, n) ? 0 : 1, path, game);
      /* the optimal player ends at least as well as the reference says */
      if (!counted(variant)) {
        int64_t first = 0, second = 0;
        for (size_t m = 0, lo = 0, hi = n, pos; m < len; m++)
          *(m % 2 ? &second : &first) += ref_apply(&o, &lo, &hi, game[m], &pos);
        int64_t margin = ref_oracle_margin(&o, 0, n);
        if (i % 2)
          CHECK(second - first >= -margin,
                "the optimal second player "
                "ended %lld behind, the reference margin is %lld",
                (long long)(first - second), (long long)margin);
        else
          CHECK(first - second >= margin,
                "the optimal first player ended "
                "%lld ahead, the reference margin is %lld",
                (long long)(first - second), (long long)margin);
      } else if (n > 0) { /* I: the winner per the reference takes the last */
        int optimal_first = i % 2 == 0, first_wins = o.win[n];
        if (optimal_first == first_wins) /* misère: the loser takes the last */
          CHECK_EQ(len % 2, (first_wins ? 1 : 0) ^ (variant == 4));
      }
    }
    ref_oracle_free(&o);
  }
}

/* Parity against every opponent: at least |E - O| ahead. */
static void test_parity(void **state) {
  (void)state;
  static const char *opponents[] = {"optimal", "greedy", "left", "random:5", "careless:30:1"};
  uint64_t count = scaled(3000), index = 0;
  for (uint64_t i = 0; i < count; i++) {
    rng r = case_rng(14, i);
    size_t n = 2 * (gen_len(&r) / 2);
    int64_t row[MAX_LEN];
    gen_row(&r, row, n);
    ref_oracle o;
    ref_oracle_init(&o, 3, row, n, 1);
    for (size_t q = 0; q < COUNT(opponents); q++, index++) {
      if (g_only_set && index != g_only) continue;
      set_case("test_parity", index);
      g_case.variant = 3;
      g_case.n = n;
      g_case.k = 1;
      g_case.a = row;
      const char *names[2] = {"parity", opponents[q]};
      g_case.first = names[0];
      g_case.second = names[1];
      coins_move game[MAX_LEN];
      rng path = {next64(&r)};
      play_game(&o, names, extreme_row(row, n) ? 0 : 1, path, game);
    }
    ref_oracle_free(&o);
  }
}

static void test_parity_ready(void **state) {
  (void)state;
  set_case(NULL, 0);
  static const char *want =
      "the parity strategy is for the first player of "
      "variant III with an even number of coins";
  static const int64_t a[] = {54, 13, 9, 33};
  int64_t work[64]; /* coins_review_work_words of every case below fits */
  char err[COINS_ERRMSG_SIZE];
  coins_strategy s;
  coins_review rv;
  static const struct {
    int variant;
    size_t n;
    uint64_t k;
    int player, ok;
  } cases[] = {
      {3, 4, 1, 1, 1}, {3, 0, 1, 1, 1}, {3, 2, 1, 1, 1}, {3, 3, 1, 1, 0},
      {3, 1, 1, 1, 0}, {3, 4, 1, 2, 0}, {3, 0, 1, 2, 0}, {2, 4, 2, 1, 0},
      {2, 4, 1, 2, 0}, {1, 4, 2, 1, 0}, {1, 0, 2, 1, 0},
  };
  for (size_t c = 0; c < COUNT(cases); c++) {
    assert_true(coins_review_work_words(cases[c].variant, cases[c].n, cases[c].k) <= COUNT(work));
    coins_review_init(&rv, cases[c].variant, a, cases[c].n, cases[c].k, work);
    assert_int_equal(coins_strategy_parse("parity", 6, &s, err), 0);
    assert_int_equal(s.kind, COINS_PARITY);
    memset(err, 'Z', sizeof err);
    int rc = coins_strategy_ready(&s, cases[c].player, &rv, err);
    if (cases[c].ok) {
      if (rc != 0) fail_msg("case %zu refused: %s", c, err);
    } else {
      if (rc != -1) fail_msg("case %zu accepted", c);
      assert_string_equal(err, want);
    }
  }
  /* [54,13,9,33]: E = 63, O = 46: parity takes 54, then whatever the
  ** opponent exposes at even positions; 17 ahead at least, 25 optimally */
  coins_review_init(&rv, 3, a, 4, 1, work);
  assert_int_equal(coins_strategy_parse("parity", 6, &s, err), 0);
  assert_int_equal(coins_strategy_ready(&s, 1, &rv, err), 0);
  assert_int_equal(s.parity_odd, 0);
  coins_move m = coins_strategy_move(&s, &rv);
  assert_int_equal(m.side, 'L');
  /* every other strategy is ready for either player of any game */
  static const char *others[] = {"optimal", "greedy", "left", "random:1", "careless:5:5"};
  for (size_t c = 0; c < COUNT(others); c++)
    for (int v = 1; v <= 3; v++)
      for (int p = 1; p <= 2; p++) {
        coins_review_init(&rv, v, a, 3, v == 3 ? 1 : 2, work);
        assert_int_equal(coins_strategy_parse(others[c], strlen(others[c]), &s, err), 0);
        assert_int_equal(coins_strategy_ready(&s, p, &rv, err), 0);
      }
}

/* ================================================= strategy names */

static void test_strategy_parse(void **state) {
  (void)state;
  set_case(NULL, 0);
  static const char *unknown =
      "unknown strategy '%s'; expected 'optimal', "
      "'greedy', 'left', 'parity', 'random:SEED' or "
      "'careless:PERCENT:SEED'";
  static const char *bad_seed =
      "bad seed in strategy '%s': expected "
      "random:<64-bit integer>";
  static const char *bad_careless =
      "bad strategy '%s': expected "
      "careless:<percent 0..100>:<64-bit "
      "integer seed>";
  static const struct {
    const char *text;
    int kind; /* -1 unknown, -2 bad seed, -3 bad careless */
    uint64_t seed;
    unsigned percent;
    const char *quoted; /* the name as the message quotes it, if not text */
  } cases[] = {
      {"optimal", COINS_OPTIMAL, 0, 0, NULL},
      {"greedy", COINS_GREEDY, 0, 0, NULL},
      {"left", COINS_LEFT, 0, 0, NULL},
      {"parity", COINS_PARITY, 0, 0, NULL},
      {"random:0", COINS_RANDOM, 0, 0, NULL},
      {"random:42", COINS_RANDOM, 42, 0, NULL},
      {"random:-1", COINS_RANDOM, UINT64_MAX, 0, NULL},
      {"random:9223372036854775807", COINS_RANDOM, 0x7FFFFFFFFFFFFFFFu, 0, NULL},
      {"random:-9223372036854775808", COINS_RANDOM, 0x8000000000000000u, 0, NULL},
      {"careless:0:7", COINS_CARELESS, 7, 0, NULL},
      {"careless:100:-2", COINS_CARELESS, UINT64_MAX - 1, 100, NULL},
      {"careless:25:9223372036854775807", COINS_CARELESS, 0x7FFFFFFFFFFFFFFFu, 25, NULL},
      /* names in any case */
      {"Optimal", COINS_OPTIMAL, 0, 0, NULL},
      {"RANDOM:1", COINS_RANDOM, 1, 0, NULL},
      {"Careless:5:3", COINS_CARELESS, 3, 5, NULL},
      /* blanks around the name are not part of it (coins_text_trim_blanks) */
      {"optimal ", COINS_OPTIMAL, 0, 0, NULL},
      {" greedy", COINS_GREEDY, 0, 0, NULL},
      {"\tleft\r\n", COINS_LEFT, 0, 0, NULL},
      {"random:1 ", COINS_RANDOM, 1, 0, NULL},
      {" careless:5:3 ", COINS_CARELESS, 3, 5, NULL},
      /* unknown names: no spaces inside, quoted as given */
      {"", -1, 0, 0, NULL},
      {"   ", -1, 0, 0, NULL},
      {"foo", -1, 0, 0, NULL},
      {" foo ", -1, 0, 0, NULL},
      {"opti mal", -1, 0, 0, NULL},
      {"\vleft", -1, 0, 0, "\\x0Bleft"},
      {"optimalx", -1, 0, 0, NULL},
      {"opt", -1, 0, 0, NULL},
      {"random", -1, 0, 0, NULL},
      {"careless", -1, 0, 0, NULL},
      {"random 1", -1, 0, 0, NULL},
      {"par\x01ty", -1, 0, 0, "par\\x01ty"},
      {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", -1, 0, 0,
       "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."},
      /* bad seeds */
      {"random:", -2, 0, 0, NULL},
      {"random:x", -2, 0, 0, NULL},
      {"random:-", -2, 0, 0, NULL},
      {"random:+1", -2, 0, 0, NULL},
      {"random: 1", -2, 0, 0, NULL},
      {" random:1:2 ", -2, 0, 0, NULL},
      {"random:1.0", -2, 0, 0, NULL},
      {"random:1e3", -2, 0, 0, NULL},
      {"random:0x10", -2, 0, 0, NULL},
      {"random:9223372036854775808", -2, 0, 0, NULL},
      {"random:-9223372036854775809", -2, 0, 0, NULL},
      {"random:18446744073709551615", -2, 0, 0, NULL},
      {"random:99999999999999999999999", -2, 0, 0, NULL},
      {"random:1:2", -2, 0, 0, NULL},
      /* careless: percent 0..100, then a seed; nothing missing */
      {"careless:", -3, 0, 0, NULL},
      {"careless:5", -3, 0, 0, NULL},
      {"careless:5:", -3, 0, 0, NULL},
      {"careless::5", -3, 0, 0, NULL},
      {"careless:101:1", -3, 0, 0, NULL},
      {"careless:1000:1", -3, 0, 0, NULL},
      {"careless:-1:1", -3, 0, 0, NULL},
      {"careless:-0:1", -3, 0, 0, NULL},
      {"careless:+5:1", -3, 0, 0, NULL},
      {"careless:x:1", -3, 0, 0, NULL},
      {"careless:5:x", -3, 0, 0, NULL},
      {"careless:5:1:2", -3, 0, 0, NULL},
      {"careless:5:9223372036854775808", -3, 0, 0, NULL},
      {"careless:18446744073709551716:1", -3, 0, 0, NULL},
  };
  for (size_t c = 0; c < COUNT(cases); c++) {
    const char *text = cases[c].text;
    size_t len = strlen(text);
    char *copy = malloc(len); /* exact size: no NUL to lean on */
    if (len) {
      assert_non_null(copy);
      memcpy(copy, text, len);
    }
    coins_strategy s;
    char err[COINS_ERRMSG_SIZE], want[COINS_ERRMSG_SIZE];
    memset(err, 'Z', sizeof err);
    int rc = coins_strategy_parse(copy, len, &s, err);
    free(copy);
    if (cases[c].kind >= 0) {
      if (rc != 0) fail_msg("'%s' refused: %s", text, err);
      assert_int_equal(s.kind, cases[c].kind);
      if (cases[c].kind == COINS_RANDOM || cases[c].kind == COINS_CARELESS)
        assert_true(s.rng == cases[c].seed);
      if (cases[c].kind == COINS_CARELESS) assert_int_equal(s.percent, cases[c].percent);
      continue;
    }
    const char *q = cases[c].quoted ? cases[c].quoted : text;
    snprintf(want, sizeof want,
             cases[c].kind == -1   ? unknown
             : cases[c].kind == -2 ? bad_seed
                                   : bad_careless,
             q);
    if (rc != -1) fail_msg("'%s' accepted", text);
    if (strcmp(err, want) != 0) fail_msg("'%s':\n   got      %s\n   expected %s", text, err, want);
  }
  /* a NUL inside the name is a byte like any other */
  coins_strategy s;
  char err[COINS_ERRMSG_SIZE];
  assert_int_equal(coins_strategy_parse("optimal\0", 8, &s, err), -1);
  assert_string_equal(err,
                      "unknown strategy 'optimal\\x00'; expected "
                      "'optimal', 'greedy', 'left', 'parity', "
                      "'random:SEED' or 'careless:PERCENT:SEED'");
}

/* The generator: splitmix64's published sequence from state 0, and
** coins_random_range in bounds over the full range and tiny ones. */
static void test_generator(void **state) {
  (void)state;
  uint64_t s = 0;
  assert_true(coins_random_next(&s) == 0xE220A8397B1DCDAFu);
  assert_true(coins_random_next(&s) == 0x6E789E6AA1B965F4u);
  assert_true(coins_random_next(&s) == 0x06C45D188009454Fu);
  s = 12345;
  for (int i = 0; i < 10000; i++) {
    int64_t v = coins_random_range(&s, -3, 3);
    assert_true(v >= -3 && v <= 3);
    v = coins_random_range(&s, 5, 5);
    assert_true(v == 5);
    (void)coins_random_range(&s, INT64_MIN, INT64_MAX);
    v = coins_random_range(&s, INT64_MAX - 1, INT64_MAX);
    assert_true(v >= INT64_MAX - 1);
  }
  /* different seeds, different games (almost always): random:1 and
  ** random:2 on 40 coins of variant III */
  int64_t a[40] = {0}, work1[80], work2[80];
  coins_strategy s1, s2;
  char err[COINS_ERRMSG_SIZE];
  coins_review r1, r2;
  coins_review_init(&r1, 3, a, 40, 1, work1);
  coins_review_init(&r2, 3, a, 40, 1, work2);
  assert_int_equal(coins_strategy_parse("random:1", 8, &s1, err), 0);
  assert_int_equal(coins_strategy_parse("random:2", 8, &s2, err), 0);
  int differ = 0;
  for (int i = 0; i < 40; i++)
    differ += coins_strategy_move(&s1, &r1).side != coins_strategy_move(&s2, &r2).side;
  assert_true(differ > 5);
}

/* ================================================================== main */

int main(void) {
  random_init("test_records", 0x5EC0D5C015BADA55u);
  printf("test_records: seed 0x%llx, scale %g: %llu records, %llu games\n",
         (unsigned long long)g_seed, g_scale, (unsigned long long)scaled(N_RECORDS),
         (unsigned long long)scaled(N_GAMES));
  fflush(stdout);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_notation),
      cmocka_unit_test(test_parse_moves),
      cmocka_unit_test(test_illegal_known),
      cmocka_unit_test(test_review_known),
      cmocka_unit_test(test_strategy_parse),
      cmocka_unit_test(test_parity_ready),
      cmocka_unit_test(test_generator),
      cmocka_unit_test(test_review_random),
      cmocka_unit_test(test_strategies_random),
      cmocka_unit_test(test_optimal_vs_all),
      cmocka_unit_test(test_parity),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
