/*
** state.h -- moves on a coins_state: checking one (state.c), and playing
** one inline, as every row of coins_moves does.
*/
#ifndef COINS_STATE_H
#define COINS_STATE_H

#include "coins.h"
#include "compiler.h"
#include "sum.h"

/* Whether m is legal from st: COINS_OK, or COINS_INVALID with the reason
** ("ply 3: ...") in err. */
coins_status coins_state_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]);

/* The bookkeeping every move shares, once out->gain is known: totals,
** player and ply. */
COINS_INLINE void coins_state_step(coins_state *st, coins_ply *out) {
  /* the totals as two words, each read and written whole: a load of both
  ** at once right after a store to one of them would wait for the store */
  uint64_t second = st->ply & 1, to_second = 0 - second;
  int64_t gain_second = (int64_t)((uint64_t)out->gain & to_second);
  int64_t first_total = st->totals[0] + (out->gain - gain_second);
  int64_t second_total = st->totals[1] + gain_second;
  st->totals[0] = first_total;
  st->totals[1] = second_total;
  out->first_total = first_total;
  out->second_total = second_total;
  out->player = 1 + (int)second;
  out->ply = ++st->ply;
}

/* Variant III: takes the coin at side off the table; returns where it
** was (its value goes in out->gain, then coins_state_step). */
COINS_INLINE uint64_t coins_state_take(coins_state *st, char side, coins_ply *out) {
  /* without a branch on the side, which the data decide */
  uint64_t right = side == 'R', lo = st->lo, hi = st->hi, pos = right ? hi - 1 : lo;
  out->move = (coins_move){1, side, 0};
  out->pos = pos;
  st->hi = hi - right;
  st->lo = lo + 1 - right;
  return pos;
}

/* Plays m on st without checking it (the caller knows it is legal).
** Inline: it is on the path of every row of coins_moves. */
COINS_INLINE void coins_state_apply(coins_state *st, coins_move m, coins_ply *out) {
  out->move = m;
  out->gain = 0;
  switch (st->variant) {
    case COINS_I:
    case COINS_I_MISERE:
      out->move.side = 'L';
      out->pos = st->lo;
      st->lo += m.take;
      break;
    case COINS_II:
      out->move.side = 'L';
      out->pos = st->lo;
      for (uint64_t i = 0; i < m.take; i++) out->gain += st->a[st->lo + i];
      st->lo += m.take;
      break;
    case COINS_III: out->gain = st->a[coins_state_take(st, m.side, out)]; break;
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: coins_sum_apply(st, m, out); break;
  }
  coins_state_step(st, out);
}

#endif
