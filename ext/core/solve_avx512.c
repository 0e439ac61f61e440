/*
** solve_avx512.c -- variant II for 3 <= k <= 16 in AVX-512VL registers
** (part of the pure core); solve2.c calls it where the AVX-512 scanner runs
** (its row of scan_table.c names it).
**
** The recurrence is solve2.c's for small k, two coins a step, and every
** value it computes is one that solve2.c computes too (docs/algorithms.md,
** "Overflow bounds", holds as it is): with w[j] = best[i + 2 + j],
**
**   best[i + 1] = suffix[i + 1] - min(w[0 .. k-1])
**   best[i]     = max(a[i] + min(w[0 .. k-1]), suffix[i] - min(w[0 .. k-2]))
**
** Why vector registers: a minimum of 64-bit integers is one instruction
** (vpminsq, two a cycle on the CPUs measured) where the scalar solver
** needs a comparison and a conditional move (about one a cycle), and the
** two minima are built so that each value enters them as late as its age
** allows: w[0] and w[1], the two made by the step before, last; w[2], made
** two steps before, one minimum earlier; the older ones first.  The step
** then waits about as long as the scalar solver's does, with room to
** spare for the minima (docs/performance.md has the figures).  Only the
** low 64-bit lane of each register is used.
*/
#include "compiler.h"
#include "solve2.h"

#if COINS_X86_SIMD

#include <immintrin.h>

#define AVX512VL __attribute__((target("avx512f,avx512vl")))

/* The least of w[from..to] (from <= to), w[from] taken last. */
static AVX512VL COINS_ALWAYS_INLINE __m128i least(const __m128i *w, int from, int to) {
  __m128i m = w[to];
  COINS_UNROLL for (int j = to - 1; j >= from; j--) m = _mm_min_epi64(w[j], m);
  return m;
}

static AVX512VL COINS_ALWAYS_INLINE __m128i coin(const int64_t *a, size_t i) {
  return _mm_cvtsi64_si128(a[i]);
}

/* The two minima of a step: all = least of w[0 .. k-1], shared = least
** of w[0 .. k-2], each value entering as late as its age allows (w[0]
** and w[1] last).  For k > COINS_SOLVE2_SMALL_K the two share the least of
** w[2 .. k-2], into which the values of three steps before or more (w[4]
** on) go first, off the chain from one step to the next. */
static AVX512VL COINS_ALWAYS_INLINE void minima(const __m128i *w, int k, __m128i *all,
                                                __m128i *shared) {
  if (k <= COINS_SOLVE2_SMALL_K) {
    __m128i older = least(w, 2, k - 1); /* best[i+4 .. i+k+1] */
    *all = _mm_min_epi64(w[0], _mm_min_epi64(w[1], older));
    *shared = k > 3 ? _mm_min_epi64(w[1], least(w, 2, k - 2)) : w[1];
    *shared = _mm_min_epi64(w[0], *shared); /* best[i+2 .. i+k] */
    return;
  }
  __m128i old = least(w, 4, k - 2); /* best[i+6 .. i+k] */
  __m128i mid = _mm_min_epi64(w[2], _mm_min_epi64(w[3], old));
  __m128i older = _mm_min_epi64(w[2], _mm_min_epi64(w[3], _mm_min_epi64(old, w[k - 1])));
  *all = _mm_min_epi64(w[0], _mm_min_epi64(w[1], older));
  *shared = _mm_min_epi64(w[0], _mm_min_epi64(w[1], mid));
}

/* The recurrence for one k (a constant once inlined); see the top. */
static AVX512VL COINS_ALWAYS_INLINE int64_t window(const int64_t *a, size_t n, int k,
                                                   int64_t out[COINS_SOLVE2_VECTOR_K + 1]) {
  __m128i w[COINS_SOLVE2_VECTOR_K + 1], total = _mm_setzero_si128();
  COINS_UNROLL for (int j = 1; j <= k; j++) w[j] = _mm_set1_epi64x(INT64_MAX);
  w[0] = total; /* best[n] = 0; INT64_MAX past the row */
  size_t i = n;
  if (i % 2) { /* one coin alone first */
    total = _mm_add_epi64(total, coin(a, --i));
    __m128i m = least(w, 0, k - 1);
    COINS_UNROLL for (int j = k; j > 0; j--) w[j] = w[j - 1];
    w[0] = _mm_sub_epi64(total, m);
  }
  while (i > 0) {
    i -= 2;
    __m128i all, shared;
    minima(w, k, &all, &shared);
    __m128i x = coin(a, i);
    total = _mm_add_epi64(total, coin(a, i + 1));
    __m128i first = _mm_sub_epi64(total, all); /* best[i + 1] */
    total = _mm_add_epi64(total, x);
    __m128i second = _mm_max_epi64(_mm_add_epi64(x, all), _mm_sub_epi64(total, shared));
    COINS_UNROLL for (int j = k; j > 1; j--) w[j] = w[j - 2];
    w[1] = first, w[0] = second; /* best[i] */
  }
  COINS_UNROLL for (int j = 0; j <= k; j++) out[j] = _mm_cvtsi128_si64(w[j]);
  return _mm_cvtsi128_si64(total);
}

AVX512VL int64_t coins_solve_avx512(const int64_t *a, size_t n, int k,
                                    int64_t w[COINS_SOLVE2_VECTOR_K + 1]) {
  switch (k) { /* a copy each, its loops unrolled */
    case 3: return window(a, n, 3, w);
    case 4: return window(a, n, 4, w);
    case 5: return window(a, n, 5, w);
    case 6: return window(a, n, 6, w);
    case 7: return window(a, n, 7, w);
    case 8: return window(a, n, 8, w);
    case 9: return window(a, n, 9, w);
    case 10: return window(a, n, 10, w);
    case 11: return window(a, n, 11, w);
    case 12: return window(a, n, 12, w);
    case 13: return window(a, n, 13, w);
    case 14: return window(a, n, 14, w);
    case 15: return window(a, n, 15, w);
    default: return window(a, n, COINS_SOLVE2_VECTOR_K, w);
  }
}

#endif
