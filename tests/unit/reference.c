/*
** reference.c -- plain reference solvers for the tests (see reference.h).
**
** Deliberately naive and independent of ext/: game search for variant I,
** the textbook DPs and exhaustive minimax for variants II and III.
*/
#include "reference.h"

#include <stdio.h>
#include <stdlib.h>

static void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    fprintf(stderr, "reference: out of memory\n");
    abort();
  }
  return p;
}

static int64_t max64(int64_t x, int64_t y) { return x > y ? x : y; }

/* ------------------------------------------------------------- variant I */

void ref1_table(size_t n, uint64_t k, unsigned char *win) {
  win[0] = 0; /* no coin to take: the mover has lost */
  for (size_t m = 1; m <= n; m++) {
    win[m] = 0;
    /* the mover wins when some take leaves the opponent a lost position */
    for (size_t t = 1; t <= m && t <= k; t++)
      if (!win[m - t]) {
        win[m] = 1;
        break;
      }
  }
}

void ref1_misere_table(size_t n, uint64_t k, unsigned char *win) {
  win[0] = 1; /* no coin to take: the other player took the last and lost */
  for (size_t m = 1; m <= n; m++) {
    win[m] = 0;
    for (size_t t = 1; t <= m && t <= k; t++)
      if (!win[m - t]) {
        win[m] = 1;
        break;
      }
  }
}

int ref1_first_wins(size_t n, uint64_t k) {
  unsigned char *win = xmalloc(n + 1);
  ref1_table(n, k, win);
  int r = win[n];
  free(win);
  return r;
}

/* ------------------------------------------------------------ variant II */

void ref2_margins(const int64_t *a, size_t n, uint64_t k, int64_t *m) {
  m[n] = 0;
  for (size_t i = n; i-- > 0;) {
    int64_t gain = 0, best = 0;
    for (size_t t = 1; t <= n - i && t <= k; t++) {
      gain += a[i + t - 1];
      int64_t v = gain - m[i + t];
      if (t == 1 || v > best) best = v;
    }
    m[i] = best;
  }
}

int64_t ref2_margin(const int64_t *a, size_t n, uint64_t k) {
  int64_t *m = xmalloc((n + 1) * sizeof *m);
  ref2_margins(a, n, k, m);
  int64_t r = m[0];
  free(m);
  return r;
}

int64_t ref2_margin_brute(const int64_t *a, size_t n, uint64_t k) {
  if (n == 0) return 0;
  int64_t gain = 0, best = 0;
  for (size_t t = 1; t <= n && t <= k; t++) {
    gain += a[t - 1];
    int64_t v = gain - ref2_margin_brute(a + t, n - t, k);
    if (t == 1 || v > best) best = v;
  }
  return best;
}

/* ----------------------------------------------------------- variant III */

int64_t ref3_margin(const int64_t *a, size_t lo, size_t hi) {
  size_t n = hi - lo;
  if (n == 0) return 0;
  /* d[x] = margin of the interval of the current length starting at lo+x */
  int64_t *d = xmalloc(n * sizeof *d);
  for (size_t x = 0; x < n; x++) d[x] = a[lo + x];
  for (size_t len = 2; len <= n; len++)
    for (size_t x = 0; x + len <= n; x++) {
      /* d[x+1] still holds length len-1 at x+1, d[x] length len-1 at x */
      int64_t take_left = a[lo + x] - d[x + 1];
      int64_t take_right = a[lo + x + len - 1] - d[x];
      d[x] = max64(take_left, take_right);
    }
  int64_t r = d[0];
  free(d);
  return r;
}

int64_t *ref3_table(const int64_t *a, size_t n) {
  size_t w = n + 1;
  int64_t *t = xmalloc(w * w * sizeof *t);
  for (size_t i = 0; i < w * w; i++) t[i] = 0;
  for (size_t len = 1; len <= n; len++)
    for (size_t lo = 0; lo + len <= n; lo++) {
      size_t hi = lo + len;
      int64_t take_left = a[lo] - t[(lo + 1) * w + hi];
      int64_t take_right = a[hi - 1] - t[lo * w + hi - 1];
      t[lo * w + hi] = max64(take_left, take_right);
    }
  return t;
}

static int64_t brute3(const int64_t *a, size_t lo, size_t hi) {
  if (lo == hi) return 0;
  return max64(a[lo] - brute3(a, lo + 1, hi), a[hi - 1] - brute3(a, lo, hi - 1));
}

int64_t ref3_margin_brute(const int64_t *a, size_t n) { return brute3(a, 0, n); }

/* ------------------------------------------------------ every position */

void ref_oracle_init(ref_oracle *o, int variant, const int64_t *a, size_t n, uint64_t k) {
  *o = (ref_oracle){.variant = variant, .a = a, .n = n, .k = k};
  if (variant == 1 || variant == 4) {
    o->win = xmalloc(n + 1);
    if (variant == 1)
      ref1_table(n, k, o->win);
    else
      ref1_misere_table(n, k, o->win);
  } else if (variant == 2) {
    o->m2 = xmalloc((n + 1) * sizeof *o->m2);
    ref2_margins(a, n, k, o->m2);
  } else {
    o->t3 = ref3_table(a, n);
  }
}

void ref_oracle_free(ref_oracle *o) {
  free(o->win);
  free(o->m2);
  free(o->t3);
}

int64_t ref_oracle_margin(const ref_oracle *o, size_t lo, size_t hi) {
  if (o->variant == 2) return o->m2[lo];
  return o->t3[lo * (o->n + 1) + hi];
}
