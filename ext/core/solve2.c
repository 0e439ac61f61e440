/*
** solve2.c -- the solver of variant II (part of the pure core), in O(n)
** for any k: best[i] = suffix[i] - min(best[i+1 .. i+k]), the window
** minimum for k <= 8 in registers, two coins a step (for 3 <= k <= 16 in
** vector registers where the scanner that runs has them, solve_avx512.c);
** for larger k from blocks of k values, two minima a coin and no branch;
** and for the line, the options and greedy play (which want the moves too)
** kept in a monotone deque.
*/
#include "solve2.h"
#include "compiler.h"
#include "scan.h"
#include "solution.h"
#include "stop.h"

/* The deque's ring: a power of two >= min(n, k) + 1, so that an index
** wraps with a mask. */
static size_t ring_size(size_t n, uint64_t k) {
  size_t need = (size_t)(k < n ? k : n) + 1, ring = 1;
  while (ring < need) ring <<= 1;
  return ring;
}

size_t coins_solve2_work_words(size_t n, uint64_t k) { return (n + 1) + ring_size(n, k); }

/* Coin i of the pass (below): deque[head..head + size) holds indices j
** in (i, i+k] with v[j] strictly increasing from head to tail; ties keep
** the smaller j (fewer coins).  The indices decrease from head to tail,
** so it is used as a ring.  (A macro, as TWO_STEP below.) */
#define WINDOW_STEP(i)                                                     \
  do {                                                                     \
    int64_t j = (int64_t)(i + 1);                                          \
    /* push j at the tail, dropping entries it beats or ties */            \
    while (size > 0 && v[deque[(head + size - 1) & mask]] >= v[j]) size--; \
    deque[(head + size) & mask] = j;                                       \
    size++;                                                                \
    /* drop the head once it is out of reach */                            \
    if ((uint64_t)(deque[head] - (int64_t)i) > k) {                        \
      head = (head + 1) & mask;                                            \
      size--;                                                              \
    }                                                                      \
    suffix += a[i];                                                        \
    v[i] = best ? suffix - v[deque[head]] : suffix;                        \
    if (take) take[i] = deque[head] - (int64_t)i;                          \
  } while (0)

int64_t coins_solve2_window_pass(const int64_t *a, size_t n, uint64_t k, int best, int64_t *v,
                                 int64_t *take, int64_t *deque) {
  size_t mask = ring_size(n, k) - 1, head = 0, size = 0;
  int64_t suffix = 0;
  v[n] = 0;
  for (size_t i = n; i-- > 0;) WINDOW_STEP(i);
  return suffix;
}

coins_status coins_solve2_window_pass_stop(const int64_t *a, size_t n, uint64_t k, int best,
                                           int64_t *v, int64_t *take, int64_t *deque, int64_t *sum,
                                           const coins_stop *stop) {
  if (coins_stop_span_start(n, stop) == 0) { /* one span: no poll */
    *sum = coins_solve2_window_pass(a, n, k, best, v, take, deque);
    return COINS_OK;
  }
  size_t mask = ring_size(n, k) - 1, head = 0, size = 0;
  int64_t suffix = 0;
  v[n] = 0;
  for (size_t hi = n, lo; hi > 0; hi = lo) { /* spans of coins, polling between */
    if (hi < n && coins_stop_asked(stop)) return COINS_STOPPED;
    lo = coins_stop_span_start(hi, stop);
    for (size_t i = hi; i-- > lo;) WINDOW_STEP(i);
  }
  *sum = suffix;
  return COINS_OK;
}

/* Variant II with k = 2, the default: best[i + 1] and best[i + 2] are
** all the window holds, in two locals; nothing but the row is stored.
** Two coins a step, the second as a maximum that waits for one minimum:
** best[i] = suffix[i] - min(best[i+1], best[i+2]), and best[i+1] =
** suffix[i+1] - min(best[i+2], best[i+3]), give best[i] =
** max(a[i] + min(best[i+2], best[i+3]), suffix[i] - best[i+2]).
** (The solvers of this section each come twice: as they are, and for a
** huge row with a stop, polling it between spans of coins; the loops of
** the one are not the other's, as a loop in spans costs gcc a register
** move a step.) */

/* Coins i + 1 and i: best[i] into b1 and best[i + 1] into b2, the sum
** of a[i..n) into total.  (A macro: the same lines written as an inline
** function cost gcc a register move a step.) */
#define TWO_STEP(a, i, b1, b2, total)                \
  do {                                               \
    int64_t least = b1 <= b2 ? b1 : b2;              \
    total += a[i + 1];                               \
    int64_t first = total - least; /* best[i + 1] */ \
    total += a[i];                                   \
    int64_t left = a[i] + least, right = total - b1; \
    b2 = first;                                      \
    b1 = left >= right ? left : right; /* best[i] */ \
  } while (0)

/* The state before the first step: best[n] = 0 and no best[n + 1]; then
** one coin alone, if n is odd (i is then n - 1).  (A macro too.) */
#define TWO_START(a, i, b1, b2, total)                      \
  int64_t b1 = 0, b2 = INT64_MAX, total = 0;                \
  if (i % 2) {                                              \
    total += a[--i];                                        \
    b2 = b1;                                                \
    b1 = total; /* best[n - 1] = a[n - 1] - min(0, none) */ \
  }

COINS_INLINE void two_solution(size_t n, int64_t b1, int64_t b2, int64_t total, coins_solution *r) {
  coins_solution_set_margin(r, b1 - (total - b1), total);
  r->best.side = 'L';
  r->best.take = 0;
  if (n > 0) { /* the fewest coins that leave the opponent the least */
    int64_t target = total - b1;
    r->best.take = b2 == target ? 1 : 2;
  }
}

static void solve_two(const int64_t *a, size_t n, coins_solution *r) {
  size_t i = n;
  TWO_START(a, i, b1, b2, total);
  while (i > 0) {
    i -= 2;
    TWO_STEP(a, i, b1, b2, total);
  }
  two_solution(n, b1, b2, total, r);
}

static coins_status solve_two_stop(const int64_t *a, size_t n, coins_solution *r,
                                   const coins_stop *stop) {
  size_t i = n;
  TWO_START(a, i, b1, b2, total);
  while (i > 0) { /* spans of COINS_STOP_SPAN (even) coins */
    for (size_t lo = coins_stop_span_start(i, stop); i > lo;) {
      i -= 2;
      TWO_STEP(a, i, b1, b2, total);
    }
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
  }
  two_solution(n, b1, b2, total, r);
  return COINS_OK;
}

/* The least of w[from..to], w[from] taken last: when it is the newest
** value, one comparison stands between it and the result. */
COINS_INLINE int64_t least_of(const int64_t *w, int from, int to) {
  int64_t least = w[to];
  COINS_UNROLL for (int j = to - 1; j >= from; j--) least = w[j] <= least ? w[j] : least;
  return least;
}

/* One step back, coin a: best[i] = suffix[i] - min(best[i+1 .. i+k]). */
COINS_INLINE void small_step(int64_t *w, int k, int64_t *total, int64_t a) {
  *total += a;
  int64_t least = least_of(w, 0, k - 1);
  COINS_UNROLL for (int j = k; j > 0; j--) w[j] = w[j - 1];
  w[0] = *total - least;
}

/* The window before the first pair: best[n] = 0, INT64_MAX past the row,
** then the coin alone if n is odd. */
COINS_INLINE void small_start(const int64_t *a, size_t *i, int k, int64_t *w, int64_t *total) {
  *total = 0;
  COINS_UNROLL for (int j = 0; j <= COINS_SOLVE2_SMALL_K; j++) w[j] = INT64_MAX;
  w[0] = 0;
  if (*i % 2) small_step(w, k, total, a[--*i]);
}

/* Two coins a step: both windows share best[i+1 .. i+k-1], whose least
** is taken once (with best[i + 2], the newest, last); each new value is
** then one comparison and a subtraction from the one before it. */
COINS_INLINE void small_pair(const int64_t *a, size_t i, int k, int64_t *w, int64_t *total) {
  int64_t older = least_of(w, 1, k - 2), shared = w[0] <= older ? w[0] : older;
  int64_t far = w[k - 1] <= older ? w[k - 1] : older;
  *total += a[i + 1];
  int64_t first = *total - (w[0] <= far ? w[0] : far); /* best[i + 1] */
  *total += a[i];
  /* best[i] = total - min(first, shared), as a maximum that waits for
  ** one minimum: first = total - a[i] - min(w[0], far) */
  int64_t left = a[i] + (w[0] <= far ? w[0] : far), right = *total - shared;
  int64_t second = left >= right ? left : right; /* best[i] */
  COINS_UNROLL for (int j = k; j > 1; j--) w[j] = w[j - 2];
  w[1] = first, w[0] = second;
}

/* Variant II's recurrence for 3 <= k <= COINS_SOLVE2_SMALL_K, k known to the
** compiler: w[j - 1] is best[i + j], the window and one more for the
** first move, in registers.  Nothing but the row is stored.  Leaves
** best[0..k] in w[0..k]; returns the sum.  (solve_avx512.c computes the
** same values in vector registers.) */
COINS_INLINE int64_t small_window(const int64_t *a, size_t n, int k,
                                  int64_t w[COINS_SOLVE2_VECTOR_K + 1]) {
  int64_t (*vector)(const int64_t *, size_t, int, int64_t *) =
      coins_scan_table_choice()->solve2_small;
  if (vector) return vector(a, n, k, w);
  int64_t total;
  size_t i = n;
  small_start(a, &i, k, w, &total);
  while (i > 0) i -= 2, small_pair(a, i, k, w, &total);
  return total;
}

/* The same in spans of coins, polling stop (the portable loop: the same
** values as the AVX-512 one). */
COINS_INLINE coins_status small_window_stop(const int64_t *a, size_t n, int k,
                                            int64_t w[COINS_SOLVE2_SMALL_K + 1], int64_t *total,
                                            const coins_stop *stop) {
  size_t i = n;
  small_start(a, &i, k, w, total);
  while (i > 0) { /* spans of COINS_STOP_SPAN (even) coins */
    for (size_t lo = coins_stop_span_start(i, stop); i > lo;) i -= 2, small_pair(a, i, k, w, total);
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
  }
  return COINS_OK;
}

/* The result from the window of values left at the row's start. */
COINS_INLINE void small_solution(size_t n, int k, const int64_t *w, int64_t total,
                                 coins_solution *r) {
  coins_solution_set_margin(r, w[0] - (total - w[0]), total);
  r->best.side = 'L';
  r->best.take = 0;
  if (n > 0) { /* the fewest coins that leave the opponent the least */
    int64_t target = total - w[0];
    for (int t = k; t >= 1; t--)
      if (w[t] == target) r->best.take = (uint64_t)t;
  }
}

/* Variant II with 3 <= k <= COINS_SOLVE2_SMALL_K. */
COINS_INLINE void solve_small(const int64_t *a, size_t n, int k, coins_solution *r) {
  int64_t w[COINS_SOLVE2_VECTOR_K + 1], total = small_window(a, n, k, w);
  small_solution(n, k, w, total, r);
}

COINS_INLINE coins_status solve_small_stop(const int64_t *a, size_t n, int k, coins_solution *r,
                                           const coins_stop *stop) {
  int64_t w[COINS_SOLVE2_SMALL_K + 1], total;
  if (small_window_stop(a, n, k, w, &total, stop) != COINS_OK) return COINS_STOPPED;
  small_solution(n, k, w, total, r);
  return COINS_OK;
}

/* Variant II with COINS_SOLVE2_SMALL_K < k <= COINS_SOLVE2_VECTOR_K in
** vector registers, where the scanner that runs names a solver in them
** (scan.h); 0 where none. */
static int solve_wide(const int64_t *a, size_t n, int k, coins_solution *r) {
  int64_t (*vector)(const int64_t *, size_t, int, int64_t *) =
      coins_scan_table_choice()->solve2_small;
  if (vector == NULL) return 0;
  int64_t w[COINS_SOLVE2_VECTOR_K + 1], total = vector(a, n, k, w);
  small_solution(n, k, w, total, r);
  return 1;
}

/* Variant II for any k, without a deque: the window of coin i,
** best[i+1 .. i+k], is cut by a grid of blocks of k values (best[n] the
** first value of the first block) into the tail of the block before and
** the head of the block being made.  The least of the head is a running
** minimum; the least of each tail of the block before (tails[r]: from its
** value r on) is made in one pass when that block is done.  So a coin
** costs two minima, whatever k, and no branch but the loop's.  best[]
** has n + 1 words, tails min(n, k); k is at most n (a window that reaches
** past the row is the same as one that reaches its end). */
typedef struct blocked {
  size_t i, r; /* the next coin is a[i - 1]; its offset in its block */
  int64_t head, suffix;
} blocked;

COINS_INLINE void blocked_start(size_t n, uint64_t k, int64_t *best, int64_t *tails, blocked *b) {
  size_t reach = (size_t)(k < n ? k : n);
  for (size_t r = 0; r < reach; r++) tails[r] = INT64_MAX; /* no block before the first */
  best[n] = 0;
  *b = (blocked){.i = n, .r = 1, .head = 0, .suffix = 0};
}

/* Coins down to a[lo] (lo < b->i). */
COINS_INLINE void blocked_run(const int64_t *a, size_t lo, size_t k, int64_t *best, int64_t *tails,
                              blocked *b) {
  size_t i = b->i, r = b->r;
  int64_t head = b->head, suffix = b->suffix;
  while (i > lo) {
    if (r == k) { /* the block is done: the least of each of its tails */
      int64_t least = INT64_MAX;
      for (size_t j = 0; j < k; j++) {
        least = best[i + j] < least ? best[i + j] : least;
        tails[k - 1 - j] = least;
      }
      r = 0, head = INT64_MAX;
    }
    size_t steps = k - r < i - lo ? k - r : i - lo, end = r + steps;
    /* two coins a step, as TWO_STEP; least for coin i - 1, later for i - 2 */
    for (; r + 1 < end; r += 2) {
      int64_t least = tails[r] < head ? tails[r] : head;
      int64_t later = tails[r + 1] < head ? tails[r + 1] : head;
      int64_t x = a[i - 2];
      suffix += a[i - 1];
      int64_t first = suffix - least;
      suffix += x;
      /* best[i - 2] = suffix - min(later, first), first = suffix - x - least */
      int64_t left = x + least, right = suffix - later;
      int64_t second = left >= right ? left : right;
      best[i - 1] = first, best[i - 2] = second, i -= 2;
      head = first < head ? first : head;
      head = second < head ? second : head;
    }
    if (r < end) { /* one coin */
      int64_t least = tails[r] < head ? tails[r] : head;
      suffix += a[--i];
      int64_t v = suffix - least;
      best[i] = v;
      head = v < head ? v : head;
      r++;
    }
  }
  b->i = i, b->r = r, b->head = head, b->suffix = suffix;
}

/* Any k, from best[] (n + 1 words) that the window pass made. */
static void window_solution(size_t n, const int64_t *best, int64_t total, coins_solution *r) {
  coins_solution_set_margin(r, best[0] - (total - best[0]), total);
  r->best.side = 'L';
  r->best.take = 0;
  if (n > 0) {
    int64_t target = total - best[0];
    uint64_t t = 1;
    while (best[t] != target) t++;
    r->best.take = t;
  }
}

/* gcc regroups a chain of minima as it likes ("reassociation"), which can
** put the newest value first and lengthen the chain from one step to the
** next several times over; for the solvers of small k it is turned off. */
#if defined(__GNUC__) && !defined(__clang__)
#define KEEP_MIN_ORDER __attribute__((optimize("no-tree-reassoc")))
#else
#define KEEP_MIN_ORDER
#endif

KEEP_MIN_ORDER
void coins_solve2(const int64_t *a, size_t n, uint64_t k, int64_t *work, coins_solution *r) {
  switch (k) { /* small k: a copy each, its loops unrolled */
    case 2: solve_two(a, n, r); return;
    case 3: solve_small(a, n, 3, r); return;
    case 4: solve_small(a, n, 4, r); return;
    case 5: solve_small(a, n, 5, r); return;
    case 6: solve_small(a, n, 6, r); return;
    case 7: solve_small(a, n, 7, r); return;
    case 8: solve_small(a, n, 8, r); return;
    default: break;
  }
  if (k > COINS_SOLVE2_SMALL_K && k <= COINS_SOLVE2_VECTOR_K && solve_wide(a, n, (int)k, r)) return;
  int64_t *best = work, *tails = work + n + 1;
  blocked b;
  blocked_start(n, k, best, tails, &b);
  if (n > 0) blocked_run(a, 0, (size_t)(k < n ? k : n), best, tails, &b);
  window_solution(n, best, b.suffix, r);
}

KEEP_MIN_ORDER
coins_status coins_solve2_stop(const int64_t *a, size_t n, uint64_t k, int64_t *work,
                               coins_solution *r, const coins_stop *stop) {
  if (coins_stop_span_start(n, stop) == 0) { /* one span: no poll */
    coins_solve2(a, n, k, work, r);
    return COINS_OK;
  }
  switch (k) {
    case 2: return solve_two_stop(a, n, r, stop);
    case 3: return solve_small_stop(a, n, 3, r, stop);
    case 4: return solve_small_stop(a, n, 4, r, stop);
    case 5: return solve_small_stop(a, n, 5, r, stop);
    case 6: return solve_small_stop(a, n, 6, r, stop);
    case 7: return solve_small_stop(a, n, 7, r, stop);
    case 8: return solve_small_stop(a, n, 8, r, stop);
    default: break;
  }
  int64_t *best = work, *tails = work + n + 1;
  blocked b;
  blocked_start(n, k, best, tails, &b);
  for (size_t hi = n, lo; hi > 0; hi = lo) { /* spans of coins, polling between */
    if (hi < n && coins_stop_asked(stop)) return COINS_STOPPED;
    lo = coins_stop_span_start(hi, stop);
    blocked_run(a, lo, (size_t)(k < n ? k : n), best, tails, &b);
  }
  window_solution(n, best, b.suffix, r);
  return COINS_OK;
}
