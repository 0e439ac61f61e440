/*
** reference.h -- plain, obviously-correct reference solvers for the three
** "coins in a line" games, used by the unit and differential tests.
**
** They share no code with ext/: textbook dynamic programs and exhaustive
** minimax, written for clarity rather than speed, allocating with malloc
** (this is test code).  On allocation failure they abort().
**
** Margins are "mover's total minus the other player's total" under optimal
** play; a row is a[0..n).  Callers keep the sum of |a[i]| within int64_t,
** which bounds every value computed here.
*/
#ifndef COINS_REFERENCE_H
#define COINS_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------- variant I */

/* 1 if the mover wins with n identical coins, taking 1..k (k >= 1), the
** taker of the last coin winning; 0 otherwise (n = 0: no move, lost).
** Bottom-up game search, O(n * min(n, k)) time; meant for n up to a few
** hundred. */
int ref1_first_wins(size_t n, uint64_t k);

/* The same search for every count: win[m] for m in 0..n (n + 1 entries). */
void ref1_table(size_t n, uint64_t k, unsigned char *win);

/* The same for misère play (variant I-misere): the taker of the last coin
** loses, so with no coins the mover has won. */
void ref1_misere_table(size_t n, uint64_t k, unsigned char *win);

/* ------------------------------------------------------------ variant II */

/* Take 1..k (k >= 1) coins from the left.  The O(n*k) textbook DP:
**   m[n] = 0,  m[i] = max over t in 1..min(k, n-i) of sum(a[i..i+t)) - m[i+t]
** Returns m[0]. */
int64_t ref2_margin(const int64_t *a, size_t n, uint64_t k);

/* The same DP, keeping every suffix: m[i] for i in 0..n (n + 1 entries) is
** the mover's margin with coins a[i..n) left. */
void ref2_margins(const int64_t *a, size_t n, uint64_t k, int64_t *m);

/* Exhaustive minimax over every sequence of takes (exponential; n <= ~12). */
int64_t ref2_margin_brute(const int64_t *a, size_t n, uint64_t k);

/* ----------------------------------------------------------- variant III */

/* One coin from either end.  The margin of the interval a[lo..hi)
** (half-open; an empty interval has margin 0) by the textbook DP
**   d[i][i] = a[i],  d[i][j] = max(a[i] - d[i+1][j], a[j] - d[i][j-1])
** filled one interval length at a time: O(len^2) time, O(len) memory. */
int64_t ref3_margin(const int64_t *a, size_t lo, size_t hi);

/* The same DP keeping every interval: returns a malloc'd table t with
** t[lo * (n + 1) + hi] = margin of a[lo..hi) for 0 <= lo <= hi <= n (other
** entries 0).  O(n^2) time and memory; the caller frees it. */
int64_t *ref3_table(const int64_t *a, size_t n);

/* Exhaustive minimax over every sequence of ends (2^n; n <= ~12). */
int64_t ref3_margin_brute(const int64_t *a, size_t n);

/* ------------------------------------------------------ every position */

/* What the references know about one game: every position's value.
** Variants I and I-misere (4): win[m] for m coins left; II: m2[i], the
** mover's margin with coins a[i..n) left; III: t3 as ref3_table makes it. */
typedef struct ref_oracle {
  int variant;
  const int64_t *a;
  size_t n;
  uint64_t k;
  unsigned char *win;
  int64_t *m2;
  int64_t *t3;
} ref_oracle;

/* Fills o for the game a[0..n) of the variant (1 to 4), taking 1..k. */
void ref_oracle_init(ref_oracle *o, int variant, const int64_t *a, size_t n, uint64_t k);
void ref_oracle_free(ref_oracle *o);
/* II and III: the mover's margin with coins a[lo..hi) left (II: hi = n). */
int64_t ref_oracle_margin(const ref_oracle *o, size_t lo, size_t hi);

#endif /* COINS_REFERENCE_H */
