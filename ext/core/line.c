/*
** line.c -- the optimal line of play, generated one move at a time in
** O(1) amortised per move (part of the pure core).
**
**   I    the modulo rule, nothing stored: a line of 10^18 coins streams
**        (I-misere: the same rule on n - 1 coins).
**   II   best[] and take[] from the solver's pass: from coin i the move
**        takes take[i], the fewest t with best[i+t] minimal.
**   III  the fused blocks; each player takes the end block of larger value
**        (left on a tie) and the block is played out from that end, the
**        players alternating inside it (every block has odd length).
*/
#include "line.h"
#include "compiler.h"
#include "fuse.h"
#include "scan.h"
#include "solve1.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"

size_t coins_line_work_words(coins_variant v, size_t n, uint64_t k) {
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: /* coins_sum_start's work */
    case COINS_I_MISERE: return 0;
    case COINS_II: return coins_solve2_work_words(n, k) + n; /* and take[] */
    case COINS_III: return 2 * (n + COINS_FUSE_FLOOR);       /* blocks and their starts */
  }
  return 0;
}

/* III: the line's blocks from a fusion stack (top words, the floor
** included) and where each block begins, starts (indexed like the stack),
** for n coins: their values and lengths. */
static void take_blocks(coins_line *line, int64_t *stack, int64_t *starts, size_t top, size_t n) {
  size_t m = top - COINS_FUSE_FLOOR;
  line->block_value = stack + COINS_FUSE_FLOOR;
  line->block_len = starts + COINS_FUSE_FLOOR;
  for (size_t j = 0; j < m; j++)
    line->block_len[j] = (j + 1 < m ? line->block_len[j + 1] : (int64_t)n) - line->block_len[j];
  line->br = m;
}

/* III: the blocks of a[0..n), in work (2 (n + COINS_FUSE_FLOOR) words),
** by the fast fusion stack, with where each begins (a fusion keeps the
** start of its first block, so only a push writes one).  The stack's floor
** must stay above every block: rows whose sizes add up to more than 2^62
** (a coin can be INT64_MAX) are fused the plain way.  Polls stop. */
static coins_status fuse_line(coins_line *line, const int64_t *a, size_t n, int64_t *work,
                              const coins_stop *stop) {
  uint64_t size = 0;
  for (size_t i = 0; i < n; i++) size += a[i] < 0 ? 0 - (uint64_t)a[i] : (uint64_t)a[i];
  if (size > (uint64_t)INT64_MAX / 2) { /* Σ|a| <= INT64_MAX: no wrap above */
    line->block_value = work;
    line->block_len = work + n;
    return coins_solve3_fuse_stop(a, n, line->block_value, line->block_len, &line->br, stop);
  }
  coins_fuse_stack f;
  int64_t *starts = work + n + COINS_FUSE_FLOOR;
  coins_fuse_begin(&f, work);
  for (size_t i = 0, end; i < n; i = end) {
    if (i > 0 && coins_stop_asked(stop)) return COINS_STOPPED;
    for (end = coins_stop_span_end(i, n, stop); i < end; i++) {
      starts[f.n] = (int64_t)i;
      coins_fuse_push(&f, a[i]);
    }
  }
  coins_fuse_end(&f);
  take_blocks(line, work, starts, f.n, n);
  return COINS_OK;
}

/* The work words a line from text asks for first: random rows of any
** length fuse to a few blocks. */
#define TEXT_LINE_FIRST_WORDS (2 * (256 + COINS_FUSE_FLOOR))

int coins_line_reads_text(coins_variant v) {
  switch (v) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: return 0;
    case COINS_III: return 1;
  }
  return 0;
}

coins_status coins_line_init_text(coins_line *line, const char *text, size_t len, int64_t *work,
                                  size_t words, size_t *need) {
  return coins_line_init_text_stop(line, text, len, work, words, need, NULL);
}

coins_status coins_line_init_text_stop(coins_line *line, const char *text, size_t len,
                                       int64_t *work, size_t words, size_t *need,
                                       const coins_stop *stop) {
  size_t half = words / 2, top, n;
  if (len < COINS_STOP_SPAN) stop = NULL; /* not worth a poll */
  const coins_scanner *scan = coins_scan_table_choice();
  int scanned = half < COINS_FUSE_FLOOR ? -1 /* no room, as the scanner says it */
                : stop ? scan->line_stop(text, len, work, work + half, half, &top, &n, stop)
                       : scan->line(text, len, work, work + half, half, &top, &n);
  if (scanned == SCAN_STOPPED) return COINS_STOPPED;
  if (scanned < 0) { /* the blocks did not fit: as many as there are coins do */
    *need = half < TEXT_LINE_FIRST_WORDS / 2
                ? TEXT_LINE_FIRST_WORDS
                : 2 * (coins_parse_capacity(text, len) + COINS_FUSE_FLOOR);
    return COINS_NO_ROOM;
  }
  if (scanned == 0) return COINS_INVALID;
  *line = (coins_line){.work = work, .text = text, .left = 0, .right = len, .stop = stop};
  coins_state_init(&line->st, COINS_III, NULL, n, 1);
  take_blocks(line, work, work + half, top, n);
  return COINS_OK;
}

void coins_line_init_lazy(coins_line *line, coins_variant v, const int64_t *a, uint64_t n,
                          uint64_t k, int64_t *work) {
  coins_line_init_lazy_stop(line, v, a, n, k, work, NULL);
}

coins_status coins_line_init_lazy_stop(coins_line *line, coins_variant v, const int64_t *a,
                                       uint64_t n, uint64_t k, int64_t *work,
                                       const coins_stop *stop) {
  *line = (coins_line){.work = work, .stop = stop};
  coins_state_init(&line->st, v, a, n, k);
  switch (v) {
    case COINS_I:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: /* started by coins_sum_start */
    case COINS_I_MISERE: return COINS_OK;
    case COINS_II: break; /* below */
    case COINS_III: line->unfused = 1; return COINS_OK;
  }
  line->best = work;
  line->take = work + coins_solve2_work_words((size_t)n, k);
  if (stop == NULL) { /* (the usual case, a call less) */
    line->suffix =
        coins_solve2_window_pass(a, (size_t)n, k, 1, line->best, line->take, work + n + 1);
    return COINS_OK;
  }
  return coins_solve2_window_pass_stop(a, (size_t)n, k, 1, line->best, line->take, work + n + 1,
                                       &line->suffix, stop);
}

coins_status coins_line_fuse(coins_line *line) {
  if (!line->unfused) return COINS_OK;
  coins_status rc = fuse_line(line, line->st.a, (size_t)line->st.hi, line->work, line->stop);
  line->unfused = rc != COINS_OK;
  return rc;
}

void coins_line_init(coins_line *line, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                     int64_t *work) {
  coins_line_init_lazy(line, v, a, n, k, work);
  coins_line_fuse(line);
}

/* III: 1 when the end block of larger value, the line's next, is the left
** one (a tie too). */
static size_t larger_on_left(const coins_line *line) {
  return line->block_value[line->bl] >= line->block_value[line->br - 1];
}

/* ------------------------------------------------ with a set of takes */

/* The words a coins_pile_table takes at the start of a line's work. */
#define PILE_WORDS ((sizeof(coins_pile_table) + sizeof(int64_t) - 1) / sizeof(int64_t))

size_t coins_line_takes_work_words(coins_variant v, size_t n, const coins_takes *t) {
  if (t->range) return coins_line_work_words(v, n, t->range);
  if (coins_variant_traits_of(v).has_values) return coins_row_takes_work_words(n, t);
  return PILE_WORDS + coins_pile_table_words(n);
}

coins_status coins_line_init_takes_stop(coins_line *line, coins_variant v, const int64_t *a,
                                        uint64_t n, const coins_takes *t, int64_t *work,
                                        char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  if (t->range) return coins_line_init_lazy_stop(line, v, a, n, t->range, work, stop);
  *line = (coins_line){.work = work, .stop = stop};
  coins_state_init_takes(&line->st, v, a, n, t);
  if (coins_variant_traits_of(v).has_values) { /* II: the margins, then the prefix sums */
    coins_solution r;
    coins_status rc = coins_row_takes_solve_stop(a, (size_t)n, t, work, &r, stop);
    line->best = work;
    line->prefix = work + n + 1;
    line->suffix = r.total;
    return rc;
  }
  size_t need;
  coins_pile_table *pt = (coins_pile_table *)(void *)work;
  coins_status rc = coins_pile_table_init(pt, t, coins_solve1_pile_values(v), n, work + PILE_WORDS,
                                          coins_pile_table_words(n), &need, err, stop);
  line->pile = pt;
  return rc;
}

/* The take the line plays with a set, 0 when none fits (the game is
** over): I, the smallest that leaves a lost pile; II, the fewest coins
** of the best takes. */
static uint64_t set_take(const coins_line *line) {
  const coins_state *st = &line->st;
  if (line->pile) return coins_pile_table_best(line->pile, st->hi - st->lo);
  coins_takes t = {st->mask, 0};
  return coins_row_takes_move((size_t)st->n, &t, line->best, (size_t)st->lo);
}

static int set_next(coins_line *line, coins_ply *out) {
  uint64_t take = set_take(line);
  if (take == 0) return 0;
  coins_state_apply(&line->st, (coins_move){take, 'L', 0}, out);
  line->suffix -= out->gain;
  return 1;
}

coins_move coins_line_peek(const coins_line *line) {
  const coins_state *st = &line->st;
  coins_move m = {1, 'L', 0};
  if (st->mask && !st->piles) return (coins_move){set_take(line), 'L', 0};
  if (st->lo >= st->hi) return (coins_move){0, 'L', 0};
  switch (st->variant) {
    case COINS_I: m.take = coins_solve1_take(st->hi - st->lo, st->k); break;
    case COINS_I_MISERE: m.take = coins_solve1_misere_take(st->hi - st->lo, st->k); break;
    case COINS_II: m.take = (uint64_t)line->take[st->lo]; break;
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: m = coins_sum_best(st); break;
    case COINS_III:
      /* the block being played out, else the end block of larger value */
      if (line->run_left > 0)
        m.side = line->run_side;
      else
        m.side = larger_on_left(line) ? 'L' : 'R';
      break;
  }
  return m;
}

/* III: starts playing out the end block on the left (left 1) or on the
** right, without a branch on which (random rows are a coin flip each
** block). */
static void start_block(coins_line *line, size_t left) {
  size_t bl = line->bl, br = line->br;
  int64_t l = line->block_len[bl], r = line->block_len[br - 1];
  line->run_left = (uint64_t)(r + (l - r) * (int64_t)left);
  line->run_side = (char)('R' - ('R' - 'L') * (int)left);
  line->bl = bl + left;
  line->br = br - (1 - left);
}

/* A line from text: the next coin from the left end of the row (the text
** is a plain array, as the scanner took it). */
static int64_t read_left(coins_line *line) {
  const unsigned char *s = (const unsigned char *)line->text;
  size_t i = line->left;
  uint64_t v = 0;
  while (s[i] != '-' && (unsigned)(s[i] - '0') > 9) i++; /* '[', ',', whitespace */
  int negative = s[i] == '-';
  for (i += (size_t)negative; (unsigned)(s[i] - '0') <= 9; i++) v = v * 10 + (s[i] - '0');
  line->left = i;
  return negative ? -(int64_t)v : (int64_t)v;
}

/* ... and the next from the right end. */
static int64_t read_right(coins_line *line) {
  const unsigned char *s = (const unsigned char *)line->text;
  size_t i = line->right;
  uint64_t v = 0, place = 1;
  while ((unsigned)(s[i - 1] - '0') > 9) i--; /* ']', ',', whitespace */
  for (; (unsigned)(s[i - 1] - '0') <= 9; i--, place *= 10) v += (uint64_t)(s[i - 1] - '0') * place;
  int negative = s[i - 1] == '-';
  line->right = i - (size_t)negative;
  return negative ? -(int64_t)v : (int64_t)v;
}

/* Plays m, which is the line's, on its position. */
COINS_INLINE void line_apply(coins_line *line, coins_move m, coins_ply *out) {
  if (line->text == NULL) {
    coins_state_apply(&line->st, m, out);
    return;
  }
  coins_state_take(&line->st, m.side, out);
  out->gain = m.side == 'R' ? read_right(line) : read_left(line);
  coins_state_step(&line->st, out);
}

/* I-sum's next move, out of coins_line_next's way (a tail call). */
static COINS_NOINLINE int sum_next(coins_line *line, coins_ply *out) {
  coins_state_apply(&line->st, coins_sum_best(&line->st), out);
  return 1;
}

int coins_line_next(coins_line *line, coins_ply *out) {
  coins_state *st = &line->st;
  coins_move m = {1, 'L', 0};
  if (st->lo >= st->hi) return 0;
  if (st->mask && !st->piles) return set_next(line, out);
  switch (st->variant) {
    case COINS_I: m.take = coins_solve1_take(st->hi - st->lo, st->k); break;
    case COINS_I_MISERE: m.take = coins_solve1_misere_take(st->hi - st->lo, st->k); break;
    case COINS_II: m.take = (uint64_t)line->take[st->lo]; break;
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: return sum_next(line, out);
    case COINS_III: /* the block being played out, else the larger end block */
      if (line->run_left == 0) start_block(line, larger_on_left(line));
      line->run_left--;
      m.side = line->run_side;
      break;
  }
  line_apply(line, m, out);
  line->suffix -= out->gain;
  return 1;
}

/* III: plays the next m moves, all in the block being played out, into
** gains[0..m): consecutive coins from one end of the row. */
static void run_gains(coins_line *line, int64_t *gains, uint64_t m) {
  coins_state *st = &line->st;
  line->run_left -= m;
  st->ply += m;
  if (line->text) {
    for (uint64_t j = 0; j < m; j++)
      gains[j] = line->run_side == 'R' ? read_right(line) : read_left(line);
  } else if (line->run_side == 'L') {
    for (uint64_t j = 0; j < m; j++) gains[j] = st->a[st->lo + j];
  } else {
    for (uint64_t j = 0; j < m; j++) gains[j] = st->a[st->hi - 1 - j];
  }
  if (line->run_side == 'L')
    st->lo += m;
  else
    st->hi -= m;
}

size_t coins_line_gains(coins_line *line, int64_t *gains, size_t max) {
  coins_state *st = &line->st;
  size_t count = 0;
  if (coins_line_moves_left(line) == UINT64_MAX) { /* I, II: move by move */
    coins_ply row;
    while (count < max && coins_line_next(line, &row)) gains[count++] = row.gain;
    return count;
  }
  while (count < max && st->lo < st->hi) { /* III: a run of a block at a time */
    if (line->run_left == 0) start_block(line, larger_on_left(line));
    uint64_t m = line->run_left < max - count ? line->run_left : max - count;
    run_gains(line, gains + count, m);
    count += (size_t)m;
  }
  return count;
}

int coins_line_follow(coins_line *line, char side, coins_ply *out) {
  if (line->run_left == 0 && line->bl + 1 < line->br &&
      line->block_value[line->bl] == line->block_value[line->br - 1]) {
    start_block(line, side == 'L'); /* either end block: start it from side */
    line->run_left--;
    line_apply(line, (coins_move){1, side, 0}, out);
    return 1;
  }
  if (coins_line_peek(line).side != side) return 0;
  coins_line_next(line, out);
  return 1;
}

uint64_t coins_line_moves_left(const coins_line *line) {
  const coins_state *st = &line->st;
  switch (st->variant) {
    case COINS_I:
    case COINS_II:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE:
    case COINS_I_MISERE: break;
    case COINS_III: return st->hi - st->lo;
  }
  return UINT64_MAX;
}

coins_status coins_line_skip(coins_line *line, uint64_t count) {
  coins_state *st = &line->st;
  coins_ply ignored;
  uint64_t until_poll = COINS_STOP_SPAN;
  while (count > 0 && st->lo < st->hi) {
    if (--until_poll == 0) {
      if (coins_stop_asked(line->stop)) return COINS_STOPPED;
      until_poll = COINS_STOP_SPAN;
    }
    uint64_t left = st->hi - st->lo, k = st->k;
    if (st->mask && !st->piles) { /* with a set: move by move */
      if (!set_next(line, &ignored)) break;
      count--;
      continue;
    }
    switch (st->variant) {
      case COINS_I:
        /* from a lost position the line takes 1 and the reply takes k:
        ** each such pair of moves removes k + 1 coins */
        if (k < left && left % (k + 1) == 0 && count >= 2) {
          uint64_t pairs = count / 2 < left / (k + 1) ? count / 2 : left / (k + 1);
          st->lo += pairs * (k + 1);
          st->ply += 2 * pairs;
          count -= 2 * pairs;
          continue;
        }
        break;
      case COINS_I_MISERE:
        /* the same pairs from a lost position: 1 + m (k + 1) coins */
        if (k < left - 1 && (left - 1) % (k + 1) == 0 && count >= 2) {
          uint64_t m = (left - 1) / (k + 1), pairs = count / 2 < m ? count / 2 : m;
          st->lo += pairs * (k + 1);
          st->ply += 2 * pairs;
          count -= 2 * pairs;
          continue;
        }
        break;
      case COINS_II:
      case COINS_III:
      case COINS_I_SUM:
      case COINS_I_SUM_MISERE: break; /* move by move */
    }
    coins_line_next(line, &ignored);
    count--;
  }
  return COINS_OK;
}
