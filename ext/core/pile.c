/*
** pile.c -- one pile of the subtraction game family (coins.h): its
** Sprague-Grundy values and which piles are won under normal and misère
** play, each found from the values of the 64 piles below it; the period
** of those sequences (Brent's cycle search over windows of max(S)
** values); the value of any pile, variant I's move, and a table of
** values for callers that ask for many.  docs/algorithms.md has the
** proofs.
*/
#include <string.h>

#include "bits.h"
#include "parse.h"
#include "pile.h"
#include "solve2.h"
#include "stop.h"
#include "text.h"

/* ------------------------------------------------------ closed forms */

/* n mod (k + 1), for any k. */
static uint64_t mod_k1(uint64_t n, uint64_t k) { return k == UINT64_MAX ? n : n % (k + 1); }

/* The value of a pile of n coins when the takes are {1..k}. */
static uint64_t range_value(uint64_t k, coins_pile_values what, uint64_t n) {
  switch (what) {
    case COINS_PILE_GRUNDY: return mod_k1(n, k);
    case COINS_PILE_NORMAL: return mod_k1(n, k) != 0;
    case COINS_PILE_MISERE: return n == 0 || mod_k1(n - 1, k) != 0;
  }
  return 0;
}

/* Variant I's move with the takes {1..k}: the one winning take, else 1. */
static uint64_t range_best(uint64_t k, coins_convention c, uint64_t n) {
  if (n == 0) return 0;
  uint64_t w = c == COINS_MISERE ? mod_k1(n - 1, k) : mod_k1(n, k);
  return w ? w : 1;
}

/* ----------------------------------------------------------- the scan */

/* A pass over the piles 0, 1, 2, ...: the value of each from the values
** of the piles below it, kept in a ring of RING written twice (at i and
** i + RING), so that the last m values always lie side by side.  RING
** holds a pile and the 64 below it (a move's reach), rounded up to a
** power of two. */
#define RING 128
typedef struct pile_scan {
  uint64_t mask; /* the takes (a set, never {1..k} for k > 64) */
  unsigned m;    /* the largest take: a window's length        */
  coins_pile_values what;
  uint64_t next; /* the pile whose value comes next            */
  uint8_t ring[2 * RING];
} pile_scan;

static void scan_start(pile_scan *s, const coins_takes *t, coins_pile_values what) {
  s->mask = t->mask;
  s->m = (unsigned)coins_takes_largest(t);
  s->what = what;
  s->next = 0;
}

/* The value of pile s->next, from the values below it; s moves on.  A
** Grundy value is the least value no move reaches (at most 63: a set
** other than {1..64} has at most 63 takes); a pile is won when a move
** reaches a lost one, and under misère play also when it has no move. */
static unsigned scan_step(pile_scan *s) {
  uint64_t c = s->next, moves = c >= 64 ? s->mask : s->mask & (((uint64_t)1 << c) - 1);
  unsigned v;
  if (s->what == COINS_PILE_GRUNDY) {
    uint64_t seen = 0;
    for (; moves; moves &= moves - 1)
      seen |= (uint64_t)1 << s->ring[(c - 1 - (uint64_t)coins_lowest_bit(moves)) % RING];
    v = (unsigned)coins_lowest_bit(~seen);
  } else {
    v = s->what == COINS_PILE_MISERE && moves == 0;
    for (; moves && !v; moves &= moves - 1)
      v = s->ring[(c - 1 - (uint64_t)coins_lowest_bit(moves)) % RING] == 0;
  }
  s->ring[c % RING] = s->ring[c % RING + RING] = (uint8_t)v;
  s->next = c + 1;
  return v;
}

/* The values of the last m piles (s->next >= m): they decide all the
** values after them. */
static const uint8_t *scan_window(const pile_scan *s) { return s->ring + (s->next - s->m) % RING; }

/* The value of pile rep - j once the scan has passed rep (j <= 64). */
static unsigned scan_value(const pile_scan *s, uint64_t rep, uint64_t j) {
  return s->ring[(rep - j) % RING];
}

/* 1 when stop says to stop; asked every COINS_STOP_SPAN piles. */
static int scan_stopped(const pile_scan *s, const coins_stop *stop) {
  return (s->next & (COINS_STOP_SPAN - 1)) == 0 && s->next > 0 && coins_stop_asked(stop);
}

enum { SEARCH_PERIOD, SEARCH_VALUE, SEARCH_NONE, SEARCH_STOPPED };

/* The start of the period once its length is known: two scans length
** apart, moved on together until their windows agree. */
static int period_start(const coins_takes *t, coins_pile_values what, uint64_t length,
                        coins_period *p, const coins_stop *stop) {
  pile_scan a, b;
  scan_start(&a, t, what);
  scan_start(&b, t, what);
  while (a.next < a.m) scan_step(&a);
  while (b.next < b.m + length) {
    if (scan_stopped(&b, stop)) return SEARCH_STOPPED;
    scan_step(&b);
  }
  while (memcmp(scan_window(&a), scan_window(&b), a.m) != 0) {
    if (scan_stopped(&b, stop)) return SEARCH_STOPPED;
    scan_step(&a);
    scan_step(&b);
  }
  p->start = a.next - a.m;
  p->length = length;
  return SEARCH_PERIOD;
}

/* Runs the fresh scan s until the period of its sequence shows (*p is
** then set) or until it has the value of pile until (s->next is then
** until + 1), whichever comes first, going no further than pile limit.
** Brent's search: a window is kept at piles m, m + 1, m + 3, m + 7, ...
** and each later window compared with it; the first match gives the
** period's length. */
static int search(pile_scan *s, const coins_takes *t, uint64_t until, uint64_t limit,
                  coins_period *p, const coins_stop *stop) {
  uint8_t saved[64];
  uint64_t power = 1, length = 0;
  while (s->next < s->m && s->next <= until) scan_step(s);
  if (s->next > until) return SEARCH_VALUE;
  memcpy(saved, scan_window(s), s->m);
  for (;;) {
    if (s->next > limit) return SEARCH_NONE;
    if (scan_stopped(s, stop)) return SEARCH_STOPPED;
    scan_step(s);
    length++;
    if (memcmp(scan_window(s), saved, s->m) == 0) break;
    if (s->next > until) return SEARCH_VALUE;
    if (length == power) {
      memcpy(saved, scan_window(s), s->m);
      power *= 2;
      length = 0;
    }
  }
  return period_start(t, s->what, length, p, stop);
}

static const char *const sequence_names[] = {"Grundy values", "outcomes", "misere outcomes"};

/* The message for a pile past limit when no period showed below it. */
static coins_status no_period(const coins_takes *t, coins_pile_values what, uint64_t limit,
                              char err[COINS_ERRMSG_SIZE]) {
  char text[COINS_TAKES_TEXT_SIZE];
  coins_takes_text(t, text);
  return coins_text_fail(err,
                         "the %s of piles 0 to %llu with the takes %s show no period, which larger "
                         "piles need; give at most %llu coins",
                         sequence_names[what], (unsigned long long)limit, text,
                         (unsigned long long)limit);
}

coins_status coins_pile_period_within(const coins_takes *t, coins_pile_values what, uint64_t limit,
                                      coins_period *p, char err[COINS_ERRMSG_SIZE],
                                      const coins_stop *stop) {
  pile_scan s;
  if (t->range) {
    p->start = 0;
    p->length = t->range == UINT64_MAX ? UINT64_MAX : t->range + 1;
    return COINS_OK;
  }
  scan_start(&s, t, what);
  switch (search(&s, t, UINT64_MAX, limit, p, stop)) {
    case SEARCH_PERIOD: return COINS_OK;
    case SEARCH_STOPPED: return COINS_STOPPED;
    default: return no_period(t, what, limit, err);
  }
}

coins_status coins_pile_period(const coins_takes *t, coins_pile_values what, coins_period *p,
                               char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  return coins_pile_period_within(t, what, COINS_PILE_SEARCH, p, err, stop);
}

/* Runs the scan s to pile n, or to a pile of the same place in the period
** and at least 64 past its start, so that the last 65 values the scan
** holds are those of the piles n - 64..n (those >= 0).  *rep: the pile
** the scan stopped at. */
static coins_status scan_to(pile_scan *s, const coins_takes *t, coins_pile_values what, uint64_t n,
                            uint64_t *rep, char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  coins_period p;
  scan_start(s, t, what);
  switch (search(s, t, n, COINS_PILE_SEARCH, &p, stop)) {
    case SEARCH_VALUE: *rep = n; return COINS_OK;
    case SEARCH_STOPPED: return COINS_STOPPED;
    case SEARCH_NONE: return no_period(t, what, COINS_PILE_SEARCH, err);
    case SEARCH_PERIOD: break;
  }
  *rep = n;
  if (n >= p.start + 64 + p.length) *rep = n - p.length * ((n - p.start - 64) / p.length);
  scan_start(s, t, what);
  while (s->next <= *rep) {
    if (scan_stopped(s, stop)) return COINS_STOPPED;
    scan_step(s);
  }
  return COINS_OK;
}

coins_status coins_pile_value(const coins_takes *t, coins_pile_values what, uint64_t n,
                              uint64_t *value, char err[COINS_ERRMSG_SIZE],
                              const coins_stop *stop) {
  pile_scan s;
  uint64_t rep;
  if (t->range) {
    *value = range_value(t->range, what, n);
    return COINS_OK;
  }
  coins_status rc = scan_to(&s, t, what, n, &rep, err, stop);
  if (rc == COINS_OK) *value = scan_value(&s, rep, 0);
  return rc;
}

coins_status coins_pile_best(const coins_takes *t, coins_convention c, uint64_t n, uint64_t *take,
                             char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  pile_scan s;
  uint64_t rep;
  *take = 0;
  if (t->range) {
    *take = range_best(t->range, c, n);
    return COINS_OK;
  }
  uint64_t moves = n >= 64 ? t->mask : t->mask & (((uint64_t)1 << n) - 1);
  if (moves == 0) return COINS_OK;
  coins_pile_values what = c == COINS_MISERE ? COINS_PILE_MISERE : COINS_PILE_NORMAL;
  coins_status rc = scan_to(&s, t, what, n, &rep, err, stop);
  if (rc != COINS_OK) return rc;
  *take = (uint64_t)coins_lowest_bit(moves) + 1; /* a lost pile's move */
  for (; moves; moves &= moves - 1) {
    uint64_t take_it = (uint64_t)coins_lowest_bit(moves) + 1;
    if (scan_value(&s, rep, take_it) == 0) { /* it leaves a lost pile */
      *take = take_it;
      break;
    }
  }
  return COINS_OK;
}

/* ---------------------------------------------------------- the table */

coins_status coins_pile_table_init(coins_pile_table *pt, const coins_takes *t,
                                   coins_pile_values what, uint64_t largest, int64_t *work,
                                   size_t words, size_t *need, char err[COINS_ERRMSG_SIZE],
                                   const coins_stop *stop) {
  pile_scan s;
  pt->takes = *t;
  pt->what = what;
  pt->values = NULL;
  if (t->range) {
    pt->size = 0;
    return coins_pile_period(t, what, &pt->period, err, stop);
  }
  scan_start(&s, t, what);
  switch (search(&s, t, largest, COINS_PILE_SEARCH, &pt->period, stop)) {
    case SEARCH_VALUE: pt->period.start = pt->size = largest + 1, pt->period.length = 0; break;
    case SEARCH_PERIOD: pt->size = pt->period.start + pt->period.length; break;
    case SEARCH_STOPPED: return COINS_STOPPED;
    default: return no_period(t, what, COINS_PILE_SEARCH, err);
  }
  if (pt->size / 8 + 1 > words) {
    *need = (size_t)(pt->size / 8 + 1);
    return COINS_NO_ROOM;
  }
  uint8_t *values = (uint8_t *)work;
  scan_start(&s, t, what);
  while (s.next < pt->size) {
    if (scan_stopped(&s, stop)) return COINS_STOPPED;
    uint64_t n = s.next;
    values[n] = (uint8_t)scan_step(&s);
  }
  pt->values = values;
  return COINS_OK;
}

uint64_t coins_pile_table_value(const coins_pile_table *pt, uint64_t n) {
  if (pt->values == NULL) return range_value(pt->takes.range, pt->what, n);
  if (n < pt->size) return pt->values[n];
  return pt->values[pt->period.start + (n - pt->period.start) % pt->period.length];
}

uint64_t coins_pile_table_best(const coins_pile_table *pt, uint64_t n) {
  const coins_takes *t = &pt->takes;
  if (pt->values == NULL)
    return range_best(t->range, pt->what == COINS_PILE_MISERE ? COINS_MISERE : COINS_NORMAL, n);
  uint64_t moves = n >= 64 ? t->mask : t->mask & (((uint64_t)1 << n) - 1);
  if (moves == 0) return 0;
  for (uint64_t left = moves; left; left &= left - 1) { /* the smallest that wins */
    uint64_t s = (uint64_t)coins_lowest_bit(left) + 1;
    if (coins_pile_table_value(pt, n - s) == 0) return s;
  }
  return (uint64_t)coins_lowest_bit(moves) + 1; /* a lost pile: the smallest */
}

size_t coins_pile_table_words(uint64_t largest) {
  uint64_t size = (largest < COINS_PILE_SEARCH ? largest : COINS_PILE_SEARCH) + 1;
  return (size_t)(size / 8 + 1);
}
