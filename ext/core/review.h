/*
** review.h -- what review.c shares with the core besides coins.h.
*/
#ifndef COINS_REVIEW_H
#define COINS_REVIEW_H

#include "coins.h"

/* II: the take greedy play makes from rv's position (largest immediate
** gain, fewest coins on ties): O(n) on the first call, then O(1).  The
** first call polls the line's stop; stopped, it returns 1. */
uint64_t coins_review_greedy_take(coins_review *rv);

#endif
