/*
** coins_review.c -- recorded games in the pure core: a position that moves
** are played on (checking that each is legal), and a review that judges
** every move of a record against optimal play.
**
** How the review knows the value of each position:
**   I    the modulo rule, O(1).
**   II   best[i] for every suffix, computed once: O(1) per move.
**   III  the optimal line coins_line plays from the current interval and
**        its margin.  While the record follows that line the next margin
**        is known (it is gain - margin); a move off the line re-solves the
**        interval that is left, O(coins left), as the algorithms note says
**        no faster bound is known.
*/
#include <stdio.h>

#include "coins_internal.h"

void coins_state_init(coins_state *st, int variant, const int64_t *a,
                      uint64_t n, uint64_t k) {
  *st = (coins_state){.variant = variant, .a = a, .n = n, .k = k, .hi = n};
}

int coins_state_mover(const coins_state *st) { return st->ply % 2 ? 2 : 1; }

int coins_state_play(coins_state *st, coins_move m, coins_ply *out,
                     char err[COINS_ERRMSG_SIZE]) {
  uint64_t left = st->hi - st->lo, ply = st->ply + 1;
  if (left == 0) {
    if (st->variant == 3)
      snprintf(err, COINS_ERRMSG_SIZE, "ply %llu: %c, but no coins are left",
               (unsigned long long)ply, m.side);
    else
      snprintf(err, COINS_ERRMSG_SIZE, "ply %llu: take %llu, but no coins are "
               "left", (unsigned long long)ply, (unsigned long long)m.take);
    return -1;
  }
  out->move = m;
  out->gain = 0;
  if (st->variant == 3) {
    out->move.take = 1;
    out->pos = m.side == 'R' ? --st->hi : st->lo++;
    out->gain = st->a[out->pos];
  } else {
    if (m.take < 1 || m.take > st->k || m.take > left) {
      snprintf(err, COINS_ERRMSG_SIZE,
               "ply %llu: take %llu is not a move with %llu coin%s left and "
               "max_take %llu", (unsigned long long)ply,
               (unsigned long long)m.take, (unsigned long long)left,
               left == 1 ? "" : "s", (unsigned long long)st->k);
      return -1;
    }
    out->move.side = 'L';
    out->pos = st->lo;
    if (st->variant == 2)
      for (uint64_t i = 0; i < m.take; i++) out->gain += st->a[st->lo + i];
    st->lo += m.take;
  }
  out->player = coins_state_mover(st);
  out->ply = ++st->ply;
  st->totals[out->player - 1] += out->gain;
  out->first_total = st->totals[0];
  out->second_total = st->totals[1];
  return 0;
}

/* ---------------------------------------------------------------- review */

size_t coins_review_work_words(int variant, size_t n, uint64_t k) {
  return coins_line_work_words(variant, n, k);
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* I: whether the player to move with left coins forces a win. */
static int mover_wins(uint64_t left, uint64_t k) {
  coins_result r;
  coins1_solve(left, k, &r);
  return r.outcome == COINS_FIRST;
}

/* III: solves the interval left and starts the line from it. */
static void restart_line(coins_review *rv) {
  coins_state *st = &rv->st;
  const int64_t *left = st->lo < st->hi ? st->a + st->lo : NULL; /* a may be NULL */
  coins_line_init(&rv->line, 3, left, st->hi - st->lo, 1, rv->work);
  rv->margin = coins3_blocks_margin(rv->line.block_value, rv->line.br);
  rv->line_stale = 0;
}

/* II: the mover's margin from coin i on. */
static int64_t suffix_margin(const coins_review *rv, uint64_t i,
                             int64_t suffix) {
  int64_t mine = rv->line.best[i];
  return mine - (suffix - mine);
}

void coins_review_init(coins_review *rv, int variant, const int64_t *a,
                       uint64_t n, uint64_t k, int64_t *work) {
  *rv = (coins_review){.work = work};
  coins_state_init(&rv->st, variant, a, n, k);
  if (variant == 3) {
    restart_line(rv);
  } else {
    coins_line_init(&rv->line, variant, a, n, k, work);
    if (variant == 2) rv->margin = suffix_margin(rv, 0, rv->line.suffix);
  }
}

coins_move coins_review_best(coins_review *rv) {
  coins_move none = {0, 'L'};
  if (rv->st.lo >= rv->st.hi) return none;
  if (rv->st.variant == 1) {
    coins_move m = {coins1_take(rv->st.hi - rv->st.lo, rv->st.k), 'L'};
    return m;
  }
  if (rv->line_stale) restart_line(rv);
  coins_line peek = rv->line; /* next() changes only the struct */
  coins_ply next;
  coins_line_next(&peek, &next);
  return next.move;
}

/* Keeps the II line at coin i (its suffix sum follows the position). */
static void follow_suffix(coins_review *rv, int64_t gain) {
  rv->line.lo = rv->st.lo;
  rv->line.suffix -= gain;
  rv->margin = suffix_margin(rv, rv->st.lo, rv->line.suffix);
}

/* III: plays side on the line when the line can take it, and returns 1:
** its own next move (best_side), or, between blocks, the other end block
** when the two end blocks are worth the same (either is optimal, and the
** block is then played out from the end it was started at), so that a
** record made with other tie rules stays on the line.  Returns 0 when the
** move leaves the line. */
static int follow_line(coins_review *rv, char best_side, char side) {
  coins_line *line = &rv->line;
  coins_ply step;
  if (line->run_left == 0 && line->bl + 1 < line->br &&
      line->block_value[line->bl] == line->block_value[line->br - 1]) {
    line->run_side = side;
    line->run_left = (uint64_t)(side == 'L' ? line->block_len[line->bl++]
                                            : line->block_len[--line->br]);
  } else if (side != best_side) {
    return 0;
  }
  coins_line_next(line, &step);
  return 1;
}

int coins_review_play(coins_review *rv, coins_move m, coins_judgement *out,
                      char err[COINS_ERRMSG_SIZE]) {
  coins_state *st = &rv->st;
  int mover = coins_state_mover(st);
  int64_t lead = st->totals[mover - 1] - st->totals[2 - mover];
  out->best = coins_review_best(rv);
  if (coins_state_play(st, m, &out->played, err)) return -1;

  if (st->variant == 1) {
    int won = mover_wins(st->hi - st->lo + m.take, st->k);
    int opponent_wins = mover_wins(st->hi - st->lo, st->k);
    out->before = won ? 1 : -1;
    out->after = opponent_wins ? -1 : 1;
    out->loss = won && opponent_wins;
    return 0;
  }

  int64_t margin_before = rv->margin, gain = out->played.gain, margin_after;
  if (st->variant == 2) {
    follow_suffix(rv, gain);
    margin_after = rv->margin;
  } else if (follow_line(rv, out->best.side, m.side)) {
    margin_after = rv->margin = gain - margin_before; /* an optimal move */
  } else {
    restart_line(rv);
    margin_after = rv->margin;
  }
  /* the mover's value of the move: its gain, then the opponent's margin;
  ** the loss is at most twice the sum of |coins|, so it is checked */
  uint64_t loss = (uint64_t)margin_before - (uint64_t)(gain - margin_after);
  if (loss > (uint64_t)INT64_MAX) {
    snprintf(err, COINS_ERRMSG_SIZE, "ply %llu: the loss exceeds 2^63-1",
             (unsigned long long)out->played.ply);
    return -1;
  }
  out->loss = (int64_t)loss;
  out->before = sign(lead + margin_before);
  out->after = sign(lead + gain - margin_after);
  return 0;
}

int coins_review_apply(coins_review *rv, coins_move m, coins_ply *out,
                       char err[COINS_ERRMSG_SIZE]) {
  coins_state *st = &rv->st;
  int line_fresh = st->variant == 3 && !rv->line_stale && st->lo < st->hi;
  char best_side = line_fresh ? coins_review_best(rv).side : 0;
  if (coins_state_play(st, m, out, err)) return -1;
  if (st->variant == 2) {
    follow_suffix(rv, out->gain);
  } else if (line_fresh && follow_line(rv, best_side, m.side)) {
    rv->margin = out->gain - rv->margin;
  } else if (st->variant == 3) {
    rv->line_stale = 1;
  }
  return 0;
}
