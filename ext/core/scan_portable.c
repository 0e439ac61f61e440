/*
** scan_portable.c -- the portable row scanner, built for every CPU (the
** last row of scan_table.c): the fast path of the row parser for a flat
** JSON array of plain integers of at most 18 digits, with any JSON
** whitespace between tokens, read in one pass.  It either takes the row
** exactly as parse.c's general parser would, or gives up (returns 0) at
** the first thing it is unsure of, and the general parser starts again
** and decides, with its messages.
**
** What makes it fast (callgrind counts instructions per row; the bench
** measures time): no bounds check per byte (the bytes before the last 32
** are read freely, the last ones from a zero-filled copy, so a NUL ends
** every run); numbers of 1 to 3 digits, nine in ten of the values people
** store, read with a branch a digit rather than a loop (measured faster
** here than a branch-free SWAR read of eight bytes, whose chain of loads
** from one number to the next is longer than the predicted branches');
** longer ones eight digits at a time in a general register (SWAR,
** scan_impl.h); the overflow checks only on the path for long numbers;
** and, for variant III, peak fusion's first step done without a branch.
**
** Where the next number starts is decided by branches, not computed
** from the bytes: the sign (until the row has shown a '-') and the
** blank after a comma.  A predicted branch lets the CPU load the next
** number's bytes at once; an add of a comparison's result would make
** those loads wait for this one's (on a compact 64-coin row of 0..999,
** the fuse entry point took 0.72x its time before).
*/
#include "scan_impl.h"

/* Moves on while p is at JSON whitespace, up to end. */
#define SKIP_SPACE()                     \
  do {                                   \
    while (p < end && is_space(*p)) p++; \
  } while (0)

/* Once p is within 32 bytes of the end of the text, the bytes left are
** copied, zeros after them, and read from there: below safe, 32 bytes can
** be read ahead without a check (a number's read takes 26 at most), and a
** NUL stops every run in the copy. */
#define KEEP_IN_BOUNDS()                           \
  do {                                             \
    if (p >= safe) {                               \
      size_t rest_ = (size_t)(end - p);            \
      memset(tail, 0, sizeof tail);                \
      memcpy(tail, p, rest_);                      \
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
  unsigned char tail[64];
  const unsigned char *p = (const unsigned char *)text, *end = p + len;
  const unsigned char *safe = len > 32 ? end - 32 : p;
  uint64_t long_sum = 0;                   /* |values| of more than 3 digits, checked */
  size_t until_poll = SCAN_POLL_BYTES / 4; /* numbers (of at least 2 bytes each, with a comma) */
  int signs = 0;                           /* 1 once the row has shown a '-' */
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
        if (coins_stop_asked(stop)) return SCAN_STOPPED;
        until_poll = SCAN_POLL_BYTES / 4;
      }
      /* the sign: none until the row has shown one (signs, 0 or 1), then
      ** read without a branch, which would be mispredicted half of the
      ** time on signed rows; negative is 0, or all ones after a '-' */
      uint64_t negative = 0;
      if (COINS_UNLIKELY(signs)) {
        negative = 0 - (uint64_t)(*p == '-');
        p += negative & 1;
      }
      if ((unsigned)(*p - '0') > 9) { /* seldom: blanks, the row's first '-' */
        if (negative || !(is_space(*p) || *p == '-')) return 0;
        if (*p == '-')
          signs = 1;
        else
          SKIP_SPACE();
        continue;
      }
      uint64_t magnitude;
      if (!(p = read_magnitude_as(p, end, &magnitude, &long_sum, 1))) return 0;
      int64_t value = (int64_t)((magnitude ^ negative) - negative);
      if (mode != SCAN_COUNT && scan_used(&o, mode) == cap) return SCAN_NO_ROOM;
      take_value(mode, value, &o);
      /* the separator: ",", ", " and "]" first */
      if (*p == ',') {
        if (p[1] == ' ') { /* a branch, which a row's format predicts */
          COINS_KEEP_BRANCH();
          p += 2;
        } else {
          p += 1;
        }
        continue; /* (blanks after these are skipped there) */
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

/* Any CPU runs it. */
static int supported(void) { return 1; }

const coins_scanner coins_scan_portable =
    SCAN_ROW(coins_scan_portable, "portable", supported, NULL);
