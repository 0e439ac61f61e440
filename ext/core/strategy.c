/*
** strategy.c -- strategies that pick a move from a position, for games
** between named players (part of the pure core): optimal, greedy, left,
** parity, random:SEED and careless:PERCENT:SEED.
*/
#include <string.h>

#include "bits.h"
#include "review.h"
#include "sum.h"
#include "text.h"

/* A strict decimal int64: optional '-', digits, nothing else. */
static int parse_seed(const char *s, size_t len, uint64_t *seed) {
  size_t i = len > 0 && s[0] == '-';
  uint64_t v = 0, limit = i ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  if (i == len) return -1;
  for (; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    unsigned d = (unsigned)(s[i] - '0');
    if (v > (limit - d) / 10) return -1;
    v = v * 10 + d;
  }
  *seed = s[0] == '-' ? (uint64_t)0 - v : v;
  return 0;
}

coins_status coins_strategy_parse(const char *text, size_t len, coins_strategy *s,
                                  char err[COINS_ERRMSG_SIZE]) {
  static const struct {
    const char *name;
    coins_strategy_kind kind;
  } names[] = {{"optimal", COINS_OPTIMAL},
               {"greedy", COINS_GREEDY},
               {"left", COINS_LEFT},
               {"parity", COINS_PARITY}};
  char q[64];
  coins_text_quote((const unsigned char *)text, len, q, sizeof q); /* as given, for messages */
  coins_text_trim_blanks(&text, &len);
  *s = (coins_strategy){0};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strlen(names[i].name) == len && coins_text_same_letters(text, names[i].name, len)) {
      s->kind = names[i].kind;
      return COINS_OK;
    }
  if (len >= 7 && coins_text_same_letters(text, "random:", 7)) {
    s->kind = COINS_RANDOM;
    if (parse_seed(text + 7, len - 7, &s->rng) == 0) return COINS_OK;
    return coins_text_fail(err, "bad seed in strategy '%s': expected random:<64-bit integer>", q);
  }
  if (len >= 9 && coins_text_same_letters(text, "careless:", 9)) {
    const char *colon = memchr(text + 9, ':', len - 9);
    uint64_t percent;
    s->kind = COINS_CARELESS;
    if (colon && parse_seed(text + 9, (size_t)(colon - text) - 9, &percent) == 0 &&
        percent <= 100 && text[9] != '-' &&
        parse_seed(colon + 1, len - (size_t)(colon + 1 - text), &s->rng) == 0) {
      s->percent = (unsigned)percent;
      return COINS_OK;
    }
    return coins_text_fail(err,
                           "bad strategy '%s': expected "
                           "careless:<percent 0..100>:<64-bit integer seed>",
                           q);
  }
  return coins_text_fail(err,
                         "unknown strategy '%s'; expected 'optimal', 'greedy', 'left', "
                         "'parity', 'random:SEED' or 'careless:PERCENT:SEED'",
                         q);
}

/* 1 when the parity strategy can play variant v (as its first player, with
** an even number of coins): a coin from either end. */
static int parity_plays(coins_variant v) {
  switch (v) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return 0;
    case COINS_III: return 1;
  }
  return 0;
}

coins_status coins_strategy_ready(coins_strategy *s, int player, const coins_review *rv,
                                  char err[COINS_ERRMSG_SIZE]) {
  const coins_state *st = &rv->line.st;
  if (s->kind != COINS_PARITY) return COINS_OK;
  if (!parity_plays(st->variant) || player != 1 || st->n % 2 != 0)
    return coins_text_fail(err,
                           "the parity strategy is for the first player of variant III "
                           "with an even number of coins");
  int64_t even = 0, odd = 0;
  for (uint64_t i = 0; i < st->n; i += 2) even += st->a[i], odd += st->a[i + 1];
  s->parity_odd = odd > even;
  return COINS_OK;
}

/* The largest immediate gain (variant I: as many coins as allowed). */
static coins_move greedy_move(coins_review *rv, uint64_t most) {
  const coins_state *st = &rv->line.st;
  coins_move m = {1, 'L', 0};
  switch (st->variant) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: m.take = most; break;
    case COINS_II: m.take = coins_review_greedy_take(rv); break;
    case COINS_III: m.side = st->a[st->hi - 1] > st->a[st->lo] ? 'R' : 'L'; break;
  }
  return m;
}

/* A legal move drawn from s's generator. */
static coins_move random_move(coins_strategy *s, const coins_state *st, uint64_t most) {
  coins_move m = {1, 'L', 0};
  switch (st->variant) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: m.take = (uint64_t)coins_random_range(&s->rng, 1, (int64_t)most); break;
    case COINS_III: m.side = coins_random_next(&s->rng) >> 63 ? 'R' : 'L'; break;
  }
  return m;
}

/* With a set of takes: 'left' takes the fewest coins allowed, 'greedy'
** the most (variant I) or the largest gain, random play draws one of the
** takes that fit. */
static coins_move set_move(coins_strategy *s, coins_review *rv) {
  const coins_state *st = &rv->line.st;
  uint64_t left = st->hi - st->lo;
  uint64_t moves = left >= 64 ? st->mask : st->mask & (((uint64_t)1 << left) - 1);
  coins_move m = {(uint64_t)coins_lowest_bit(moves) + 1, 'L', 0};
  int random = s->kind == COINS_RANDOM ||
               (s->kind == COINS_CARELESS && coins_random_next(&s->rng) % 100 < s->percent);
  if (random) {
    int64_t pick = coins_random_range(&s->rng, 0, coins_popcount(moves) - 1);
    for (; pick > 0; pick--) moves &= moves - 1;
    m.take = (uint64_t)coins_lowest_bit(moves) + 1;
  } else if (s->kind == COINS_OPTIMAL || s->kind == COINS_CARELESS) {
    m = coins_review_best(rv);
  } else if (s->kind == COINS_GREEDY) {
    m.take =
        rv->line.prefix ? coins_review_greedy_take(rv) : 64 - (uint64_t)coins_leading_zeros(moves);
  }
  return m;
}

/* On a sum of piles (I-sum): the moves of sum.c. */
static coins_move sum_move(coins_strategy *s, coins_review *rv) {
  const coins_state *st = &rv->line.st;
  int random = s->kind == COINS_RANDOM ||
               (s->kind == COINS_CARELESS && coins_random_next(&s->rng) % 100 < s->percent);
  if (random) return coins_sum_strategy_move(st, &s->rng, COINS_SUM_RANDOM);
  if (s->kind == COINS_GREEDY) return coins_sum_strategy_move(st, &s->rng, COINS_SUM_LARGEST);
  if (s->kind == COINS_LEFT) return coins_sum_strategy_move(st, &s->rng, COINS_SUM_FIRST);
  return coins_review_best(rv); /* optimal, careless (parity is refused) */
}

coins_move coins_strategy_move(coins_strategy *s, coins_review *rv) {
  const coins_state *st = &rv->line.st;
  if (st->piles) return sum_move(s, rv);
  if (st->mask) return set_move(s, rv);
  uint64_t left = st->hi - st->lo, most = left < st->k ? left : st->k;
  coins_move m = {1, 'L', 0};
  switch (s->kind) {
    case COINS_OPTIMAL: return coins_review_best(rv);
    case COINS_RANDOM: return random_move(s, st, most);
    case COINS_CARELESS:
      if (coins_random_next(&s->rng) % 100 < s->percent) return random_move(s, st, most);
      return coins_review_best(rv);
    case COINS_LEFT: break;
    case COINS_GREEDY: return greedy_move(rv, most);
    case COINS_PARITY:
      /* the end whose position is of the richer class */
      m.side = (int)(st->lo % 2) == s->parity_odd ? 'L' : 'R';
      break;
  }
  return m;
}
