/*
** solve2.h -- variant II as the core shares it: the window pass behind
** the solver (solve2.c), the line and greedy play, and the solver for
** small k in vector registers (solve_avx512.c).
*/
#ifndef COINS_SOLVE2_H
#define COINS_SOLVE2_H

#include "coins.h"
#include "compiler.h"

/* The sliding-window pass behind variant II: for i from n - 1 down to 0,
** j(i) is the smallest j in (i, min(i + k, n)] with v[j] least; then
** v[i] = suffix(i) - v[j(i)] when best (v is then best[]: the most the
** mover collects from a[i..n)), or v[i] = suffix(i), the sum of a[i..n)
** (then j(i) is where greedy play stops), and take[i] = j(i) - i unless
** take is NULL.  v has n + 1 words, deque min(n, k) + 1.  Returns sum(a). */
int64_t coins_solve2_window_pass(const int64_t *a, size_t n, uint64_t k, int best, int64_t *v,
                                 int64_t *take, int64_t *deque);
/* ... polling stop: COINS_OK with sum(a) in *sum, or COINS_STOPPED. */
coins_status coins_solve2_window_pass_stop(const int64_t *a, size_t n, uint64_t k, int best,
                                           int64_t *v, int64_t *take, int64_t *deque, int64_t *sum,
                                           const coins_stop *stop);

/* The largest k that variant II's solvers for small k take, with the
** window in registers. */
#define COINS_SOLVE2_SMALL_K 8
/* ... and the largest that the solver in vector registers takes. */
#define COINS_SOLVE2_VECTOR_K 16

#if COINS_X86_SIMD
/* Variant II for 3 <= k <= COINS_SOLVE2_VECTOR_K in AVX-512VL registers
** (solve_avx512.c; the AVX-512 scanner's solve2_small, scan.h): best[0..k]
** into w[0..k] (INT64_MAX past the row), the values solve2.c's solvers
** compute.  Returns the sum of a[0..n). */
int64_t coins_solve_avx512(const int64_t *a, size_t n, int k, int64_t w[COINS_SOLVE2_VECTOR_K + 1]);
#endif

/* coins_solve2 polling stop (coins_solve_stop is its public form). */
coins_status coins_solve2_stop(const int64_t *a, size_t n, uint64_t k, int64_t *work,
                               coins_solution *r, const coins_stop *stop);

#endif
