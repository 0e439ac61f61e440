/*
** interval.c -- variant III: the first and the last fused block of any
** interval a[lo..hi) of a row, O(log n) a query after an O(n log n)
** set-up, so that coins_play's optimal player never re-solves the coins
** left (part of the pure core).
**
** The blocks are those of the left-to-right fusion stack (push_block), so
** their lengths as well as their values are the line's.  With the
** alternating prefix sums g[i] = a[0] - a[1] + ... +- a[i-1], a position's
** strength is S(i) = g[i] for even i and -g[i] for odd i, and a block
** [s, e) is worth (-1)^s (g[e] - g[s]).  What holds once set up
** (docs/algorithms.md, "Play without re-solving"):
**
**   next[i]  the first j > i of i's parity with S(j) > S(i), or NONE;
**   prev[i]  the last j < i of i's parity with S(j) > S(i), or NONE;
**   up[i]    when next[i] is not NONE: the last position of the other
**            parity in (i, next[i]) whose strength is the largest there;
**   jump[i]  an ancestor of i along up (jump pointers: a search for the
**            first ancestor with next > hi takes O(log n) steps);
**   tree     per parity, a segment tree of the strongest position (the
**            last on a tie) over each node's leaves, which are implicit.
**
** The first block of [lo, hi) ends at the strongest position of the other
** parity in (lo, min(next[lo], hi + 1)), the last on a tie.  The blocks
** after it are those of [end, hi), so the blocks form a chain lo -> ... ->
** hi along up until a position whose next is past hi; the last block is
** found from there and prev[hi] without walking the chain.
**
** Positions are uint32_t: rows of at most COINS_INTERVAL_MAX_N coins.
*/
#include "interval.h"
#include "compiler.h"
#include "fuse.h"
#include "line.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "review.h"
#include "scan.h"
#include "solution.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "text.h"
#include "valley.h"

#define NONE UINT32_MAX

/* The arrays of a set-up in its words. */
typedef struct interval {
  int64_t *g;
  uint32_t *next, *prev, *up, *jump;
  uint32_t *tree[2]; /* per parity: internal nodes 1..count - 1 */
  uint32_t count[2]; /* per parity: its positions in 0..n       */
  uint32_t n;
} interval;

static uint32_t parity_count(size_t n, unsigned parity) {
  return parity <= n ? (uint32_t)((n - parity) / 2 + 1) : 0;
}

size_t coins_interval_words(size_t n) {
  if (n > COINS_INTERVAL_MAX_N) return 0;
  /* g, then next, prev, up, jump and the two trees (n + 1 words of 32 bits) */
  return (n + 1) + (5 * (n + 1) + 1) / 2;
}

static interval view(int64_t *words, size_t n) {
  interval v;
  uint32_t *u = (uint32_t *)(words + n + 1);
  v.n = (uint32_t)n;
  v.g = words;
  v.next = u, v.prev = u + (n + 1), v.up = u + 2 * (n + 1), v.jump = u + 3 * (n + 1);
  v.count[0] = parity_count(n, 0), v.count[1] = parity_count(n, 1);
  v.tree[0] = u + 4 * (n + 1);
  v.tree[1] = v.tree[0] + v.count[0];
  return v;
}

COINS_INLINE int64_t strength(const interval *v, uint32_t i) { return i & 1 ? -v->g[i] : v->g[i]; }

/* The stronger of positions i and j, the later one on a tie (NONE is
** weaker than any position). */
COINS_INLINE uint32_t stronger(const interval *v, uint32_t i, uint32_t j) {
  if (i == NONE) return j;
  if (j == NONE) return i;
  int64_t si = strength(v, i), sj = strength(v, j);
  return si > sj || (si == sj && i > j) ? i : j;
}

/* Node k of parity p's tree: a leaf (k >= count) is a position. */
COINS_INLINE uint32_t node(const interval *v, unsigned p, uint32_t k) {
  return k >= v->count[p] ? 2 * (k - v->count[p]) + p : v->tree[p][k];
}

/* The strongest position of parity p in [from, to), the last on a tie;
** NONE when there is none. */
static uint32_t strongest(const interval *v, unsigned p, uint32_t from, uint32_t to) {
  uint32_t best = NONE, m = v->count[p];
  uint32_t l = (from + 1 - p) / 2 + m, r = (to + 1 - p) / 2 + m; /* leaves */
  for (; l < r; l /= 2, r /= 2) {
    if (l & 1) best = stronger(v, best, node(v, p, l++));
    if (r & 1) best = stronger(v, best, node(v, p, --r));
  }
  return best;
}

/* Positions between two polls of the stop in the set-up's passes. */
#define INTERVAL_SPAN (COINS_STOP_SPAN / 4)

/* Whether the pass over i (counting down to 0 or up to n) polls and is
** told to stop. */
COINS_INLINE int stop_at(uint32_t i, const coins_stop *stop) {
  return i % INTERVAL_SPAN == 0 && coins_stop_asked(stop);
}

coins_status coins_interval_build(int64_t *words, const int64_t *a, size_t n,
                                  const coins_stop *stop) {
  interval v = view(words, n);
  uint32_t *depth = v.prev; /* until prev is made, last */
  if (n < INTERVAL_SPAN) stop = NULL;
  v.g[0] = 0;
  for (size_t i = 0; i < n; i++) v.g[i + 1] = i & 1 ? v.g[i] - a[i] : v.g[i] + a[i];
  /* next: the chain of next from i + 2 passes every candidate */
  for (uint32_t i = v.n + 1; i-- > 0;) {
    if (stop_at(i, stop)) return COINS_STOPPED;
    uint32_t j = i + 2;
    int64_t s = strength(&v, i);
    while (j <= v.n && strength(&v, j) <= s) j = v.next[j];
    v.next[i] = j <= v.n ? j : NONE;
  }
  for (unsigned p = 0; p < 2; p++)
    for (uint32_t k = v.count[p]; k-- > 1;)
      v.tree[p][k] = stronger(&v, node(&v, p, 2 * k), node(&v, p, 2 * k + 1));
  /* up, and the jump pointers down from the roots (an ancestor is to the
  ** right) */
  for (uint32_t i = v.n + 1; i-- > 0;) {
    if (stop_at(i, stop)) return COINS_STOPPED;
    if (v.next[i] == NONE) {
      v.up[i] = v.jump[i] = i;
      depth[i] = 0;
      continue;
    }
    uint32_t up = strongest(&v, 1 - (i & 1), i + 1, v.next[i]), j = v.jump[up];
    v.up[i] = up;
    depth[i] = depth[up] + 1;
    v.jump[i] = depth[up] - depth[j] == depth[j] - depth[v.jump[j]] ? v.jump[j] : up;
  }
  for (uint32_t i = 0; i <= v.n; i++) {
    if (stop_at(i, stop)) return COINS_STOPPED;
    uint32_t j = i >= 2 ? i - 2 : NONE;
    int64_t s = strength(&v, i);
    while (j != NONE && strength(&v, j) <= s) j = v.prev[j];
    v.prev[i] = j;
  }
  return COINS_OK;
}

/* The first position from lo along up whose next is past hi. */
static uint32_t chain_end(const interval *v, uint32_t lo, uint32_t hi) {
  uint32_t i = lo;
  while (v->next[i] <= hi) i = v->next[v->jump[i]] <= hi ? v->jump[i] : v->up[i];
  return i;
}

/* The value of the block [s, e). */
COINS_INLINE int64_t block_value(const interval *v, uint32_t s, uint32_t e) {
  return s & 1 ? v->g[s] - v->g[e] : v->g[e] - v->g[s];
}

void coins_interval_ends(int64_t *words, size_t n, size_t lo, size_t hi, coins_end_blocks *out) {
  interval v = view(words, n);
  uint32_t l = (uint32_t)lo, h = (uint32_t)hi;
  uint32_t reach = v.next[l] <= h ? v.next[l] : h + 1;
  uint32_t first_end = strongest(&v, 1 - (l & 1), l + 1, reach);
  unsigned other = 1 - (h & 1); /* the parity of the last block's start */
  uint32_t from = chain_end(&v, l, h), before = v.prev[h], last_start;
  if (before != NONE && before >= from)
    last_start = strongest(&v, other, before + 1, h);
  else if ((from & 1) == other)
    last_start = from;
  else
    last_start = strongest(&v, other, from + 1, h);
  out->first_value = block_value(&v, l, first_end);
  out->first_len = first_end - l;
  out->last_value = block_value(&v, last_start, h);
  out->last_len = h - last_start;
}

/* ------------------------------------------------- the line of play on it */

/* The end blocks of the coins left in st. */
static void ends_of(int64_t *words, const coins_state *st, coins_end_blocks *out) {
  coins_interval_ends(words, (size_t)st->n, (size_t)st->lo, (size_t)st->hi, out);
}

coins_move coins_interval_peek(const coins_line *line, int64_t *words) {
  const coins_state *st = &line->st;
  coins_end_blocks e;
  if (st->lo >= st->hi) return (coins_move){0, 'L', 0};
  if (line->run_left > 0) return (coins_move){1, line->run_side, 0};
  ends_of(words, st, &e);
  return (coins_move){1, e.first_value >= e.last_value ? 'L' : 'R', 0};
}

int coins_interval_follow(coins_line *line, int64_t *words, char side) {
  const coins_state *st = &line->st;
  coins_end_blocks e;
  if (line->run_left > 0) {
    if (side != line->run_side) return 0;
    line->run_left--;
    return 1;
  }
  ends_of(words, st, &e);
  /* the larger end block, or either when two or more are worth the same */
  int either = e.first_len < st->hi - st->lo && e.first_value == e.last_value;
  char larger = e.first_value >= e.last_value ? 'L' : 'R';
  if (!either && side != larger) return 0;
  line->run_side = side;
  line->run_left = (side == 'L' ? e.first_len : e.last_len) - 1;
  return 1;
}
