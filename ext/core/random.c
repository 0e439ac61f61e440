/*
** random.c -- the seeded generator (splitmix64) behind coins_deal and the
** random and careless strategies: the same sequence on every platform
** (part of the pure core).
*/
#include "coins.h"
#include "compiler.h"

COINS_INLINE uint64_t next(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

uint64_t coins_random_next(uint64_t *state) { return next(state); }

/* A draw in [lo, lo + span) (span 0: all 2^64 values), without modulo
** bias: draws at or above limit, the tail that would favour the low
** values, are drawn again. */
COINS_INLINE int64_t draw(uint64_t *state, uint64_t lo, uint64_t span, uint64_t limit) {
  uint64_t r = next(state);
  if (span != 0) {
    while (r >= limit) r = next(state);
    r %= span;
  }
  return (int64_t)(lo + r);
}

COINS_INLINE uint64_t limit_of(uint64_t span) {
  return span ? UINT64_MAX - UINT64_MAX % span : 0; /* reject the tail */
}

int64_t coins_random_range(uint64_t *state, int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
  return draw(state, (uint64_t)lo, span, limit_of(span));
}

void coins_random_fill(uint64_t *state, int64_t lo, int64_t hi, int64_t *out, size_t n) {
  uint64_t span = (uint64_t)hi - (uint64_t)lo + 1, limit = limit_of(span); /* once */
  for (size_t i = 0; i < n; i++) out[i] = draw(state, (uint64_t)lo, span, limit);
}
