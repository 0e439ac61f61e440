/*
** test_check.h -- checks the cmocka tests of the core (test_core.c,
** test_jsonb.c, the family's tests) share.  Include it after <cmocka.h>.
*/
#ifndef COINS_TEST_CHECK_H
#define COINS_TEST_CHECK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coins.h"

#define COUNT(x) (sizeof(x) / sizeof((x)[0]))

/* The set of takes whose bit s - 1 is set in mask (the family's tests). */
static inline coins_takes takes_of_mask(uint64_t mask) {
  int64_t v[64];
  size_t n = 0;
  char err[COINS_ERRMSG_SIZE];
  coins_takes t;
  for (int s = 1; s <= 64; s++)
    if (mask >> (s - 1) & 1) v[n++] = s;
  if (coins_takes_of_values(v, n, &t, err) != COINS_OK) fail_msg("%s", err);
  return t;
}

/* Equality of signed 64-bit values, printed signed on failure. */
#define assert_i64(got, want)                                                        \
  do {                                                                               \
    int64_t got_ = (got), want_ = (want);                                            \
    if (got_ != want_)                                                               \
      fail_msg("%s = %lld, expected %lld", #got, (long long)got_, (long long)want_); \
  } while (0)

#define assert_u64(got, want)                                              \
  do {                                                                     \
    uint64_t got_ = (got), want_ = (want);                                 \
    if (got_ != want_)                                                     \
      fail_msg("%s = %llu, expected %llu", #got, (unsigned long long)got_, \
               (unsigned long long)want_);                                 \
  } while (0)

static inline void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  assert_non_null(p);
  return p;
}

/* The message of a failed parse is a NUL-terminated line of printable
** ASCII that fits the buffer. */
static inline void check_message(const char *err) {
  const char *end = memchr(err, 0, COINS_ERRMSG_SIZE);
  assert_non_null(end);
  assert_true(end > err);
  for (const char *c = err; c < end; c++)
    if (*c < 0x20 || *c > 0x7e)
      fail_msg("non-printable byte 0x%02X in message \"%s\"", (unsigned)(unsigned char)*c, err);
}

#endif
