/*
** coins.h -- the pure C core of coins: no SQLite in here.
**
** Solvers for three "coins in a line" games and a strict parser for the
** JSON arrays of integers the games are written in:
**
**   Variant I   n identical coins, take 1..k, whoever takes the last wins.
**   Variant II  a row of values, take 1..k from the left, larger total wins.
**   Variant III a row of values, take one coin from either end, larger
**               total wins.
**
** The core never allocates.  Callers hand it buffers whose sizes the
** *_words() functions give, so a host decides where memory comes from
** (the SQL layer uses SQLite's allocator).  Everything is O(n) time and
** O(n) memory; variant I is O(1).
**
** Margins are "mover's total minus the other player's total" under optimal
** play.  Callers guarantee the sum of |a[i]| fits in int64_t (the parser
** checks it), so no total, margin or intermediate value overflows.
*/
#ifndef COINS_H
#define COINS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COINS_VERSION "0.1.0"

/* Who wins with best play. */
typedef enum coins_outcome {
  COINS_FIRST = 1,  /* the first player wins */
  COINS_SECOND = 2, /* the second player wins */
  COINS_DRAW = 3    /* equal totals (variants II and III only) */
} coins_outcome;

/* A move.  Variants I and II: take = how many coins, side = 'L'.
** Variant III: take = 1, side = 'L' or 'R'.  take = 0: no move (no coins). */
typedef struct coins_move {
  uint64_t take;
  char side;
} coins_move;

/* What a solver reports for a whole game. */
typedef struct coins_result {
  coins_outcome outcome;
  int64_t margin; /* first player's total minus second's (0 for variant I) */
  int64_t score;  /* first player's total (0 for variant I)                */
  int64_t total;  /* sum of all coins (0 for variant I)                    */
  coins_move best; /* an optimal first move (see the tie rules below)      */
} coins_result;

/* ---------------------------------------------------------------- parser */

/* Room for an error message, including its terminating NUL. */
#define COINS_ERRMSG_SIZE 160

/* Upper bound on the number of elements text[0..len) can hold (its commas
** plus one): size the output of coins_parse_array with it. */
size_t coins_parse_capacity(const char *text, size_t len);

/* Parses text[0..len) as a JSON array of integers into out[0..*n).
** Accepts any JSON whitespace, and numbers with a fraction or exponent
** whose value is an exact integer (2.0, 1e3).  Rejects everything else,
** and rows whose sum of absolute values exceeds INT64_MAX.  cap must be at
** least coins_parse_capacity(text, len).  Locale-independent; never reads past
** len (NUL bytes are ordinary, invalid characters).  Returns 0 on success;
** on failure returns -1 and writes a message naming the element (counted
** from 1) or the byte offset (counted from 0) to err. */
int coins_parse_array(const char *text, size_t len, int64_t *out, size_t cap,
                      size_t *n, char err[COINS_ERRMSG_SIZE]);

/* --------------------------------------------------------------- solvers */

/* Variant I: n identical coins, take 1..k (k >= 1).  Any 64-bit n and k.
** The winning move is unique; from a lost position the solver takes one
** coin (it keeps the game longest). */
void coins1_solve(uint64_t n, uint64_t k, coins_result *r);
/* The move the variant I line plays with n coins left (take 0 if n = 0). */
uint64_t coins1_take(uint64_t n, uint64_t k);

/* Variant II: take 1..k (k >= 1) from the left.  work must hold
** coins2_work_words(n, k) int64_t.  Tie rule: the fewest coins. */
size_t coins2_work_words(size_t n, uint64_t k);
void coins2_solve(const int64_t *a, size_t n, uint64_t k, int64_t *work,
                  coins_result *r);

/* Variant III: one coin from either end.  work must hold
** coins3_work_words(n) int64_t; work may be a itself (a is then
** destroyed), which makes the solve need no extra memory.
** Tie rule: see coins3_line below; the first move is that line's. */
size_t coins3_work_words(size_t n);
void coins3_solve(const int64_t *a, size_t n, int64_t *work, coins_result *r);

/* Dispatch on variant (1, 2 or 3).  For variant I only n and k are used. */
size_t coins_work_words(int variant, size_t n, uint64_t k);
void coins_solve(int variant, const int64_t *a, size_t n, uint64_t k,
                 int64_t *work, coins_result *r);

/* -------------------------------------------------- the line of best play */

/* One move of a line, with its effect. */
typedef struct coins_ply {
  uint64_t ply;    /* 1, 2, 3, ...                                   */
  int player;      /* 1 (first) or 2 (second)                        */
  coins_move move; /* what was played                                */
  uint64_t pos;    /* 0-based index of the lowest coin taken         */
  int64_t gain;    /* sum of the coins taken (0 for variant I)       */
  int64_t first_total, second_total; /* running totals after the move */
} coins_ply;

/* A generator of the optimal line, one move per call, O(1) amortised per
** move.  Set up with coins_line_init over buffers the caller keeps alive
** (a must stay unchanged; work holds coins_line_work_words(...) int64_t),
** then call coins_line_next until it returns 0.
**
** Tie rules, chosen so that the line is deterministic:
**   I   the winning move, or one coin from a lost position;
**   II  among optimal takes, the fewest coins;
**   III the row is reduced to blocks by peak fusion; a player takes the
**       end block of larger value, the left one on a tie, and the line
**       plays the whole (odd-length) block from that end, players
**       alternating inside it. */
typedef struct coins_line {
  int variant;
  const int64_t *a;
  uint64_t n, k;
  uint64_t ply;          /* moves made so far                        */
  uint64_t lo, hi;       /* coins still on the table: [lo, hi)       */
  int64_t totals[2];     /* first and second player's totals         */
  int64_t suffix;        /* II: sum of a[lo..n)                      */
  int64_t *best;         /* II: best[i] for i in 0..n                */
  int64_t *block_value;  /* III: fused blocks, values                */
  int64_t *block_len;    /* III: fused blocks, lengths               */
  size_t bl, br;         /* III: end blocks still in play [bl, br)   */
  uint64_t run_left;     /* III: moves left in the block being taken */
  char run_side;         /* III: its side                            */
} coins_line;

size_t coins_line_work_words(int variant, size_t n, uint64_t k);
/* For variant I, a may be NULL and n is the coin count. */
void coins_line_init(coins_line *line, int variant, const int64_t *a,
                     uint64_t n, uint64_t k, int64_t *work);
/* Writes the next move to *out and returns 1, or returns 0 at the end. */
int coins_line_next(coins_line *line, coins_ply *out);

#ifdef __cplusplus
}
#endif
#endif /* COINS_H */
