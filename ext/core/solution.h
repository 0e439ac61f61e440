/*
** solution.h -- a solved game's coins_solution from the first player's margin
** (the solvers of variants II and III).
*/
#ifndef COINS_SOLUTION_H
#define COINS_SOLUTION_H

#include "coins.h"
#include "compiler.h"

/* Fills the value fields of r from the first player's margin and the sum. */
COINS_INLINE void coins_solution_set_margin(coins_solution *r, int64_t margin, int64_t total) {
  r->margin = margin;
  r->total = total;
  /* (total + margin) / 2 without overflowing: both have the same parity */
  r->score = total / 2 + margin / 2 + (total % 2 + margin % 2) / 2;
  r->outcome = margin > 0 ? COINS_FIRST : margin < 0 ? COINS_SECOND : COINS_DRAW;
}

#endif
