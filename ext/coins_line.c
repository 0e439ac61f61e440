/*
** coins_line.c -- the optimal line of play, generated one move at a time in
** O(1) amortised per move (part of the pure core).
**
**   I    the modulo rule, nothing stored: a line of 10^18 coins streams.
**   II   best[] from the solver; from coin i the move takes the fewest t
**        with best[i+t] minimal, found by scanning t = 1, 2, ... (the scan
**        costs t, so the whole line costs n).
**   III  the fused blocks; each player takes the end block of larger value
**        (left on a tie) and the block is played out from that end, the
**        players alternating inside it (every block has odd length).
*/
#include "coins_internal.h"

size_t coins_line_work_words(int variant, size_t n, uint64_t k) {
  return variant == 2 ? coins2_work_words(n, k) : variant == 3 ? 2 * n : 0;
}

void coins_line_init(coins_line *line, int variant, const int64_t *a,
                     uint64_t n, uint64_t k, int64_t *work) {
  *line = (coins_line){.variant = variant, .a = a, .n = n, .k = k, .hi = n};
  if (variant == 2) {
    line->best = work;
    line->suffix = coins2_fill_best(a, (size_t)n, k, work, work + n + 1);
  } else if (variant == 3) {
    line->block_value = work;
    line->block_len = n ? work + n : work;
    line->br = coins3_fuse(a, (size_t)n, line->block_value, line->block_len);
  }
}

int coins_line_next(coins_line *line, coins_ply *out) {
  uint64_t take = 1, pos;
  int64_t gain = 0;
  char side = 'L';

  if (line->lo >= line->hi) return 0;
  if (line->variant == 2) {
    const int64_t *best = line->best;
    uint64_t i = line->lo;
    int64_t target = line->suffix - best[i]; /* min of best[i+1 .. i+k] */
    gain = line->a[i];
    while (best[i + take] != target) gain += line->a[i + take++];
    line->suffix -= gain;
    pos = i;
    line->lo += take;
  } else if (line->variant == 3) {
    if (line->run_left == 0) {
      const int64_t *value = line->block_value;
      if (value[line->bl] >= value[line->br - 1]) {
        line->run_side = 'L';
        line->run_left = (uint64_t)line->block_len[line->bl++];
      } else {
        line->run_side = 'R';
        line->run_left = (uint64_t)line->block_len[--line->br];
      }
    }
    line->run_left--;
    side = line->run_side;
    pos = side == 'L' ? line->lo++ : --line->hi;
    gain = line->a[pos];
  } else {
    take = coins1_take(line->hi - line->lo, line->k);
    pos = line->lo;
    line->lo += take;
  }
  out->player = line->ply % 2 == 0 ? 1 : 2;
  out->ply = ++line->ply;
  out->move.take = take;
  out->move.side = side;
  out->pos = pos;
  out->gain = gain;
  line->totals[out->player - 1] += gain;
  out->first_total = line->totals[0];
  out->second_total = line->totals[1];
  return 1;
}
