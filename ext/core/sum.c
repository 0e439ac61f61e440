/*
** sum.c -- sums of piles in the subtraction game family (coins.h): a
** move takes an allowed number of coins from one pile.  Normal play by
** the Sprague-Grundy theorem (the XOR of the piles' values); misère play
** where its rule is exact: plain misère Nim, or one pile with moves.
*/
#include "sum.h"
#include "bits.h"
#include "parse.h"
#include "pile.h"
#include "solve2.h"
#include "stop.h"
#include "text.h"

/* 1 when stop says to stop, asked every COINS_STOP_SPAN piles. */
static int sum_stopped(size_t i, const coins_stop *stop) {
  return i > 0 && (i & (COINS_STOP_SPAN - 1)) == 0 && coins_stop_asked(stop);
}

/* The smallest take s from pile p that leaves it the value target, or 0
** (the pile's value is not target). */
static uint64_t take_to(const coins_pile_table *pt, uint64_t p, uint64_t target) {
  const coins_takes *t = &pt->takes;
  if (t->range) { /* p - s = target mod (k + 1): one s in 1..k */
    uint64_t k = t->range, g = coins_pile_table_value(pt, p);
    if (target > k || target == g) return 0;
    uint64_t s = g > target ? g - target : g + (k - target) + 1;
    return s <= p ? s : 0;
  }
  uint64_t moves = p >= 64 ? t->mask : t->mask & (((uint64_t)1 << p) - 1);
  for (; moves; moves &= moves - 1) {
    uint64_t s = (uint64_t)coins_lowest_bit(moves) + 1;
    if (coins_pile_table_value(pt, p - s) == target) return s;
  }
  return 0;
}

/* A lost position's move: the smallest take from the first pile that
** has one (take 0 when none has). */
static void first_move(const coins_takes *t, const int64_t *piles, size_t count,
                       coins_sum_result *r) {
  uint64_t smallest = coins_takes_smallest(t);
  r->pile = 0, r->take = 0;
  for (size_t i = 0; i < count; i++)
    if ((uint64_t)piles[i] >= smallest) {
      r->pile = i, r->take = smallest;
      return;
    }
}

/* A winning move of a position of nim-sum x != 0: the first pile, then
** the smallest take, that leaves a nim-sum of 0.  0 when none (x is 0). */
static int winning_move(const coins_pile_table *pt, const int64_t *piles, size_t count, uint64_t x,
                        size_t *pile, uint64_t *take, const coins_stop *stop) {
  for (size_t i = 0; x && i < count; i++) {
    if (sum_stopped(i, stop)) return -1;
    uint64_t p = (uint64_t)piles[i];
    uint64_t s = take_to(pt, p, coins_pile_table_value(pt, p) ^ x);
    if (s) {
      *pile = i, *take = s;
      return 1;
    }
  }
  return 0;
}

/* Plain misère Nim (any take from one pile): with every pile 0 or 1 the
** mover wins when the 1-piles are even in number; with one pile of 2 or
** more the mover wins by leaving an odd number of 1-piles; with two or
** more, as in normal Nim, by leaving a nim-sum of 0. */
static void misere_nim(const int64_t *piles, size_t count, coins_sum_result *r) {
  size_t big = 0, ones = 0, big_at = 0;
  uint64_t x = 0;
  for (size_t i = 0; i < count; i++) {
    uint64_t p = (uint64_t)piles[i];
    x ^= p;
    ones += p == 1;
    if (p >= 2 && big++ == 0) big_at = i;
  }
  if (big == 1) {
    r->outcome = COINS_FIRST;
    r->pile = big_at;
    r->take = (uint64_t)piles[big_at] - (ones % 2 == 0); /* leave 1 when the 1-piles are even */
    return;
  }
  r->outcome = (big == 0 ? ones % 2 == 0 : x != 0) ? COINS_FIRST : COINS_SECOND;
  if (big >= 2 && x != 0)
    for (size_t i = 0; i < count; i++) {
      uint64_t p = (uint64_t)piles[i];
      if ((p ^ x) < p) {
        r->pile = i, r->take = p - (p ^ x);
        return;
      }
    }
}

/* The two classes of misère sums solved, both closed under moves (piles
** only shrink, and a pile without a move keeps none): at most one pile
** with a move (the others are the empty game), or plain misère Nim. */
enum { MISERE_ONE_PILE, MISERE_NIM, MISERE_UNSOLVED };

/* The class of the misère sum piles[0..count), the piles with a move in
** *live and the first of them in *live_at. */
static int misere_class(const coins_takes *t, const int64_t *piles, size_t count, uint64_t largest,
                        size_t *live, size_t *live_at) {
  uint64_t smallest = coins_takes_smallest(t);
  *live = 0, *live_at = 0;
  for (size_t i = 0; i < count; i++)
    if ((uint64_t)piles[i] >= smallest && (*live)++ == 0) *live_at = i;
  if (*live <= 1) return MISERE_ONE_PILE;
  return t->range && t->range >= largest ? MISERE_NIM : MISERE_UNSOLVED;
}

/* The message for a misère sum outside the classes solved: the takes
** as given, "max_take 2" or "the takes [1,3]". */
static coins_status misere_refused(const coins_takes *t, size_t live, char err[COINS_ERRMSG_SIZE]) {
  char text[COINS_TAKES_TEXT_SIZE];
  coins_takes_text(t, text);
  return coins_text_fail(err,
                         "misere sums are solved for plain misere Nim (every pile at most "
                         "max_take) and for one pile with a move left, not %zu piles with a move "
                         "and %s %s; give a max_take of at least the largest pile",
                         live, t->range ? "max_take" : "the takes", text);
}

/* Misère play: one pile with moves, or plain misère Nim; any other sum
** is refused. */
static coins_status misere_sum(const coins_takes *t, const int64_t *piles, size_t count,
                               uint64_t largest, coins_sum_result *r, char err[COINS_ERRMSG_SIZE],
                               const coins_stop *stop) {
  uint64_t value = 0;
  size_t live, live_at;
  int class = misere_class(t, piles, count, largest, &live, &live_at);
  if (class == MISERE_UNSOLVED) return misere_refused(t, live, err);
  if (live == 0) { /* no move: the other player moved last */
    r->outcome = COINS_FIRST;
    return COINS_OK;
  }
  if (class == MISERE_ONE_PILE) {
    uint64_t p = (uint64_t)piles[live_at];
    coins_status rc = coins_pile_value(t, COINS_PILE_MISERE, p, &value, err, stop);
    if (rc == COINS_OK) rc = coins_pile_best(t, COINS_MISERE, p, &r->take, err, stop);
    r->outcome = value ? COINS_FIRST : COINS_SECOND;
    r->pile = live_at;
    return rc;
  }
  misere_nim(piles, count, r);
  if (r->take == 0) first_move(t, piles, count, r);
  return COINS_OK;
}

/* Checks a sum's piles (at most COINS_SUM_MAX_PILES, each
** 0..COINS_SUM_MAX_PILE) and finds the largest. */
static coins_status check_piles(const int64_t *piles, size_t count, uint64_t *largest,
                                char err[COINS_ERRMSG_SIZE]) {
  if (count > COINS_SUM_MAX_PILES)
    return coins_text_fail(err, "at most %d piles, got %zu", COINS_SUM_MAX_PILES, count);
  for (size_t i = 0; i < count; i++) {
    if (piles[i] < 0)
      return coins_text_fail(err, "pile %zu must be >= 0, got %lld", i + 1, (long long)piles[i]);
    if (piles[i] > COINS_SUM_MAX_PILE)
      return coins_text_fail(err, "pile %zu must be at most 2^51-1 (2251799813685247), got %lld",
                             i + 1, (long long)piles[i]);
    if ((uint64_t)piles[i] > *largest) *largest = (uint64_t)piles[i];
  }
  return COINS_OK;
}

coins_status coins_sum_solve(const coins_takes *t, coins_convention c, const int64_t *piles,
                             size_t count, coins_sum_result *r, int64_t *work, size_t words,
                             size_t *need, char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  uint64_t largest = 0;
  *r = (coins_sum_result){COINS_SECOND, 0, 0, 0};
  if (check_piles(piles, count, &largest, err) != COINS_OK) return COINS_INVALID;
  if (c == COINS_MISERE) return misere_sum(t, piles, count, largest, r, err, stop);
  coins_pile_table pt;
  coins_status rc =
      coins_pile_table_init(&pt, t, COINS_PILE_GRUNDY, largest, work, words, need, err, stop);
  if (rc != COINS_OK) return rc;
  for (size_t i = 0; i < count; i++) {
    if (sum_stopped(i, stop)) return COINS_STOPPED;
    r->grundy ^= coins_pile_table_value(&pt, (uint64_t)piles[i]);
  }
  r->outcome = r->grundy ? COINS_FIRST : COINS_SECOND;
  int found = winning_move(&pt, piles, count, r->grundy, &r->pile, &r->take, stop);
  if (found < 0) return COINS_STOPPED;
  if (found == 0) first_move(t, piles, count, r);
  return COINS_OK;
}

/* ------------------------------------------------ variant I-sum, played */

/* The words a coins_pile_table takes at the start of a sum's work. */
#define TABLE_WORDS ((sizeof(coins_pile_table) + sizeof(int64_t) - 1) / sizeof(int64_t))

/* I-sum-misere played: st->grundy is, in plain misère Nim, the piles'
** Grundy table (each pile its own value), st->nimsum their XOR and
** st->big the piles of 2 or more; with one pile with a move, the table of
** misère outcomes, and st->nimsum counts the piles lost to their mover. */

/* Whether the player to move wins the misère position (x, big). */
static int misere_wins(const coins_pile_table *pt, uint64_t x, uint64_t big) {
  if (pt->what == COINS_PILE_MISERE) return x == 0;
  return big ? x != 0 : x == 0;
}

/* The misère position (x, big) once a pile of p coins has q: *x2, *big2. */
static void misere_step(const coins_pile_table *pt, uint64_t x, uint64_t big, uint64_t p,
                        uint64_t q, uint64_t *x2, uint64_t *big2) {
  uint64_t vp = coins_pile_table_value(pt, p), vq = coins_pile_table_value(pt, q);
  if (pt->what == COINS_PILE_MISERE) {
    *x2 = x - (vp == 0) + (vq == 0), *big2 = 0;
    return;
  }
  *x2 = x ^ vp ^ vq, *big2 = big - (p >= 2) + (q >= 2);
}

coins_status coins_sum_start(coins_state *st, coins_variant v, const int64_t *piles, size_t count,
                             const coins_takes *t, int64_t *work, size_t words, size_t *need,
                             char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  uint64_t largest = 0, smallest = coins_takes_smallest(t), nimsum = 0, live = 0, big = 0;
  coins_pile_values what = COINS_PILE_GRUNDY;
  if (check_piles(piles, count, &largest, err) != COINS_OK) return COINS_INVALID;
  if (coins_variant_traits_of(v).misere) { /* checked once: the class stays under moves */
    size_t movable, first;
    int class = misere_class(t, piles, count, largest, &movable, &first);
    if (class == MISERE_UNSOLVED) return misere_refused(t, movable, err);
    if (class == MISERE_ONE_PILE) what = COINS_PILE_MISERE;
  }
  if (words < TABLE_WORDS + count) {
    *need = TABLE_WORDS + count + (t->range ? 0 : coins_pile_table_words(largest));
    return COINS_NO_ROOM;
  }
  coins_pile_table *pt = (coins_pile_table *)(void *)work;
  size_t room = words - TABLE_WORDS - count;
  coins_status rc = coins_pile_table_init(pt, t, what, largest, work + TABLE_WORDS + count, room,
                                          need, err, stop);
  if (rc == COINS_NO_ROOM) *need += TABLE_WORDS + count;
  if (rc != COINS_OK) return rc;
  coins_state_init_takes(st, v, piles, count, t);
  st->piles = work + TABLE_WORDS;
  for (size_t i = 0; i < count; i++) {
    uint64_t p = (uint64_t)piles[i], value = coins_pile_table_value(pt, p);
    st->piles[i] = piles[i];
    nimsum = what == COINS_PILE_MISERE ? nimsum + (value == 0) : nimsum ^ value;
    live += p >= smallest;
    big += p >= 2;
  }
  st->grundy = pt, st->nimsum = nimsum, st->hi = live;
  st->big = what == COINS_PILE_GRUNDY ? big : 0;
  return COINS_OK;
}

int coins_sum_wins(const coins_state *st) {
  if (coins_variant_traits_of(st->variant).misere)
    return misere_wins(st->grundy, st->nimsum, st->big);
  return st->nimsum != 0;
}

/* coins_sum_best under misère play. */
static coins_move misere_best(const coins_state *st) {
  coins_takes t = {st->mask, st->mask ? 0 : st->k};
  coins_sum_result r = {COINS_SECOND, 0, 0, 0};
  if (st->grundy->what == COINS_PILE_GRUNDY) {
    misere_nim(st->piles, (size_t)st->n, &r);
    if (r.take == 0) first_move(&t, st->piles, (size_t)st->n, &r);
  } else {
    first_move(&t, st->piles, (size_t)st->n, &r); /* the one pile with a move */
    if (r.take) r.take = coins_pile_table_best(st->grundy, (uint64_t)st->piles[r.pile]);
  }
  return (coins_move){r.take, 'L', (uint32_t)r.pile};
}

coins_move coins_sum_best(const coins_state *st) {
  if (coins_variant_traits_of(st->variant).misere) return misere_best(st);
  coins_move m = {0, 'L', 0};
  size_t pile = 0;
  coins_takes t = {st->mask, st->mask ? 0 : st->k};
  coins_sum_result r;
  if (winning_move(st->grundy, st->piles, (size_t)st->n, st->nimsum, &pile, &m.take, NULL)) {
    m.pile = (uint32_t)pile;
    return m;
  }
  first_move(&t, st->piles, (size_t)st->n, &r);
  m.take = r.take, m.pile = (uint32_t)r.pile;
  return m;
}

coins_status coins_sum_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]) {
  unsigned long long ply = st->ply + 1, p = (unsigned long long)m.pile + 1, s = m.take;
  char set[COINS_TAKES_TEXT_SIZE];
  coins_takes t = {st->mask, st->mask ? 0 : st->k};
  if (m.pile >= st->n)
    return coins_text_fail(err, "ply %llu: %llu:%llu, but there %s %llu pile%s", ply, p, s,
                           st->n == 1 ? "is" : "are", (unsigned long long)st->n,
                           st->n == 1 ? "" : "s");
  uint64_t left = (uint64_t)st->piles[m.pile];
  if (!coins_takes_allows(&t, m.take) && t.range)
    return coins_text_fail(err, "ply %llu: %llu:%llu, but max_take is %llu", ply, p, s,
                           (unsigned long long)t.range);
  if (!coins_takes_allows(&t, m.take)) {
    coins_takes_text(&t, set);
    return coins_text_fail(err, "ply %llu: %llu:%llu, but take %llu is not in the takes %s", ply, p,
                           s, s, set);
  }
  if (m.take > left)
    return coins_text_fail(err, "ply %llu: %llu:%llu, but pile %llu has %llu coin%s", ply, p, s, p,
                           (unsigned long long)left, left == 1 ? "" : "s");
  return COINS_OK;
}

void coins_sum_apply(coins_state *st, coins_move m, coins_ply *out) {
  const coins_pile_table *pt = st->grundy;
  uint64_t before = (uint64_t)st->piles[m.pile], after = before - m.take;
  uint64_t smallest = st->mask ? (uint64_t)coins_lowest_bit(st->mask) + 1 : 1;
  st->piles[m.pile] = (int64_t)after;
  if (coins_variant_traits_of(st->variant).misere)
    misere_step(pt, st->nimsum, st->big, before, after, &st->nimsum, &st->big);
  else
    st->nimsum ^= coins_pile_table_value(pt, before) ^ coins_pile_table_value(pt, after);
  st->hi -= before >= smallest && after < smallest;
  out->move.side = 'L';
  out->pos = m.pile;
}

/* The takes that fit a pile of p coins, as a mask (bit s - 1 for take
** s), for a set; for 1..k, min(p, k) in *count. */
static uint64_t fitting(const coins_state *st, uint64_t p, uint64_t *count) {
  if (st->mask == 0) {
    *count = p < st->k ? p : st->k;
    return 0;
  }
  uint64_t fits = p >= 64 ? st->mask : st->mask & (((uint64_t)1 << p) - 1);
  *count = (uint64_t)coins_popcount(fits);
  return fits;
}

/* coins_sum_only_move under misère play: in plain misère Nim a winning
** move leaves 0 or 1 coins, or a nim-sum of 0 (three takes to try a
** pile); with one pile with a move, {1..k} has one winning take at most
** (the lost piles are 1 apart from a multiple of k + 1). */
static int misere_only_move(const coins_state *st, size_t at, uint64_t before) {
  const coins_pile_table *pt = st->grundy;
  uint64_t x, big, x2, big2, legal = 0, winning = 0, count;
  misere_step(pt, st->nimsum, st->big, (uint64_t)st->piles[at], before, &x, &big);
  for (size_t i = 0; i < st->n; i++) {
    uint64_t p = i == at ? before : (uint64_t)st->piles[i], fits = fitting(st, p, &count);
    legal += count;
    if (count == 0) continue;
    if (pt->what == COINS_PILE_GRUNDY) { /* the takes that leave 0, 1 or p ^ x coins */
      uint64_t leave[3] = {0, 1, p ^ x};
      for (int j = 0; j < 3; j++) {
        if (leave[j] >= p || (j == 2 && leave[2] < 2)) continue; /* no take, or tried */
        misere_step(pt, x, big, p, leave[j], &x2, &big2);
        winning += !misere_wins(pt, x2, big2);
      }
    } else if (fits == 0) {
      winning += coins_pile_table_value(pt, p) != 0;
    } else {
      for (; fits; fits &= fits - 1) {
        misere_step(pt, x, big, p, p - ((uint64_t)coins_lowest_bit(fits) + 1), &x2, &big2);
        winning += !misere_wins(pt, x2, big2);
      }
    }
  }
  if (legal < 2) return -1;
  return winning == 1;
}

int coins_sum_only_move(const coins_state *st, const coins_ply *played) {
  const coins_pile_table *pt = st->grundy;
  if (coins_variant_traits_of(st->variant).misere)
    return misere_only_move(st, (size_t)played->pos,
                            (uint64_t)st->piles[played->pos] + played->move.take);
  size_t at = (size_t)played->pos;
  uint64_t now = (uint64_t)st->piles[at], before = now + played->move.take;
  uint64_t x = st->nimsum ^ coins_pile_table_value(pt, now) ^ coins_pile_table_value(pt, before);
  uint64_t legal = 0, winning = 0, count;
  for (size_t i = 0; i < st->n && (legal < 2 || (x && winning < 2)); i++) {
    uint64_t p = i == at ? before : (uint64_t)st->piles[i];
    uint64_t fits = fitting(st, p, &count), target = coins_pile_table_value(pt, p) ^ x;
    legal += count;
    if (x == 0 || count == 0) continue;
    if (st->mask == 0) { /* one take at most leaves the value target */
      winning += take_to(pt, p, target) != 0;
      continue;
    }
    for (; fits; fits &= fits - 1)
      winning += coins_pile_table_value(pt, p - ((uint64_t)coins_lowest_bit(fits) + 1)) == target;
  }
  if (legal < 2) return -1;
  return x != 0 && winning == 1;
}

coins_move coins_sum_strategy_move(const coins_state *st, uint64_t *rng, int kind) {
  coins_move m = {0, 'L', 0};
  uint64_t count, live = 0, largest = 0;
  for (size_t i = 0; i < st->n; i++) {
    uint64_t p = (uint64_t)st->piles[i];
    fitting(st, p, &count);
    live += count > 0;
    if (count > 0 && (m.take == 0 || (kind == COINS_SUM_LARGEST && p > largest)))
      m.pile = (uint32_t)i, m.take = 1, largest = p;
  }
  if (kind == COINS_SUM_RANDOM) { /* a pile that has a move, at random */
    int64_t pick = coins_random_range(rng, 0, (int64_t)live - 1);
    for (size_t i = 0; i < st->n; i++) {
      fitting(st, (uint64_t)st->piles[i], &count);
      if (count > 0 && pick-- == 0) {
        m.pile = (uint32_t)i;
        break;
      }
    }
  }
  uint64_t p = (uint64_t)st->piles[m.pile], fits = fitting(st, p, &count);
  if (kind == COINS_SUM_RANDOM) { /* then one of its takes */
    int64_t pick = coins_random_range(rng, 0, (int64_t)count - 1);
    if (fits == 0) return (coins_move){(uint64_t)pick + 1, 'L', m.pile};
    for (; pick > 0; pick--) fits &= fits - 1;
    return (coins_move){(uint64_t)coins_lowest_bit(fits) + 1, 'L', m.pile};
  }
  if (kind == COINS_SUM_LARGEST) m.take = fits ? 64 - (uint64_t)coins_leading_zeros(fits) : count;
  if (kind == COINS_SUM_FIRST) m.take = fits ? (uint64_t)coins_lowest_bit(fits) + 1 : 1;
  return m;
}

coins_move coins_sum_next_move(const coins_state *st, coins_move m) {
  uint64_t count;
  size_t i = m.pile;
  if (m.take > 0) { /* the next take of the same pile */
    uint64_t p = (uint64_t)st->piles[i], fits = fitting(st, p, &count);
    if (fits == 0 && m.take < count) return (coins_move){m.take + 1, 'L', m.pile};
    fits &= m.take >= 64 ? 0 : ~(((uint64_t)1 << m.take) - 1);
    if (fits) return (coins_move){(uint64_t)coins_lowest_bit(fits) + 1, 'L', m.pile};
    i++;
  }
  for (; i < st->n; i++) { /* the first take of the next pile with one */
    uint64_t fits = fitting(st, (uint64_t)st->piles[i], &count);
    if (count)
      return (coins_move){fits ? (uint64_t)coins_lowest_bit(fits) + 1 : 1, 'L', (uint32_t)i};
  }
  return (coins_move){0, 'L', 0};
}

void coins_sum_option(const coins_state *st, coins_move m, coins_option *out) {
  const coins_pile_table *pt = st->grundy;
  uint64_t p = (uint64_t)st->piles[m.pile];
  if (coins_variant_traits_of(st->variant).misere) {
    uint64_t x, big;
    misere_step(pt, st->nimsum, st->big, p, p - m.take, &x, &big);
    int wins = misere_wins(pt, st->nimsum, st->big), answered = misere_wins(pt, x, big);
    *out = (coins_option){.move = m, .result = answered ? -1 : 1};
    out->loss = wins && answered;
    out->rank = 1 + (uint64_t)out->loss;
    return;
  }
  uint64_t after =
      st->nimsum ^ coins_pile_table_value(pt, p) ^ coins_pile_table_value(pt, p - m.take);
  *out = (coins_option){.move = m, .result = after ? -1 : 1};
  out->loss = st->nimsum != 0 && after != 0;
  out->rank = 1 + (uint64_t)out->loss;
}
