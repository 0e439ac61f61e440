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
** *res, 0 to give up, SCAN_NO_ROOM when out (cap words; LINE: and
** starts) is full, or SCAN_STOPPED when stop (NULL: none) says so. */
COINS_INLINE int scan(const char *text, size_t len, int64_t *out, int64_t *starts, size_t cap,
                      scan_mode mode, scan_result *res, const coins_stop *stop) {
  unsigned char tail[48];
  const unsigned char *p = (const unsigned char *)text, *end = p + len;
  const unsigned char *safe = len > 32 ? end - 32 : p;
  uint64_t long_sum = 0;                   /* |values| of more than 3 digits, checked */
  size_t until_poll = SCAN_POLL_BYTES / 4; /* numbers (of at least 2 bytes each, with a comma) */
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
      if (stop && --until_poll == 0) {
        if (coins_stopped(stop)) return SCAN_STOPPED;
        until_poll = SCAN_POLL_BYTES / 4;
      }
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

/* (scan never hands a row on) */
SCAN_ENTRY_POINTS(, coins_scan_portable, scan, coins_scan_portable)

int coins_scan_has_avx2(void) {
#if COINS_X86_SIMD
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt");
#else
  return 0;
#endif
}

int coins_scan_has_avx512(void) {
#if COINS_X86_SIMD
  __builtin_cpu_init();
  return coins_scan_has_avx2() && __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("bmi2");
#else
  return 0;
#endif
}

/* The scanners, fastest last. */
enum { PORTABLE, AVX2, AVX512 };

/* The scanner that runs: the fastest the CPU can run, unless the
** environment says COINS_SIMD=0 (the portable one, on any machine; the
** tests use it) or COINS_SIMD=avx2 (no AVX-512).  Decided once; racing
** threads decide alike. */
static int scanner(void) {
  static int choice = -1;
  int c = __atomic_load_n(&choice, __ATOMIC_RELAXED);
  if (c < 0) {
    const char *env = getenv("COINS_SIMD");
    int most = !env                       ? AVX512
               : strcmp(env, "0") == 0    ? PORTABLE
               : strcmp(env, "avx2") == 0 ? AVX2
                                          : AVX512;
    c = most >= AVX512 && coins_scan_has_avx512() ? AVX512
        : most >= AVX2 && coins_scan_has_avx2()   ? AVX2
                                                  : PORTABLE;
    __atomic_store_n(&choice, c, __ATOMIC_RELAXED);
  }
  return c;
}

int coins_simd_avx512(void) { return scanner() == AVX512; }

const char *coins_scan_path(void) {
  static const char *const names[] = {"portable", "avx2", "avx512"};
  return names[scanner()];
}

/* Each entry point calls the scanner that runs, with its arguments. */
#if COINS_X86_SIMD
#define DISPATCH(mode, ...)                                    \
  switch (scanner()) {                                         \
    case AVX512: return coins_scan_avx512_##mode(__VA_ARGS__); \
    case AVX2: return coins_scan_avx2_##mode(__VA_ARGS__);     \
    default: return coins_scan_portable_##mode(__VA_ARGS__);   \
  }
#else
#define DISPATCH(mode, ...) return coins_scan_portable_##mode(__VA_ARGS__)
#endif

int coins_scan_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count) {
  DISPATCH(store, text, len, out, cap, count);
}

int coins_scan_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                    int64_t *total) {
  DISPATCH(fuse, text, len, stack, cap, top, total);
}

int coins_scan_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                    size_t *top, size_t *coins) {
  DISPATCH(line, text, len, stack, starts, cap, top, coins);
}

int coins_scan_count(const char *text, size_t len, size_t *count) {
  DISPATCH(count, text, len, count);
}

int coins_scan_store_stop(const char *text, size_t len, int64_t *out, size_t cap, size_t *count,
                          const coins_stop *stop) {
  DISPATCH(store_stop, text, len, out, cap, count, stop);
}

int coins_scan_fuse_stop(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                         int64_t *total, const coins_stop *stop) {
  DISPATCH(fuse_stop, text, len, stack, cap, top, total, stop);
}

int coins_scan_line_stop(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                         size_t *top, size_t *coins, const coins_stop *stop) {
  DISPATCH(line_stop, text, len, stack, starts, cap, top, coins, stop);
}

int coins_scan_count_stop(const char *text, size_t len, size_t *count, const coins_stop *stop) {
  DISPATCH(count_stop, text, len, count, stop);
}
