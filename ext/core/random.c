/*
** random.c -- the seeded generator (splitmix64) behind coins_deal and the
** random and careless strategies: the same sequence on every platform
** (part of the pure core).
*/
#include "internal.h"

uint64_t coins_random_next(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

int64_t coins_random_range(uint64_t *state, int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)hi - (uint64_t)lo + 1; /* 0: all 2^64 values */
  uint64_t r = coins_random_next(state);
  if (span != 0) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % span; /* reject the tail */
    while (r >= limit) r = coins_random_next(state);
    r %= span;
  }
  return (int64_t)((uint64_t)lo + r);
}
