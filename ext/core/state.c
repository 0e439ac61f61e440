/*
** state.c -- a position of a game being played (part of the pure core):
** the coins left, whose turn it is and the totals so far; playing a move
** on it, checking first that the move is legal; and checking a whole
** record for legality without playing it.
*/
#include <stdio.h>

#include "compiler.h"
#include "state.h"
#include "stop.h"
#include "text.h"

void coins_state_init(coins_state *st, coins_variant v, const int64_t *a, uint64_t n, uint64_t k) {
  *st = (coins_state){.variant = v, .a = a, .n = n, .k = k, .hi = n};
}

int coins_state_mover(const coins_state *st) { return st->ply % 2 ? 2 : 1; }

/* Whether m can be played as ply with left coins on the table: COINS_OK,
** or COINS_INVALID with the reason in err. */
static coins_status check_move(coins_variant v, uint64_t ply, coins_move m, uint64_t left,
                               uint64_t k, char err[COINS_ERRMSG_SIZE]) {
  unsigned long long p = ply, take = m.take, l = left;
  int sides = coins_variant_traits_of(v).moves_are_sides;
  if (left == 0 && sides) return coins_fail(err, "ply %llu: %c, but no coins are left", p, m.side);
  if (left == 0) return coins_fail(err, "ply %llu: take %llu, but no coins are left", p, take);
  if (!sides && (m.take < 1 || m.take > k || m.take > left))
    return coins_fail(err,
                      "ply %llu: take %llu is not a move with %llu coin%s left and max_take %llu",
                      p, take, l, left == 1 ? "" : "s", (unsigned long long)k);
  return COINS_OK;
}

coins_status coins_state_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]) {
  return check_move(st->variant, st->ply + 1, m, st->hi - st->lo, st->k, err);
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
  for (size_t i = from; i < to; i++) {
    coins_move m = coins_move_of(v, moves[i]);
    coins_status rc = check_move(v, (uint64_t)i + 1, m, *left, k, err);
    if (rc != COINS_OK) return rc;
    *left -= m.take;
  }
  return COINS_OK;
}

coins_status coins_record_check(coins_variant v, uint64_t n, uint64_t k, const int64_t *moves,
                                size_t count, char err[COINS_ERRMSG_SIZE]) {
  return check_moves(v, k, moves, 0, count, &n, err);
}

coins_status coins_record_check_stop(coins_variant v, uint64_t n, uint64_t k, const int64_t *moves,
                                     size_t count, char err[COINS_ERRMSG_SIZE],
                                     const coins_stop *stop) {
  if (coins_span_end(0, count, stop) == count) /* one span: no poll */
    return coins_record_check(v, n, k, moves, count, err);
  coins_status rc = COINS_OK;
  for (size_t i = 0, end; rc == COINS_OK && i < count; i = end) {
    if (i > 0 && coins_stopped(stop)) return COINS_STOPPED;
    end = coins_span_end(i, count, stop);
    rc = check_moves(v, k, moves, i, end, &n, err);
  }
  return rc;
}

void coins_state_replay(coins_state *st, const int64_t *moves, size_t count,
                        void (*each)(const coins_ply *p, void *ctx), void *ctx) {
  coins_ply p;
  for (size_t i = 0; i < count && st->lo < st->hi; i++) {
    coins_state_apply(st, coins_move_of(st->variant, moves[i]), &p);
    if (each) each(&p, ctx);
  }
}
