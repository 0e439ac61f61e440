/*
** internal.h -- what the files of the pure core share with each other but
** not with the SQL layer (whose files include only include/coins.h).
*/
#ifndef COINS_INTERNAL_H
#define COINS_INTERNAL_H

#include "coins.h"

/* A function on a hot path, inlined even where the compiler would not
** (static, or not, for a function with an attribute of its own). */
#if defined(__GNUC__)
#define COINS_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define COINS_ALWAYS_INLINE inline
#endif
#define COINS_INLINE static COINS_ALWAYS_INLINE

/* Unrolls the loop that follows completely (its count known to the
** compiler), so that a small array lives in registers. */
#if defined(__clang__)
#define COINS_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define COINS_UNROLL _Pragma("GCC unroll 16")
#else
#define COINS_UNROLL
#endif

/* The x86-64 SIMD code (scan_avx2.c, scan_avx512.c, solve_avx512.c) is
** built with gcc or clang, except on Windows, where gcc does not align the
** stack for 32-byte spills, and unless -DCOINS_NO_SIMD leaves it out.
** Which of it runs is decided at run time (scan.c). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(_WIN32) && !defined(COINS_NO_SIMD)
#define COINS_X86_SIMD 1
#endif

/* ------------------------------------------------------------ stopping */

/* 1 when stop (NULL: never) says to stop (coins.h, coins_stop). */
COINS_INLINE int coins_stopped(const coins_stop *stop) { return stop && stop->stopped(stop->arg); }

/* A loop over i up to n that polls stop between spans of work: the end of
** the span from i, n itself when there is no stop.  Written
**
**   for (size_t i = 0, end; i < n; i = end) {
**     if (i > 0 && coins_stopped(stop)) return COINS_STOPPED;
**     for (end = coins_span_end(i, n, stop); i < end; i++) ...
**   }
**
** it costs the loop nothing per step, and without a stop one pass. */
COINS_INLINE size_t coins_span_end(size_t i, size_t n, const coins_stop *stop) {
  return stop && n - i > COINS_STOP_SPAN ? i + COINS_STOP_SPAN : n;
}

/* The same for a loop down from hi to 0: the start of the span below hi. */
COINS_INLINE size_t coins_span_start(size_t hi, const coins_stop *stop) {
  return stop && hi > COINS_STOP_SPAN ? hi - COINS_STOP_SPAN : 0;
}

/* coins_parse_array, with elements called noun ("element", "ply") in
** messages, polling stop. */
coins_status coins_parse_array_of(const char *text, size_t len, int64_t *out, size_t cap,
                                  size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun,
                                  const coins_stop *stop);

/* coins_parse_array_of without the fast path (scan.c): the tests hold
** the scanners to it. */
coins_status coins_parse_array_general(const char *text, size_t len, int64_t *out, size_t cap,
                                       size_t *count, char err[COINS_ERRMSG_SIZE],
                                       const char *noun);
coins_status coins_parse_array_general_stop(const char *text, size_t len, int64_t *out, size_t cap,
                                            size_t *count, char err[COINS_ERRMSG_SIZE],
                                            const char *noun, const coins_stop *stop);

/* A JSON number read by coins_read_number. */
typedef struct coins_number {
  size_t end;          /* the bytes it took                                    */
  const char *invalid; /* a syntax problem ("is not a valid JSON number"), or
                          NULL: then end, problem and value are set           */
  const char *problem; /* "is not an integer", "is out of range", or NULL     */
  int64_t value;       /* when both are NULL                                   */
} coins_number;

/* Reads the number at the start of s[0..n), stopping at the first byte
** that cannot continue it.  json5 also takes a leading '+', hexadecimal
** (0x1F) and a point with digits on one side only (.5, 5.). */
void coins_read_number(const unsigned char *s, size_t n, int json5, coins_number *out);
/* "is not a valid JSON number": a syntax problem, JSON5 forms included. */
extern const char coins_number_invalid[];

/* The parser's fast path (scan.c) for a flat array of plain integers:
** 1 when it took the whole of text[0..len) as the general parser would,
** 0 when the general parser must decide, -1 when out or stack (cap words)
** is too small.  store: the values into out
** (cap of them at most); fuse: peak fusion onto stack (a coins_fuse_stack:
** COINS_FUSE_FLOOR words of floor, then the blocks, up to stack[*top - 1])
** and the coins' sum in *total;
** count: only how many.  coins_scan_path() names the scanner that runs:
** "avx512", "avx2" or "portable". */
int coins_scan_store(const char *text, size_t len, int64_t *out, size_t cap, size_t *count);
int coins_scan_fuse(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                    int64_t *total);
int coins_scan_count(const char *text, size_t len, size_t *count);
/* line: fuse, and starts[i] (starts has cap words too) the first coin of
** the block at stack[i]; the coins counted in *coins. */
int coins_scan_line(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                    size_t *top, size_t *coins);
/* The same polling stop: SCAN_STOPPED when it says to stop. */
#define SCAN_STOPPED (-3)
int coins_scan_store_stop(const char *text, size_t len, int64_t *out, size_t cap, size_t *count,
                          const coins_stop *stop);
int coins_scan_fuse_stop(const char *text, size_t len, int64_t *stack, size_t cap, size_t *top,
                         int64_t *total, const coins_stop *stop);
int coins_scan_count_stop(const char *text, size_t len, size_t *count, const coins_stop *stop);
int coins_scan_line_stop(const char *text, size_t len, int64_t *stack, int64_t *starts, size_t cap,
                         size_t *top, size_t *coins, const coins_stop *stop);
const char *coins_scan_path(void);
/* 1 when the AVX-512 code runs (the scanner, and variant II's solver for
** small k): the CPU has it and COINS_SIMD does not forbid it. */
int coins_simd_avx512(void);

/* text[0..len) equals word[0..len), ignoring the case of ASCII letters. */
int coins_same_letters(const char *text, const char *word, size_t len);

/* The value of a hexadecimal digit, or -1. */
int coins_hex_value(unsigned char c);

/* The escapes a string's body may hold: none (JSONB's TEXT and TEXTRAW),
** JSON's (JSON text), or JSON5's too (JSONB's TEXTJ and TEXT5, which
** SQLite reads alike). */
typedef enum { COINS_ESCAPES_NONE, COINS_ESCAPES_JSON, COINS_ESCAPES_JSON5 } coins_escapes;

/* 'L' or 'R' when the string whose body (without its quotes) is
** body[0..len) is one move letter in either case once its escapes are
** decoded ("\u004C" is "L"), else 0. */
char coins_string_side(const unsigned char *body, size_t len, coins_escapes escapes);

/* A record in the other variants' notation (letters for variant v of
** takes, takes for variant III): the message that says which notation v
** takes.  Returns COINS_INVALID. */
coins_status coins_fail_notation(coins_variant v, char err[COINS_ERRMSG_SIZE]);

/* How a message shows an array or an object, from text or JSONB alike:
** "[]" or "{}" when it is empty, else "[...]" or "{...}". */
const char *coins_container_form(int array, int empty);

/* printf into err (COINS_ERRMSG_SIZE); returns COINS_INVALID. */
coins_status coins_fail(char err[COINS_ERRMSG_SIZE], const char *fmt, ...)
#if defined(__MINGW32__)
    __attribute__((format(gnu_printf, 2, 3))) /* C99 printf: __USE_MINGW_ANSI_STDIO */
#elif defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---------------------------------------------------------------- variant II */

/* The sliding-window pass behind variant II: for i from n - 1 down to 0,
** j(i) is the smallest j in (i, min(i + k, n)] with v[j] least; then
** v[i] = suffix(i) - v[j(i)] when best (v is then best[]: the most the
** mover collects from a[i..n)), or v[i] = suffix(i), the sum of a[i..n)
** (then j(i) is where greedy play stops), and take[i] = j(i) - i unless
** take is NULL.  v has n + 1 words, deque min(n, k) + 1.  Returns sum(a). */
int64_t coins2_window_pass(const int64_t *a, size_t n, uint64_t k, int best, int64_t *v,
                           int64_t *take, int64_t *deque);
/* ... polling stop: COINS_OK with sum(a) in *sum, or COINS_STOPPED. */
coins_status coins2_window_pass_stop(const int64_t *a, size_t n, uint64_t k, int best, int64_t *v,
                                     int64_t *take, int64_t *deque, int64_t *sum,
                                     const coins_stop *stop);

/* The largest k that variant II's solvers for small k take, with the
** window in registers. */
#define COINS2_SMALL_K 8

#if COINS_X86_SIMD
/* Variant II for 3 <= k <= COINS2_SMALL_K in AVX-512VL registers
** (solve_avx512.c; only where coins_simd_avx512()): best[0..k] into
** w[0..k] (INT64_MAX past the row), exactly as solve.c's solver for
** small k computes them.  Returns the sum of a[0..n). */
int64_t coins2_small_avx512(const int64_t *a, size_t n, int k, int64_t w[COINS2_SMALL_K + 1]);
#endif

/* --------------------------------------------------------------- variant III */

/* Peak fusion the fast way (the row scanners, the line): a stack of blocks
** in words[0..n), over COINS_FUSE_FLOOR words of floor, each smaller than
** the one before and larger than any block, so that no block fuses with
** them and words[n - 4] can always be read.  The top three blocks live in
** registers: the top's word (words[n - 1]) is written when the next block
** comes, or by coins_fuse_end; the two under it are in words as well.  A
** push then waits for no load: the one it makes (words[n - 4], the third
** block after a fusion) is first compared a push later.  Its blocks are
** words[COINS_FUSE_FLOOR..n). */
#define COINS_FUSE_FLOOR 5
typedef struct coins_fuse_stack {
  int64_t *words;
  size_t n;
  int64_t top, second, third; /* words[n - 1], words[n - 2] and words[n - 3] */
} coins_fuse_stack;

COINS_INLINE void coins_fuse_begin(coins_fuse_stack *f, int64_t *words) {
  for (int i = 0; i < COINS_FUSE_FLOOR; i++) words[i] = INT64_MAX - i;
  f->words = words;
  f->n = COINS_FUSE_FLOOR;
  f->top = words[COINS_FUSE_FLOOR - 1], f->second = words[COINS_FUSE_FLOOR - 2];
  f->third = words[COINS_FUSE_FLOOR - 3];
}

/* Writes the top block to words[n - 1]: the stack is then all in words. */
COINS_INLINE void coins_fuse_end(coins_fuse_stack *f) { f->words[f->n - 1] = f->top; }

/* x when pick is 0, y when it is 1, without a branch. */
COINS_INLINE int64_t coins_pick(int pick, int64_t x, int64_t y) {
  uint64_t mask = (uint64_t)0 - (uint64_t)pick;
  return (int64_t)((uint64_t)x ^ (((uint64_t)x ^ (uint64_t)y) & mask));
}

/* x - y + z in unsigned arithmetic: it may wrap when a fusion does not
** apply, and is then not used. */
COINS_INLINE int64_t coins_fused(int64_t x, int64_t y, int64_t z) {
  return (int64_t)((uint64_t)x - (uint64_t)y + (uint64_t)z);
}

/* Pushes v and fuses every peak it makes; words has room for one more.
** The first step takes no branch on the data: the word under the top
** three is loaded before it is known whether a fusion needs it, and the
** old top is stored whether or not it stays.  A second fusion, about one
** push in fourteen on random rows, takes the loop. */
COINS_INLINE void coins_fuse_push(coins_fuse_stack *f, int64_t v) {
  int64_t *s = f->words, t0 = f->top, t1 = f->second, t2 = f->third;
  size_t n = f->n;
  int64_t t3 = s[n - 4];
  int peak = t0 >= (t1 > v ? t1 : v);
  /* a peak: t1 t0 v become one block over t2; else v goes on top.  Every
  ** choice is a pick on the one comparison, n's too */
  int64_t n0 = coins_pick(peak, v, coins_fused(t1, t0, v)), n1 = coins_pick(peak, t0, t2);
  int64_t n2 = coins_pick(peak, t1, t3);
  s[n - 1] = t0;
  n = (size_t)coins_pick(peak, (int64_t)n + 1, (int64_t)n - 1);
  /* the new top three make a peak: never without a fusion (n1 n0 are
  ** t0 v over t1, which was no peak), after one about a push in fourteen */
  while ((n1 >= n2) & (n1 >= n0)) {
    n0 = coins_fused(n2, n1, n0);
    n -= 2;
    n1 = s[n - 2], n2 = s[n - 3];
  }
  f->top = n0, f->second = n1, f->third = n2, f->n = n;
}

/* One step of peak fusion: pushes the block (v, l) on the stack
** value[0..top) (and len, unless NULL) and fuses every peak it makes
** (y >= x and y >= z: non-strict, and at the ends too).  Returns the new
** top. */
static inline size_t coins3_push(int64_t *value, int64_t *len, size_t top, int64_t v, int64_t l) {
  value[top] = v;
  if (len) len[top] = l;
  top++;
  while (top >= 3 && value[top - 2] >= value[top - 3] && value[top - 2] >= value[top - 1]) {
    value[top - 3] = value[top - 3] - value[top - 2] + value[top - 1];
    if (len) len[top - 3] += len[top - 2] + len[top - 1];
    top -= 2;
  }
  return top;
}

/* Peak fusion of a[0..n) into value[0..m) and, unless len is NULL,
** len[0..m).  value may alias a.  Returns m. */
size_t coins3_fuse(const int64_t *a, size_t n, int64_t *value, int64_t *len);
/* ... polling stop: COINS_OK with the blocks' count in *m, or COINS_STOPPED. */
coins_status coins3_fuse_stop(const int64_t *a, size_t n, int64_t *value, int64_t *len, size_t *m,
                              const coins_stop *stop);

/* Parses text[0..len) like coins_parse_array and fuses it in the same
** pass: the blocks' values in (*blocks)[0..*m), within stack, the coins'
** sum in *total.  COINS_NO_ROOM with *need, the stack words that suffice
** (len / 2 + 1 + COINS_FUSE_FLOOR always do; they are not counted). */
coins_status coins3_parse_fused(const char *text, size_t len, int64_t *stack, size_t cap,
                                int64_t **blocks, size_t *m, int64_t *total, size_t *need,
                                char err[COINS_ERRMSG_SIZE]);
/* ... polling stop. */
coins_status coins3_parse_fused_stop(const char *text, size_t len, int64_t *stack, size_t cap,
                                     int64_t **blocks, size_t *m, int64_t *total, size_t *need,
                                     char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* The work coins3_solve_record needs for n coins and count moves. */
size_t coins3_record_words(size_t n, size_t count);
/* Solves every position the legal record moves[0..count) ('L'/'R')
** visits in a game of a[0..n), in one pass backwards: (*margin)[t] is the
** mover's margin and (*best)[t] the first move of the optimal line ('L',
** 'R', or 0 with no coins left) after t moves, for t in 0..count; both
** point into work.  O((n + count) log n) (valley.c).  COINS_OK, or
** COINS_STOPPED by stop. */
coins_status coins3_solve_record(const int64_t *a, size_t n, const int64_t *moves, size_t count,
                                 int64_t *work, int64_t **margin, char **best,
                                 const coins_stop *stop);

/* The result of a game whose fused blocks are value[0..m) (a valley) and
** whose coins sum to total. */
void coins3_solve_blocks(const int64_t *value, size_t m, int64_t total, coins_result *r);

/* The margin of a valley of blocks, larger end first. */
int64_t coins3_blocks_margin(const int64_t *value, size_t m);

/* ----------------------------------------------------------------- positions */

/* Whether m is legal from st: COINS_OK, or COINS_INVALID with the reason
** ("ply 3: ...") in err. */
coins_status coins_state_check(const coins_state *st, coins_move m, char err[COINS_ERRMSG_SIZE]);

/* III: plays side when the line can take it, and returns 1: the line's
** own next move, or, between blocks, the other end block when the two end
** blocks are worth the same (either is optimal; the block is then played
** out from side), so that a record made with other tie rules stays on the
** line.  Returns 0, playing nothing, otherwise. */
int coins_line_follow(coins_line *line, char side, coins_ply *out);

/* II: the take greedy play makes from rv's position (largest immediate
** gain, fewest coins on ties): O(n) on the first call, then O(1).  The
** first call polls the line's stop; stopped, it returns 1. */
uint64_t coins_review_greedy_take(coins_review *rv);

/* The bookkeeping every move shares, once out->gain is known: totals,
** player and ply. */
COINS_INLINE void coins_state_record(coins_state *st, coins_ply *out) {
  /* the totals as two words, each read and written whole: a load of both
  ** at once right after a store to one of them would wait for the store */
  uint64_t second = st->ply & 1, to_second = 0 - second;
  int64_t gain_second = (int64_t)((uint64_t)out->gain & to_second);
  int64_t first_total = st->totals[0] + (out->gain - gain_second);
  int64_t second_total = st->totals[1] + gain_second;
  st->totals[0] = first_total;
  st->totals[1] = second_total;
  out->first_total = first_total;
  out->second_total = second_total;
  out->player = 1 + (int)second;
  out->ply = ++st->ply;
}

/* Variant III: takes the coin at side off the table; returns where it
** was (its value goes in out->gain, then coins_state_record). */
COINS_INLINE uint64_t coins_state_take(coins_state *st, char side, coins_ply *out) {
  /* without a branch on the side, which the data decide */
  uint64_t right = side == 'R', lo = st->lo, hi = st->hi, pos = right ? hi - 1 : lo;
  out->move = (coins_move){1, side};
  out->pos = pos;
  st->hi = hi - right;
  st->lo = lo + 1 - right;
  return pos;
}

/* Plays m on st without checking it (the caller knows it is legal).
** Inline: it is on the path of every row of coins_moves. */
COINS_INLINE void coins_state_apply(coins_state *st, coins_move m, coins_ply *out) {
  out->move = m;
  out->gain = 0;
  switch (st->variant) {
    case COINS_I:
      out->move.side = 'L';
      out->pos = st->lo;
      st->lo += m.take;
      break;
    case COINS_II:
      out->move.side = 'L';
      out->pos = st->lo;
      for (uint64_t i = 0; i < m.take; i++) out->gain += st->a[st->lo + i];
      st->lo += m.take;
      break;
    case COINS_III: out->gain = st->a[coins_state_take(st, m.side, out)]; break;
  }
  coins_state_record(st, out);
}

/* ------------------------------------------------------- the game family */

/* Bit counts of a word (takes.c, pile.c, sum.c); x != 0 where a bit is
** asked for. */
#if defined(__GNUC__)
COINS_INLINE int coins_popcount(uint64_t x) { return __builtin_popcountll(x); }
COINS_INLINE int coins_lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
COINS_INLINE int coins_leading_zeros(uint64_t x) { return __builtin_clzll(x); }
#else
COINS_INLINE int coins_popcount(uint64_t x) {
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
COINS_INLINE int coins_lowest_bit(uint64_t x) {
  int n = 0;
  while (!(x >> n & 1)) n++;
  return n;
}
COINS_INLINE int coins_leading_zeros(uint64_t x) {
  int n = 0;
  while (!(x >> (63 - n) & 1)) n++;
  return n;
}
#endif

/* coins_pile_period looking at the values of piles 0..limit only (the
** tests make limit small to reach the refusal). */
coins_status coins_pile_period_within(const coins_takes *t, coins_pile_values what, uint64_t limit,
                                      coins_period *p, char err[COINS_ERRMSG_SIZE],
                                      const coins_stop *stop);

#endif
