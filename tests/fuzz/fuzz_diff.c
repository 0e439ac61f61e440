/*
** fuzz_diff.c -- differential libFuzzer harness: the pure core (coins.h)
** against the plain reference solvers of tests/unit/reference.c, on small games
** the fuzzer chooses (make fuzz).
**
** Input bytes:
**   [0] variant (% 3 + 1)
**   [1] max_take: % 6 + 1; with bit 7 set and variant I or II, a huge k
**       (UINT64_MAX - (b & 7)): the paths where k + 1 overflows
**   [2] n: variant I the coin count 0..255; II and III % 17 coins
**   [3] how the values are made from the following bytes (II, III):
**       int8, {0,1,2}, int16, large, near INT64_MAX / n, one huge element
**   ... the values, then one byte naming the two strategies of a coins_play
**       style game, then the record: one byte per move (bit 7: play the
**       review's best move; bit 6: ask for the best move before applying;
**       else III: bit 0 = L/R, I/II: take b % min(k, left) + 1).
**
** Every disagreement abort()s: outcome, margin, score, total; the
** optimality and tie rules of the best move; every move of the optimal
** line (legal, optimal from its own position, pos/gain/totals/ply/player
** consistent); the review of the record (best move optimal, loss, before,
** after, the played fields) and the same record through
** coins_review_apply; illegal moves refused with a clean message; and a
** game between two strategies (each move legal and what the strategy
** promises; parity never loses for the first player).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins.h"
#include "reference.h"

#define CHECK(cond)                           \
  do {                                        \
    if (!(cond)) fail_check(__LINE__, #cond); \
  } while (0)

/* ------------------------------------------------------------- the game */

typedef struct game {
  int variant;
  uint64_t k;
  size_t n;
  int64_t a[17];
  unsigned char win[256]; /* I: win[m] for m coins                       */
  int64_t m2[18];         /* II: the mover's margin from coin i          */
  int64_t *t3;            /* III: margin of a[lo..hi) at t3[lo*(n+1)+hi] */
} game;

static game g_game;

static void fail_check(int line, const char *what) {
  const game *g = &g_game;
  fprintf(stderr, "fuzz_diff: line %d: check failed: %s\n", line, what);
  fprintf(stderr, "  variant %d, k %llu, n %zu", g->variant, (unsigned long long)g->k, g->n);
  if (g->variant != 1) {
    fprintf(stderr, ", a = [");
    for (size_t i = 0; i < g->n; i++) fprintf(stderr, "%s%lld", i ? "," : "", (long long)g->a[i]);
    fprintf(stderr, "]");
  }
  fprintf(stderr, "\n");
  abort();
}

static void *xmalloc(size_t words) {
  void *p = malloc(words ? words * sizeof(int64_t) : 1);
  if (!p) abort();
  return p;
}

static int sign64(int64_t v) { return (v > 0) - (v < 0); }

static uint64_t min_u64(uint64_t x, uint64_t y) { return x < y ? x : y; }

/* The mover's value of position [lo, hi): II/III margin, I win (1/0). */
static int64_t value_of(const game *g, uint64_t lo, uint64_t hi) {
  if (g->variant == 1) return g->win[hi - lo];
  if (g->variant == 2) return g->m2[lo];
  return g->t3[lo * (g->n + 1) + hi];
}

static int64_t sum_range(const game *g, uint64_t lo, uint64_t hi) {
  int64_t s = 0;
  for (uint64_t i = lo; i < hi; i++) s += g->a[i];
  return s;
}

/* Whether m is legal from [lo, hi). */
static int is_legal(const game *g, uint64_t lo, uint64_t hi, coins_move m) {
  uint64_t left = hi - lo;
  if (left == 0) return 0;
  if (g->variant == 3) return m.take == 1 && (m.side == 'L' || m.side == 'R');
  return m.side == 'L' && m.take >= 1 && m.take <= min_u64(g->k, left);
}

/* The mover's result of playing m from [lo, hi): its gain minus the
** opponent's margin from there (II, III). */
static int64_t move_value(const game *g, uint64_t lo, uint64_t hi, coins_move m) {
  if (g->variant == 2) return sum_range(g, lo, lo + m.take) - value_of(g, lo + m.take, hi);
  if (m.side == 'L') return g->a[lo] - value_of(g, lo + 1, hi);
  return g->a[hi - 1] - value_of(g, lo, hi - 1);
}

/* Whether the legal move m is optimal from [lo, hi). */
static int is_optimal(const game *g, uint64_t lo, uint64_t hi, coins_move m) {
  if (g->variant == 1) {
    uint64_t left = hi - lo;
    return !g->win[left] || !g->win[left - m.take];
  }
  return move_value(g, lo, hi, m) == value_of(g, lo, hi);
}

/* The tie rules of the best move (solver and review): I one coin from a
** lost position; II the fewest coins among optimal takes. */
static void check_best(const game *g, uint64_t lo, uint64_t hi, coins_move m) {
  if (lo == hi) {
    CHECK(m.take == 0);
    return;
  }
  CHECK(is_legal(g, lo, hi, m));
  CHECK(is_optimal(g, lo, hi, m));
  if (g->variant == 1 && !g->win[hi - lo]) CHECK(m.take == 1);
  if (g->variant == 2)
    for (uint64_t t = 1; t < m.take; t++) {
      coins_move fewer = {t, 'L', 0};
      CHECK(!is_optimal(g, lo, hi, fewer));
    }
}

/* ---------------------------------------------------------- the inputs */

typedef struct reader {
  const uint8_t *p;
  size_t left;
} reader;

static uint8_t byte(reader *r) {
  if (r->left == 0) return 0;
  r->left--;
  return *r->p++;
}

static uint64_t bytes64(reader *r, int count) {
  uint64_t v = 0;
  for (int i = 0; i < count; i++) v |= (uint64_t)byte(r) << (8 * i);
  return v;
}

static void read_values(game *g, reader *r) {
  size_t n = g->n;
  int64_t bound = n ? INT64_MAX / (int64_t)n : 0;
  int model = byte(r) % 6;
  for (size_t i = 0; i < n; i++) {
    switch (model) {
      case 0: g->a[i] = (int8_t)byte(r); break;
      case 1: g->a[i] = byte(r) % 3; break;
      case 2: g->a[i] = (int16_t)bytes64(r, 2); break;
      case 3: {
        uint64_t span = 2 * (uint64_t)bound + 1;
        uint64_t u = bytes64(r, 8) % span - (uint64_t)bound; /* mod 2^64 */
        g->a[i] = u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)~u - 1;
        break;
      }
      case 4: {
        uint8_t b = byte(r);
        g->a[i] = (b & 1 ? -1 : 1) * (bound - (b >> 1));
        break;
      }
      default: g->a[i] = (int8_t)byte(r); break;
    }
  }
  if (model == 5 && n > 0) { /* one element makes the sum exactly INT64_MAX */
    size_t at = byte(r) % n;
    int64_t rest = 0;
    for (size_t i = 0; i < n; i++)
      if (i != at) rest += g->a[i] < 0 ? -g->a[i] : g->a[i];
    g->a[at] = INT64_MAX - rest;
    if (byte(r) & 1) g->a[at] = -g->a[at];
  }
}

/* --------------------------------------------------------------- checks */

static void check_solve(const game *g) {
  size_t words = coins_solve_work_words(g->variant, g->n, g->k);
  int64_t *work = xmalloc(words);
  coins_solution r;
  memset(&r, 0x5A, sizeof r);
  coins_solve(g->variant, g->variant == 1 ? NULL : g->a, g->n, g->k, work, &r);
  free(work);

  if (g->variant == 1) {
    CHECK(r.outcome == (g->win[g->n] ? COINS_FIRST : COINS_SECOND));
    CHECK(r.margin == 0 && r.score == 0 && r.total == 0);
    CHECK(coins_solve1_take(g->n, g->k) == r.best.take);
  } else {
    int64_t margin = value_of(g, 0, g->n), total = sum_range(g, 0, g->n);
    CHECK(r.margin == margin);
    CHECK(r.total == total);
    CHECK((__int128)r.score * 2 == (__int128)total + margin);
    CHECK(r.outcome == (margin > 0 ? COINS_FIRST : margin < 0 ? COINS_SECOND : COINS_DRAW));
  }
  check_best(g, 0, g->n, r.best);

  if (g->variant == 3) { /* in place: the work space is the row itself */
    int64_t *copy = xmalloc(g->n);
    if (g->n) memcpy(copy, g->a, g->n * sizeof *copy);
    coins_solution q;
    coins_solve(3, copy, g->n, 1, copy, &q);
    CHECK(q.margin == r.margin && q.score == r.score && q.total == r.total &&
          q.outcome == r.outcome && q.best.take == r.best.take && q.best.side == r.best.side);
    free(copy);
  }
}

static void check_line(const game *g) {
  size_t words = coins_line_work_words(g->variant, g->n, g->k);
  int64_t *work = xmalloc(words);
  coins_line line;
  coins_line_init(&line, g->variant, g->variant == 1 ? NULL : g->a, g->n, g->k, work);
  uint64_t lo = 0, hi = g->n, ply = 0;
  int64_t totals[2] = {0, 0};
  coins_ply p;
  coins_solution r;
  int64_t *solve_work = xmalloc(coins_solve_work_words(g->variant, g->n, g->k));
  coins_solve(g->variant, g->variant == 1 ? NULL : g->a, g->n, g->k, solve_work, &r);
  free(solve_work);

  while (coins_line_next(&line, &p)) {
    CHECK(ply < g->n);
    CHECK(p.ply == ply + 1);
    CHECK(p.player == (int)(ply % 2) + 1);
    CHECK(is_legal(g, lo, hi, p.move));
    CHECK(is_optimal(g, lo, hi, p.move));
    if (ply == 0) /* the solver's best move is the line's first */
      CHECK(p.move.take == r.best.take && p.move.side == r.best.side);
    int64_t gain = 0;
    if (g->variant == 3) {
      CHECK(p.pos == (p.move.side == 'L' ? lo : hi - 1));
      gain = g->a[p.pos];
      if (p.move.side == 'L')
        lo++;
      else
        hi--;
    } else {
      CHECK(p.pos == lo);
      if (g->variant == 2) gain = sum_range(g, lo, lo + p.move.take);
      lo += p.move.take;
    }
    CHECK(p.gain == gain);
    totals[p.player - 1] += gain;
    CHECK(p.first_total == totals[0] && p.second_total == totals[1]);
    ply++;
  }
  CHECK(lo == hi);
  CHECK(coins_line_next(&line, &p) == 0); /* stays at the end */
  if (g->variant == 1) {
    /* whoever took the last coin wins */
    if (g->n) CHECK((ply % 2 == 1) == (r.outcome == COINS_FIRST));
  } else {
    CHECK(totals[0] - totals[1] == r.margin);
  }
  free(work);
}

static void check_message(const char *msg) {
  const char *nul = memchr(msg, 0, COINS_ERRMSG_SIZE);
  CHECK(nul != NULL && nul > msg);
  for (const char *c = msg; c < nul; c++) CHECK(*c >= 0x20 && *c < 0x7f);
}

/* An illegal move from [lo, hi), or take 0 when there is none (III with
** coins left). */
static coins_move illegal_move(const game *g, uint64_t lo, uint64_t hi) {
  coins_move m = {1, 'L', 0};
  uint64_t left = hi - lo;
  if (left == 0) return m;
  if (g->variant == 3) {
    m.take = 0;
    return m;
  }
  /* left <= 255: a huge k is always > left */
  m.take = left < g->k ? left + 1 : g->k + 1;
  return m;
}

/* The move the record byte b asks for from rv's position. */
static coins_move record_move(const game *g, coins_review *rv, uint8_t b) {
  const coins_state *st = &rv->line.st;
  uint64_t left = st->hi - st->lo;
  coins_move m = {1, 'L', 0};
  if (b & 0x80) return coins_review_best(rv);
  if (g->variant == 3)
    m.side = b & 1 ? 'R' : 'L';
  else
    m.take = b % min_u64(g->k, left) + 1;
  return m;
}

/* The record: reviewed with coins_review_play, replayed with
** coins_review_apply, both checked against the reference. */
static void check_review(const game *g, reader *r) {
  size_t words = coins_review_work_words(g->variant, g->n, g->k);
  int64_t *work = xmalloc(words), *work2 = xmalloc(words);
  const int64_t *a = g->variant == 1 ? NULL : g->a;
  coins_review rv, rv2;
  coins_review_init(&rv, g->variant, a, g->n, g->k, work);
  coins_review_init(&rv2, g->variant, a, g->n, g->k, work2);
  char err[COINS_ERRMSG_SIZE];
  int64_t totals[2] = {0, 0};
  uint64_t lo = 0, hi = g->n, ply = 0;

  int rv_stopped = 0; /* rv refused a move whose loss does not fit */
  while (lo < hi && r->left > 0) {
    uint8_t b = byte(r);
    coins_move m = record_move(g, &rv, b);
    CHECK(is_legal(g, lo, hi, m));
    int mover = (int)(ply % 2);
    int64_t lead = totals[mover] - totals[1 - mover];
    uint64_t nlo = lo, nhi = hi;
    int64_t gain = 0;
    if (g->variant == 3) {
      gain = m.side == 'L' ? g->a[lo] : g->a[hi - 1];
      if (m.side == 'L')
        nlo++;
      else
        nhi--;
    } else {
      if (g->variant == 2) gain = sum_range(g, lo, lo + m.take);
      nlo += m.take;
    }
    /* the reference loss, which can reach twice the sum of |coins| */
    __int128 want_loss = 0;
    if (g->variant == 1)
      want_loss = g->win[hi - lo] && g->win[nhi - nlo];
    else
      want_loss = (__int128)value_of(g, lo, hi) - ((__int128)gain - value_of(g, nlo, nhi));
    CHECK(want_loss >= 0);

    coins_judgement j;
    memset(&j, 0x5A, sizeof j);
    memset(err, 0x5A, sizeof err);
    int rc = coins_review_play(&rv, m, &j, err);
    if (want_loss > INT64_MAX) {
      /* refused, as coins.h documents: "ply N: the loss exceeds 2^63-1" */
      CHECK(rc == -1);
      check_message(err);
      CHECK(strstr(err, "loss") != NULL);
      rv_stopped = 1;
      break;
    }
    CHECK(rc == 0);
    check_best(g, lo, hi, j.best);

    /* the same move through coins_review_apply on a second review */
    if (b & 0x40) check_best(g, lo, hi, coins_review_best(&rv2));
    coins_ply applied;
    CHECK(coins_review_apply(&rv2, m, &applied, err) == 0);

    CHECK(j.played.pos == (m.side == 'R' ? hi - 1 : lo));
    CHECK(j.played.ply == ply + 1 && j.played.player == mover + 1);
    CHECK(j.played.move.take == m.take && j.played.move.side == m.side);
    CHECK(j.played.gain == gain);
    totals[mover] += gain;
    CHECK(j.played.first_total == totals[0] && j.played.second_total == totals[1]);
    CHECK(applied.ply == j.played.ply && applied.player == j.played.player &&
          applied.pos == j.played.pos && applied.gain == j.played.gain &&
          applied.move.take == j.played.move.take && applied.move.side == j.played.move.side &&
          applied.first_total == j.played.first_total &&
          applied.second_total == j.played.second_total);

    CHECK(j.loss == (int64_t)want_loss);
    if (g->variant == 1) {
      int won = g->win[hi - lo], opponent_wins = g->win[nhi - nlo];
      CHECK(j.before == (won ? 1 : -1));
      CHECK(j.after == (opponent_wins ? -1 : 1));
    } else {
      int64_t before = value_of(g, lo, hi), after = value_of(g, nlo, nhi);
      CHECK(j.before == sign64(lead + before));
      CHECK(j.after == sign64(lead + gain - after));
    }
    lo = nlo;
    hi = nhi;
    ply++;
  }
  if (rv_stopped) {
    free(work);
    free(work2);
    return;
  }
  /* both reviews agree on the best move from where the record stopped */
  CHECK(rv.line.st.lo == lo && rv.line.st.hi == hi && rv2.line.st.lo == lo && rv2.line.st.hi == hi);
  check_best(g, lo, hi, coins_review_best(&rv));
  check_best(g, lo, hi, coins_review_best(&rv2));

  /* an illegal move is refused with a clean message */
  coins_move bad = illegal_move(g, lo, hi);
  if (lo == hi || g->variant != 3) {
    coins_judgement j;
    coins_ply p;
    memset(err, 0x5A, sizeof err);
    CHECK(coins_review_play(&rv, bad, &j, err) == -1);
    check_message(err);
    memset(err, 0x5A, sizeof err);
    CHECK(coins_review_apply(&rv2, bad, &p, err) == -1);
    check_message(err);
    /* nothing was played */
    CHECK(rv.line.st.lo == lo && rv.line.st.hi == hi && rv.line.st.ply == ply);
    CHECK(rv2.line.st.lo == lo && rv2.line.st.hi == hi && rv2.line.st.ply == ply);
    check_best(g, lo, hi, coins_review_best(&rv));
  }
  free(work);
  free(work2);
}

/* A game between two strategies, coins_play's way. */
static void check_play(const game *g, uint8_t choice, uint8_t seed) {
  static const char *const kinds[] = {"optimal", "greedy", "left", "parity", "random", "careless"};
  size_t words = coins_review_work_words(g->variant, g->n, g->k);
  int64_t *work = xmalloc(words);
  coins_review rv;
  coins_review_init(&rv, g->variant, g->variant == 1 ? NULL : g->a, g->n, g->k, work);
  coins_strategy s[2];
  int kind[2] = {choice % 6, (choice / 6) % 6};
  char err[COINS_ERRMSG_SIZE];
  for (int i = 0; i < 2; i++) {
    char name[64];
    if (kind[i] == 4)
      snprintf(name, sizeof name, "random:%d", seed * 7919 - 1000 * i);
    else if (kind[i] == 5)
      snprintf(name, sizeof name, "careless:%d:%d", seed % 101, seed + i);
    else
      snprintf(name, sizeof name, "%s", kinds[kind[i]]);
    CHECK(coins_strategy_parse(name, strlen(name), &s[i], err) == 0);
    memset(err, 0x5A, sizeof err);
    if (coins_strategy_ready(&s[i], i + 1, &rv, err)) {
      check_message(err);
      CHECK(kind[i] == 3 && (g->variant != 3 || i != 0 || g->n % 2 != 0));
      free(work);
      return;
    }
    CHECK(kind[i] != 3 || (g->variant == 3 && i == 0 && g->n % 2 == 0));
  }
  uint64_t lo = 0, hi = g->n, ply = 0;
  while (lo < hi) {
    int mover = (int)(ply % 2);
    coins_move m = coins_strategy_move(&s[mover], &rv);
    CHECK(is_legal(g, lo, hi, m));
    uint64_t most = min_u64(g->k, hi - lo);
    switch (kind[mover]) {
      case 0: CHECK(is_optimal(g, lo, hi, m)); break;
      case 1:
        if (g->variant == 1) CHECK(m.take == most);
        if (g->variant == 3) CHECK(m.side == (g->a[hi - 1] > g->a[lo] ? 'R' : 'L'));
        if (g->variant == 2)
          for (uint64_t t = 1; t <= most; t++) {
            int64_t s1 = sum_range(g, lo, lo + t), s2 = sum_range(g, lo, lo + m.take);
            CHECK(t < m.take ? s1 < s2 : s1 <= s2);
          }
        break;
      case 2: CHECK(m.take == 1 && m.side == 'L'); break;
      default: break;
    }
    coins_ply p;
    CHECK(coins_review_apply(&rv, m, &p, err) == 0);
    if (g->variant == 3) {
      if (m.side == 'L')
        lo++;
      else
        hi--;
    } else {
      lo += m.take;
    }
    CHECK(rv.line.st.lo == lo && rv.line.st.hi == hi);
    ply++;
    CHECK(ply <= g->n);
  }
  if (kind[0] == 3) /* parity: the first player never loses */
    CHECK(rv.line.st.totals[0] >= rv.line.st.totals[1]);
  free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  game *g = &g_game;
  memset(g, 0, sizeof *g);
  g->variant = byte(&r) % 3 + 1;
  uint8_t kb = byte(&r);
  g->k = (uint64_t)(kb % 6) + 1;
  if ((kb & 0x80) && g->variant != 3) g->k = UINT64_MAX - (kb & 7);
  if (g->variant == 3) g->k = 1;
  uint8_t nb = byte(&r);
  g->n = g->variant == 1 ? nb : (size_t)(nb % 17);
  if (g->variant != 1) read_values(g, &r);

  if (g->variant == 1) ref1_table(g->n, g->k, g->win);
  if (g->variant == 2) ref2_margins(g->a, g->n, g->k, g->m2);
  if (g->variant == 3) g->t3 = ref3_table(g->a, g->n);

  check_solve(g);
  check_line(g);
  uint8_t choice = byte(&r), seed = byte(&r);
  check_play(g, choice, seed);
  check_review(g, &r);

  free(g->t3);
  g->t3 = NULL;
  return 0;
}
