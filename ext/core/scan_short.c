/*
** scan_short.c -- the plainest short rows read without a scanner's set-up
** (part of the pure core): "[", integers each after "," or ", ", "]",
** nothing around them.  The SIMD scanners hand rows shorter than their
** set-up here (scan_impl.h).  On such a row the portable scanner's own
** set-up (a zero-filled copy of the tail, read without bounds checks)
** costs about as much as reading it.  Here the row's last byte is checked
** first to be "]": every read stops at it (a number's digits, a
** separator's bytes), so nothing needs a bounds check or a copy.  Any
** other row goes on to the portable scanner.
*/
#include "scan_short.h"

#include "scan_impl.h"

/* Reads text[0..len) in the given mode, as scan() in scan_portable.c
** does; 0 for any row not of the plainest shape. */
COINS_INLINE int scan(const char *text, size_t len, int64_t *out, int64_t *starts, size_t cap,
                      scan_mode mode, scan_result *res) {
  const unsigned char *p = (const unsigned char *)text, *end = p + len;
  uint64_t long_sum = 0;
  scan_out o;
  int started = scan_start(&o, len, out, starts, cap, mode);
  if (started != 1) return started;
  if (len < 3 || p[0] != '[' || end[-1] != ']') return 0; /* ("[]" too) */
  p++;
  for (;;) {
    int64_t value;
    if (!(p = read_integer(p, end, &value, &long_sum))) return 0;
    if (mode != SCAN_COUNT && scan_used(&o, mode) == cap) return SCAN_NO_ROOM;
    take_value(mode, value, &o);
    if (*p != ',') break;
    p += 1 + (p[1] == ' ');
  }
  if (p != end - 1) return 0; /* a "]" before the last byte */
  return scan_finish(&o, mode, res);
}

int coins_scan_short_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, out, NULL, cap, SCAN_STORE, &r);
  if (rc == 0) return coins_scan_portable_store(text, len, out, cap, count);
  *count = r.count;
  return rc;
}

int coins_scan_short_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                          int64_t *total) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, stack, NULL, cap, SCAN_FUSE, &r);
  if (rc == 0) return coins_scan_portable_fuse(text, len, stack, cap, top, total);
  *top = r.count, *total = r.total;
  return rc;
}

int coins_scan_short_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                          size_t *top, size_t *coins) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, stack, starts, cap, SCAN_LINE, &r);
  if (rc == 0) return coins_scan_portable_line(text, len, stack, starts, cap, top, coins);
  *top = r.count, *coins = r.coins;
  return rc;
}

int coins_scan_short_count(const char *text, size_t len, size_t *count) {
  scan_result r = {0, 0, 0};
  int rc = scan(text, len, NULL, NULL, 0, SCAN_COUNT, &r);
  if (rc == 0) return coins_scan_portable_count(text, len, count);
  *count = r.count;
  return rc;
}
