/*
** valley.c -- variant III positions along a known record, solved in one
** pass backwards (part of the pure core).
**
** The positions a record visits are intervals, each one coin shorter than
** the one before.  Walked backwards they grow by one coin at an end, and
** peak fusion works from either end: the fused row of an interval is a
** valley of blocks kept in a deque, and a coin added at an end fuses only
** with the blocks at that end (amortised O(1) fusions a coin).  Which
** blocks fuse can depend on the order the coins came in, but their values
** cannot (docs/algorithms.md, "Positions along a record"), and the values
** are all a position's margin and first move depend on.
**
** The margin of a valley is the alternating sum of its block values taken
** largest first.  The values live in a treap ordered largest first, each
** node keeping its subtree's size and alternating sum, so the margin of
** every position costs O(log n) to keep: O((n + moves) log n) for a whole
** record, O(n) memory, all of it in the caller's work space.
*/
#include "valley.h"
#include "compiler.h"
#include "stop.h"

/* A treap node; index 0 is the empty tree. */
typedef struct node {
  int64_t value;
  int64_t alt; /* the subtree's values, largest first, + - + - ... */
  uint32_t left, right, size, priority;
} node;

typedef struct valley {
  node *nodes;    /* the treap's nodes, [0] unused         */
  uint32_t root;  /* the treap                              */
  uint32_t spare; /* a list of free nodes, through left     */
  uint32_t fresh; /* the next never-used node               */
  uint64_t rng;   /* priorities                             */
  int64_t *deque; /* the blocks' values: [head, tail)       */
  size_t head, tail;
} valley;

static int64_t signed_by(uint32_t count, int64_t v) { return count % 2 ? -v : v; }

static void update(node *t, uint32_t i) {
  node *x = &t[i];
  uint32_t before = t[x->left].size;
  x->size = before + 1 + t[x->right].size;
  x->alt = t[x->left].alt + signed_by(before, x->value) + signed_by(before + 1, t[x->right].alt);
}

/* Splits tree i into *a (values > v, or >= v when !strict) and *b. */
static void split(node *t, uint32_t i, int64_t v, int strict, uint32_t *a, uint32_t *b) {
  if (i == 0) {
    *a = *b = 0;
  } else if (strict ? t[i].value > v : t[i].value >= v) {
    split(t, t[i].right, v, strict, &t[i].right, b);
    *a = i;
    update(t, i);
  } else {
    split(t, t[i].left, v, strict, a, &t[i].left);
    *b = i;
    update(t, i);
  }
}

/* Joins a and b, every value of a being >= every value of b. */
static uint32_t merge(node *t, uint32_t a, uint32_t b) {
  if (a == 0 || b == 0) return a ? a : b;
  if (t[a].priority >= t[b].priority) {
    t[a].right = merge(t, t[a].right, b);
    update(t, a);
    return a;
  }
  t[b].left = merge(t, a, t[b].left);
  update(t, b);
  return b;
}

static void insert(valley *w, int64_t v) {
  node *t = w->nodes;
  uint32_t i = w->spare ? w->spare : w->fresh++, a, b;
  if (w->spare) w->spare = t[i].left;
  t[i] = (node){v, v, 0, 0, 1, (uint32_t)coins_random_next(&w->rng)};
  split(t, w->root, v, 1, &a, &b);
  w->root = merge(t, merge(t, a, i), b);
}

/* Removes one value v (which must be there). */
static void erase(valley *w, int64_t v) {
  node *t = w->nodes;
  uint32_t above, rest, equal, below;
  split(t, w->root, v, 1, &above, &rest);
  split(t, rest, v, 0, &equal, &below);
  uint32_t gone = equal;
  equal = merge(t, t[gone].left, t[gone].right);
  t[gone].left = w->spare;
  w->spare = gone;
  w->root = merge(t, above, merge(t, equal, below));
}

/* Fuses the three blocks x, y, z at deque[at..at+3) into x - y + z,
** kept in the treap and returned. */
static int64_t fuse(valley *w, size_t at) {
  const int64_t *d = w->deque;
  int64_t x = d[at], y = d[at + 1], z = d[at + 2], fused = x - y + z;
  erase(w, x);
  erase(w, y);
  erase(w, z);
  insert(w, fused);
  return fused;
}

/* Whether the middle of deque[at..at+3) is a peak. */
static int peak(const int64_t *d, size_t at) {
  return d[at + 1] >= d[at] && d[at + 1] >= d[at + 2];
}

/* Adds coin v at the right end, fusing the peaks it makes. */
COINS_INLINE void push_right(valley *w, int64_t v) {
  w->deque[w->tail++] = v;
  insert(w, v);
  while (w->tail - w->head >= 3 && peak(w->deque, w->tail - 3)) {
    w->deque[w->tail - 3] = fuse(w, w->tail - 3);
    w->tail -= 2;
  }
}

/* Adds coin v at the left end, fusing the peaks it makes. */
COINS_INLINE void push_left(valley *w, int64_t v) {
  w->deque[--w->head] = v;
  insert(w, v);
  while (w->tail - w->head >= 3 && peak(w->deque, w->head)) {
    w->deque[w->head + 2] = fuse(w, w->head);
    w->head += 2;
  }
}

size_t coins_valley_record_words(size_t n, size_t count) {
  size_t node_words = sizeof(node) / sizeof(int64_t);
  return (2 * n + 1) + (n + 2) * node_words + (count + 1) + (count + 1 + 7) / 8;
}

/* Positions between two polls of the stop: each costs O(log n) treap
** operations, a microsecond or so on a large row out of the caches. */
#define VALLEY_SPAN (COINS_STOP_SPAN / 64)

/* Position t (after t moves) is solved; then the coin its move took goes
** back.  (A macro: the loop in spans would cost gcc registers.) */
#define VALLEY_STEP(t)                                                                      \
  do {                                                                                      \
    (*margin)[t] = w.nodes[w.root].alt;                                                     \
    (*best)[t] = w.head == w.tail ? 0 : w.deque[w.head] >= w.deque[w.tail - 1] ? 'L' : 'R'; \
    if (t > 0 && moves[t - 1] == 'R')                                                       \
      push_right(&w, a[hi++]);                                                              \
    else if (t > 0)                                                                         \
      push_left(&w, a[--lo]);                                                               \
  } while (0)

coins_status coins_valley_solve_record(const int64_t *a, size_t n, const int64_t *moves,
                                       size_t count, int64_t *work, int64_t **margin, char **best,
                                       const coins_stop *stop) {
  valley w = {.nodes = (node *)(work + 2 * n + 1), .fresh = 1, .rng = 0x5EED, .deque = work};
  size_t lo = 0, hi = n;
  *margin = work + coins_valley_record_words(n, count) - (count + 1) - (count + 1 + 7) / 8;
  *best = (char *)(*margin + count + 1);
  w.nodes[0] = (node){0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < count; i++) moves[i] == 'R' ? hi-- : lo++;
  w.head = w.tail = n;                            /* room for n coins on either side */
  if (stop == NULL || n + count <= VALLEY_SPAN) { /* no poll */
    for (size_t i = lo; i < hi; i++) push_right(&w, a[i]);
    for (size_t t = count + 1; t-- > 0;) VALLEY_STEP(t);
    return COINS_OK;
  }
  for (size_t i = lo, end; i < hi; i = end) { /* the coins the record leaves */
    if (i > lo && coins_stop_asked(stop)) return COINS_STOPPED;
    end = hi - i > VALLEY_SPAN ? i + VALLEY_SPAN : hi;
    for (; i < end; i++) push_right(&w, a[i]);
  }
  for (size_t above = count + 1, from; above > 0; above = from) { /* then back to the start */
    if (above <= count && coins_stop_asked(stop)) return COINS_STOPPED;
    from = above > VALLEY_SPAN ? above - VALLEY_SPAN : 0;
    for (size_t t = above; t-- > from;) VALLEY_STEP(t);
  }
  return COINS_OK;
}
