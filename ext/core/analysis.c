/*
** analysis.c -- what a review says about a move beyond its loss (part of
** the pure core): the stake of a position, the share of it a move gave
** away, the move's grade and accuracy, the evaluation after it, and
** whether the best move was the only one that kept the result.
**
** The only-move test needs the values of the moves not played:
**   I    the winning move is unique: the test is the position's result.
**   II   take t is worth suffix(lo) - 2 best[lo + t]: the moves that keep
**        the result are those whose best[] is small enough, so the two
**        least best[] of the window (lo, lo + k] decide.  The window slides
**        with the positions of the game; it is a queue of two stacks, the
**        front one keeping the two least of each of its suffixes: O(1)
**        amortised a coin, whatever k is.
**   III  the move played is worth gain - margin after; when it was not
**        optimal, the other end is (its value is the margin before); when
**        it was, the other end's position is one step off the record and
**        is solved, O(coins left).  With the record known in advance
**        (coins_analysis_use_record) those positions are solved all at
**        once: after t moves the coins are [lo, hi), and taking the other
**        end leaves [lo, hi - 1) or [lo + 1, hi).  The positions
**        [lo, hi - 1) along the record are themselves the positions of
**        the same record played on the row less its last coin (each move
**        takes an end of both), and [lo + 1, hi) those on the row less its
**        first: a pass of valley.c each, O((n + moves) log n), the first
**        time a move that took that end needs one.
*/
#include "bits.h"
#include "compiler.h"
#include "fuse.h"
#include "interval.h"
#include "line.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "review.h"
#include "scan.h"
#include "solution.h"
#include "solve1.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "sum.h"
#include "text.h"
#include "valley.h"

size_t coins_analysis_work_words(coins_variant v, size_t n, uint64_t k) {
  (void)k;
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return 0;
    case COINS_II: return 2 * (n + 1); /* the front stack's two least */
    case COINS_III: return n;          /* one solve */
  }
  return 0;
}

void coins_analysis_init(coins_analysis *an, coins_variant v, const int64_t *a, uint64_t n,
                         uint64_t k, int64_t *work, const coins_stop *stop) {
  *an = (coins_analysis){.variant = v, .n = n, .k = k, .work = work, .stop = stop};
  if (coins_variant_traits_of(v).has_values) an->a = a; /* variant I: no stake */
  an->back1 = an->back2 = INT64_MAX;
}

size_t coins_analysis_record_words(coins_variant v, size_t n, uint64_t k, size_t count) {
  size_t words = coins_analysis_work_words(v, n, k), others = 0;
  switch (v) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: break;
    case COINS_III: others = (count + 1) + coins_valley_record_words(n, count); break;
  }
  return others > words ? others : words; /* III: other[], then one pass */
}

void coins_analysis_use_record(coins_analysis *an, int64_t *work) {
  an->work = work;
  an->by_record = 1;
}

/* III with its record: other[t], in the first words of the work, is the
** mover's margin after t moves had move t taken the other end.  One pass
** makes it for the moves t that take side ('L': the row less its last
** coin; 'R': less its first), for each t < count that leaves a coin. */
static coins_status solve_others(coins_analysis *an, const int64_t *moves, size_t count,
                                 char side) {
  size_t n = (size_t)an->n;
  size_t walk = count < n - 1 ? count : n - 1; /* moves on n - 1 coins */
  int64_t *margin;
  char *best;
  coins_status rc = coins_valley_solve_record(an->a + (side == 'R'), n - 1, moves, walk,
                                              an->work + count + 1, &margin, &best, an->stop);
  if (rc != COINS_OK) return rc;
  for (size_t t = 0; t < walk; t++)
    if (moves[t] == side) an->work[t] = margin[t];
  an->others |= side == 'L' ? 1u : 2u;
  return COINS_OK;
}

static uint64_t magnitude(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

coins_status coins_analysis_stake(coins_analysis *an, uint64_t lo, uint64_t hi, uint64_t *stake) {
  if (an->a == NULL) { /* variant I: no values */
    *stake = 0;
    return COINS_OK;
  }
  if (!an->stake_ready) {
    uint64_t sum = 0;
    for (size_t i = (size_t)lo, end; i < hi; i = end) {
      if (i > lo && coins_stop_asked(an->stop)) return COINS_STOPPED;
      for (end = coins_stop_span_end(i, (size_t)hi, an->stop); i < end; i++)
        sum += magnitude(an->a[i]);
    }
    an->stake_ready = 1;
    an->stake_lo = lo, an->stake_hi = hi, an->stake = sum;
  }
  for (; an->stake_lo < lo; an->stake_lo++) an->stake -= magnitude(an->a[an->stake_lo]);
  for (; an->stake_hi > hi; an->stake_hi--) an->stake -= magnitude(an->a[an->stake_hi - 1]);
  *stake = an->stake;
  return COINS_OK;
}

double coins_analysis_share(coins_variant v, int64_t loss, uint64_t stake) {
  if (!coins_variant_traits_of(v).has_values) return (double)loss;
  if (stake == 0) return 0;
  double share = (double)loss / (2.0 * (double)stake);
  return share > 1 ? 1 : share;
}

/* The least share a mistake gives away (docs/reference.md, "Grades and
** accuracy", has the measurements behind it). */
#define MISTAKE_SHARE 0.075

coins_grade coins_analysis_grade(coins_variant v, const coins_judgement *j, uint64_t stake) {
  if (j->loss == 0) return COINS_BEST;
  if (j->after < j->before) return COINS_BLUNDER;
  return coins_analysis_share(v, j->loss, stake) >= MISTAKE_SHARE ? COINS_MISTAKE
                                                                  : COINS_INACCURACY;
}

/* e^x for -8 <= x <= 0, without libm (the core links nothing): e^(x/64)
** by its series, then squared six times; within 1e-13 of exp. */
static double exp_small(double x) {
  double y = x / 64, term = 1, sum = 1;
  for (int i = 1; i <= 10; i++) {
    term *= y / i;
    sum += term;
  }
  for (int i = 0; i < 6; i++) sum *= sum;
  return sum;
}

/* The product is rounded before 3.1669 is taken off (volatile): a compiler
** may fuse a multiply and an add into one rounding (gcc does on arm64, not
** on x86-64), and the last digit of the accuracy would depend on the CPU. */
double coins_analysis_accuracy(coins_variant v, const coins_judgement *j, uint64_t stake) {
  if (j->loss == 0) return 100;
  volatile double scaled = 103.1668 * exp_small(-4.354 * coins_analysis_share(v, j->loss, stake));
  double accuracy = scaled - 3.1669;
  return accuracy < 0 ? 0 : accuracy > 100 ? 100 : accuracy;
}

int64_t coins_analysis_eval(const coins_review *rv) {
  const coins_state *st = &rv->line.st;
  int next_first = coins_state_mover(st) == 1;
  if (!coins_variant_traits_of(st->variant).has_values) {
    coins_solution r;
    int wins;
    if (st->piles) { /* a sum */
      wins = coins_sum_wins(st);
    } else if (rv->line.pile) { /* a set of takes */
      wins = coins_pile_table_value(rv->line.pile, st->hi - st->lo) != 0;
    } else {
      /* no coins: the mover has lost, or under misère play won */
      coins_solve1_of(st->variant, st->hi - st->lo, st->k, &r);
      wins = r.outcome == COINS_FIRST;
    }
    return wins == next_first ? 1 : -1;
  }
  /* the totals so far, then the next mover's margin, signed for the first */
  int64_t so_far = st->totals[0] - st->totals[1];
  return next_first ? so_far + rv->margin : so_far - rv->margin;
}

int64_t coins_analysis_lead(const coins_judgement *j) {
  const coins_ply *p = &j->played;
  int64_t mine = p->player == 1 ? p->first_total : p->second_total;
  int64_t theirs = p->player == 1 ? p->second_total : p->first_total;
  return mine - p->gain - theirs;
}

/* The sign of lead + v, both parts of one game's final margin. */
static int result_of(int64_t lead, int64_t v) { return lead > -v ? 1 : lead == -v ? 0 : -1; }

/* II: x into the two least (*least <= *second). */
static void keep_two(int64_t x, int64_t *least, int64_t *second) {
  if (x < *least) {
    *second = *least;
    *least = x;
  } else if (x < *second) {
    *second = x;
  }
}

/* II: the window of best[] becomes [from, to); neither end goes back.
** Front stack [qlo, qmid): front1/front2[j] the two least of best[j..qmid);
** back [qmid, qhi): its two least in back1, back2. */
static coins_status slide(coins_analysis *an, const int64_t *best, uint64_t from, uint64_t to) {
  int64_t *front1 = an->work, *front2 = an->work + an->n + 1;
  if (from >= an->qhi) { /* past the whole window: start again there */
    an->qlo = an->qmid = an->qhi = from;
    an->back1 = an->back2 = INT64_MAX;
  }
  for (size_t j = (size_t)an->qhi, end; j < to; j = end) {
    if (j > an->qhi && coins_stop_asked(an->stop)) return COINS_STOPPED;
    for (end = coins_stop_span_end(j, (size_t)to, an->stop); j < end; j++)
      keep_two(best[j], &an->back1, &an->back2);
  }
  if (to > an->qhi) an->qhi = to;
  if (from >= an->qmid && from > an->qlo) { /* the front is used up: the back becomes it */
    int64_t least = INT64_MAX, second = INT64_MAX;
    for (size_t hi = (size_t)an->qhi, start; hi > from; hi = start) {
      if (hi < an->qhi && coins_stop_asked(an->stop)) return COINS_STOPPED;
      start = hi - from > COINS_STOP_SPAN && an->stop ? hi - COINS_STOP_SPAN : (size_t)from;
      for (size_t i = hi; i-- > start;) {
        keep_two(best[i], &least, &second);
        front1[i] = least, front2[i] = second;
      }
    }
    an->qmid = an->qhi;
    an->back1 = an->back2 = INT64_MAX;
  }
  if (from > an->qlo) an->qlo = from;
  return COINS_OK;
}

/* II: the test from the two least best[] of the window. */
static coins_status only_two(coins_analysis *an, const coins_review *rv, const coins_judgement *j,
                             uint64_t lo, uint64_t moves, int *only) {
  coins_status rc = slide(an, rv->line.best, lo + 1, lo + moves + 1);
  if (rc != COINS_OK) return rc;
  int64_t least = an->back1, second = an->back2;
  if (an->qlo < an->qmid) {
    keep_two(an->work[an->qlo], &least, &second);
    keep_two(an->work[an->n + 1 + an->qlo], &least, &second);
  }
  if (j->before == 0) { /* a draw is kept only by the least */
    *only = second > least;
  } else { /* a win: is the second least's move a win too? */
    int64_t suffix = rv->line.suffix + j->played.gain, mine = suffix - second;
    *only = result_of(coins_analysis_lead(j), mine - second) <= 0;
  }
  return COINS_OK;
}

/* III: the test from the other end's value. */
static coins_status only_three(coins_analysis *an, const coins_review *rv, const coins_judgement *j,
                               uint64_t lo, uint64_t hi, int *only) {
  if (j->loss > 0) { /* the other end was the best: did the move keep the result? */
    *only = j->after != j->before;
    return COINS_OK;
  }
  if (j->best.side != j->played.move.side) { /* both ends are optimal */
    *only = 0;
    return COINS_OK;
  }
  char side = (char)j->played.move.side;
  int left = side == 'R';                          /* the other end */
  int64_t coin = an->a[left ? lo : hi - 1], after; /* the other end's position's margin */
  coins_status rc = COINS_OK;
  if (an->by_record && rv->record) { /* solved along the whole record, once a side */
    if (!(an->others & (side == 'L' ? 1u : 2u)))
      rc = solve_others(an, rv->record, rv->record_count, side);
    after = rc == COINS_OK ? an->work[j->played.ply - 1] : 0;
  } else { /* the coins left less the other end, solved alone */
    size_t m;
    rc = coins_solve3_fuse_stop(an->a + (left ? lo + 1 : lo), (size_t)(hi - lo - 1), an->work, NULL,
                                &m, an->stop);
    after = rc == COINS_OK ? coins_solve3_blocks_margin(an->work, m) : 0;
  }
  if (rc != COINS_OK) return rc;
  *only = result_of(coins_analysis_lead(j), coin - after) != j->before;
  return COINS_OK;
}

/* With a set of takes: the takes that fit, each tried (at most 64). */
static void only_in_set(const coins_review *rv, const coins_judgement *j, uint64_t lo, uint64_t hi,
                        int *only) {
  const coins_line *line = &rv->line;
  uint64_t left = hi - lo, mask = line->st.mask;
  uint64_t moves = left >= 64 ? mask : mask & (((uint64_t)1 << left) - 1), keeping = 0;
  *only = coins_popcount(moves) < 2 ? -1 : 0;
  if (*only < 0 || j->before < 0) return; /* a lost position stays lost */
  for (; moves; moves &= moves - 1) {
    uint64_t s = (uint64_t)coins_lowest_bit(moves) + 1;
    if (line->pile) { /* I: the moves that leave a lost pile */
      keeping += coins_pile_table_value(line->pile, left - s) == 0;
    } else { /* II: the moves whose margin keeps the result */
      int64_t gain = line->prefix[lo + s] - line->prefix[lo];
      keeping += result_of(coins_analysis_lead(j), gain - line->best[lo + s]) >= j->before;
    }
  }
  *only = keeping == 1;
}

coins_status coins_analysis_only_move(coins_analysis *an, const coins_review *rv,
                                      const coins_judgement *j, uint64_t lo, uint64_t hi,
                                      int *only) {
  if (rv->line.st.piles) {
    *only = coins_sum_only_move(&rv->line.st, &j->played);
    return COINS_OK;
  }
  if (rv->line.st.mask) {
    only_in_set(rv, j, lo, hi, only);
    return COINS_OK;
  }
  uint64_t left = hi - lo, most = 0; /* legal moves at most */
  switch (an->variant) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: most = an->k; break;
    case COINS_III: most = 2; break; /* the two ends */
  }
  uint64_t moves = most < left ? most : left;
  *only = -1;
  if (moves < 2) return COINS_OK;
  *only = 0;
  if (j->before < 0) return COINS_OK; /* every move keeps a lost position lost */
  switch (an->variant) {
    case COINS_I: /* a winning move is the only one */
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: *only = 1; return COINS_OK;
    case COINS_II: return only_two(an, rv, j, lo, moves, only);
    case COINS_III: return only_three(an, rv, j, lo, hi, only);
  }
  return COINS_OK;
}
