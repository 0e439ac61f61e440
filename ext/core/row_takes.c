/*
** row_takes.c -- variant II with a set of allowed takes (coins.h): take
** s coins from the left, s in the set; when no take fits the coins left,
** the game ends and they are nobody's.  margin[i], the mover's margin
** from coin i on, is the best of sum(a[i..i+s)) - margin[i + s] over the
** takes that fit, 0 when none does: O(n |S|) for a set of takes within
** 1..64; {1..k} for a larger k goes through variant II's sliding window
** (solve.c), O(n).
*/
#include "bits.h"
#include "parse.h"
#include "pile.h"
#include "solve2.h"
#include "stop.h"
#include "text.h"

/* work: margin[0..n], then prefix[0..n] (prefix[i] = a[0] + ... +
** a[i - 1]), then for {1..k} with k > 64 the window pass's deque. */
size_t coins_row_takes_work_words(size_t n, const coins_takes *t) {
  size_t words = 2 * (n + 1);
  if (t->range > COINS_TAKES_MAX) words += coins_solve2_work_words(n, t->range) - (n + 1);
  return words;
}

/* The takes of the set that fit in left coins (those up to 64). */
static uint64_t fitting(const coins_takes *t, uint64_t left) {
  return left >= 64 ? t->mask : t->mask & (((uint64_t)1 << left) - 1);
}

uint64_t coins_row_takes_move(size_t n, const coins_takes *t, const int64_t *work, size_t i) {
  const int64_t *margin = work, *prefix = work + n + 1;
  if (t->range) { /* the fewest coins: up from 1 (O(take)) */
    for (uint64_t s = 1; s <= t->range && s <= n - i; s++)
      if (prefix[i + s] - prefix[i] - margin[i + s] == margin[i]) return s;
    return 0;
  }
  for (uint64_t moves = fitting(t, n - i); moves; moves &= moves - 1) {
    uint64_t s = (uint64_t)coins_lowest_bit(moves) + 1;
    if (prefix[i + s] - prefix[i] - margin[i + s] == margin[i]) return s;
  }
  return 0;
}

/* margin[lo..hi) from the margins above hi: a set of takes. */
static void set_margins(size_t n, uint64_t mask, int64_t *margin, const int64_t *prefix, size_t lo,
                        size_t hi) {
  coins_takes t = {mask, 0};
  for (size_t i = hi; i-- > lo;) {
    uint64_t moves = fitting(&t, n - i);
    int64_t best = 0;
    for (int first = 1; moves; moves &= moves - 1, first = 0) {
      size_t s = (size_t)coins_lowest_bit(moves) + 1;
      int64_t v = prefix[i + s] - prefix[i] - margin[i + s];
      if (first || v > best) best = v;
    }
    margin[i] = best;
  }
}

coins_status coins_row_takes_solve_stop(const int64_t *a, size_t n, const coins_takes *t,
                                        int64_t *work, coins_solution *r, const coins_stop *stop) {
  int64_t *margin = work, *prefix = work + n + 1;
  prefix[0] = 0;
  for (size_t i = 0; i < n; i++) prefix[i + 1] = prefix[i] + a[i];
  int64_t total = prefix[n];
  margin[n] = 0;
  if (t->range > COINS_TAKES_MAX) { /* best[i], the most the mover collects, to margins */
    int64_t sum;
    if (coins_solve2_window_pass_stop(a, n, t->range, 1, margin, NULL, work + 2 * (n + 1), &sum,
                                      stop) != COINS_OK)
      return COINS_STOPPED;
    for (size_t i = 0; i < n; i++) margin[i] -= (total - prefix[i]) - margin[i];
  } else {
    for (size_t hi = n, lo; hi > 0; hi = lo) { /* spans of coins, polling between */
      if (hi < n && coins_stop_asked(stop)) return COINS_STOPPED;
      lo = coins_stop_span_start(hi, stop);
      set_margins(n, t->mask, margin, prefix, lo, hi);
    }
  }
  /* the line of best play, for the first player's total */
  int64_t totals[2] = {0, 0};
  int player = 0;
  for (size_t i = 0, s, poll_at = COINS_STOP_SPAN; i < n; i += s) {
    if (i >= poll_at && (poll_at += COINS_STOP_SPAN, coins_stop_asked(stop))) return COINS_STOPPED;
    if ((s = (size_t)coins_row_takes_move(n, t, work, i)) == 0) break;
    totals[player] += prefix[i + s] - prefix[i];
    player ^= 1;
  }
  r->margin = margin[0];
  r->outcome = margin[0] > 0 ? COINS_FIRST : margin[0] < 0 ? COINS_SECOND : COINS_DRAW;
  r->score = totals[0];
  r->total = total;
  r->best.take = n > 0 ? coins_row_takes_move(n, t, work, 0) : 0;
  r->best.side = 'L';
  return COINS_OK;
}

void coins_row_takes_solve(const int64_t *a, size_t n, const coins_takes *t, int64_t *work,
                           coins_solution *r) {
  coins_row_takes_solve_stop(a, n, t, work, r, NULL);
}
