/*
** takes.c -- a set of allowed takes (the game family, coins.h): {1..k}
** for any k, or up to 64 takes within 1..64 as a bit mask; reading one
** from an integer or a JSON array, with messages naming the take, and
** writing its canonical text.
*/
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "parse.h"
#include "pile.h"
#include "solve2.h"
#include "stop.h"
#include "text.h"

coins_status coins_takes_refuse(const char *got, char err[COINS_ERRMSG_SIZE]) {
  return coins_text_fail(
      err,
      "takes must be an integer k >= 1 (the takes 1..k) or a JSON array of takes, "
      "e.g. [1,3,4]; got %s",
      got);
}

/* The mask of {1..k} for k <= 64. */
static uint64_t range_mask(uint64_t k) { return k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1; }

coins_status coins_takes_of_integer(int64_t k, coins_takes *t, char err[COINS_ERRMSG_SIZE]) {
  if (k < 1) {
    char got[24];
    snprintf(got, sizeof got, "%lld", (long long)k);
    return coins_takes_refuse(got, err);
  }
  t->range = (uint64_t)k;
  t->mask = range_mask(t->range);
  return COINS_OK;
}

coins_status coins_takes_of_values(const int64_t *v, size_t n, coins_takes *t,
                                   char err[COINS_ERRMSG_SIZE]) {
  uint64_t mask = 0;
  if (n == 0)
    return coins_text_fail(err, "the set of takes is empty; give at least one, e.g. [1,3,4]");
  for (size_t i = 0; i < n; i++) {
    if (v[i] < 1 || v[i] > COINS_TAKES_MAX)
      return coins_text_fail(err,
                             "take %zu must be from 1 to %d, got %lld (for the takes 1..k, "
                             "write the integer k)",
                             i + 1, COINS_TAKES_MAX, (long long)v[i]);
    uint64_t bit = (uint64_t)1 << (v[i] - 1);
    if (mask & bit) {
      size_t first = 0;
      while (v[first] != v[i]) first++;
      return coins_text_fail(err, "takes %zu and %zu are both %lld; give each take once", first + 1,
                             i + 1, (long long)v[i]);
    }
    mask |= bit;
  }
  t->mask = mask;
  t->range = (mask & (mask + 1)) == 0 ? (uint64_t)coins_popcount(mask) : 0; /* {1..k}? */
  return COINS_OK;
}

coins_status coins_takes_parse(const char *text, size_t len, coins_takes *t,
                               char err[COINS_ERRMSG_SIZE]) {
  int64_t v[COINS_TAKES_MAX];
  size_t n;
  coins_text_trim_blanks(&text, &len);
  if (len == 0 || text[0] != '[') {
    int64_t k;
    if (coins_text_parse_integer(text, len, &k) == COINS_OK)
      return coins_takes_of_integer(k, t, err);
    char q[48], got[52];
    coins_text_quote((const unsigned char *)text, len, q, sizeof q);
    snprintf(got, sizeof got, "'%s'", q);
    return coins_takes_refuse(got, err);
  }
  coins_status rc = coins_parse_array_of(text, len, v, COINS_TAKES_MAX, &n, err, "take", NULL);
  if (rc == COINS_NO_ROOM)
    return coins_text_fail(err,
                           "more than %d takes; a set holds each take from 1 to %d at most once",
                           COINS_TAKES_MAX, COINS_TAKES_MAX);
  if (rc != COINS_OK) return rc;
  return coins_takes_of_values(v, n, t, err);
}

int coins_takes_allows(const coins_takes *t, uint64_t s) {
  if (t->range) return s >= 1 && s <= t->range;
  return s >= 1 && s <= COINS_TAKES_MAX && (t->mask >> (s - 1) & 1);
}

uint64_t coins_takes_smallest(const coins_takes *t) {
  return t->range ? 1 : (uint64_t)coins_lowest_bit(t->mask) + 1;
}

uint64_t coins_takes_largest(const coins_takes *t) {
  return t->range ? t->range : (uint64_t)(64 - coins_leading_zeros(t->mask));
}

uint64_t coins_takes_count(const coins_takes *t) {
  return t->range ? t->range : (uint64_t)coins_popcount(t->mask);
}

size_t coins_takes_text(const coins_takes *t, char out[COINS_TAKES_TEXT_SIZE]) {
  if (t->range)
    return (size_t)snprintf(out, COINS_TAKES_TEXT_SIZE, "%llu", (unsigned long long)t->range);
  size_t at = 0;
  out[at++] = '[';
  for (uint64_t m = t->mask; m; m &= m - 1)
    at += (size_t)snprintf(out + at, COINS_TAKES_TEXT_SIZE - at, "%s%d", at > 1 ? "," : "",
                           coins_lowest_bit(m) + 1);
  out[at++] = ']';
  out[at] = 0;
  return at;
}
