/*
** solve.c -- a game of any variant solved (part of the pure core):
** outcome, margin, score and an optimal first move, from an array or
** straight from the text of a row, by the solver of its variant (solve1.c,
** solve2.c, solve3.c).
*/
#include "compiler.h"
#include "parse.h"
#include "scan.h"
#include "solve2.h"
#include "solve3.h"

/* I-sum or I-sum-misere with the takes 1..k (its table needs no work):
** the outcome and the best move into *r; a bad pile, or a misère sum
** not solved, is COINS_INVALID with err. */
static coins_status solve_sum(coins_variant v, const int64_t *a, size_t n, uint64_t k,
                              coins_solution *r, char err[COINS_ERRMSG_SIZE],
                              const coins_stop *stop) {
  coins_takes t = {k < 64 ? ((uint64_t)1 << k) - 1 : ~(uint64_t)0, k};
  coins_convention c = coins_variant_traits_of(v).misere ? COINS_MISERE : COINS_NORMAL;
  coins_sum_result s;
  size_t need;
  coins_status rc = coins_sum_solve(&t, c, a, n, &s, NULL, 0, &need, err, stop);
  *r = (coins_solution){.outcome = s.outcome, .best = {s.take, 'L', (uint32_t)s.pile}};
  return rc;
}

size_t coins_solve_work_words(coins_variant v, size_t n, uint64_t k) {
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return 0;
    case COINS_II: return coins_solve2_work_words(n, k);
    case COINS_III: return coins_solve3_work_words(n);
  }
  return 0;
}

void coins_solve(coins_variant v, const int64_t *a, size_t n, uint64_t k, int64_t *work,
                 coins_solution *r) {
  switch (v) {
    case COINS_I: coins_solve1(n, k, r); break;
    case COINS_I_MISERE: coins_solve1_misere(n, k, r); break;
    case COINS_II: coins_solve2(a, n, k, work, r); break;
    case COINS_III: coins_solve3(a, n, work, r); break;
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: coins_solve_stop(v, a, n, k, work, r, NULL); break;
  }
}

coins_status coins_solve_stop(coins_variant v, const int64_t *a, size_t n, uint64_t k,
                              int64_t *work, coins_solution *r, const coins_stop *stop) {
  switch (v) {
    case COINS_I: coins_solve1(n, k, r); return COINS_OK;
    case COINS_I_MISERE: coins_solve1_misere(n, k, r); return COINS_OK;
    case COINS_II: return coins_solve2_stop(a, n, k, work, r, stop);
    case COINS_III: return coins_solve3_stop(a, n, work, r, stop);
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: {
      char err[COINS_ERRMSG_SIZE]; /* (a negative pile: the SQL layer checks first) */
      return solve_sum(v, a, n, k, r, err, stop);
    }
  }
  return COINS_OK;
}

/* ------------------------------------------------------- from the text */

/* Room a row of text needs for variants I and II: its elements, and the
** solver's work space behind them.  (III says what it needs itself.) */
static size_t text_room(coins_variant v, const char *text, size_t len, uint64_t k) {
  size_t elements = coins_parse_capacity(text, len);
  switch (v) {
    case COINS_I:
    case COINS_III:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: break;
    case COINS_II: return elements + coins_solve2_work_words(elements, k);
  }
  return elements;
}

/* coins_solve_text polling stop (a constant NULL once inlined into
** coins_solve_text: then the calls of old). */
COINS_INLINE coins_status solve_text(coins_variant v, const char *text, size_t len, uint64_t k,
                                     int64_t *room, size_t cap, size_t *need, coins_solution *r,
                                     char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  size_t n = 0, m = 0;
  int64_t total = 0, *blocks;
  coins_status rc = COINS_OK;
  int counted;
  switch (v) {
    case COINS_I: /* only the count matters: nothing stored unless unusual */
    case COINS_I_MISERE:
      counted = stop ? coins_scan_table_choice()->count_stop(text, len, &n, stop)
                     : coins_scan_table_choice()->count(text, len, &n);
      if (counted == SCAN_STOPPED) return COINS_STOPPED;
      if (counted != 1) /* the fast path gave up: not again */
        rc = coins_parse_array_general_stop(text, len, room, cap, &n, err, "element", stop);
      if (rc == COINS_OK) coins_solve1_of(v, n, k, r);
      break;
    case COINS_II:
      rc = stop ? coins_parse_array_of(text, len, room, cap, &n, err, "element", stop)
                : coins_parse_array(text, len, room, cap, &n, err);
      if (rc == COINS_OK && cap - n < coins_solve2_work_words(n, k)) rc = COINS_NO_ROOM;
      if (rc == COINS_OK && stop) rc = coins_solve2_stop(room, n, k, room + n, r, stop);
      if (rc == COINS_OK && !stop) coins_solve2(room, n, k, room + n, r);
      break;
    case COINS_III:
      rc = stop ? coins_solve3_parse_fused_stop(text, len, room, cap, &blocks, &m, &total, need,
                                                err, stop)
                : coins_solve3_parse_fused(text, len, room, cap, &blocks, &m, &total, need, err);
      if (rc == COINS_OK) coins_solve3_blocks(blocks, m, total, r);
      return rc;
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
      rc = coins_parse_array_of(text, len, room, cap, &n, err, "pile", stop);
      if (rc == COINS_OK) rc = solve_sum(v, room, n, k, r, err, stop);
      break;
  }
  if (rc == COINS_NO_ROOM) *need = text_room(v, text, len, k);
  return rc;
}

coins_status coins_solve_text(coins_variant v, const char *text, size_t len, uint64_t k,
                              int64_t *room, size_t cap, size_t *need, coins_solution *r,
                              char err[COINS_ERRMSG_SIZE]) {
  return solve_text(v, text, len, k, room, cap, need, r, err, NULL);
}

coins_status coins_solve_text_stop(coins_variant v, const char *text, size_t len, uint64_t k,
                                   int64_t *room, size_t cap, size_t *need, coins_solution *r,
                                   char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (len < COINS_STOP_SPAN) return solve_text(v, text, len, k, room, cap, need, r, err, NULL);
  return solve_text(v, text, len, k, room, cap, need, r, err, stop);
}

/* ------------------------------------------------ with a set of takes */

size_t coins_solve_takes_work_words(coins_variant v, size_t n, const coins_takes *t) {
  if (t->range) return coins_solve_work_words(v, n, t->range);
  return coins_variant_traits_of(v).has_values ? coins_row_takes_work_words(n, t) : 0;
}

coins_status coins_solve_takes_stop(coins_variant v, const int64_t *a, size_t n,
                                    const coins_takes *t, int64_t *work, coins_solution *r,
                                    char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (t->range) return coins_solve_stop(v, a, n, t->range, work, r, stop);
  if (coins_variant_traits_of(v).has_values)
    return coins_row_takes_solve_stop(a, n, t, work, r, stop);
  return coins_solve1_takes_of(v, n, t, r, err, stop);
}
