/*
** review.c -- judging every move of a recorded game against optimal play
** (part of the pure core).
**
** How the review knows the value of each position:
**   I    the modulo rule, O(1).
**   II   best[i] for every suffix, computed once: O(1) per move.
**   III  a record known in advance (coins_review_init_record): every
**        position it visits, solved in one pass backwards (valley.c),
**        O(log n) a move.  Played move by move (coins_review_init, as
**        coins_play does): the optimal line coins_line plays from the
**        current interval and its margin.  While the moves follow that line
**        the next margin is known (it is gain - margin).  Off the line, the
**        best move comes from a table of the row made once (interval.c):
**        O(log n) a move; a judgement off the line re-solves the interval
**        that is left, O(coins left).
*/
#include "review.h"
#include "bits.h"
#include "interval.h"
#include "line.h"
#include "solve1.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "text.h"
#include "valley.h"

size_t coins_review_work_words(coins_variant v, size_t n, uint64_t k) {
  size_t words = coins_line_work_words(v, n, k);
  size_t table = coins_interval_words(n); /* in place of the line's blocks */
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return words;
    case COINS_II: return words + 2 * n + 1; /* greedy play's tables */
    case COINS_III: return words > table ? words : table;
  }
  return words;
}

/* II with a set: the take of the largest gain that fits, the fewest
** coins on ties; O(|S|). */
static uint64_t set_greedy_take(const coins_line *line) {
  const coins_state *st = &line->st;
  uint64_t left = st->hi - st->lo, take = 0;
  uint64_t moves = left >= 64 ? st->mask : st->mask & (((uint64_t)1 << left) - 1);
  int64_t most = 0;
  for (; moves; moves &= moves - 1) {
    uint64_t s = (uint64_t)coins_lowest_bit(moves) + 1;
    int64_t gain = line->prefix[st->lo + s] - line->prefix[st->lo];
    if (take == 0 || gain > most) take = s, most = gain;
  }
  return take;
}

uint64_t coins_review_greedy_take(coins_review *rv) {
  coins_line *line = &rv->line;
  const coins_state *st = &line->st;
  size_t n = (size_t)st->n;
  if (line->prefix) return set_greedy_take(line);
  if (rv->greedy_take == NULL) { /* after the line's words: take[], then suffix sums */
    int64_t *take = line->work + coins_line_work_words(COINS_II, n, st->k), *sums = take + n, sum;
    /* stopped by the line's stop: a legal move, the table still to make
    ** (the caller, asked to stop, uses neither) */
    if (coins_solve2_window_pass_stop(st->a, n, st->k, 0, sums, take, line->work + n + 1, &sum,
                                      line->stop) != COINS_OK)
      return 1;
    rv->greedy_take = take;
  }
  return (uint64_t)rv->greedy_take[st->lo];
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* I, I-misere: whether the player to move with left coins forces a win. */
static int mover_wins(const coins_line *line, uint64_t left) {
  coins_solution r;
  if (line->pile) return coins_pile_table_value(line->pile, left) != 0;
  coins_solve1_of(line->st.variant, left, line->st.k, &r);
  return r.outcome == COINS_FIRST;
}

/* III: solves the interval left and starts the line's blocks from it. */
static void restart_line(coins_review *rv) {
  coins_line *line = &rv->line;
  const coins_state *st = &line->st;
  size_t left = (size_t)(st->hi - st->lo);
  line->block_value = line->work;
  line->block_len = line->work + left;
  line->bl = line->run_left = 0;
  line->br = left ? coins_solve3_fuse(st->a + st->lo, left, line->block_value, line->block_len) : 0;
  rv->margin = coins_solve3_blocks_margin(line->block_value, line->br);
  rv->line_stale = 0;
  rv->interval = NULL; /* its words now hold the blocks */
}

/* III: starts the line afresh on the table of the row, made the first
** time (in place of the line's blocks), without re-solving.  COINS_OK;
** COINS_NO_ROOM for a row too long for the table; COINS_STOPPED by the
** line's stop while making it. */
static coins_status restart_on_table(coins_review *rv) {
  coins_line *line = &rv->line;
  if (rv->interval == NULL) {
    if (coins_interval_words((size_t)line->st.n) == 0) return COINS_NO_ROOM;
    coins_status rc = coins_interval_build(line->work, line->st.a, (size_t)line->st.n, line->stop);
    if (rc != COINS_OK) return rc;
    rv->interval = line->work;
  }
  line->run_left = 0;
  rv->line_stale = 0;
  return COINS_OK;
}

/* II: the mover's margin from the position on. */
static int64_t suffix_margin(const coins_line *line) {
  if (line->prefix) return line->best[line->st.lo]; /* a set: the margins */
  int64_t mine = line->best[line->st.lo];
  return mine - (line->suffix - mine);
}

void coins_review_init(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                       int64_t *work) {
  coins_review_init_stop(rv, v, a, n, k, work, NULL);
}

coins_status coins_review_init_stop(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n,
                                    uint64_t k, int64_t *work, const coins_stop *stop) {
  *rv = (coins_review){.margin = 0};
  coins_status rc = coins_line_init_lazy_stop(&rv->line, v, a, n, k, work, stop);
  if (rc == COINS_OK) rc = coins_line_fuse(&rv->line);
  if (rc != COINS_OK) return rc;
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: break;
    case COINS_II: rv->margin = suffix_margin(&rv->line); break;
    case COINS_III:
      rv->margin = coins_solve3_blocks_margin(rv->line.block_value, rv->line.br);
      break;
  }
  return COINS_OK;
}

size_t coins_review_takes_work_words(coins_variant v, size_t n, const coins_takes *t) {
  if (t->range) return coins_review_work_words(v, n, t->range);
  return coins_line_takes_work_words(v, n, t); /* greedy play needs no table */
}

coins_status coins_review_init_takes_stop(coins_review *rv, coins_variant v, const int64_t *a,
                                          uint64_t n, const coins_takes *t, int64_t *work,
                                          char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (t->range) return coins_review_init_stop(rv, v, a, n, t->range, work, stop);
  *rv = (coins_review){.margin = 0};
  coins_status rc = coins_line_init_takes_stop(&rv->line, v, a, n, t, work, err, stop);
  if (rc == COINS_OK && rv->line.prefix) rv->margin = suffix_margin(&rv->line);
  return rc;
}

size_t coins_review_record_words(coins_variant v, size_t n, uint64_t k, size_t count) {
  switch (v) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: break;
    case COINS_III: return coins_valley_record_words(n, count);
  }
  return coins_review_work_words(v, n, k);
}

void coins_review_init_record(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n,
                              uint64_t k, const int64_t *moves, size_t count, int64_t *work) {
  coins_review_init_record_stop(rv, v, a, n, k, moves, count, work, NULL);
}

coins_status coins_review_init_record_stop(coins_review *rv, coins_variant v, const int64_t *a,
                                           uint64_t n, uint64_t k, const int64_t *moves,
                                           size_t count, int64_t *work, const coins_stop *stop) {
  coins_status rc = COINS_OK;
  switch (v) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return coins_review_init_stop(rv, v, a, n, k, work, stop);
    case COINS_III:
      *rv = (coins_review){.record = moves, .record_count = count};
      coins_state_init(&rv->line.st, v, a, n, k);
      rc = coins_valley_solve_record(a, (size_t)n, moves, count, work, &rv->record_margin,
                                     &rv->record_best, stop);
      if (rc == COINS_OK) rv->margin = rv->record_margin[0];
      break;
  }
  return rc;
}

coins_move coins_review_best(coins_review *rv) {
  const coins_state *st = &rv->line.st;
  if (rv->record) { /* solved in advance, up to the record's end */
    coins_move best = {st->ply <= rv->record_count && st->lo < st->hi, 'L', 0};
    if (best.take) best.side = rv->record_best[st->ply];
    return best;
  }
  if (rv->line_stale && st->lo < st->hi) {
    coins_status rc = restart_on_table(rv);
    /* stopped: a legal move, the table still to make (the caller, asked
    ** to stop, does not play it) */
    if (rc == COINS_STOPPED) return (coins_move){1, 'L', 0};
    if (rc != COINS_OK) restart_line(rv);
  }
  if (rv->interval) return coins_interval_peek(&rv->line, rv->interval);
  return coins_line_peek(&rv->line);
}

/* Plays the legal move m, keeping what the review knows of the position
** reached; a variant III move off the line re-solves what is left now
** (judge) or when the best move is next asked for. */
static void play_legal(coins_review *rv, coins_move m, int judge, coins_ply *out) {
  coins_line *line = &rv->line;
  switch (line->st.variant) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: coins_state_apply(&line->st, m, out); break;
    case COINS_II:
      coins_state_apply(&line->st, m, out);
      line->suffix -= out->gain;
      rv->margin = suffix_margin(line);
      break;
    case COINS_III:
      if (rv->record) { /* solved in advance */
        coins_state_apply(&line->st, m, out);
        rv->margin = rv->record_margin[line->st.ply];
      } else if (rv->interval) { /* the line on the table (never judged) */
        if (!rv->line_stale && !coins_interval_follow(line, rv->interval, m.side))
          rv->line_stale = 1;
        coins_state_apply(&line->st, m, out);
      } else if (!rv->line_stale && coins_line_follow(line, m.side, out)) {
        rv->margin = out->gain - rv->margin; /* an optimal move */
      } else {
        coins_state_apply(&line->st, m, out);
        rv->line_stale = 1;
        if (judge) restart_line(rv);
      }
      break;
  }
}

/* I, I-misere: judges a move that left the opponent left coins. */
static void judge_count(const coins_line *line, coins_move m, coins_judgement *out) {
  const coins_state *st = &line->st;
  int won = mover_wins(line, st->hi - st->lo + m.take);
  int opponent_wins = mover_wins(line, st->hi - st->lo);
  out->before = won ? 1 : -1;
  out->after = opponent_wins ? -1 : 1;
  out->loss = won && opponent_wins;
}

/* Whether m can be played next: legal, and the record's next move when
** the review was started for a record. */
static coins_status check_next(const coins_review *rv, coins_move m, char err[COINS_ERRMSG_SIZE]) {
  const coins_state *st = &rv->line.st;
  coins_status rc = coins_state_check(st, m, err);
  if (rc == COINS_OK && rv->record &&
      (st->ply >= rv->record_count ||
       coins_notation_move_of(st->variant, rv->record[st->ply]).side != m.side))
    return coins_text_fail(err, "ply %llu: not the move of the record the review was started for",
                           (unsigned long long)st->ply + 1);
  return rc;
}

coins_status coins_review_play(coins_review *rv, coins_move m, coins_judgement *out,
                               char err[COINS_ERRMSG_SIZE]) {
  const coins_state *st = &rv->line.st;
  int mover = coins_state_mover(st);
  int64_t lead = st->totals[mover - 1] - st->totals[2 - mover];
  /* the margin before: the line's, re-solved off it (the table keeps none) */
  if ((rv->interval || rv->line_stale) && st->lo < st->hi) restart_line(rv);
  out->best = coins_review_best(rv); /* may re-solve: before the margin */
  int64_t margin_before = rv->margin;
  int won_before = st->piles && coins_sum_wins(st);
  coins_status rc = check_next(rv, m, err);
  if (rc != COINS_OK) return rc;
  play_legal(rv, m, 1, &out->played);
  if (st->piles) { /* a sum: won as its values say */
    int answered = coins_sum_wins(st);
    out->before = won_before ? 1 : -1;
    out->after = answered ? -1 : 1;
    out->loss = won_before && answered;
    return COINS_OK;
  }
  if (!coins_variant_traits_of(st->variant).has_values) {
    judge_count(&rv->line, m, out);
    return COINS_OK;
  }
  /* the mover's value of the move: its gain, then the opponent's margin;
  ** the loss is at most twice the sum of |coins|, so it is checked */
  int64_t gain = out->played.gain, margin_after = rv->margin;
  uint64_t loss = (uint64_t)margin_before - (uint64_t)(gain - margin_after);
  if (loss > (uint64_t)INT64_MAX)
    return coins_text_fail(err, "ply %llu: the loss exceeds 2^63-1",
                           (unsigned long long)out->played.ply);
  out->loss = (int64_t)loss;
  out->before = sign(lead + margin_before);
  out->after = sign(lead + gain - margin_after);
  return COINS_OK;
}

coins_status coins_review_apply(coins_review *rv, coins_move m, coins_ply *out,
                                char err[COINS_ERRMSG_SIZE]) {
  coins_status rc = check_next(rv, m, err);
  if (rc == COINS_OK) play_legal(rv, m, 0, out);
  return rc;
}
