/*
** scan_table.c -- the table of row scanners, best first, and the choice
** among them at run time (part of the pure core).  Each row is a scanner
** for one kind of CPU, defined in a file of its own with the entry points
** every scanner has (scan.h); the choice is the core's one global state.
*/
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "scan.h"

extern const coins_scanner coins_scan_portable;
#if COINS_X86_SIMD
extern const coins_scanner coins_scan_avx512, coins_scan_avx2;
#endif
#if COINS_ARM_SIMD
extern const coins_scanner coins_scan_neon;
#endif

const coins_scanner *const coins_scan_table[] = {
#if COINS_X86_SIMD
    &coins_scan_avx512, /* hands rows with a '-' or a long number to AVX2's */
    &coins_scan_avx2,
#endif
#if COINS_ARM_SIMD
    &coins_scan_neon, /* every arm64 CPU */
#endif
    &coins_scan_portable, /* last: every CPU runs it */
};

const size_t coins_scan_table_size = sizeof coins_scan_table / sizeof coins_scan_table[0];

/* Where the search starts: the row COINS_SIMD names ("0" is the portable
** one), or the first. */
static size_t first_allowed(void) {
  const char *env = getenv("COINS_SIMD");
  if (env == NULL) return 0;
  if (strcmp(env, "0") == 0) env = "portable";
  for (size_t i = 0; i < coins_scan_table_size; i++)
    if (strcmp(env, coins_scan_table[i]->name) == 0) return i;
  return 0;
}

/* Racing threads decide alike; the rows are constants. */
const coins_scanner *coins_scan_table_choice(void) {
  static const coins_scanner *choice;
  const coins_scanner *c = __atomic_load_n(&choice, __ATOMIC_RELAXED);
  if (c == NULL) {
    size_t i = first_allowed();
    while (!coins_scan_table[i]->supported()) i++; /* the portable one always is */
    c = coins_scan_table[i];
    __atomic_store_n(&choice, c, __ATOMIC_RELAXED);
  }
  return c;
}
