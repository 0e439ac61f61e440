/*
** options.c -- every legal move from a position with what it is worth:
** the engine's multi-line view (part of the pure core).
**
**   I    the modulo rule, O(1) a row: nothing stored.
**   II   one pass of the solver's window (best[i], the most the mover
**        collects from coin i on), then take t is worth
**        sum(a[0..t)) - margin(t), the margin of the coins it leaves:
**        every take in O(1) after the O(n) pass, whatever k is.
**   III  the two ends: a[0] - V(a[1..n)) and a[n-1] - V(a[0..n-1)), one
**        solve each.
**
** Ranks: the margins sorted by a radix sort (eight passes of a byte at
** most, a pass skipped when every margin has the same byte there), O(n).
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
#include "text.h"
#include "valley.h"

/* Rows of variant II: min(k, n). */
static uint64_t take_rows(uint64_t n, uint64_t k) { return k < n ? k : n; }

size_t coins_options_work_words(coins_variant v, size_t n, uint64_t k) {
  size_t rows = (size_t)take_rows(n, k);
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return 0;
    /* best[] and its window, then margin, gain, rank and two index rows */
    case COINS_II: return coins_solve2_work_words(n, k) + 5 * rows;
    case COINS_III: return n + 5 * 2;
  }
  return 0;
}

/* The sign of lead + margin, without adding (lead is any int64; |margin|
** is at most Σ|a|, so -margin is one too). */
static int result_of(int64_t lead, int64_t margin) {
  return lead > -margin ? 1 : lead == -margin ? 0 : -1;
}

/* A margin as an unsigned key in the same order. */
static uint64_t key_of(int64_t v) { return (uint64_t)v ^ ((uint64_t)1 << 63); }

/* rank[i] = 1 + the number of margins above margin[i], for i < count,
** by a stable radix sort of the row numbers (idx and spare: count words
** each).  Polls stop between passes. */
static coins_status rank_rows(const int64_t *margin, uint64_t count, uint64_t *rank, uint64_t *idx,
                              uint64_t *spare, const coins_stop *stop) {
  for (uint64_t i = 0; i < count; i++) idx[i] = i;
  for (int shift = 0; shift < 64; shift += 8) {
    uint64_t bucket[256] = {0}, at = 0;
    if (count > COINS_STOP_SPAN && coins_stop_asked(stop)) return COINS_STOPPED;
    for (uint64_t i = 0; i < count; i++) bucket[key_of(margin[idx[i]]) >> shift & 255]++;
    if (bucket[key_of(margin[idx[0]]) >> shift & 255] == count) continue; /* one byte */
    for (int b = 0; b < 256; b++) {
      uint64_t here = bucket[b];
      bucket[b] = at;
      at += here;
    }
    for (uint64_t i = 0; i < count; i++)
      spare[bucket[key_of(margin[idx[i]]) >> shift & 255]++] = idx[i];
    uint64_t *sorted = spare;
    spare = idx;
    idx = sorted;
  }
  /* idx: ascending; from the top, a rank changes where the margin does */
  uint64_t r = 1;
  for (uint64_t p = count; p-- > 0;) {
    if (p + 1 < count && margin[idx[p]] != margin[idx[p + 1]]) r = count - p;
    rank[idx[p]] = r;
  }
  return COINS_OK;
}

/* II: the margin of every take from a[0..n). */
static coins_status options_two(coins_options *o, int64_t *work, const coins_stop *stop) {
  size_t n = (size_t)o->n, rows = (size_t)o->count;
  int64_t *best = work, *deque = work + n + 1, total;
  o->margin = work + coins_solve2_work_words(n, o->k);
  o->gain = o->margin + rows;
  o->rank = (uint64_t *)(o->gain + rows);
  coins_status rc =
      coins_solve2_window_pass_stop(o->a, n, o->k, 1, best, NULL, deque, &total, stop);
  if (rc != COINS_OK) return rc;
  int64_t taken = 0;
  for (size_t t = 1; t <= rows; t++) {
    taken += o->a[t - 1];
    /* the opponent's margin from coin t: best[t] against the rest of it */
    int64_t rest = total - taken, theirs = best[t] - (rest - best[t]);
    o->gain[t - 1] = taken;
    o->margin[t - 1] = taken - theirs;
    if (t == 1 || o->margin[t - 1] > o->best_margin) o->best_margin = o->margin[t - 1];
  }
  uint64_t *idx = o->rank + rows;
  return rank_rows(o->margin, rows, o->rank, idx, idx + rows, stop);
}

/* III: the margin of the coins a[from..from + len), solved in work. */
static coins_status solve_part(const int64_t *a, size_t from, size_t len, int64_t *work,
                               int64_t *margin, const coins_stop *stop) {
  size_t m;
  coins_status rc = coins_solve3_fuse_stop(a + from, len, work, NULL, &m, stop);
  if (rc == COINS_OK) *margin = coins_solve3_blocks_margin(work, m);
  return rc;
}

static coins_status options_three(coins_options *o, int64_t *work, const coins_stop *stop) {
  size_t n = (size_t)o->n;
  int64_t left_rest = 0, right_rest = 0;
  o->margin = work + n;
  o->gain = o->margin + 2;
  o->rank = (uint64_t *)(o->gain + 2);
  coins_status rc = solve_part(o->a, 1, n - 1, work, &left_rest, stop);
  if (rc == COINS_OK && n > 1) rc = solve_part(o->a, 0, n - 1, work, &right_rest, stop);
  if (rc != COINS_OK) return rc;
  o->gain[0] = o->a[0];
  o->margin[0] = o->a[0] - left_rest;
  o->best_margin = o->margin[0];
  o->rank[0] = 1;
  if (n > 1) {
    o->gain[1] = o->a[n - 1];
    o->margin[1] = o->a[n - 1] - right_rest;
    o->best_margin = o->margin[1] > o->margin[0] ? o->margin[1] : o->margin[0];
    o->rank[0] = o->margin[0] < o->margin[1] ? 2 : 1;
    o->rank[1] = o->margin[1] < o->margin[0] ? 2 : 1;
  }
  return COINS_OK;
}

/* I, I-misere: whether the mover wins with left coins. */
static int mover_wins(coins_variant v, uint64_t left, uint64_t k) {
  coins_solution r;
  coins_solve1_of(v, left, k, &r);
  return r.outcome == COINS_FIRST;
}

/* Every loss must fit an int64: the best margin minus the least. */
static coins_status check_losses(const coins_options *o, char err[COINS_ERRMSG_SIZE]) {
  int64_t least = o->best_margin;
  for (uint64_t i = 0; i < o->count; i++) least = o->margin[i] < least ? o->margin[i] : least;
  if ((uint64_t)o->best_margin - (uint64_t)least > (uint64_t)INT64_MAX)
    return coins_text_fail(err, "a loss exceeds 2^63-1");
  return COINS_OK;
}

coins_status coins_options_init_stop(coins_options *o, coins_variant v, const int64_t *a,
                                     uint64_t n, uint64_t k, int64_t lead, int64_t *work,
                                     char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  coins_status rc = COINS_OK;
  *o = (coins_options){.variant = v, .a = a, .n = n, .k = k, .lead = lead};
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE:
      o->count = take_rows(n, k);
      o->won = mover_wins(v, n, k);
      return COINS_OK;
    case COINS_II:
      o->count = take_rows(n, k);
      if (n) rc = options_two(o, work, stop);
      break;
    case COINS_III:
      o->count = n < 2 ? n : 2;
      if (n) rc = options_three(o, work, stop);
      break;
  }
  return rc == COINS_OK ? check_losses(o, err) : rc;
}

/* ------------------------------------------------ with a set of takes */

/* The words a coins_pile_table takes at the start of the work. */
#define PILE_WORDS ((sizeof(coins_pile_table) + sizeof(int64_t) - 1) / sizeof(int64_t))

size_t coins_options_takes_work_words(coins_variant v, size_t n, const coins_takes *t) {
  if (t->range) return coins_options_work_words(v, n, t->range);
  if (coins_variant_traits_of(v).has_values) /* the margins, then each take's row */
    return coins_row_takes_work_words(n, t) + 3 * COINS_TAKES_MAX;
  return PILE_WORDS + coins_pile_table_words(n);
}

/* II with a set: each take's gain, margin and rank, from the margins
** of coins_row_takes_solve (at most 64 rows: ranked by counting). */
static coins_status options_set_two(coins_options *o, const coins_takes *t, int64_t *work,
                                    const coins_stop *stop) {
  size_t n = (size_t)o->n, words = coins_row_takes_work_words(n, t);
  const int64_t *margin = work, *prefix = work + n + 1;
  coins_solution r;
  coins_status rc = coins_row_takes_solve_stop(o->a, n, t, work, &r, stop);
  if (rc != COINS_OK) return rc;
  o->margin = work + words;
  o->gain = o->margin + COINS_TAKES_MAX;
  o->rank = (uint64_t *)(o->gain + COINS_TAKES_MAX);
  uint64_t i = 0;
  for (uint64_t moves = o->moves; moves; moves &= moves - 1, i++) {
    size_t s = (size_t)coins_lowest_bit(moves) + 1;
    o->gain[i] = prefix[s];
    o->margin[i] = prefix[s] - margin[s];
    if (i == 0 || o->margin[i] > o->best_margin) o->best_margin = o->margin[i];
  }
  for (i = 0; i < o->count; i++) {
    o->rank[i] = 1;
    for (uint64_t j = 0; j < o->count; j++) o->rank[i] += o->margin[j] > o->margin[i];
  }
  return COINS_OK;
}

coins_status coins_options_init_takes_stop(coins_options *o, coins_variant v, const int64_t *a,
                                           uint64_t n, const coins_takes *t, int64_t lead,
                                           int64_t *work, char err[COINS_ERRMSG_SIZE],
                                           const coins_stop *stop) {
  if (t->range) return coins_options_init_stop(o, v, a, n, t->range, lead, work, err, stop);
  *o = (coins_options){.variant = v, .a = a, .n = n, .k = coins_takes_largest(t), .lead = lead};
  o->moves = n >= 64 ? t->mask : t->mask & (((uint64_t)1 << n) - 1);
  o->count = (uint64_t)coins_popcount(o->moves);
  if (coins_variant_traits_of(v).has_values) {
    coins_status rc = options_set_two(o, t, work, stop);
    return rc == COINS_OK ? check_losses(o, err) : rc;
  }
  size_t need;
  o->pile = (coins_pile_table *)(void *)work;
  coins_status rc =
      coins_pile_table_init(o->pile, t, coins_solve1_pile_values(v), n, work + PILE_WORDS,
                            coins_pile_table_words(n), &need, err, stop);
  if (rc == COINS_OK) o->won = coins_pile_table_value(o->pile, n) != 0;
  return rc;
}

/* Row i of a position with a set of takes: its take, the i-th that fits. */
static void set_row(const coins_options *o, uint64_t i, coins_option *out) {
  uint64_t moves = o->moves;
  for (uint64_t j = 0; j < i; j++) moves &= moves - 1;
  *out = (coins_option){.move = {(uint64_t)coins_lowest_bit(moves) + 1, 'L', 0}, .rank = 1};
  if (o->pile) { /* I: the opponent's pile wins for them, or this move wins */
    out->result = coins_pile_table_value(o->pile, o->n - out->move.take) ? -1 : 1;
    out->loss = o->won && out->result < 0;
    out->rank = 1 + (uint64_t)out->loss;
    return;
  }
  out->gain = o->gain[i];
  out->margin = o->margin[i];
  out->loss = o->best_margin - o->margin[i];
  out->rank = o->rank[i];
  out->result = result_of(o->lead, o->margin[i]);
}

void coins_options_row(const coins_options *o, uint64_t i, coins_option *out) {
  uint64_t left;
  if (o->moves) {
    set_row(o, i, out);
    return;
  }
  *out = (coins_option){.move = {i + 1, 'L', 0}, .rank = 1};
  switch (o->variant) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE:
      left = o->n - (i + 1); /* the opponent's coins: they win, or this move does */
      out->result = mover_wins(o->variant, left, o->k) ? -1 : 1;
      out->loss = o->won && out->result < 0;
      out->rank = 1 + (uint64_t)out->loss;
      return;
    case COINS_II: break;
    case COINS_III: out->move = (coins_move){1, i ? 'R' : 'L', 0}; break;
  }
  out->gain = o->gain[i];
  out->margin = o->margin[i];
  out->loss = o->best_margin - o->margin[i]; /* both within Σ|a|: no overflow */
  out->rank = o->rank[i];
  out->result = result_of(o->lead, o->margin[i]);
}
