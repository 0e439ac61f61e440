/*
** scan_rows.c -- one scanner of the table (scan.h) in one mode over the
** same random rows, passes times: what tests/bench/scan_insns.sh counts
** the instructions of under qemu, where time means nothing.  The rows are
** bench.c's: n coins of value splitmix64 % 1000, compact JSON ([1,2,3])
** or spaced ([1, 2, 3]).  It checks each scanner took every row.
**
**   scan_rows SCANNER store|fuse|count|line compact|spaced N ROWS PASSES
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuse.h"
#include "scan.h"

static uint64_t mix_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr,
            "usage: scan_rows SCANNER store|fuse|count|line compact|spaced N ROWS PASSES\n");
    return 2;
  }
  const coins_scanner *s = NULL;
  for (size_t i = 0; i < coins_scan_table_size; i++)
    if (strcmp(coins_scan_table[i]->name, argv[1]) == 0) s = coins_scan_table[i];
  if (s == NULL || !s->supported()) {
    fprintf(stderr, "scan_rows: no scanner %s here\n", argv[1]);
    return 2;
  }
  const char *mode = argv[2];
  int spaced = strcmp(argv[3], "spaced") == 0;
  size_t n = (size_t)atol(argv[4]), rows = (size_t)atol(argv[5]);
  long passes = atol(argv[6]);
  size_t room = 8 * n + 3, cap = n + COINS_FUSE_FLOOR;
  char *texts = malloc(rows * room);
  size_t *lens = malloc(rows * sizeof *lens);
  int64_t *out = malloc(cap * sizeof *out), *starts = malloc(cap * sizeof *starts);
  uint64_t seed = 1;
  if (!texts || !lens || !out || !starts) return 1;
  for (size_t r = 0; r < rows; r++) {
    char *p = texts + r * room;
    *p++ = '[';
    for (size_t i = 0; i < n; i++)
      p += sprintf(p, "%s%u",
                   i == 0   ? ""
                   : spaced ? ", "
                            : ",",
                   (unsigned)(mix_next(&seed) % 1000));
    *p++ = ']';
    lens[r] = (size_t)(p - (texts + r * room));
  }
  long taken = 0;
  for (long k = 0; k < passes; k++) {
    for (size_t r = 0; r < rows; r++) {
      const char *t = texts + r * room;
      size_t count, top, coins;
      int64_t total;
      if (mode[0] == 's')
        taken += s->store(t, lens[r], out, cap, &count) == 1;
      else if (mode[0] == 'f')
        taken += s->fuse(t, lens[r], out, cap, &top, &total) == 1;
      else if (mode[0] == 'c')
        taken += s->count(t, lens[r], &count) == 1;
      else
        taken += s->line(t, lens[r], out, starts, cap, &top, &coins) == 1;
    }
  }
  if (taken != passes * (long)rows) {
    fprintf(stderr, "scan_rows: %s took %ld of %ld rows\n", s->name, taken, passes * (long)rows);
    return 1;
  }
  return 0;
}
