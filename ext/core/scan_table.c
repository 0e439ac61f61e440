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
    &coins_scan_avx512, /* hands rows with a long number to AVX2's */
    &coins_scan_avx2,
#endif
#if COINS_ARM_SIMD
    &coins_scan_neon, /* every arm64 CPU */
#endif
    &coins_scan_portable, /* last: every CPU runs it */
};

const size_t coins_scan_table_size = sizeof coins_scan_table / sizeof coins_scan_table[0];

/* Where the search starts: the row name names ("0" is the portable one),
** or the first (name NULL or unknown). */
static size_t first_allowed(const char *name) {
  if (name == NULL) return 0;
  if (strcmp(name, "0") == 0) name = "portable";
  for (size_t i = 0; i < coins_scan_table_size; i++)
    if (strcmp(name, coins_scan_table[i]->name) == 0) return i;
  return 0;
}

/* The first row from first_allowed(name) on that the CPU runs. */
static const coins_scanner *pick(const char *name) {
  size_t i = first_allowed(name);
  while (!coins_scan_table[i]->supported()) i++; /* the portable one always is */
  return coins_scan_table[i];
}

/* The choice; racing threads decide alike, and the rows are constants. */
static const coins_scanner *choice;

const coins_scanner *coins_scan_table_choice(void) {
  const coins_scanner *c = __atomic_load_n(&choice, __ATOMIC_RELAXED);
  if (c == NULL) {
    c = pick(getenv("COINS_SIMD"));
    __atomic_store_n(&choice, c, __ATOMIC_RELAXED);
  }
  return c;
}

const coins_scanner *coins_scan_table_use(const char *name) {
  const coins_scanner *c = pick(name ? name : getenv("COINS_SIMD"));
  __atomic_store_n(&choice, c, __ATOMIC_RELAXED);
  return c;
}
