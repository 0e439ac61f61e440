/*
** scan.c -- the fast path of the row parser (part of the pure core): a
** flat JSON array of plain integers of at most 18 digits, with any JSON
** whitespace between tokens, read in one pass.  It either takes the row
** exactly as parse.c's general parser would, or gives up (returns 0) at
** the first thing it is unsure of, and the general parser starts again
** and decides, with its messages.
**
** What makes it fast (callgrind counts instructions per row; the bench
** measures time): no bounds check per byte (the bytes before the last 32
** are read freely, the last ones from a NUL-terminated copy, so a NUL
** ends every run); numbers of 1 to 3 digits, nine in ten of the values
** people store, read with a branch a digit rather than a loop (measured
** faster here than a branch-free SWAR read of four bytes); the overflow
** checks only on the path for long numbers; and, for variant III, peak
** fusion's first step done without a branch.
*/
#include <string.h>

#include "internal.h"

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* What the scanner does with each number. */
typedef enum scan_mode {
  SCAN_STORE, /* out[n++] = value                                */
  SCAN_FUSE,  /* peak fusion onto the stack out; sum in *total    */
  SCAN_COUNT  /* only count (variant I)                           */
} scan_mode;

/* JSON whitespace: ' ', '\t', '\n', '\r', as one shift and mask. */
static ALWAYS_INLINE int is_space(unsigned char c) {
  const uint64_t spaces = ((uint64_t)1 << ' ') | (1u << '\t') | (1u << '\n') | (1u << '\r');
  return c <= ' ' && ((spaces >> c) & 1);
}

/* One fusion step, without a branch: fuses the top three blocks when the
** middle one is a peak.  x - y + z is computed in unsigned arithmetic: it
** may wrap when the step does not apply, and is then not used. */
static ALWAYS_INLINE size_t fuse_step(int64_t *s, size_t top) {
  uint64_t x = (uint64_t)s[top - 3];
  int64_t y = s[top - 2];
  int peak = (y >= s[top - 3]) & (y >= s[top - 1]);
  uint64_t mask = (uint64_t)0 - (uint64_t)peak;
  s[top - 3] = (int64_t)(x + (mask & ((uint64_t)s[top - 1] - (uint64_t)y)));
  return top - 2 * (size_t)peak;
}

/* Whether the middle of the top three blocks is a peak: one branch for
** the caller, on the combined test (& rather than &&). */
static ALWAYS_INLINE int is_peak(const int64_t *s, size_t top) {
  return (s[top - 2] >= s[top - 3]) & (s[top - 2] >= s[top - 1]);
}

/* Moves on while p is at JSON whitespace, up to end. */
#define SKIP_SPACE()                     \
  do {                                   \
    while (p < end && is_space(*p)) p++; \
  } while (0)

/* Once p is within 32 bytes of the end of the text, the bytes left are
** copied, NUL-terminated, and read from there: below safe, 32 bytes can
** be read ahead without a check, and a NUL stops every run in the copy. */
#define KEEP_IN_BOUNDS()                           \
  do {                                             \
    if (p >= safe) {                               \
      size_t rest_ = (size_t)(end - p);            \
      memcpy(tail, p, rest_);                      \
      tail[rest_] = 0;                             \
      p = tail;                                    \
      end = tail + rest_;                          \
      safe = tail + sizeof tail; /* never again */ \
    }                                              \
  } while (0)

/* Scans text[0..len) in the given mode.  Returns 1 with the count (STORE,
** COUNT) or the stack height (FUSE) in *count, or 0 to give up. */
static ALWAYS_INLINE int scan(const char *text, size_t len, int64_t *out, size_t cap, size_t *count,
                              scan_mode mode, int64_t *total) {
  unsigned char tail[48];
  const unsigned char *p = (const unsigned char *)text, *end = p + len;
  const unsigned char *safe = len > 32 ? end - 32 : p;
  uint64_t long_sum = 0; /* |values| of more than 3 digits, checked */
  int64_t sum = 0;
  size_t n = 0;

  /* short values are below 1000: with the long ones checked up to 2^62,
  ** the sum of |values| fits int64_t for any text shorter than this */
  if ((uint64_t)len > ((uint64_t)INT64_MAX / 2) / 1000) return 0;
  KEEP_IN_BOUNDS();
  SKIP_SPACE();
  if (p >= end || *p != '[') return 0;
  p++;
  SKIP_SPACE();
  if (p < end && *p == ']') {
    p++;
  } else {
    for (;;) {
      KEEP_IN_BOUNDS();
      int negative = *p == '-';
      p += negative;
      unsigned d0 = (unsigned)(p[0] - '0'), d1, d2;
      uint64_t v;
      if (d0 > 9) return 0;
      if ((d1 = (unsigned)(p[1] - '0')) > 9) {
        v = d0, p += 1;
      } else if (d0 == 0) {
        return 0;
      } else if ((d2 = (unsigned)(p[2] - '0')) > 9) {
        v = d0 * 10 + d1, p += 2;
      } else if ((unsigned)(p[3] - '0') > 9) {
        v = d0 * 100 + d1 * 10 + d2, p += 3;
      } else {
        const unsigned char *first = p;
        unsigned d;
        for (v = 0; p < end && (d = (unsigned)(*p - '0')) <= 9; p++) v = v * 10 + d;
        if (p - first > 18) return 0;
        long_sum += v;
        if (long_sum > (uint64_t)INT64_MAX / 2) return 0;
      }
      int64_t value = negative ? -(int64_t)v : (int64_t)v;
      switch (mode) {
        case SCAN_STORE:
          if (n == cap) return 0;
          out[n++] = value;
          break;
        case SCAN_FUSE:
          if (n == cap) return 0;
          sum += value;
          out[n++] = value;
          /* two steps without a branch on the data (the second changes
          ** nothing when the first fused nothing), then the rare rest */
          if (n >= 3) {
            n = fuse_step(out, n);
            while (n >= 3 && is_peak(out, n)) n = fuse_step(out, n);
          }
          break;
        case SCAN_COUNT: n++; break;
      }
      /* the separator: ",", ", " and "]" first */
      if (*p == ',') {
        p += 1 + (p[1] == ' ');
        if (is_space(*p)) SKIP_SPACE();
        continue;
      }
      SKIP_SPACE();
      if (p >= end) return 0;
      if (*p == ']') {
        p++;
        break;
      }
      if (*p++ != ',') return 0;
      SKIP_SPACE();
    }
  }
  SKIP_SPACE();
  if (p != end) return 0;
  *count = n;
  if (total) *total = sum;
  return 1;
}

int coins_scan_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count) {
  return scan(text, len, out, cap, count, SCAN_STORE, NULL);
}

int coins_scan_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                    int64_t *total) {
  return scan(text, len, stack, cap, top, SCAN_FUSE, total);
}

int coins_scan_count(const char *text, size_t len, size_t *count) {
  return scan(text, len, NULL, 0, count, SCAN_COUNT, NULL);
}
