/*
** solve1.h -- what solve1.c shows the rest of the core beyond coins.h:
** variant I's outcome under the convention a variant's traits name.
*/
#ifndef COINS_SOLVE1_H
#define COINS_SOLVE1_H

#include "coins.h"

/* coins_solve1 or, for a misère variant, coins_solve1_misere. */
void coins_solve1_of(coins_variant v, uint64_t n, uint64_t k, coins_solution *r);
/* The piles' values a set of takes gives v's winner: COINS_PILE_NORMAL,
** or COINS_PILE_MISERE for a misère variant. */
coins_pile_values coins_solve1_pile_values(coins_variant v);

#endif
