/*
** scan.h -- the row scanners as the rest of the core calls them: the fast
** path of the row parser, for a flat JSON array of plain integers.  Each
** scanner either takes a row exactly as parse.c's general parser would or
** gives up (returns 0) and lets the general parser decide, with its
** messages.  There is one table of them, best first (scan_table.c), a row
** for each kind of CPU; the core calls the one coins_scan_table_choice()
** picks.  Adding a scanner is one file and one row (docs/architecture.md).
*/
#ifndef COINS_SCAN_H
#define COINS_SCAN_H

#include "coins.h"

/* What an entry point returns besides 1 (it took the whole row) and 0
** (the general parser must decide): out or stack (cap words) too small,
** or (the _stop entry points) stopped by the stop. */
#define SCAN_NO_ROOM (-1)
#define SCAN_STOPPED (-3)

/* One implementation: a scanner, and the vector code that runs with it.
** Its entry points, on text[0..len):
**   store  the values into out (cap of them at most), their number in *count;
**   fuse   peak fusion onto stack (a coins_fuse_stack, fuse.h:
**          COINS_FUSE_FLOOR words of floor, then the blocks, up to
**          stack[*top - 1]) and the coins' sum in *total;
**   line   fuse, and starts[i] (starts has cap words too) the first coin of
**          the block at stack[i]; the coins counted in *coins;
**   count  only how many (variant I);
** and each the same polling stop (_stop), every 2^18 bytes of text. */
typedef struct coins_scanner {
  const char *name;       /* "avx512", "avx2", "portable": what COINS_SIMD names */
  int (*supported)(void); /* 1 when this CPU can run it */
  int (*store)(const char *text, size_t len, int64_t *out, size_t cap, size_t *count);
  int (*fuse)(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
              int64_t *total);
  int (*line)(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
              size_t *top, size_t *coins);
  int (*count)(const char *text, size_t len, size_t *count);
  int (*store_stop)(const char *text, size_t len, int64_t *out, size_t cap, size_t *count,
                    const coins_stop *stop);
  int (*fuse_stop)(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                   int64_t *total, const coins_stop *stop);
  int (*line_stop)(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                   size_t *top, size_t *coins, const coins_stop *stop);
  int (*count_stop)(const char *text, size_t len, size_t *count, const coins_stop *stop);
  /* Variant II for 3 <= k <= COINS_SOLVE2_VECTOR_K in vector registers, as
  ** solve2.h says of coins_solve_avx512; NULL: the portable loops. */
  int64_t (*solve2_small)(const int64_t *a, size_t n, int k, int64_t *w);
} coins_scanner;

/* The scanners this build has, best first; the portable one is last. */
extern const coins_scanner *const coins_scan_table[];
extern const size_t coins_scan_table_size;

/* The scanner that runs: the first of the table the CPU can run, from the
** one the environment's COINS_SIMD names ("0" or "portable": the portable
** one, on any machine; "avx2": AVX2 at most; any other name of the
** table likewise; unset or unknown: the best).  Decided on the first call,
** then kept. */
const coins_scanner *coins_scan_table_choice(void);

/* Makes the scanner that runs from now on the one COINS_SIMD=name would
** pick (NULL: the environment's again), and returns it; for the bench,
** which measures every scanner in one process. */
const coins_scanner *coins_scan_table_use(const char *name);

#endif
