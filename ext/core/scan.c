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
#include <stdlib.h>

#include "scan.h"

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

/* Scans text[0..len) in the given mode.  Returns 1 with what it made in
** *res, 0 to give up, or SCAN_NO_ROOM when out (cap words; LINE: and
** starts) is full. */
COINS_INLINE int scan(const char *text, size_t len, int64_t *out, int64_t *starts, size_t cap,
                      scan_mode mode, scan_result *res) {
  unsigned char tail[48];
  const unsigned char *p = (const unsigned char *)text, *end = p + len;
  const unsigned char *safe = len > 32 ? end - 32 : p;
  uint64_t long_sum = 0; /* |values| of more than 3 digits, checked */
  scan_out o;
  int started = scan_start(&o, len, out, starts, cap, mode);

  if (started != 1) return started;
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
      int64_t value;
      if (!(p = read_integer(p, end, &value, &long_sum))) return 0;
      if (mode != SCAN_COUNT && scan_used(&o, mode) == cap) return SCAN_NO_ROOM;
      take_value(mode, value, &o);
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
  return scan_finish(&o, mode, res);
}

int coins_scan_portable_store(const char *text, size_t len, int64_t *out, size_t cap,
                              size_t *count) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, out, NULL, cap, SCAN_STORE, &r);
  *count = r.count;
  return rc;
}

int coins_scan_portable_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                             int64_t *total) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, stack, NULL, cap, SCAN_FUSE, &r);
  *top = r.count, *total = r.total;
  return rc;
}

int coins_scan_portable_count(const char *text, size_t len, size_t *count) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, NULL, NULL, 0, SCAN_COUNT, &r);
  *count = r.count;
  return rc;
}

int coins_scan_portable_line(const char *text, size_t len, int64_t *stack, int64_t *starts,
                             size_t cap, size_t *top, size_t *coins) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, stack, starts, cap, SCAN_LINE, &r);
  *top = r.count, *coins = r.coins;
  return rc;
}

int coins_scan_has_avx2(void) {
#if COINS_SCAN_AVX2
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt");
#else
  return 0;
#endif
}

/* Whether the AVX2 scanner runs: where it is built and the CPU has AVX2,
** BMI and POPCNT, unless the environment says COINS_SIMD=0 (the tests
** use that to run the portable scanner on any machine).  Decided once;
** racing threads decide alike. */
static int use_avx2(void) {
#if COINS_SCAN_AVX2
  static int choice = -1;
  int c = __atomic_load_n(&choice, __ATOMIC_RELAXED);
  if (c < 0) {
    const char *env = getenv("COINS_SIMD");
    c = !(env && strcmp(env, "0") == 0) && coins_scan_has_avx2();
    __atomic_store_n(&choice, c, __ATOMIC_RELAXED);
  }
  return c;
#else
  return 0;
#endif
}

const char *coins_scan_path(void) { return use_avx2() ? "avx2" : "portable"; }

int coins_scan_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count) {
#if COINS_SCAN_AVX2
  if (use_avx2()) return coins_scan_avx2_store(text, len, out, cap, count);
#endif
  return coins_scan_portable_store(text, len, out, cap, count);
}

int coins_scan_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                    int64_t *total) {
#if COINS_SCAN_AVX2
  if (use_avx2()) return coins_scan_avx2_fuse(text, len, stack, cap, top, total);
#endif
  return coins_scan_portable_fuse(text, len, stack, cap, top, total);
}

int coins_scan_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                    size_t *top, size_t *coins) {
#if COINS_SCAN_AVX2
  if (use_avx2()) return coins_scan_avx2_line(text, len, stack, starts, cap, top, coins);
#endif
  return coins_scan_portable_line(text, len, stack, starts, cap, top, coins);
}

int coins_scan_count(const char *text, size_t len, size_t *count) {
#if COINS_SCAN_AVX2
  if (use_avx2()) return coins_scan_avx2_count(text, len, count);
#endif
  return coins_scan_portable_count(text, len, count);
}
