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
/* Whether the player to move wins from st: a nim-sum not 0, or under
** misère play as coins_sum_solve says. */
int coins_sum_wins(const coins_state *st);

/* For coins_analysis_only_move: after played, from the position before
** it, -1 when fewer than two moves were legal, else 1 when played was the
** only winning move and 0 when not (a lost position: 0).  O(P |S|). */
int coins_sum_only_move(const coins_state *st, const coins_ply *played);

/* The moves of coins_play's strategies on a sum (strategy.c), from a
** position with a move: COINS_SUM_RANDOM, a pile with a move at random
** then one of its takes (from rng); COINS_SUM_LARGEST, greedy, the most
** coins allowed from the largest pile (the first of them); COINS_SUM_FIRST,
** left, the fewest coins allowed from the first pile with a move. */
enum { COINS_SUM_RANDOM, COINS_SUM_LARGEST, COINS_SUM_FIRST };
coins_move coins_sum_strategy_move(const coins_state *st, uint64_t *rng, int kind);

#endif
