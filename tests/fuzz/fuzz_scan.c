/*
** fuzz_scan.c -- libFuzzer harness for the row scanners of the core (each
** row of ext/core/scan_table.c that the CPU can run) against the general
** parser, on the fuzzer's raw bytes (make fuzz).
**
** The first byte moves the rest: that many spaces (mod 130) go before it,
** then it is read as is, so numbers, separators, a NUL or a byte >= 0x80
** land on every offset of the scanners' 32- and 64-byte blocks.  The same
** bytes then describe a row of numbers (numbers_row: a byte a number, of
** 1 to 20 digits, either sign), for the scanners' number paths.  Every
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

/* The row of numbers the bytes after the first describe, one a byte b,
** after shift spaces: 1 + b % 20 digits (the first never 0, the others
** drawn from a generator seeded by the input), a '-' when b has 0x80,
** and after it ",", ", ", " ," or ",\n" by (b >> 5) & 3.  Numbers of
** every length and sign thus land at every offset of the blocks.  Writes
** to row (room: 24 * count + shift + 2) and returns the length. */
static size_t numbers_row(const uint8_t *bytes, size_t count, size_t shift, char *row) {
  static const char *const seps[4] = {",", ", ", " ,", ",\n"};
  uint64_t seed = 0x9E3779B97F4A7C15u * (count + 1);
  size_t len = 0;
  memset(row, ' ', shift);
  len = shift;
  row[len++] = '[';
  for (size_t i = 0; i < count; i++) {
    unsigned b = bytes[i], digits = 1 + b % 20;
    if (i) {
      const char *sep = seps[(b >> 5) & 3];
      size_t n = strlen(sep);
      memcpy(row + len, sep, n);
      len += n;
    }
    if (b & 0x80) row[len++] = '-';
    for (unsigned d = 0; d < digits; d++) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      unsigned digit = (unsigned)(seed >> 60) % 10;
      row[len++] = (char)('0' + (d == 0 && digit == 0 ? 1 : digit));
    }
  }
  row[len++] = ']';
  return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0 || size > 1 << 16) return 0;
  size_t shift = data[0] % 130, len = shift + size - 1;
  char *text = xmalloc(len);
  memset(text, ' ', shift);
  memcpy(text + shift, data + 1, size - 1);
  check_text(text, len);
  free(text);
  size_t count = size - 1 < 512 ? size - 1 : 512; /* the same bytes as numbers */
  text = xmalloc(24 * count + shift + 2);
  len = numbers_row(data + 1, count, shift, text);
  char *exact = xmalloc(len ? len : 1); /* an exact-size copy: ASan sees a read past it */
  memcpy(exact, text, len);
  check_text(exact, len);
  free(exact);
  free(text);
  return 0;
}
