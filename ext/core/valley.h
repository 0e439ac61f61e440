/*
** valley.h -- variant III positions along a record, solved in one pass
** backwards (valley.c).
*/
#ifndef COINS_VALLEY_H
#define COINS_VALLEY_H

#include "coins.h"

/* The work coins_valley_solve_record needs for n coins and count moves. */
size_t coins_valley_record_words(size_t n, size_t count);
/* Solves every position the legal record moves[0..count) ('L'/'R')
** visits in a game of a[0..n), in one pass backwards: (*margin)[t] is the
** mover's margin and (*best)[t] the first move of the optimal line ('L',
** 'R', or 0 with no coins left) after t moves, for t in 0..count; both
** point into work.  O((n + count) log n) (valley.c).  COINS_OK, or
** COINS_STOPPED by stop. */
coins_status coins_valley_solve_record(const int64_t *a, size_t n, const int64_t *moves,
                                       size_t count, int64_t *work, int64_t **margin, char **best,
                                       const coins_stop *stop);

#endif
