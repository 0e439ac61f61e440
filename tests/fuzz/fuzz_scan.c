/*
** fuzz_scan.c -- libFuzzer harness for the row scanners of the core (each
** row of ext/core/scan_table.c that the CPU can run) against the general
** parser, on the fuzzer's raw bytes (make fuzz).
**
** The first byte moves the rest: that many spaces (mod 130) go before it,
** then it is read as is, so numbers, separators, a NUL or a byte >= 0x80
** land on every offset of the scanners' 32- and 64-byte blocks.  Every
** text is read from an exact-size copy (AddressSanitizer sees a read past
** it).  Invariants (abort() when one fails), for each scanner and mode:
**
**   - it returns 1 (took the row), 0 (left it to the parser) or, given too
**     little room, -1; with the room callers give, never -1;
**   - a row it takes, the general parser takes too, and
**       store: the same values; count: the same count;
**       fuse: the blocks of fusing those values one by one, value for
**       value, and their sum;
**   - with one word too few, store does not take the row, fuse takes it
**     only when the stack fits, with the same blocks (and ASan sees that
**     nothing is written past the room).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuse.h"
#include "fuzz_check.h"
#include "parse.h"
#include "scan.h"
#include "solve3.h"

static void check_scanner(const coins_scanner *s, const char *text, size_t len, int parsed,
                          const int64_t *values, size_t n, const int64_t *blocks, size_t m,
                          int64_t total) {
  size_t cap = coins_parse_capacity(text, len), count = 0, top = 0;
  int64_t *out = xmalloc((cap + COINS_FUSE_FLOOR) * sizeof *out), sum = 0;
  int rc = s->store(text, len, out, cap, &count);
  CHECK(rc == 0 || rc == 1);
  CHECK(!rc || parsed);
  if (rc) {
    CHECK(count == n);
    for (size_t i = 0; i < n; i++) CHECK(out[i] == values[i]);
  }
  rc = s->fuse(text, len, out, cap + COINS_FUSE_FLOOR, &top, &sum);
  CHECK(rc == 0 || rc == 1);
  CHECK(!rc || parsed);
  if (rc) {
    CHECK(top - COINS_FUSE_FLOOR == m);
    for (size_t i = 0; i < m; i++) CHECK(out[COINS_FUSE_FLOOR + i] == blocks[i]);
    CHECK(sum == total);
  }
  rc = s->count(text, len, &count);
  CHECK(rc == 0 || rc == 1);
  CHECK(!rc || (parsed && count == n));
  free(out);
  if (parsed && n > 0) { /* one word too few */
    out = xmalloc((n - 1) * sizeof *out);
    CHECK(s->store(text, len, out, n - 1, &count) != 1);
    free(out);
    out = xmalloc((n - 1 + COINS_FUSE_FLOOR) * sizeof *out);
    if (s->fuse(text, len, out, n - 1 + COINS_FUSE_FLOOR, &top, &sum) == 1) { /* it fitted */
      CHECK(top - COINS_FUSE_FLOOR == m);
      for (size_t i = 0; i < m; i++) CHECK(out[COINS_FUSE_FLOOR + i] == blocks[i]);
    }
    free(out);
  }
}

static void check_text(const char *text, size_t len) {
  static const coins_scanner *scanners[16]; /* the table's rows this CPU runs */
  static size_t n_scanners;
  if (n_scanners == 0) {
    for (size_t i = 0; i < coins_scan_table_size && n_scanners < 16; i++)
      if (coins_scan_table[i]->supported()) scanners[n_scanners++] = coins_scan_table[i];
    fprintf(stderr, "fuzz_scan: scanners run:");
    for (size_t k = 0; k < n_scanners; k++) fprintf(stderr, " %s", scanners[k]->name);
    fprintf(stderr, "\n");
  }
  size_t cap = coins_parse_capacity(text, len), n = 0;
  int64_t *values = xmalloc((cap + 1) * sizeof *values);
  int64_t *blocks = xmalloc((cap + 1) * sizeof *blocks), total = 0;
  char err[COINS_ERRMSG_SIZE];
  int parsed = coins_parse_array_general(text, len, values, cap, &n, err, "element") == COINS_OK;
  for (size_t i = 0; parsed && i < n; i++) total += values[i];
  memcpy(blocks, values, n * sizeof *values);
  size_t m = parsed ? coins_solve3_fuse(blocks, n, blocks, NULL) : 0;
  for (size_t k = 0; k < n_scanners; k++)
    check_scanner(scanners[k], text, len, parsed, values, n, blocks, m, total);
  free(values);
  free(blocks);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0 || size > 1 << 16) return 0;
  size_t shift = data[0] % 130, len = shift + size - 1;
  char *text = xmalloc(len);
  memset(text, ' ', shift);
  memcpy(text + shift, data + 1, size - 1);
  check_text(text, len);
  free(text);
  return 0;
}
