/*
** line.h -- what line.c shares with the core besides coins.h.
*/
#ifndef COINS_LINE_H
#define COINS_LINE_H

#include "coins.h"

/* III: plays side when the line can take it, and returns 1: the line's
** own next move, or, between blocks, the other end block when the two end
** blocks are worth the same (either is optimal; the block is then played
** out from side), so that a record made with other tie rules stays on the
** line.  Returns 0, playing nothing, otherwise. */
int coins_line_follow(coins_line *line, char side, coins_ply *out);

#endif
