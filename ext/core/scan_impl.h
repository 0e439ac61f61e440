/*
** scan_impl.h -- what the scanners (scan_portable.c; scan_avx2.c and
** scan_avx512.c, x86-64 with AVX2 or AVX-512) are built from: reading one
** integer, doing with it what the caller asked (store it, fuse it, count
** it), the entry points every scanner has, and its row of the table
** (scan.h).  Only the scanners include it.
*/
#ifndef COINS_SCAN_IMPL_H
#define COINS_SCAN_IMPL_H

#include <string.h>

#include "compiler.h"
#include "fuse.h"
#include "scan.h"
#include "stop.h"

/* What the scanner does with each number. */
typedef enum scan_mode {
  SCAN_STORE, /* out[n++] = value                                */
  SCAN_FUSE,  /* peak fusion onto the stack out; sum in *total    */
  SCAN_COUNT, /* only count (variant I)                           */
  SCAN_LINE   /* FUSE, and where each block begins, in starts     */
} scan_mode;

/* What a scanner returns when its output is full. */
#define SCAN_NO_ROOM (-1)

/* How much text a scanner with a stop reads between two polls (about a
** quarter of a millisecond); it returns SCAN_STOPPED (scan.h) when the
** stop says so. */
#define SCAN_POLL_BYTES ((size_t)1 << 18)

/* Short values are below 1000 and long ones are checked up to 2^62: the
** sum of |values| fits int64_t for any text no longer than this. */
#define SCAN_MAX_LEN (((uint64_t)INT64_MAX / 2) / 1000)

/* JSON whitespace: ' ', '\t', '\n', '\r', as one shift and mask. */
COINS_INLINE int is_space(unsigned char c) {
  const uint64_t spaces = ((uint64_t)1 << ' ') | (1u << '\t') | (1u << '\n') | (1u << '\r');
  return c <= ' ' && ((spaces >> c) & 1);
}

/* Reads the integer at p: an optional '-', then digits, followed by a
** byte before end that is not a digit.  Numbers of 1 to 3 digits, nine in
** ten of the values people store, take a branch a digit rather than a
** loop; only longer ones are checked for 18 digits and for the running
** sum of their sizes, *long_sum, passing 2^62: a digit at a time, or,
** when padded (19 bytes from the first digit can be read: the portable
** scanner), eight at a time (swar_read_long).  Returns the byte after the
** number, or NULL to give up.  read_magnitude_as is the same without
** the sign. */
COINS_INLINE const unsigned char *read_integer_as(const unsigned char *p, const unsigned char *end,
                                                  int64_t *value, uint64_t *long_sum, int padded);
#define read_integer(p, end, value, long_sum) read_integer_as(p, end, value, long_sum, 0)

/* The lowest set bit's index of x (not 0), portably. */
COINS_INLINE unsigned scan_ctz64(uint64_t x) {
#if defined(__GNUC__)
  return (unsigned)__builtin_ctzll(x);
#else
  unsigned i = 0;
  while (!(x & 1)) x >>= 1, i++;
  return i;
#endif
}

/* SWAR (SIMD within a register: scan_portable.c) -- eight bytes in one
** word, the first in the low byte, and what a few adds and masks say of
** all eight at once. */
#define SWAR_ONES ((uint64_t)0x0101010101010101u)
#define SWAR_HIGH (0x80 * SWAR_ONES)

/* The eight bytes at p (no alignment needed), the first in the low byte. */
COINS_INLINE uint64_t swar_load(const unsigned char *p) {
  uint64_t x;
  memcpy(&x, p, sizeof x);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  return x;
}

/* 0x80 in the bytes of x that are not ASCII digits and 0 in the digits,
** exact up to the first byte that is not one (past a byte of 0x80 or more,
** an add may carry into the bytes after it). */
COINS_INLINE uint64_t swar_not_digits(uint64_t x) {
  uint64_t above_nine = x + 0x46 * SWAR_ONES;              /* bytes > '9' reach 0x80 */
  uint64_t from_zero = (x | SWAR_HIGH) - 0x30 * SWAR_ONES; /* bytes >= '0' keep 0x80 */
  return (above_nine | ~from_zero | x) & SWAR_HIGH;
}

/* The byte index of the lowest byte where x (0x80s or 0s) has 0x80; x is
** not 0. */
COINS_INLINE unsigned swar_first(uint64_t x) { return scan_ctz64(x) / 8; }

/* The number the n digits in the low bytes of x make, the first one the
** most significant (1 <= n <= 8; bytes 0..n-1 of x hold 0..9): moved to
** the top of the word, with zeros before them, and joined by three
** multiply-adds, each making one number of two neighbours: digits into
** pairs, pairs into fours, fours into the eight. */
COINS_INLINE uint64_t swar_value(uint64_t x, unsigned n) {
  x <<= 64 - 8 * n;
  x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFu;
  x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFu;
  return (x * 10000 + (x >> 32)) & 0xFFFFFFFFu;
}

/* Reads the digits at p of a number of four digits or more into
** *magnitude, up to 18 of them: 19 bytes from p are read.  A number of
** four to seven digits is counted from its word's mask and joined with
** multiply-adds; past eight, the rest are read one by one, with a branch
** each, which on rows of like numbers is predicted, so that the next
** number's loads need not wait for this one's length.  Returns the byte
** after them, or NULL: more than 18. */
COINS_INLINE const unsigned char *swar_read_long(const unsigned char *p, uint64_t *magnitude) {
  const uint64_t zeros = '0' * SWAR_ONES;
  uint64_t x = swar_load(p), not_digit = swar_not_digits(x);
  if (not_digit) {
    unsigned n = swar_first(not_digit);
    *magnitude = swar_value(x - zeros, n);
    return p + n;
  }
  uint64_t v = swar_value(x - zeros, 8);
  const unsigned char *last = p + 18;
  unsigned d;
  for (p += 8; p <= last && (d = (unsigned)(*p - '0')) <= 9; p++) v = v * 10 + d;
  *magnitude = v;
  return p > last ? NULL : p;
}

/* Reads the digits of the number at p (no sign) into *magnitude, as
** read_integer_as says. */
COINS_INLINE const unsigned char *read_magnitude_as(const unsigned char *p,
                                                    const unsigned char *end, uint64_t *magnitude,
                                                    uint64_t *long_sum, int padded) {
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
    if (padded) {
      if ((p = swar_read_long(p, &v)) == NULL) return NULL;
    } else {
      const unsigned char *first = p;
      unsigned d;
      for (v = 0; p < end && (d = (unsigned)(*p - '0')) <= 9; p++) v = v * 10 + d;
      if (p - first > 18) return NULL;
    }
    *long_sum += v;
    if (*long_sum > (uint64_t)INT64_MAX / 2) return NULL;
  }
  *magnitude = v;
  return p;
}

COINS_INLINE const unsigned char *read_integer_as(const unsigned char *p, const unsigned char *end,
                                                  int64_t *value, uint64_t *long_sum, int padded) {
  int negative = *p == '-';
  uint64_t v;
  if ((p = read_magnitude_as(p + negative, end, &v, long_sum, padded)) == NULL) return NULL;
  *value = negative ? -(int64_t)v : (int64_t)v;
  return p;
}

/* Narrows [*p, *q) to the elements of a row written as a JSON array: the
** blanks around it and its brackets taken off.  0 when it is no array. */
COINS_INLINE int scan_elements(const unsigned char **p, const unsigned char **q) {
  while (*p < *q && is_space(**p)) ++*p;
  while (*q > *p && is_space((*q)[-1])) --*q;
  if (*q - *p < 2 || **p != '[' || (*q)[-1] != ']') return 0;
  ++*p, --*q;
  return 1;
}

/* The runs of numbers in one 64-byte block of a row, from the block's
** class masks (bit i for byte i: digits, '-', '0', ',') and the last
** block's carries, as the SIMD scanners read them: where numbers begin and
** end, which end with four digits or more, and the starts of runs that
** begin with a '0'.  0 when the block breaks the row's shape (a '-' inside
** a number, a leading zero, a number followed by blanks and then no comma
** or end); base is the block's first byte, q the end of the elements. */
typedef struct scan_runs {
  uint64_t in_number, begins, ends, four, zero_start;
} scan_runs;

COINS_INLINE int scan_block_runs(uint64_t digit, uint64_t minus, uint64_t zero, uint64_t comma,
                                 uint64_t last_number, uint64_t last_digit,
                                 uint64_t last_zero_start, const unsigned char *base,
                                 const unsigned char *q, scan_runs *r) {
  uint64_t in_number = digit | minus;
  uint64_t after = in_number << 1 | last_number >> 63; /* the byte before is in a number */
  uint64_t begins = in_number & ~after, ends = after & ~in_number;
  if (minus & ~begins) return 0; /* a '-' within a number */
  /* a leading zero: a '0' starting a run of digits, and a digit after it */
  uint64_t zero_start = zero & ~(digit << 1 | last_digit >> 63); /* '0' is a digit */
  if ((zero_start << 1 | last_zero_start >> 63) & digit) return 0;
  /* a number ended by whitespace: a comma or the end must come next */
  for (uint64_t spaced = ends & ~comma; spaced; spaced &= spaced - 1) {
    const unsigned char *t = base + scan_ctz64(spaced);
    while (t < q && is_space(*t)) t++;
    if (t < q && *t != ',') return 0;
  }
  /* numbers ending here with four digits or more */
  uint64_t d = digit, d_last = last_digit;
  r->four = ends & (d << 1 | d_last >> 63) & (d << 2 | d_last >> 62) & (d << 3 | d_last >> 61) &
            (d << 4 | d_last >> 60);
  r->in_number = in_number, r->begins = begins, r->ends = ends, r->zero_start = zero_start;
  return 1;
}

/* What a scan has made so far: n values (STORE, COUNT, and LINE's
** count) in out, or (FUSE, LINE) the fusion stack over out and the sum;
** LINE: starts[i] is the coin a block at stack word i begins with. */
typedef struct scan_out {
  int64_t *out, *starts;
  size_t n;
  int64_t sum;
  coins_fuse_stack stack;
} scan_out;

/* The words of out in use: the values, or the stack with its floor. */
COINS_INLINE size_t scan_used(const scan_out *o, scan_mode mode) {
  return mode == SCAN_FUSE || mode == SCAN_LINE ? o->stack.n : o->n;
}

/* What a scan gives back besides its status. */
typedef struct scan_result {
  size_t count;  /* values (STORE, COUNT) or stack words (FUSE, LINE) */
  size_t coins;  /* the numbers read */
  int64_t total; /* their sum (FUSE) */
} scan_result;

/* The checks every scan starts with; o is then ready on out (and starts,
** for LINE).  1 to go on, 0 to give up, or SCAN_NO_ROOM. */
COINS_INLINE int scan_start(scan_out *o, size_t len, int64_t *out, int64_t *starts, size_t cap,
                            scan_mode mode) {
  if ((uint64_t)len > SCAN_MAX_LEN) return 0;
  if ((mode == SCAN_FUSE || mode == SCAN_LINE) && cap < COINS_FUSE_FLOOR) return SCAN_NO_ROOM;
  o->out = out, o->starts = starts, o->n = 0, o->sum = 0;
  if (mode == SCAN_FUSE || mode == SCAN_LINE) coins_fuse_begin(&o->stack, out);
  return 1;
}

/* What a scan returns to hand its row to another scan (the AVX-512
** scanner's: to its wide scan, for rows with a long number, and to the
** AVX2 scanner past 16 digits); entry points pass it on. */
#define SCAN_HAND_ON (-2)

/* A scan that took its row: what it made, in *res.  Returns 1. */
COINS_INLINE int scan_finish(scan_out *o, scan_mode mode, scan_result *res) {
  if (mode == SCAN_FUSE || mode == SCAN_LINE) coins_fuse_end(&o->stack);
  res->count = scan_used(o, mode), res->coins = o->n, res->total = o->sum;
  return 1;
}

/* Does with value what mode says; out has room for one more. */
COINS_INLINE void take_value(scan_mode mode, int64_t value, scan_out *o) {
  switch (mode) {
    case SCAN_STORE: o->out[o->n++] = value; break;
    case SCAN_FUSE:
      o->sum += value;
      coins_fuse_push(&o->stack, value);
      break;
    case SCAN_COUNT: o->n++; break;
    case SCAN_LINE:
      o->starts[o->stack.n] = (int64_t)o->n++; /* a fusion keeps its first block's */
      coins_fuse_push(&o->stack, value);
      break;
  }
}

/* Fusion in vectors (the SIMD scanners, SCAN_FUSE).  Pushing a row's
** values on the fusion stack one by one costs some 25 instructions a value
** and a dependency chain from each push to the next.  So the SIMD scanners
** first fuse peaks many at a time: in a group of consecutive values held
** in a vector, every middle value v[j] at least as large as both its
** neighbours (a peak) with no peak one or two places before it becomes,
** with its neighbours, the one value v[j-1] - v[j] + v[j+1].  No two
** peaks chosen so share a value, and the group is packed.  Of a random
** 64-coin row, about 18 values are left for the stack (AVX-512: groups
** of 32, three rounds) or 30 (AVX2: groups of 8, two rounds).  The
** blocks at the end are the same: a fusion keeps every other peak a
** peak (the new value is at most both of the ones it replaces), so the
** order of fusions does not matter and every order ends on the one row
** with no peak left (docs/algorithms.md, "Fusion in any order"); the
** tests hold the scanners to coins_solve3_fuse block for block. */

/* Declares the entry points of the scanner whose names start with prefix
** (coins_scan_avx2: coins_scan_avx2_store, ...), for another that hands
** rows on to it. */
#define SCAN_DECLARE(prefix)                                                                     \
  int prefix##_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count);     \
  int prefix##_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,       \
                    int64_t *total);                                                             \
  int prefix##_count(const char *text, size_t len, size_t *count);                               \
  int prefix##_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,   \
                    size_t *top, size_t *coins);                                                 \
  int prefix##_store_stop(const char *text, size_t len, int64_t *out, size_t cap, size_t *count, \
                          const coins_stop *stop);                                               \
  int prefix##_fuse_stop(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,  \
                         int64_t *total, const coins_stop *stop);                                \
  int prefix##_count_stop(const char *text, size_t len, size_t *count, const coins_stop *stop);  \
  int prefix##_line_stop(const char *text, size_t len, int64_t *stack, int64_t *starts,          \
                         size_t cap, size_t *top, size_t *coins, const coins_stop *stop);

SCAN_DECLARE(coins_scan_portable)

/* The lengths of text, by entry point, under which a SIMD scanner hands
** a row to the portable scanner: on rows that short, its set-up costs
** more than the portable scanner's whole read (all 0: none). */
typedef struct scan_short {
  size_t store, fuse, count, line;
} scan_short;

/* Defines a scanner's entry points (as SCAN_DECLARE declares them), built
** with attributes attr: prefix##_store, _fuse, _line and _count, and each with
** _stop, which polls a coins_stop every SCAN_POLL_BYTES of text (scan_fn
** is instantiated twice: without a stop its polls compile away).  Each
** runs scan_fn, a function shaped as scan() in scan_portable.c, in its mode, and
** passes a row it hands on to the same entry point of the scanner named
** by fallback.  SCAN_ENTRY_POINTS_SHORT's also pass rows shorter than
** the scan_short below's lengths to the portable scanner's (no stop:
** none of them is long enough to poll). */
#define SCAN_ENTRY_POINTS(attr, prefix, scan_fn, fallback) \
  SCAN_ENTRY_POINTS_SHORT(attr, prefix, scan_fn, fallback, ((scan_short){0, 0, 0, 0}))
#define SCAN_ENTRY_POINTS_SHORT(attr, prefix, scan_fn, fallback, below)  \
  SCAN_ENTRY_POINTS_AS(attr, prefix, , scan_fn, fallback, below, NULL, ) \
  SCAN_ENTRY_POINTS_AS(attr, prefix, _stop, scan_fn, fallback, below, stop, SCAN_STOP_PARAM)
#define SCAN_STOP_PARAM , const coins_stop *stop
#define SCAN_ENTRY_POINTS_AS(attr, prefix, sfx, scan_fn, fallback, below, stop_arg, stop_param)    \
  attr int prefix##_store##sfx(const char *text, size_t len, int64_t *out, size_t cap,             \
                               size_t *count stop_param) {                                         \
    if (len < below.store) return coins_scan_portable_store(text, len, out, cap, count);           \
    scan_result r = {0, 0, 0};                                                                     \
    int rc = scan_fn(text, len, out, NULL, cap, SCAN_STORE, &r, stop_arg);                         \
    if (rc == SCAN_HAND_ON)                                                                        \
      return fallback##_store##sfx(text, len, out, cap, count SCAN_PASS_##stop_arg);               \
    *count = r.count;                                                                              \
    return rc;                                                                                     \
  }                                                                                                \
  attr int prefix##_fuse##sfx(const char *text, size_t len, int64_t *stack, size_t cap,            \
                              size_t *top, int64_t *total stop_param) {                            \
    if (len < below.fuse) return coins_scan_portable_fuse(text, len, stack, cap, top, total);      \
    scan_result r = {0, 0, 0};                                                                     \
    int rc = scan_fn(text, len, stack, NULL, cap, SCAN_FUSE, &r, stop_arg);                        \
    if (rc == SCAN_HAND_ON)                                                                        \
      return fallback##_fuse##sfx(text, len, stack, cap, top, total SCAN_PASS_##stop_arg);         \
    *top = r.count, *total = r.total;                                                              \
    return rc;                                                                                     \
  }                                                                                                \
  attr int prefix##_line##sfx(const char *text, size_t len, int64_t *stack, int64_t *starts,       \
                              size_t cap, size_t *top, size_t *coins stop_param) {                 \
    if (len < below.line)                                                                          \
      return coins_scan_portable_line(text, len, stack, starts, cap, top, coins);                  \
    scan_result r = {0, 0, 0};                                                                     \
    int rc = scan_fn(text, len, stack, starts, cap, SCAN_LINE, &r, stop_arg);                      \
    if (rc == SCAN_HAND_ON)                                                                        \
      return fallback##_line##sfx(text, len, stack, starts, cap, top, coins SCAN_PASS_##stop_arg); \
    *top = r.count, *coins = r.coins;                                                              \
    return rc;                                                                                     \
  }                                                                                                \
  attr int prefix##_count##sfx(const char *text, size_t len, size_t *count stop_param) {           \
    if (len < below.count) return coins_scan_portable_count(text, len, count);                     \
    scan_result r = {0, 0, 0};                                                                     \
    int rc = scan_fn(text, len, NULL, NULL, 0, SCAN_COUNT, &r, stop_arg);                          \
    if (rc == SCAN_HAND_ON) return fallback##_count##sfx(text, len, count SCAN_PASS_##stop_arg);   \
    *count = r.count;                                                                              \
    return rc;                                                                                     \
  }
/* The stop passed on to the fallback: none, or the same. */
#define SCAN_PASS_NULL
#define SCAN_PASS_stop , stop

/* A scanner's row of the table (scan.h), for the entry points that
** SCAN_ENTRY_POINTS defined with prefix. */
#define SCAN_ROW(prefix, name, supported, solve2_small)                                   \
  {                                                                                       \
    name, supported, prefix##_store, prefix##_fuse, prefix##_line, prefix##_count,        \
        prefix##_store_stop, prefix##_fuse_stop, prefix##_line_stop, prefix##_count_stop, \
        solve2_small                                                                      \
  }

#endif
