/*
** solve1.c -- the solver of variant I (part of the pure core), in O(1):
** the mover loses exactly when n % (k+1) == 0.
*/
#include "coins.h"

uint64_t coins_solve1_take(uint64_t n, uint64_t k) {
  if (n == 0) return 0;
  if (k >= n) return n; /* take everything; also avoids k + 1 overflow */
  uint64_t r = n % (k + 1);
  return r ? r : 1;
}

void coins_solve1(uint64_t n, uint64_t k, coins_solution *r) {
  int lost = n == 0 || (k < n && n % (k + 1) == 0);
  r->outcome = lost ? COINS_SECOND : COINS_FIRST;
  r->margin = r->score = r->total = 0;
  r->best.take = coins_solve1_take(n, k);
  r->best.side = 'L';
}
