/*
** solve1.h -- what solve1.c shows the rest of the core beyond coins.h:
** the pile values of a variant's convention.
*/
#ifndef COINS_SOLVE1_H
#define COINS_SOLVE1_H

#include "coins.h"

/* The piles' values a set of takes gives v's winner: COINS_PILE_NORMAL,
** or COINS_PILE_MISERE for a misère variant. */
coins_pile_values coins_solve1_pile_values(coins_variant v);

#endif
