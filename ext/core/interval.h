/*
** interval.h -- interval.c: the end blocks of any interval of a row, so
** that variant III play finds the optimal move off its line without
** fusing the coins left again.
*/
#ifndef COINS_INTERVAL_H
#define COINS_INTERVAL_H

#include "coins.h"
#include "line.h"

/* The first and last fused blocks of any interval of a row (interval.c),
** as the left-to-right fusion stack makes them: set up once in
** coins_interval_words(n) words (0 when n is over COINS_INTERVAL_MAX_N)
** by coins_interval_build, O(n log n), polling stop; then
** coins_interval_ends, O(log n), for 0 <= lo < hi <= n.  The two blocks
** are one when first_len is hi - lo. */
#define COINS_INTERVAL_MAX_N ((size_t)UINT32_MAX - 2)
typedef struct coins_end_blocks {
  int64_t first_value, last_value;
  uint64_t first_len, last_len;
} coins_end_blocks;
size_t coins_interval_words(size_t n);
coins_status coins_interval_build(int64_t *words, const int64_t *a, size_t n,
                                  const coins_stop *stop);
void coins_interval_ends(int64_t *words, size_t n, size_t lo, size_t hi, coins_end_blocks *out);
/* The optimal line on it, as coins_line_peek and coins_line_follow play
** it from a line's run (run_left, run_side) and position: the block being
** played out, else the end block of larger value. */
coins_move coins_interval_peek(const coins_line *line, int64_t *words);
int coins_interval_follow(coins_line *line, int64_t *words, char side);

#endif
