/*
** scan_short.h -- the plainest short rows read without a scanner's
** set-up (scan_short.c): where a SIMD scanner hands a row shorter than its
** set-up (scan_impl.h's scan_short lengths).
*/
#ifndef COINS_SCAN_SHORT_H
#define COINS_SCAN_SHORT_H

#include "coins.h"

/* As the scanners' entry points of the same names (scan.h), on a row of
** the plainest shape: "[" as its first byte, "]" as its last, and between
** them integers each after "," or ", ".  Any other row goes on to the
** portable scanner's, which takes it or gives up. */
int coins_scan_short_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count);
int coins_scan_short_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                          int64_t *total);
int coins_scan_short_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                          size_t *top, size_t *coins);
int coins_scan_short_count(const char *text, size_t len, size_t *count);

#endif
