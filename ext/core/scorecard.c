/*
** scorecard.c -- each player's card for a recorded game: moves, grades,
** loss, accuracy, coins collected, the result as played and with best
** play (part of the pure core).  One review of the record, its moves
** judged and added up here, with nothing of a row's cost: a leaderboard
** over many games reads two cards a game instead of a row a move.
*/
#include <math.h>

#include "compiler.h"
#include "fuse.h"
#include "interval.h"
#include "line.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "review.h"
#include "scan.h"
#include "solution.h"
#include "solve1.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "text.h"
#include "valley.h"

double coins_scorecard_accuracy(const coins_card *c) {
  if (c->moves == 0) return NAN; /* no moves, no accuracy */
  double mean = c->accuracy_sum / (double)c->moves, harmonic = (double)c->moves / c->harmonic_sum;
  return (mean + harmonic) / 2;
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

/* Adds the judged move j, from a position of the given stake, to card. */
static coins_status add_move(coins_card *card, coins_variant v, const coins_judgement *j,
                             uint64_t stake, char err[COINS_ERRMSG_SIZE]) {
  double accuracy = coins_analysis_accuracy(v, j, stake);
  card->moves++;
  switch (coins_analysis_grade(v, j, stake)) {
    case COINS_BEST: card->best++; break;
    case COINS_INACCURACY: card->inaccuracies++; break;
    case COINS_MISTAKE: card->mistakes++; break;
    case COINS_BLUNDER: card->blunders++; break;
  }
  if ((uint64_t)card->loss + (uint64_t)j->loss > (uint64_t)INT64_MAX)
    return coins_text_fail(err, "ply %llu: the sum of the losses exceeds 2^63-1",
                           (unsigned long long)j->played.ply);
  card->loss += j->loss;
  card->accuracy_sum += accuracy;
  card->harmonic_sum += 1 / (accuracy < 1 ? 1 : accuracy);
  return COINS_OK;
}

/* The result of the game as it stands after the record: 2 while coins
** are left, else the first player's +1, 0, -1. */
static int first_result(const coins_state *st) {
  if (coins_state_can_move(st)) return 2;
  coins_variant_traits traits = coins_variant_traits_of(st->variant);
  if (traits.has_values) return sign(st->totals[0] - st->totals[1]); /* both within Σ|a| */
  /* the last mover wins, or under misère play loses */
  return (st->ply % 2 ? 1 : -1) * (traits.misere ? -1 : 1);
}

/* The first player's result with best play from the start. */
static int first_expected(const coins_review *rv) {
  const coins_state *st = &rv->line.st;
  if (coins_variant_traits_of(st->variant).has_values) return sign(rv->margin);
  coins_solution r;
  if (rv->line.pile) return coins_pile_table_value(rv->line.pile, st->n) ? 1 : -1; /* a set */
  coins_solve1_of(st->variant, st->n, st->k, &r);
  return r.outcome == COINS_FIRST ? 1 : -1;
}

/* The cards of moves[0..count), the record rv was started for; an_work:
** the analysis's words. */
static coins_status score(coins_review *rv, const int64_t *moves, size_t count, int64_t *an_work,
                          coins_card card[2], char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  const coins_state *st = &rv->line.st;
  coins_variant v = st->variant;
  coins_analysis an;
  coins_judgement j;
  coins_analysis_init(&an, v, st->a, st->n, st->k, an_work, stop);
  int expected = first_expected(rv);
  for (size_t i = 0; i < count; i++) {
    uint64_t stake = 0;
    if (i % COINS_STOP_SPAN == COINS_STOP_SPAN - 1 && coins_stop_asked(stop)) return COINS_STOPPED;
    coins_status rc = coins_analysis_stake(&an, st->lo, st->hi, &stake);
    if (rc == COINS_OK) rc = coins_review_play(rv, coins_notation_move_of(v, moves[i]), &j, err);
    if (rc == COINS_OK) rc = add_move(&card[j.played.player - 1], v, &j, stake, err);
    if (rc != COINS_OK) return rc;
  }
  int result = first_result(st);
  for (int p = 0; p < 2; p++) {
    int mine = p == 0 ? 1 : -1; /* a first player's result, seen by player p + 1 */
    card[p].total = st->totals[p];
    card[p].result = result == 2 ? 2 : mine * result;
    card[p].expected = mine * expected;
  }
  return COINS_OK;
}

coins_status coins_scorecard_stop(coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                                  const int64_t *moves, size_t count, int64_t *work,
                                  coins_card card[2], char err[COINS_ERRMSG_SIZE],
                                  const coins_stop *stop) {
  coins_review rv;
  int whole = n < UINT32_MAX - 2; /* as coins_review does */
  size_t review_words = whole ? coins_review_record_words(v, (size_t)n, k, count)
                              : coins_review_work_words(v, (size_t)n, k);
  coins_status rc = whole ? coins_review_init_record_stop(&rv, v, a, n, k, moves, count, work, stop)
                          : coins_review_init_stop(&rv, v, a, n, k, work, stop);
  card[0] = card[1] = (coins_card){.moves = 0};
  if (rc != COINS_OK) return rc;
  return score(&rv, moves, count, work + review_words, card, err, stop);
}

size_t coins_scorecard_takes_work_words(coins_variant v, size_t n, const coins_takes *t,
                                        size_t count) {
  uint64_t k = coins_takes_largest(t);
  size_t review = t->range && n < UINT32_MAX - 2 ? coins_review_record_words(v, n, k, count)
                                                 : coins_review_takes_work_words(v, n, t);
  return review + coins_analysis_work_words(v, n, k);
}

coins_status coins_scorecard_takes_stop(coins_variant v, const int64_t *a, uint64_t n,
                                        const coins_takes *t, const int64_t *moves, size_t count,
                                        int64_t *work, coins_card card[2],
                                        char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (t->range) return coins_scorecard_stop(v, a, n, t->range, moves, count, work, card, err, stop);
  coins_review rv;
  card[0] = card[1] = (coins_card){.moves = 0};
  coins_status rc = coins_review_init_takes_stop(&rv, v, a, n, t, work, err, stop);
  if (rc != COINS_OK) return rc;
  return score(&rv, moves, count, work + coins_review_takes_work_words(v, (size_t)n, t), card, err,
               stop);
}
