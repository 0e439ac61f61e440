/*
** bits.h -- counting the bits of a word, for the sets of takes kept as
** bit masks (takes.c, pile.c, sum.c).
*/
#ifndef COINS_BITS_H
#define COINS_BITS_H

#include <stdint.h>

#include "compiler.h"

/* Bit counts of a word (takes.c, pile.c, sum.c); x != 0 where a bit is
** asked for. */
#if defined(__GNUC__)
COINS_INLINE int coins_popcount(uint64_t x) { return __builtin_popcountll(x); }
COINS_INLINE int coins_lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
COINS_INLINE int coins_leading_zeros(uint64_t x) { return __builtin_clzll(x); }
#else
COINS_INLINE int coins_popcount(uint64_t x) {
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
COINS_INLINE int coins_lowest_bit(uint64_t x) {
  int n = 0;
  while (!(x >> n & 1)) n++;
  return n;
}
COINS_INLINE int coins_leading_zeros(uint64_t x) {
  int n = 0;
  while (!(x >> (63 - n) & 1)) n++;
  return n;
}
#endif

#endif
