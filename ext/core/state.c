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

/* The takes of the set mask that fit in left coins. */
static uint64_t set_fitting(uint64_t mask, uint64_t left) {
  return left >= 64 ? mask : mask & (((uint64_t)1 << left) - 1);
}

/* With a set of takes: whether take can be played as ply with left coins
** on the table.  COINS_OK, or COINS_INVALID with the reason in err. */
static coins_status check_set_take(uint64_t mask, uint64_t ply, uint64_t take, uint64_t left,
                                   char err[COINS_ERRMSG_SIZE]) {
  uint64_t fits = set_fitting(mask, left);
  if (take >= 1 && take <= 64 && (fits >> (take - 1) & 1)) return COINS_OK;
  coins_takes t = {mask, 0};
  char set[COINS_TAKES_TEXT_SIZE];
  unsigned long long p = ply, s = take, l = left;
  const char *plural = left == 1 ? "" : "s";
  coins_takes_text(&t, set);
  if (left == 0) return coins_text_fail(err, "ply %llu: take %llu, but no coins are left", p, s);
  if (fits == 0)
    return coins_text_fail(err,
                           "ply %llu: take %llu, but the game is over: no take of %s fits the "
                           "%llu coin%s left",
                           p, s, set, l, plural);
  return coins_text_fail(err,
                         "ply %llu: take %llu is not a move with %llu coin%s left and the takes %s",
                         p, s, l, plural, set);
}

void coins_state_init_takes(coins_state *st, coins_variant v, const int64_t *a, uint64_t n,
                            const coins_takes *t) {
  coins_state_init(st, v, a, n, coins_takes_largest(t));
  if (t->range == 0) st->mask = t->mask;
}

int coins_state_can_move(const coins_state *st) {
  if (st->lo >= st->hi || st->piles) return st->lo < st->hi;
  return st->mask == 0 || set_fitting(st->mask, st->hi - st->lo) != 0;
}

coins_status coins_state_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]) {
  if (st->piles) return coins_sum_check(st, m, err);
  if (st->mask) return check_set_take(st->mask, st->ply + 1, m.take, st->hi - st->lo, err);
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

coins_status coins_state_check_record_takes_stop(coins_variant v, uint64_t n, const coins_takes *t,
                                                 const int64_t *moves, size_t count,
                                                 char err[COINS_ERRMSG_SIZE],
                                                 const coins_stop *stop) {
  if (t->range) return coins_state_check_record_stop(v, n, t->range, moves, count, err, stop);
  coins_notation nt = coins_variant_traits_of(v).notation;
  for (size_t i = 0, end; i < count; i = end) {
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
    for (end = coins_stop_span_end(i, count, stop); i < end; i++) {
      uint64_t take = coins_notation_move(nt, moves[i]).take;
      coins_status rc = check_set_take(t->mask, (uint64_t)i + 1, take, n, err);
      if (rc != COINS_OK) return rc;
      n -= take;
    }
  }
  return COINS_OK;
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
