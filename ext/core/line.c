/*
** line.c -- the optimal line of play, generated one move at a time in
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
#include "internal.h"

size_t coins_line_work_words(coins_variant v, size_t n, uint64_t k) {
  switch (v) {
    case COINS_I: return 0;
    case COINS_II: return coins2_work_words(n, k);
    case COINS_III: return 2 * n;
  }
  return 0;
}

void coins_line_init(coins_line *line, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                     int64_t *work) {
  *line = (coins_line){.work = work};
  coins_state_init(&line->st, v, a, n, k);
  switch (v) {
    case COINS_I: break;
    case COINS_II:
      line->best = work;
      line->suffix = coins2_fill_best(a, (size_t)n, k, work, work + n + 1);
      break;
    case COINS_III:
      line->block_value = work;
      line->block_len = n ? work + n : work;
      line->br = coins3_fuse(a, (size_t)n, line->block_value, line->block_len);
      break;
  }
}

/* III: the side of the next move, starting the next block when the one
** being played is done. */
static char next_side(coins_line *line) {
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
  return line->run_side;
}

/* II: the fewest coins t with best[i+t] = min(best[i+1 .. i+k]). */
static uint64_t next_take(const coins_line *line) {
  uint64_t i = line->st.lo, take = 1;
  int64_t target = line->suffix - line->best[i];
  while (line->best[i + take] != target) take++;
  return take;
}

int coins_line_next(coins_line *line, coins_ply *out) {
  coins_state *st = &line->st;
  coins_move m = {1, 'L'};
  if (st->lo >= st->hi) return 0;
  switch (st->variant) {
    case COINS_I: m.take = coins1_take(st->hi - st->lo, st->k); break;
    case COINS_II: m.take = next_take(line); break;
    case COINS_III: m.side = next_side(line); break;
  }
  coins_state_apply(st, m, out);
  line->suffix -= out->gain;
  return 1;
}

void coins_line_skip(coins_line *line, uint64_t count) {
  coins_state *st = &line->st;
  coins_ply ignored;
  while (count > 0 && st->lo < st->hi) {
    uint64_t left = st->hi - st->lo, k = st->k;
    switch (st->variant) {
      case COINS_I:
        /* from a lost position the line takes 1 and the reply takes k:
        ** each such pair of moves removes k + 1 coins */
        if (k < left && left % (k + 1) == 0 && count >= 2) {
          uint64_t pairs = count / 2 < left / (k + 1) ? count / 2 : left / (k + 1);
          st->lo += pairs * (k + 1);
          st->ply += 2 * pairs;
          count -= 2 * pairs;
          continue;
        }
        break;
      case COINS_II:
      case COINS_III: break;
    }
    coins_line_next(line, &ignored);
    count--;
  }
}
