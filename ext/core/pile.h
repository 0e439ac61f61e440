/*
** pile.h -- what pile.c shows the tests beyond coins.h.
*/
#ifndef COINS_PILE_H
#define COINS_PILE_H

#include "coins.h"
#include "stop.h"

/* coins_pile_period looking at the values of piles 0..limit only (the
** tests make limit small to reach the refusal). */
coins_status coins_pile_period_within(const coins_takes *t, coins_pile_values what, uint64_t limit,
                                      coins_period *p, char err[COINS_ERRMSG_SIZE],
                                      const coins_stop *stop);

#endif
