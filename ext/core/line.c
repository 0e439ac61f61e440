/*
** line.c -- the optimal line of play, generated one move at a time in
** O(1) amortised per move (part of the pure core).
**
**   I    the modulo rule, nothing stored: a line of 10^18 coins streams.
**   II   best[] and take[] from the solver's pass: from coin i the move
**        takes take[i], the fewest t with best[i+t] minimal.
**   III  the fused blocks; each player takes the end block of larger value
**        (left on a tie) and the block is played out from that end, the
**        players alternating inside it (every block has odd length).
*/
#include "internal.h"

size_t coins_line_work_words(coins_variant v, size_t n, uint64_t k) {
  switch (v) {
    case COINS_I: return 0;
    case COINS_II: return coins2_work_words(n, k) + n; /* and take[] */
    case COINS_III: return 2 * (n + COINS_FUSE_FLOOR); /* blocks and their starts */
  }
  return 0;
}

/* III: the blocks of a[0..n), in work (2 (n + COINS_FUSE_FLOOR) words):
** their values, by the fast fusion stack, and their lengths, from where
** each begins (a fusion keeps the start of its first block, so only a push
** writes one). */
static void fuse_line(coins_line *line, const int64_t *a, size_t n, int64_t *work) {
  coins_fuse_stack f;
  int64_t *starts = work + n + COINS_FUSE_FLOOR; /* indexed like the stack */
  coins_fuse_begin(&f, work);
  for (size_t i = 0; i < n; i++) {
    starts[f.n] = (int64_t)i;
    coins_fuse_push(&f, a[i]);
  }
  size_t m = f.n - COINS_FUSE_FLOOR;
  line->block_value = work + COINS_FUSE_FLOOR;
  line->block_len = starts + COINS_FUSE_FLOOR;
  for (size_t j = 0; j < m; j++)
    line->block_len[j] = (j + 1 < m ? line->block_len[j + 1] : (int64_t)n) - line->block_len[j];
  line->br = m;
}

void coins_line_init(coins_line *line, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                     int64_t *work) {
  *line = (coins_line){.work = work};
  coins_state_init(&line->st, v, a, n, k);
  switch (v) {
    case COINS_I: break;
    case COINS_II:
      line->best = work;
      line->take = work + coins2_work_words((size_t)n, k);
      line->suffix = coins2_window_pass(a, (size_t)n, k, 1, line->best, line->take, work + n + 1);
      break;
    case COINS_III: fuse_line(line, a, (size_t)n, work); break;
  }
}

coins_move coins_line_peek(const coins_line *line) {
  const coins_state *st = &line->st;
  coins_move m = {1, 'L'};
  if (st->lo >= st->hi) return (coins_move){0, 'L'};
  switch (st->variant) {
    case COINS_I: m.take = coins1_take(st->hi - st->lo, st->k); break;
    case COINS_II: m.take = (uint64_t)line->take[st->lo]; break;
    case COINS_III:
      /* the block being played out, else the end block of larger value */
      if (line->run_left > 0)
        m.side = line->run_side;
      else
        m.side = line->block_value[line->bl] >= line->block_value[line->br - 1] ? 'L' : 'R';
      break;
  }
  return m;
}

/* III: keeps count of the block being played out, starting the next one
** from side when the last is done. */
static void follow_block(coins_line *line, char side) {
  if (line->run_left == 0) {
    line->run_side = side;
    line->run_left =
        (uint64_t)(side == 'L' ? line->block_len[line->bl++] : line->block_len[--line->br]);
  }
  line->run_left--;
}

/* III: starts the end block of larger value (left on a tie), without a
** branch on which it is (random rows are a coin flip each move). */
static void start_block(coins_line *line) {
  size_t bl = line->bl, br = line->br, left = line->block_value[bl] >= line->block_value[br - 1];
  int64_t l = line->block_len[bl], r = line->block_len[br - 1];
  line->run_left = (uint64_t)(r + (l - r) * (int64_t)left);
  line->run_side = (char)('R' - ('R' - 'L') * (int)left);
  line->bl = bl + left;
  line->br = br - (1 - left);
}

int coins_line_next(coins_line *line, coins_ply *out) {
  coins_state *st = &line->st;
  coins_move m = {1, 'L'};
  if (st->lo >= st->hi) return 0;
  switch (st->variant) {
    case COINS_I: m.take = coins1_take(st->hi - st->lo, st->k); break;
    case COINS_II: m.take = (uint64_t)line->take[st->lo]; break;
    case COINS_III: /* the block being played out, else the larger end block */
      if (line->run_left == 0) start_block(line);
      line->run_left--;
      m.side = line->run_side;
      break;
  }
  coins_state_apply(st, m, out);
  line->suffix -= out->gain;
  return 1;
}

int coins_line_follow(coins_line *line, char side, coins_ply *out) {
  if (line->run_left == 0 && line->bl + 1 < line->br &&
      line->block_value[line->bl] == line->block_value[line->br - 1]) {
    follow_block(line, side); /* either end block: start it from side */
    coins_state_apply(&line->st, (coins_move){1, side}, out);
    return 1;
  }
  if (coins_line_peek(line).side != side) return 0;
  coins_line_next(line, out);
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
