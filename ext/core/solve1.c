/*
** solve1.c -- the solvers of variant I and I-misere (part of the pure
** core), in O(1): under normal play the mover loses exactly when
** n % (k+1) == 0, under misère play exactly when (n-1) % (k+1) == 0.
*/
#include "solve1.h"

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

uint64_t coins_solve1_misere_take(uint64_t n, uint64_t k) {
  if (n <= 1) return n;
  if (k >= n - 1) return n - 1; /* leave the last coin; also avoids k + 1 overflow */
  uint64_t r = (n - 1) % (k + 1);
  return r ? r : 1;
}

void coins_solve1_misere(uint64_t n, uint64_t k, coins_solution *r) {
  int lost = n == 1 || (n > 1 && k < n - 1 && (n - 1) % (k + 1) == 0);
  r->outcome = lost ? COINS_SECOND : COINS_FIRST;
  r->margin = r->score = r->total = 0;
  r->best.take = coins_solve1_misere_take(n, k);
  r->best.side = 'L';
}

void coins_solve1_of(coins_variant v, uint64_t n, uint64_t k, coins_solution *r) {
  if (coins_variant_traits_of(v).misere)
    coins_solve1_misere(n, k, r);
  else
    coins_solve1(n, k, r);
}

coins_pile_values coins_solve1_pile_values(coins_variant v) {
  return coins_variant_traits_of(v).misere ? COINS_PILE_MISERE : COINS_PILE_NORMAL;
}

coins_status coins_solve1_takes_of(coins_variant v, uint64_t n, const coins_takes *t,
                                   coins_solution *r, char err[COINS_ERRMSG_SIZE],
                                   const coins_stop *stop) {
  uint64_t won = 0, take = 0; /* one pile */
  coins_pile_values what = coins_solve1_pile_values(v);
  coins_convention c = what == COINS_PILE_MISERE ? COINS_MISERE : COINS_NORMAL;
  coins_status rc = coins_pile_value(t, what, n, &won, err, stop);
  if (rc == COINS_OK) rc = coins_pile_best(t, c, n, &take, err, stop);
  *r = (coins_solution){.outcome = won ? COINS_FIRST : COINS_SECOND,
                        .best = {.take = take, .side = 'L'}};
  return rc;
}
