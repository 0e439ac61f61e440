/*
** state.c -- a position of a game being played (part of the pure core):
** the coins left, whose turn it is and the totals so far; playing a move
** on it, checking first that the move is legal; and checking a whole
** record for legality without playing it.
*/
#include <stdio.h>

#include "compiler.h"
#include "notation.h"
#include "state.h"
#include "stop.h"
#include "text.h"

void coins_state_init(coins_state *st, coins_variant v, const int64_t *a, uint64_t n, uint64_t k) {
  *st = (coins_state){.variant = v, .a = a, .n = n, .k = k, .hi = n};
}

int coins_state_mover(const coins_state *st) { return st->ply % 2 ? 2 : 1; }

coins_status coins_state_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]) {
  return coins_notation_check(coins_variant_traits_of(st->variant).notation, st->ply + 1, m,
                              st->hi - st->lo, st->k, err);
}

coins_status coins_state_play(coins_state *st, coins_move m, coins_ply *out,
                              char err[COINS_ERRMSG_SIZE]) {
  coins_status rc = coins_state_check(st, m, err);
  if (rc == COINS_OK) coins_state_apply(st, m, out);
  return rc;
}

/* The moves from, up to to, of the check (below). */
COINS_INLINE coins_status check_moves(coins_variant v, uint64_t k, const int64_t *moves,
                                      size_t from, size_t to, uint64_t *left,
                                      char err[COINS_ERRMSG_SIZE]) {
  coins_notation nt = coins_variant_traits_of(v).notation;
  for (size_t i = from; i < to; i++) {
    coins_move m = coins_notation_move(nt, moves[i]);
    coins_status rc = coins_notation_check(nt, (uint64_t)i + 1, m, *left, k, err);
    if (rc != COINS_OK) return rc;
    *left -= m.take;
  }
  return COINS_OK;
}

coins_status coins_state_check_record(coins_variant v, uint64_t n, uint64_t k, const int64_t *moves,
                                      size_t count, char err[COINS_ERRMSG_SIZE]) {
  return check_moves(v, k, moves, 0, count, &n, err);
}

coins_status coins_state_check_record_stop(coins_variant v, uint64_t n, uint64_t k,
                                           const int64_t *moves, size_t count,
                                           char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (coins_stop_span_end(0, count, stop) == count) /* one span: no poll */
    return coins_state_check_record(v, n, k, moves, count, err);
  coins_status rc = COINS_OK;
  for (size_t i = 0, end; rc == COINS_OK && i < count; i = end) {
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
    end = coins_stop_span_end(i, count, stop);
    rc = check_moves(v, k, moves, i, end, &n, err);
  }
  return rc;
}

void coins_state_replay(coins_state *st, const int64_t *moves, size_t count,
                        void (*each)(const coins_ply *p, void *ctx), void *ctx) {
  coins_ply p;
  coins_notation nt = coins_variant_traits_of(st->variant).notation;
  for (size_t i = 0; i < count && st->lo < st->hi; i++) {
    coins_state_apply(st, coins_notation_move(nt, moves[i]), &p);
    if (each) each(&p, ctx);
  }
}
