/*
** coins_internal.h -- pieces of the pure core shared between its files but
** not part of the public API in include/coins.h.
*/
#ifndef COINS_INTERNAL_H
#define COINS_INTERNAL_H

#include "coins.h"

/* Variant II: fills best[0..n] (best[i] = the most the mover collects from
** a[i..n)) using deque, room for min(n, k) + 1 words.  Returns sum(a). */
int64_t coins2_fill_best(const int64_t *a, size_t n, uint64_t k, int64_t *best,
                         int64_t *deque);

/* Variant III: peak fusion of a[0..n) into value[0..m) and, unless len is
** NULL, len[0..m).  value may alias a.  Returns m. */
size_t coins3_fuse(const int64_t *a, size_t n, int64_t *value, int64_t *len);

/* Variant III, one step of peak fusion: pushes the block (v, l) on the
** stack value[0..top) (and len, unless NULL) and fuses every peak it makes
** (y >= x and y >= z: non-strict, and at the ends too).  Returns the new
** top. */
static inline size_t coins3_push(int64_t *value, int64_t *len, size_t top,
                                 int64_t v, int64_t l) {
  value[top] = v;
  if (len) len[top] = l;
  top++;
  while (top >= 3 && value[top - 2] >= value[top - 3] &&
         value[top - 2] >= value[top - 1]) {
    value[top - 3] = value[top - 3] - value[top - 2] + value[top - 1];
    if (len) len[top - 3] += len[top - 2] + len[top - 1];
    top -= 2;
  }
  return top;
}

/* Variant III: the result of a game whose fused blocks are value[0..m)
** (a valley) and whose coins sum to total. */
void coins3_solve_blocks(const int64_t *value, size_t m, int64_t total,
                         coins_result *r);

/* Variant III: the margin of a valley of blocks, larger end first. */
int64_t coins3_blocks_margin(const int64_t *value, size_t m);

/* Writes s[0..len) to out (size >= 48) as printable ASCII for an error
** message: other bytes as \xNN, cut with "..." after about 40 characters. */
void coins_quote(const unsigned char *s, size_t len, char *out, size_t size);

/* coins_parse_array, with elements called noun ("element", "ply") in
** messages. */
int coins_parse_array_of(const char *text, size_t len, int64_t *out,
                         size_t cap, size_t *count, char err[COINS_ERRMSG_SIZE],
                         const char *noun);

#endif
