/*
** solve3.c -- the solver of variant III (part of the pure core), in O(n):
** peak fusion (docs/algorithms.md) leaves a valley of odd blocks; the
** margin is their alternating sum, largest end first.  A row's text is
** parsed and fused in one pass.
*/
#include "solve3.h"
#include "compiler.h"
#include "fuse.h"
#include "parse.h"
#include "scan.h"
#include "solution.h"
#include "stop.h"

size_t coins_solve3_work_words(size_t n) { return n; }

/* One step of peak fusion: pushes the block (v, l) on the stack
** value[0..top) (and len, unless NULL) and fuses every peak it makes
** (y >= x and y >= z: non-strict, and at the ends too).  Returns the new
** top. */
static inline size_t push_block(int64_t *value, int64_t *len, size_t top, int64_t v, int64_t l) {
  value[top] = v;
  if (len) len[top] = l;
  top++;
  while (top >= 3 && value[top - 2] >= value[top - 3] && value[top - 2] >= value[top - 1]) {
    value[top - 3] = value[top - 3] - value[top - 2] + value[top - 1];
    if (len) len[top - 3] += len[top - 2] + len[top - 1];
    top -= 2;
  }
  return top;
}

/* Peak fusion over a[0..n) into value[0..m) (and len[0..m) unless len is
** NULL).  value may alias a.  Returns m, the number of blocks. */
size_t coins_solve3_fuse(const int64_t *a, size_t n, int64_t *value, int64_t *len) {
  size_t top = 0;
  for (size_t i = 0; i < n; i++) top = push_block(value, len, top, a[i], 1);
  return top;
}

coins_status coins_solve3_fuse_stop(const int64_t *a, size_t n, int64_t *value, int64_t *len,
                                    size_t *m, const coins_stop *stop) {
  size_t top = 0;
  for (size_t i = 0, end; i < n; i = end) {
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
    for (end = coins_stop_span_end(i, n, stop); i < end; i++)
      top = push_block(value, len, top, a[i], 1);
  }
  *m = top;
  return COINS_OK;
}

int64_t coins_solve3_blocks_margin(const int64_t *value, size_t m) {
  /* the blocks form a valley: taking the larger end is taking the largest */
  int64_t margin = 0, sign = 1;
  for (size_t lo = 0, hi = m; lo < hi; sign = -sign) { /* without a branch on the values */
    int64_t left = value[lo], right = value[hi - 1];
    size_t take_left = left >= right;
    margin += sign * (take_left ? left : right);
    lo += take_left;
    hi -= 1 - take_left;
  }
  return margin;
}

void coins_solve3_blocks(const int64_t *value, size_t m, int64_t total, coins_solution *r) {
  r->best.take = m > 0;
  r->best.side = m > 0 && value[0] < value[m - 1] ? 'R' : 'L';
  coins_solution_set_margin(r, coins_solve3_blocks_margin(value, m), total);
}

void coins_solve3(const int64_t *a, size_t n, int64_t *work, coins_solution *r) {
  int64_t total = 0;
  for (size_t i = 0; i < n; i++) total += a[i];
  coins_solve3_blocks(work, coins_solve3_fuse(a, n, work, NULL), total, r);
}

coins_status coins_solve3_stop(const int64_t *a, size_t n, int64_t *work, coins_solution *r,
                               const coins_stop *stop) {
  int64_t total = 0;
  size_t m;
  for (size_t i = 0; i < n; i++) total += a[i];
  if (coins_solve3_fuse_stop(a, n, work, NULL, &m, stop) != COINS_OK) return COINS_STOPPED;
  coins_solve3_blocks(work, m, total, r);
  return COINS_OK;
}

/* ----------------------------------------------- parse and fuse at once */

/* (stop a constant NULL once inlined into coins_solve3_parse_fused) */
COINS_INLINE coins_status parse_fused(const char *text, size_t len, int64_t *stack, size_t cap,
                                      int64_t **blocks, size_t *m, int64_t *total, size_t *need,
                                      char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  size_t top;
  const coins_scanner *scan = coins_scan_table_choice();
  int scanned = stop ? scan->fuse_stop(text, len, stack, cap, &top, total, stop)
                     : scan->fuse(text, len, stack, cap, &top, total);
  if (scanned == 1) {
    *blocks = stack + COINS_FUSE_FLOOR, *m = top - COINS_FUSE_FLOOR;
    return COINS_OK;
  }
  if (scanned == SCAN_STOPPED) return COINS_STOPPED;
  /* the stack did not fit: numbers are at least two bytes apart, so this
  ** is room enough, without counting them */
  size_t bound = len / 2 + 1 + COINS_FUSE_FLOOR;
  if (scanned < 0 && cap < bound) {
    *need = bound;
    return COINS_NO_ROOM;
  }
  /* anything unusual: the general parser, then fusion in place */
  size_t n;
  *blocks = stack;
  coins_status rc = coins_parse_array_general_stop(text, len, stack, cap, &n, err, "element", stop);
  if (rc == COINS_NO_ROOM) *need = coins_parse_capacity(text, len);
  if (rc != COINS_OK) return rc;
  *total = 0;
  for (size_t i = 0; i < n; i++) *total += stack[i];
  return coins_solve3_fuse_stop(stack, n, stack, NULL, m, stop);
}

coins_status coins_solve3_parse_fused(const char *text, size_t len, int64_t *stack, size_t cap,
                                      int64_t **blocks, size_t *m, int64_t *total, size_t *need,
                                      char err[COINS_ERRMSG_SIZE]) {
  return parse_fused(text, len, stack, cap, blocks, m, total, need, err, NULL);
}

coins_status coins_solve3_parse_fused_stop(const char *text, size_t len, int64_t *stack, size_t cap,
                                           int64_t **blocks, size_t *m, int64_t *total,
                                           size_t *need, char err[COINS_ERRMSG_SIZE],
                                           const coins_stop *stop) {
  return parse_fused(text, len, stack, cap, blocks, m, total, need, err, stop);
}
