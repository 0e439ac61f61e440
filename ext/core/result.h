/*
** result.h -- a solved game's coins_result from the first player's margin
** (the solvers of variants II and III).
*/
#ifndef COINS_RESULT_H
#define COINS_RESULT_H

#include "coins.h"
#include "compiler.h"

/* Fills the value fields of r from the first player's margin and the sum. */
COINS_INLINE void coins_result_set_margin(coins_result *r, int64_t margin, int64_t total) {
  r->margin = margin;
  r->total = total;
  /* (total + margin) / 2 without overflowing: both have the same parity */
  r->score = total / 2 + margin / 2 + (total % 2 + margin % 2) / 2;
  r->outcome = margin > 0 ? COINS_FIRST : margin < 0 ? COINS_SECOND : COINS_DRAW;
}

#endif
