/*
** sum.h -- variant I-sum's moves on a coins_state (sum.c), beyond
** coins.h: checking one and playing one (state.h plays it).
*/
#ifndef COINS_SUM_H
#define COINS_SUM_H

#include "coins.h"

/* Whether m is legal from st: COINS_OK, or COINS_INVALID with the
** reason ("ply 3: 2:5, but pile 2 has 4 coins") in err. */
coins_status coins_sum_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]);
/* Plays the legal m: the pile, the nim-sum and the live piles. */
void coins_sum_apply(coins_state *st, coins_move m, coins_ply *out);

#endif
