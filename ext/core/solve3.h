/*
** solve3.h -- variant III as the core shares it (solve3.c): peak fusion
** of an array, or of a row's text as it is parsed, and the result of its
** blocks.
*/
#ifndef COINS_SOLVE3_H
#define COINS_SOLVE3_H

#include "coins.h"

/* Peak fusion of a[0..n) into value[0..m) and, unless len is NULL,
** len[0..m).  value may alias a.  Returns m. */
size_t coins_solve3_fuse(const int64_t *a, size_t n, int64_t *value, int64_t *len);
/* ... polling stop: COINS_OK with the blocks' count in *m, or COINS_STOPPED. */
coins_status coins_solve3_fuse_stop(const int64_t *a, size_t n, int64_t *value, int64_t *len,
                                    size_t *m, const coins_stop *stop);

/* Parses text[0..len) like coins_parse_array and fuses it in the same
** pass: the blocks' values in (*blocks)[0..*m), within stack, the coins'
** sum in *total.  COINS_NO_ROOM with *need, the stack words that suffice
** (len / 2 + 1 + COINS_FUSE_FLOOR always do; they are not counted). */
coins_status coins_solve3_parse_fused(const char *text, size_t len, int64_t *stack, size_t cap,
                                      int64_t **blocks, size_t *m, int64_t *total, size_t *need,
                                      char err[COINS_ERRMSG_SIZE]);
/* ... polling stop. */
coins_status coins_solve3_parse_fused_stop(const char *text, size_t len, int64_t *stack, size_t cap,
                                           int64_t **blocks, size_t *m, int64_t *total,
                                           size_t *need, char err[COINS_ERRMSG_SIZE],
                                           const coins_stop *stop);

/* The result of a game whose fused blocks are value[0..m) (a valley) and
** whose coins sum to total. */
void coins_solve3_blocks(const int64_t *value, size_t m, int64_t total, coins_solution *r);

/* The margin of a valley of blocks, larger end first. */
int64_t coins_solve3_blocks_margin(const int64_t *value, size_t m);

/* coins_solve3 polling stop (coins_solve_stop is its public form). */
coins_status coins_solve3_stop(const int64_t *a, size_t n, int64_t *work, coins_solution *r,
                               const coins_stop *stop);

#endif
