/*
** fuse.h -- peak fusion, one push at a time, the fast way: the fusion
** stack of the row scanners and of the line.
*/
#ifndef COINS_FUSE_H
#define COINS_FUSE_H

#include "coins.h"
#include "compiler.h"

/* Peak fusion the fast way (the row scanners, the line): a stack of blocks
** in words[0..n), over COINS_FUSE_FLOOR words of floor, each smaller than
** the one before and larger than any block, so that no block fuses with
** them and words[n - 4] can always be read.  The top three blocks live in
** registers: the top's word (words[n - 1]) is written when the next block
** comes, or by coins_fuse_end; the two under it are in words as well.  A
** push then waits for no load: the one it makes (words[n - 4], the third
** block after a fusion) is first compared a push later.  Its blocks are
** words[COINS_FUSE_FLOOR..n). */
#define COINS_FUSE_FLOOR 5
typedef struct coins_fuse_stack {
  int64_t *words;
  size_t n;
  int64_t top, second, third; /* words[n - 1], words[n - 2] and words[n - 3] */
} coins_fuse_stack;

COINS_INLINE void coins_fuse_begin(coins_fuse_stack *f, int64_t *words) {
  for (int i = 0; i < COINS_FUSE_FLOOR; i++) words[i] = INT64_MAX - i;
  f->words = words;
  f->n = COINS_FUSE_FLOOR;
  f->top = words[COINS_FUSE_FLOOR - 1], f->second = words[COINS_FUSE_FLOOR - 2];
  f->third = words[COINS_FUSE_FLOOR - 3];
}

/* Writes the top block to words[n - 1]: the stack is then all in words. */
COINS_INLINE void coins_fuse_end(coins_fuse_stack *f) { f->words[f->n - 1] = f->top; }

/* x when pick is 0, y when it is 1, without a branch. */
COINS_INLINE int64_t coins_fuse_pick(int pick, int64_t x, int64_t y) {
  uint64_t mask = (uint64_t)0 - (uint64_t)pick;
  return (int64_t)((uint64_t)x ^ (((uint64_t)x ^ (uint64_t)y) & mask));
}

/* x - y + z in unsigned arithmetic: it may wrap when a fusion does not
** apply, and is then not used. */
COINS_INLINE int64_t coins_fuse_value(int64_t x, int64_t y, int64_t z) {
  return (int64_t)((uint64_t)x - (uint64_t)y + (uint64_t)z);
}

/* Pushes v and fuses every peak it makes; words has room for one more.
** The first step takes no branch on the data: the word under the top
** three is loaded before it is known whether a fusion needs it, and the
** old top is stored whether or not it stays.  A second fusion, about one
** push in fourteen on random rows, takes the loop. */
COINS_INLINE void coins_fuse_push(coins_fuse_stack *f, int64_t v) {
  int64_t *s = f->words, t0 = f->top, t1 = f->second, t2 = f->third;
  size_t n = f->n;
  int64_t t3 = s[n - 4];
  int peak = t0 >= (t1 > v ? t1 : v);
  /* a peak: t1 t0 v become one block over t2; else v goes on top.  Every
  ** choice is a pick on the one comparison, n's too */
  int64_t n0 = coins_fuse_pick(peak, v, coins_fuse_value(t1, t0, v)),
          n1 = coins_fuse_pick(peak, t0, t2);
  int64_t n2 = coins_fuse_pick(peak, t1, t3);
  s[n - 1] = t0;
  n = (size_t)coins_fuse_pick(peak, (int64_t)n + 1, (int64_t)n - 1);
  /* the new top three make a peak: never without a fusion (n1 n0 are
  ** t0 v over t1, which was no peak), after one about a push in fourteen */
  while ((n1 >= n2) & (n1 >= n0)) {
    n0 = coins_fuse_value(n2, n1, n0);
    n -= 2;
    n1 = s[n - 2], n2 = s[n - 3];
  }
  f->top = n0, f->second = n1, f->third = n2, f->n = n;
}

#endif
