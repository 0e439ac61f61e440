/*
** fuzz_check.h -- what the byte-level harnesses (fuzz_parse.c,
** fuzz_scan.c) share: CHECK, which aborts with the failed condition (the
** fuzzer then keeps the input), and an allocation that aborts rather than
** return NULL.
*/
#ifndef COINS_FUZZ_CHECK_H
#define COINS_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      abort();                                                                 \
    }                                                                          \
  } while (0)

static inline void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) abort();
  return p;
}

#endif
