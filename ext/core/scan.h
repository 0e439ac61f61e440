/*
** scan.h -- what the two fast scanners of a row (scan.c, portable, and
** scan_avx2.c, x86-64 with AVX2) share: reading one integer, and doing
** with it what the caller asked (store it, fuse it, count it).  Both take
** a row exactly as parse.c's general parser would, or give up (return 0)
** and let the general parser decide, with its messages.
*/
#ifndef COINS_SCAN_H
#define COINS_SCAN_H

#include <string.h>

#include "internal.h"

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* Each scanner on its own (the tests compare them): the portable one,
** built everywhere, and the AVX2 one, where COINS_SCAN_AVX2 is set and
** coins_scan_has_avx2() says the CPU can run it. */
int coins_scan_portable_store(const char *text, size_t len, int64_t *out, size_t cap,
                              size_t *count);
int coins_scan_portable_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                             int64_t *total);
int coins_scan_portable_count(const char *text, size_t len, size_t *count);
int coins_scan_has_avx2(void);

/* The AVX2 scanner is built for x86-64 with gcc or clang, except on
** Windows, where gcc does not align the stack for 32-byte spills. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(_WIN32) && !defined(COINS_NO_SIMD)
#define COINS_SCAN_AVX2 1
int coins_scan_avx2_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count);
int coins_scan_avx2_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                         int64_t *total);
int coins_scan_avx2_count(const char *text, size_t len, size_t *count);
#endif

/* What the scanner does with each number. */
typedef enum scan_mode {
  SCAN_STORE, /* out[n++] = value                                */
  SCAN_FUSE,  /* peak fusion onto the stack out; sum in *total    */
  SCAN_COUNT  /* only count (variant I)                           */
} scan_mode;

/* What a scanner returns when its output is full. */
#define SCAN_NO_ROOM (-1)

/* Short values are below 1000 and long ones are checked up to 2^62: the
** sum of |values| fits int64_t for any text no longer than this. */
#define SCAN_MAX_LEN (((uint64_t)INT64_MAX / 2) / 1000)

/* JSON whitespace: ' ', '\t', '\n', '\r', as one shift and mask. */
static ALWAYS_INLINE int is_space(unsigned char c) {
  const uint64_t spaces = ((uint64_t)1 << ' ') | (1u << '\t') | (1u << '\n') | (1u << '\r');
  return c <= ' ' && ((spaces >> c) & 1);
}

/* Reads the integer at p: an optional '-', then digits, followed by a
** byte before end that is not a digit.  Numbers of 1 to 3 digits, nine in
** ten of the values people store, take a branch a digit rather than a
** loop; only longer ones are checked for 18 digits and for the running
** sum of their sizes, *long_sum, passing 2^62.  Returns the byte after
** the number, or NULL to give up. */
static ALWAYS_INLINE const unsigned char *read_integer(const unsigned char *p,
                                                       const unsigned char *end, int64_t *value,
                                                       uint64_t *long_sum) {
  int negative = *p == '-';
  p += negative;
  unsigned d0 = (unsigned)(p[0] - '0'), d1, d2;
  uint64_t v;
  if (d0 > 9) return NULL;
  if ((d1 = (unsigned)(p[1] - '0')) > 9) {
    v = d0, p += 1;
  } else if (d0 == 0) {
    return NULL; /* a leading zero */
  } else if ((d2 = (unsigned)(p[2] - '0')) > 9) {
    v = d0 * 10 + d1, p += 2;
  } else if ((unsigned)(p[3] - '0') > 9) {
    v = d0 * 100 + d1 * 10 + d2, p += 3;
  } else {
    const unsigned char *first = p;
    unsigned d;
    for (v = 0; p < end && (d = (unsigned)(*p - '0')) <= 9; p++) v = v * 10 + d;
    if (p - first > 18) return NULL;
    *long_sum += v;
    if (*long_sum > (uint64_t)INT64_MAX / 2) return NULL;
  }
  *value = negative ? -(int64_t)v : (int64_t)v;
  return p;
}

/* What a scan has made so far: n values (STORE, COUNT) or stack words
** (FUSE) in out, and, for FUSE, the sum and the top four words. */
typedef struct scan_out {
  int64_t *out;
  size_t n;
  int64_t sum;
  int64_t top[4]; /* out[n - 1], out[n - 2], out[n - 3], out[n - 4] (FUSE) */
} scan_out;

/* Under the first block of a fusion stack: COINS_SCAN_FLOOR words, each
** smaller than the one before and larger than any block, so that no block
** fuses with them and out[n - 5] can always be read. */
static ALWAYS_INLINE void fuse_floor(scan_out *o) {
  for (int i = 0; i < COINS_SCAN_FLOOR; i++) o->out[i] = INT64_MAX - i;
  o->n = COINS_SCAN_FLOOR;
  for (int i = 0; i < 4; i++) o->top[i] = o->out[COINS_SCAN_FLOOR - 1 - i];
}

/* x when pick is 0, y when it is 1, without a branch. */
static ALWAYS_INLINE int64_t pick(int pick, int64_t x, int64_t y) {
  uint64_t mask = (uint64_t)0 - (uint64_t)pick;
  return (int64_t)((uint64_t)x ^ (((uint64_t)x ^ (uint64_t)y) & mask));
}

/* x - y + z in unsigned arithmetic: it may wrap when a fusion does not
** apply, and is then not used. */
static ALWAYS_INLINE int64_t fused(int64_t x, int64_t y, int64_t z) {
  return (int64_t)((uint64_t)x - (uint64_t)y + (uint64_t)z);
}

/* Pushes v onto the fusion stack and fuses every peak it makes.  The top
** four words stay in registers and are kept in out as well; the first step
** takes no branch on the data, and what it reads from memory is needed
** only two fusions later, so a push costs a few cycles.  A second fusion,
** about one push in fourteen on random rows, takes the loop. */
static ALWAYS_INLINE void fuse_push(scan_out *o, int64_t v) {
  int64_t *s = o->out, t0 = o->top[0], t1 = o->top[1], t2 = o->top[2], t3 = o->top[3];
  size_t n = o->n;
  int64_t deep = s[n - 5];
  int peak = (t0 >= t1) & (t0 >= v);
  /* a peak: t1 t0 v become one block over t2 t3 deep; else v goes on top */
  int64_t n0 = pick(peak, v, fused(t1, t0, v));
  int64_t n1 = pick(peak, t0, t2), n2 = pick(peak, t1, t3), n3 = pick(peak, t2, deep);
  n = n + 1 - 2 * (size_t)peak;
  s[n - 1] = n0;
  while ((n1 >= n2) & (n1 >= n0)) { /* the new top three make a peak */
    n0 = fused(n2, n1, n0);
    n -= 2;
    s[n - 1] = n0;
    n1 = n3, n2 = s[n - 3], n3 = s[n - 4];
  }
  o->top[0] = n0, o->top[1] = n1, o->top[2] = n2, o->top[3] = n3, o->n = n;
}

/* Does with value what mode says; out has room for one more. */
static ALWAYS_INLINE void take_value(scan_mode mode, int64_t value, scan_out *o) {
  switch (mode) {
    case SCAN_STORE: o->out[o->n++] = value; break;
    case SCAN_FUSE:
      o->sum += value;
      fuse_push(o, value);
      break;
    case SCAN_COUNT: o->n++; break;
  }
}

#endif
