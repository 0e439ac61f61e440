/*
** coins.h -- the pure C core of coins: no SQLite in here.
**
** Solvers for three "coins in a line" games, the optimal line of play,
** reviews of recorded games, playing strategies, and a strict parser for
** the JSON arrays of integers the games are written in:
**
**   Variant I   n identical coins, take 1..k, whoever takes the last wins.
**   Variant II  a row of values, take 1..k from the left, larger total wins.
**   Variant III a row of values, take one coin from either end, larger
**               total wins.
**   I-misere    variant I where whoever takes the last coin loses.
**
** The core never allocates.  Callers hand it buffers whose sizes the
** *_words() functions give, so a host decides where memory comes from
** (the SQL layer uses SQLite's allocator).  Everything is O(n) time and
** O(n) memory; variant I is O(1).
**
** Margins are "mover's total minus the other player's total" under optimal
** play.  Callers guarantee the sum of |a[i]| fits in int64_t (the parser
** checks it), so no total, margin or intermediate value overflows.
**
** Text comes as (text, len): every reader here reads text[0..len) and
** nothing else, so text need not end with a NUL, and text[len] need not
** be readable (the SQL layer passes SQLite's bytes as they are, without
** the copy sqlite3_value_text makes to add a NUL to text bound with its
** length).
**
** docs/architecture.md says how the files fit together and what adding a
** variant involves; docs/algorithms.md explains each algorithm.
*/
#ifndef COINS_H
#define COINS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COINS_VERSION "0.2.0"

/* The games.  Every operation that differs between them is one switch
** over this type with no default case, so that -Wswitch names each place
** a new variant must fill (docs/architecture.md, "Add a variant"). */
typedef enum coins_variant {
  COINS_I = 1,           /* identical coins, take 1..k, the last coin wins */
  COINS_II = 2,          /* values, take 1..k from the left, larger total  */
  COINS_III = 3,         /* values, one coin from either end, larger total */
  COINS_I_MISERE = 4,    /* variant I, but whoever takes the last coin loses */
  COINS_I_SUM = 5,       /* piles of coins: take from one pile, the last coin wins */
  COINS_I_SUM_MISERE = 6 /* I-sum, but whoever takes the last coin loses */
} coins_variant;

/* What a core function that can fail returns. */
typedef enum coins_status {
  COINS_OK = 0,
  COINS_INVALID = -1, /* bad input or an illegal move: err says why      */
  COINS_NO_ROOM = -2, /* the caller's buffer is too small: grow and retry */
  COINS_STOPPED = -3  /* a coins_stop said to stop (below): the output is unusable */
} coins_status;

/* A way to stop a long call (a row of many millions of coins): the
** functions named *_stop below, and the lines and reviews they start,
** call stopped(arg) about every COINS_STOP_SPAN coins, moves or bytes of
** work, never on less work than that, and when it returns nonzero they
** return COINS_STOPPED at once.  The SQL layer asks SQLite whether the
** statement was interrupted.  A NULL coins_stop never stops; each
** function without _stop is its *_stop form with NULL. */
typedef struct coins_stop {
  int (*stopped)(void *arg);
  void *arg;
} coins_stop;

#define COINS_STOP_SPAN ((size_t)1 << 16)

/* Room for an error message, including its terminating NUL. */
#define COINS_ERRMSG_SIZE 256

/* Who wins with best play. */
typedef enum coins_outcome {
  COINS_FIRST = 1,  /* the first player wins */
  COINS_SECOND = 2, /* the second player wins */
  COINS_DRAW = 3    /* equal totals (variants II and III only) */
} coins_outcome;

/* A move.  Variants I and II: take = how many coins, side = 'L'.
** Variant III: take = 1, side = 'L' or 'R'.  I-sum: take from pile
** (from 0), side = 'L'.  take = 0: no move (no coins). */
typedef struct coins_move {
  uint64_t take;
  char side;
  uint32_t pile;
} coins_move;

/* What a solver reports for a whole game. */
typedef struct coins_solution {
  coins_outcome outcome;
  int64_t margin;  /* first player's total minus second's (0 for variant I) */
  int64_t score;   /* first player's total (0 for variant I)                */
  int64_t total;   /* sum of all coins (0 for variant I)                    */
  coins_move best; /* an optimal first move (see the tie rules below)       */
} coins_solution;

/* --------------------------------------------------------------- variants */

/* How a move is written in a record and in results: each variant has one
** notation (its traits say which).  The codec (ext/core/notation.c) is
** the one place that reads, checks and writes moves; a new notation is a
** new enumerator there and in each switch -Wswitch names. */
typedef enum coins_notation {
  COINS_NOTATION_TAKE = 1, /* a count of coins taken: 1, 2, ...           */
  COINS_NOTATION_SIDE = 2, /* the end one coin is taken from: 'L' or 'R'  */
  COINS_NOTATION_PILE = 3  /* a pile and a take, "p:t", piles from 1      */
} coins_notation;

/* How a variant's games look from outside: what the SQL layer and other
** hosts need to read arguments and write results. */
typedef struct coins_variant_traits {
  const char *name;        /* "I", "II", "III", "I-misere"                  */
  int has_values;          /* coins carry values (margins and scores exist)  */
  coins_notation notation; /* how a move is written                         */
  int takes_any_count;     /* a count of identical coins may replace a row   */
  uint64_t default_take;   /* max_take when it is left out                   */
  uint64_t fixed_take;     /* the only max_take allowed, or 0 for any >= 1   */
  int misere;              /* whoever takes the last coin loses, and a player
                              who cannot move wins                          */
  int piles;               /* coins is a JSON array of piles (a sum)        */
} coins_variant_traits;

static inline coins_variant_traits coins_variant_traits_of(coins_variant v) {
  coins_variant_traits t = {0, 0, COINS_NOTATION_TAKE, 0, 0, 0, 0, 0};
  switch (v) {
    case COINS_I: t.name = "I", t.takes_any_count = 1, t.default_take = 2; break;
    case COINS_II: t.name = "II", t.has_values = 1, t.default_take = 2; break;
    case COINS_III:
      t.name = "III", t.has_values = 1, t.notation = COINS_NOTATION_SIDE, t.default_take = 1;
      t.fixed_take = 1;
      break;
    case COINS_I_MISERE:
      t.name = "I-misere", t.takes_any_count = 1, t.default_take = 2, t.misere = 1;
      break;
    case COINS_I_SUM:
      t.name = "I-sum", t.notation = COINS_NOTATION_PILE, t.default_take = 2, t.piles = 1;
      break;
    case COINS_I_SUM_MISERE:
      t.name = "I-sum-misere", t.notation = COINS_NOTATION_PILE, t.default_take = 2, t.piles = 1;
      t.misere = 1;
      break;
  }
  return t;
}

/* Reads a variant name: "1".."6" or "I", "II", "III", "I-misere", "I-sum",
** "I-sum-misere" in any case, with
** blanks around it or not (coins_text_trim_blanks).  COINS_OK, or
** COINS_INVALID for anything else (nothing is written). */
coins_status coins_variant_parse(const char *text, size_t len, coins_variant *v);
/* The variant numbered i (1 to 6): COINS_OK or COINS_INVALID. */
coins_status coins_variant_of_number(int64_t i, coins_variant *v);

/* ----------------------------------------------------------------- parser */

/* Upper bound on the number of elements text[0..len) can hold (its commas
** plus one): size the output of coins_parse_array with it. */
size_t coins_parse_capacity(const char *text, size_t len);

/* Parses text[0..len) as a JSON array of integers into out[0..*n).
** Accepts any JSON whitespace, and numbers with a fraction or exponent
** whose value is an exact integer (2.0, 1e3).  Rejects everything else,
** and rows whose sum of absolute values exceeds INT64_MAX.  cap is the room
** in out; coins_parse_capacity(text, len) always suffices.  Locale-free;
** never reads past len (NUL bytes are ordinary, invalid characters).
** Returns COINS_OK; COINS_INVALID with a message naming the element
** (counted from 1) or the byte offset (counted from 0) in err; or
** COINS_NO_ROOM when out is full, so that a caller with a reusable buffer
** can parse first and count only when it must. */
coins_status coins_parse_array(const char *text, size_t len, int64_t *out, size_t cap, size_t *n,
                               char err[COINS_ERRMSG_SIZE]);
coins_status coins_parse_array_stop(const char *text, size_t len, int64_t *out, size_t cap,
                                    size_t *n, char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* Writes s[0..len) to out (size >= 48) as printable ASCII for an error
** message: other bytes as \xNN, cut with "..." after about 40 characters
** (so that a message is always valid UTF-8). */
void coins_text_quote(const unsigned char *s, size_t len, char *out, size_t size);

/* 'L' or 'R' for a move letter in either case, else 0. */
char coins_notation_side_of(int c);

/* The one rule for spaces in a textual argument (a variant name, a
** number, a strategy, a move letter): the blanks around it (space, tab,
** CR, LF, JSON's whitespace) are not part of it.  Moves *text past the
** leading ones and shortens *len by both. */
void coins_text_trim_blanks(const char **text, size_t *len);

/* Reads text[0..len) as a decimal integer: optional blanks, an optional
** sign, digits, optional blanks.  COINS_OK with *v, or COINS_INVALID for
** anything else (also out of the int64_t range). */
coins_status coins_text_parse_integer(const char *text, size_t len, int64_t *v);

/* ------------------------------------------------------------------ JSONB */

/* SQLite's binary JSON (JSONB, SQLite 3.45+), read directly.  The upper
** bound on the elements of the JSONB array in blob[0..len) (its element
** headers, counted without reading their payloads; 1 for a blob that is
** not an array, so that the parse reports it). */
size_t coins_jsonb_capacity(const unsigned char *blob, size_t len);

/* Parses blob[0..len) as a JSONB array of integers, with the contract of
** coins_parse_array: elements may be INT or FLOAT holding an exact
** integer; the same messages name the element; COINS_NO_ROOM when out
** is full.  A blob that is not JSONB is COINS_INVALID with a message that
** says a BLOB must be JSONB. */
coins_status coins_jsonb_parse_array(const unsigned char *blob, size_t len, int64_t *out,
                                     size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE]);
coins_status coins_jsonb_parse_array_stop(const unsigned char *blob, size_t len, int64_t *out,
                                          size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE],
                                          const coins_stop *stop);

/* A game record as a JSONB array: takes (variants I, II) or the strings
** "L"/"R" in any case (variant III), stored as coins_parse_moves stores
** them, with its messages (naming the ply). */
coins_status coins_jsonb_parse_moves(coins_variant v, const unsigned char *blob, size_t len,
                                     int64_t *moves, size_t cap, size_t *n,
                                     char err[COINS_ERRMSG_SIZE]);
coins_status coins_jsonb_parse_moves_stop(coins_variant v, const unsigned char *blob, size_t len,
                                          int64_t *moves, size_t cap, size_t *n,
                                          char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* ---------------------------------------------------------------- solvers */

/* Variant I: n identical coins, take 1..k (k >= 1).  Any 64-bit n and k.
** The winning move is unique; from a lost position the solver takes one
** coin (it keeps the game longest). */
void coins_solve1(uint64_t n, uint64_t k, coins_solution *r);
/* The move the variant I line plays with n coins left (take 0 if n = 0). */
uint64_t coins_solve1_take(uint64_t n, uint64_t k);
/* Variant I-misere, the same for misère play: the mover with n >= 1 coins
** loses exactly when (n - 1) % (k + 1) == 0; with no coins the mover has
** won, since the other player took the last coin.  Same tie rule. */
void coins_solve1_misere(uint64_t n, uint64_t k, coins_solution *r);
uint64_t coins_solve1_misere_take(uint64_t n, uint64_t k);
/* coins_solve1 or, for a misère variant, coins_solve1_misere: a count of
** any size (coins_solve's n is a size_t, 32 bits on a 32-bit platform). */
void coins_solve1_of(coins_variant v, uint64_t n, uint64_t k, coins_solution *r);

/* Variant II: take 1..k (k >= 1) from the left.  work must hold
** coins_solve2_work_words(n, k) int64_t.  Tie rule: the fewest coins. */
size_t coins_solve2_work_words(size_t n, uint64_t k);
void coins_solve2(const int64_t *a, size_t n, uint64_t k, int64_t *work, coins_solution *r);

/* Variant III: one coin from either end.  work must hold
** coins_solve3_work_words(n) int64_t; work may be a itself (a is then
** destroyed), which makes the solve need no extra memory.
** Tie rule: see coins_line below; the first move is that line's. */
size_t coins_solve3_work_words(size_t n);
void coins_solve3(const int64_t *a, size_t n, int64_t *work, coins_solution *r);

/* Any variant.  For variant I only n and k are used (a may be NULL). */
size_t coins_solve_work_words(coins_variant v, size_t n, uint64_t k);
void coins_solve(coins_variant v, const int64_t *a, size_t n, uint64_t k, int64_t *work,
                 coins_solution *r);
coins_status coins_solve_stop(coins_variant v, const int64_t *a, size_t n, uint64_t k,
                              int64_t *work, coins_solution *r, const coins_stop *stop);

/* Any variant straight from the text of its row, parsed as
** coins_parse_array parses it, in the fewest passes the variant allows
** (variant III fuses while it parses and keeps only the fusion stack).
** room[0..cap) is scratch space.  Returns COINS_OK; COINS_INVALID with err
** for bad text; or COINS_NO_ROOM with *need set to a room that suffices
** (call again with it). */
coins_status coins_solve_text(coins_variant v, const char *text, size_t len, uint64_t k,
                              int64_t *room, size_t cap, size_t *need, coins_solution *r,
                              char err[COINS_ERRMSG_SIZE]);
coins_status coins_solve_text_stop(coins_variant v, const char *text, size_t len, uint64_t k,
                                   int64_t *room, size_t cap, size_t *need, coins_solution *r,
                                   char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* --------------------------------------------------------------- positions */

/* One move of a game, with its effect. */
typedef struct coins_ply {
  uint64_t ply;                      /* 1, 2, 3, ...                                   */
  int player;                        /* 1 (first) or 2 (second)                        */
  coins_move move;                   /* what was played                                */
  uint64_t pos;                      /* 0-based index of the lowest coin taken         */
  int64_t gain;                      /* sum of the coins taken (0 for variant I)       */
  int64_t first_total, second_total; /* running totals after the move */
} coins_ply;

/* A position of a game being played: the coins still on the table, whose
** turn it is and the totals so far. */
typedef struct coins_state {
  coins_variant variant;
  const int64_t *a; /* the whole row (NULL for a variant I count)   */
  uint64_t n, k;
  uint64_t lo, hi;   /* coins left: [lo, hi)                         */
  uint64_t ply;      /* moves made                                   */
  int64_t totals[2]; /* first and second player's totals             */
  uint64_t mask;     /* 0: the takes are 1..k; else the set of takes,
                        bit s - 1 for take s, and k its largest
                        (coins_state_init_takes)                     */
  /* I-sum (coins_sum_start): a holds the piles at the start and n their
  ** number; lo is 0 and hi the piles a take still fits */
  int64_t *piles;                        /* the piles now, in the caller's work */
  const struct coins_pile_table *grundy; /* their Grundy values              */
  uint64_t nimsum;                       /* the XOR of the piles' values     */
  uint64_t big; /* I-sum-misere as plain misère Nim: the piles of 2 or more (sum.c) */
} coins_state;

void coins_state_init(coins_state *st, coins_variant v, const int64_t *a, uint64_t n, uint64_t k);
/* 1 or 2: whose turn it is. */
int coins_state_mover(const coins_state *st);
/* Plays m if it is legal: fills *out and returns COINS_OK; else returns
** COINS_INVALID and says why in err ("ply 3: ..."). */
coins_status coins_state_play(coins_state *st, coins_move m, coins_ply *out,
                              char err[COINS_ERRMSG_SIZE]);

/* ------------------------------------------------- the line of best play */

/* A generator of the optimal line, one move per call, O(1) amortised per
** move.  Set up with coins_line_init over buffers the caller keeps alive
** (a must stay unchanged; work holds coins_line_work_words(...) int64_t),
** then call coins_line_next until it returns 0.  line.st is the position
** the line has reached.
**
** Tie rules, chosen so that the line is deterministic:
**   I   the winning move, or one coin from a lost position;
**   II  among optimal takes, the fewest coins;
**   III the row is reduced to blocks by peak fusion; a player takes the
**       end block of larger value, the left one on a tie, and the line
**       plays the whole (odd-length) block from that end, players
**       alternating inside it. */
typedef struct coins_line {
  coins_state st;         /* the position reached                     */
  int64_t *work;          /* the caller's work space                  */
  int64_t suffix;         /* II: sum of a[lo..n)                      */
  int64_t *best;          /* II: best[i] for i in 0..n                */
  int64_t *take;          /* II: the line's take from coin i, i < n   */
  int64_t *block_value;   /* III: fused blocks, values                */
  int64_t *block_len;     /* III: fused blocks, lengths               */
  size_t bl, br;          /* III: end blocks still in play [bl, br)   */
  uint64_t run_left;      /* III: moves left in the block being taken */
  char run_side;          /* III: its side                            */
  const char *text;       /* III from text (st.a NULL): the row's text, */
  size_t left, right;     /* read from text[left] and up to text[right] */
  int unfused;            /* III: blocks not made yet (coins_line_fuse) */
  const coins_stop *stop; /* from a *_stop init: kept for fuse and skip */
  /* with a set of takes (coins_line_init_takes_stop; NULL otherwise):  */
  struct coins_pile_table *pile; /* I: the piles' values, in work        */
  const int64_t *prefix;         /* II: a[0] + ... + a[i - 1]; best[i] is then
                            the mover's margin from coin i           */
} coins_line;

size_t coins_line_work_words(coins_variant v, size_t n, uint64_t k);
/* For variant I, a may be NULL and n is the coin count. */
void coins_line_init(coins_line *line, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                     int64_t *work);
/* coins_line_init, but variant III's blocks are not made yet: the moves
** can be counted (coins_line_moves_left), and coins_line_fuse must come
** before any other use.  For a caller that may only count them. */
void coins_line_init_lazy(coins_line *line, coins_variant v, const int64_t *a, uint64_t n,
                          uint64_t k, int64_t *work);
/* ... that keeps stop, which must outlive the line, for coins_line_fuse
** and coins_line_skip too. */
coins_status coins_line_init_lazy_stop(coins_line *line, coins_variant v, const int64_t *a,
                                       uint64_t n, uint64_t k, int64_t *work,
                                       const coins_stop *stop);
/* Makes the blocks of a line set up by coins_line_init_lazy (once: later
** calls, and calls on any other line, do nothing).  COINS_OK, or
** COINS_STOPPED by the line's stop: the line is then of no use until a
** later call returns COINS_OK. */
coins_status coins_line_fuse(coins_line *line);
/* Variant III's line straight from the text of a row, which must stay
** unchanged while the line is used: the blocks fused as the text is read,
** each coin read again from the text when it is taken, so that nothing of
** the size of the row is stored (work holds the blocks; 2 (n + 5) words
** always suffice).  COINS_OK; COINS_NO_ROOM with *need, the work words to
** try next; or COINS_INVALID, without a message, for a row that is not a
** plain JSON array of integers: then parse it and use coins_line_init. */
coins_status coins_line_init_text(coins_line *line, const char *text, size_t len, int64_t *work,
                                  size_t words, size_t *need);
coins_status coins_line_init_text_stop(coins_line *line, const char *text, size_t len,
                                       int64_t *work, size_t words, size_t *need,
                                       const coins_stop *stop);
/* 1 when variant v's line can be played from the text (variant III). */
int coins_line_reads_text(coins_variant v);
/* Writes the next move to *out and returns 1, or returns 0 at the end. */
int coins_line_next(coins_line *line, coins_ply *out);
/* Plays the next moves, max at most (fewer at the end), for a reader of
** the gains alone: writes each move's gain to gains[] and returns how many
** were played.  The position's totals are then no longer kept (variant
** III plays a block's run of coins at a time: its fastest path). */
size_t coins_line_gains(coins_line *line, int64_t *gains, size_t max);
/* The next move, without playing it: O(1) (take 0 at the end). */
coins_move coins_line_peek(const coins_line *line);
/* Plays the next count moves of the line (fewer if it ends first) without
** reporting them: O(1) for variant I, O(count) amortised otherwise.
** COINS_OK, or COINS_STOPPED by the line's stop, part of the way. */
coins_status coins_line_skip(coins_line *line, uint64_t count);
/* The moves the line has left when that is known without playing them
** (variant III: a move a coin), else UINT64_MAX. */
uint64_t coins_line_moves_left(const coins_line *line);

/* ------------------------------------------------------- recorded games */

/* Parses a game record for variant v into moves[0..*n): a JSON array of
** take counts (I, II) or of "L"/"R" (III, any case), or for variant III
** also a bare string of L/R letters ("LRRL").  A move is stored as its
** take count (I, II) or as 'L' / 'R' (III); coins_notation_move_of turns it into a
** coins_move.  Only the form is checked here (and that a take is >= 1);
** coins_state_check_record checks that the moves are legal.  cap must be at
** least coins_parse_moves_capacity(text, len).  Errors name the ply. */
size_t coins_parse_moves_capacity(const char *text, size_t len);
coins_status coins_parse_moves(coins_variant v, const char *text, size_t len, int64_t *moves,
                               size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE]);
coins_status coins_parse_moves_stop(coins_variant v, const char *text, size_t len, int64_t *moves,
                                    size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE],
                                    const coins_stop *stop);
coins_move coins_notation_move_of(coins_variant v, int64_t stored);

/* The codec of moves (ext/core/notation.c), for hosts that write moves.
** 1 when nt writes a move as a number, its take (a JSON number, an SQL
** INTEGER); 0 when as a word (a string). */
int coins_notation_is_number(coins_notation nt);
/* m (take >= 1) as nt writes it ("3", "L"), NUL-terminated, its length in
** *len: in static storage when the notation has few words ("L", "R"),
** else written in buf. */
#define COINS_MOVE_TEXT_SIZE 32
const char *coins_notation_format(coins_notation nt, coins_move m, char buf[COINS_MOVE_TEXT_SIZE],
                                  size_t *len);
/* A move written alone as a word in text[0..len) ('L', 'r'): its stored
** form, with its notation in *nt; 0 when it is no move word.  And a
** stored move of nt as a coins_move (coins_notation_move_of, given the notation). */
int64_t coins_notation_word(const char *text, size_t len, coins_notation *nt);
coins_move coins_notation_decode(coins_notation nt, int64_t stored);
/* The notation's name ("take", "side"), and how a bare record of it is
** written, for messages ("takes like '1,2,1'", "L/R letters"). */
const char *coins_notation_name(coins_notation nt);
const char *coins_notation_bare_form(coins_notation nt);

/* Checks that moves[0..count) (as coins_parse_moves stores them) can be
** played in order from the start of a game of n coins with max_take k,
** without playing them: O(count).  COINS_OK, or COINS_INVALID with the
** message coins_state_play would give at the first illegal move. */
coins_status coins_state_check_record(coins_variant v, uint64_t n, uint64_t k, const int64_t *moves,
                                      size_t count, char err[COINS_ERRMSG_SIZE]);
coins_status coins_state_check_record_stop(coins_variant v, uint64_t n, uint64_t k,
                                           const int64_t *moves, size_t count,
                                           char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* Plays moves[0..count) (as coins_parse_moves stores them, already found
** legal by coins_state_check_record) on st, calling each (unless NULL) with
** every move played. */
void coins_state_replay(coins_state *st, const int64_t *moves, size_t count,
                        void (*each)(const coins_ply *p, void *ctx), void *ctx);

/* One judged move of a record. */
typedef struct coins_judgement {
  coins_ply played;
  coins_move best;   /* an optimal move from the same position       */
  int64_t loss;      /* what the move cost the mover (>= 0); variant
                       I: 1 if it turned a win into a loss           */
  int before, after; /* the mover's forced result: +1, 0, -1        */
} coins_judgement;

/* Reviews a record move by move against optimal play.  Two ways to start:
**
**   coins_review_init_record, for a record known in advance (coins_review
**   does this): variant III then solves every position the record visits
**   in one pass backwards, O((n + moves) log n) in all, however far the
**   record strays from optimal play; `best` is then the first move of the
**   optimal line from each position (what coins_solve3 gives for the coins
**   left).  Variants I and II are O(1) a move either way.
**
**   coins_review_init, for moves that come one at a time (coins_play): in
**   variant III `best` is the next move of coins' optimal line, started
**   afresh where the moves left it; a move on that line costs O(1).  Off
**   it, the first best move asked for makes a table of the row, O(n log
**   n) once, from which each later move costs O(log n) (coins_review_apply
**   and coins_review_best); a judgement off the line (coins_review_play)
**   re-solves the coins left, O(coins left).
**
** line.st is the position reached. */
typedef struct coins_review {
  coins_line line;       /* the optimal line from the position     */
  int64_t margin;        /* II/III: the mover's margin from here   */
  int line_stale;        /* III: the position left the line        */
  int64_t *greedy_take;  /* II: greedy play's take from each coin,
                           NULL until a greedy player asks        */
  const int64_t *record; /* III, started for a record: its moves */
  size_t record_count;
  int64_t *record_margin; /* the margin after t moves             */
  char *record_best;      /* the best move after t moves          */
  int64_t *interval;      /* III, one move at a time: the table of
                            the row in work once made, in place of
                            the line's blocks (NULL: none)        */
} coins_review;

size_t coins_review_work_words(coins_variant v, size_t n, uint64_t k);
void coins_review_init(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                       int64_t *work);
/* ... whose line keeps stop (coins_line_init_lazy_stop). */
coins_status coins_review_init_stop(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n,
                                    uint64_t k, int64_t *work, const coins_stop *stop);
/* The work coins_review_init_record needs for a record of count moves. */
size_t coins_review_record_words(coins_variant v, size_t n, uint64_t k, size_t count);
/* Starts the review of moves[0..count) (as coins_parse_moves stores them,
** found legal by coins_state_check_record), to be judged in that order: a move
** that is not the record's next is refused.  n < 2^32 - 2. */
void coins_review_init_record(coins_review *rv, coins_variant v, const int64_t *a, uint64_t n,
                              uint64_t k, const int64_t *moves, size_t count, int64_t *work);
coins_status coins_review_init_record_stop(coins_review *rv, coins_variant v, const int64_t *a,
                                           uint64_t n, uint64_t k, const int64_t *moves,
                                           size_t count, int64_t *work, const coins_stop *stop);
/* The best move from the current position (take 0 when no coins left). */
coins_move coins_review_best(coins_review *rv);
/* Judges and plays m: COINS_OK, or COINS_INVALID with err for an illegal
** move (nothing is played) or for a loss above 2^63-1 (possible only when
** the sum of |coins| exceeds 2^62; the move is played). */
coins_status coins_review_play(coins_review *rv, coins_move m, coins_judgement *out,
                               char err[COINS_ERRMSG_SIZE]);
/* Plays m like coins_review_play but without judging it: O(1) (O(log n)
** in variant III on the table of the row), and the optimal line is
** started afresh only when coins_review_best next needs it. */
coins_status coins_review_apply(coins_review *rv, coins_move m, coins_ply *out,
                                char err[COINS_ERRMSG_SIZE]);

/* ---------------------------------------------------------------- analysis */

/* One legal move from a position, with what it is worth (options.c). */
typedef struct coins_option {
  coins_move move;
  int64_t gain;   /* what the move collects (0 for variant I)             */
  int64_t margin; /* the mover's final margin over the position's coins
                     if they play it and both play best after (I: 0)     */
  int64_t loss;   /* the best move's margin minus this one's; variant I:
                     1 when the move turns a won position into a lost one */
  uint64_t rank;  /* 1 for the best; equal margins share a rank           */
  int result;     /* the mover's result, counting the lead: +1, 0, -1     */
} coins_option;

/* Every legal move from a position, in a fixed order: takes 1, 2, ...
** (variants I and II), then 'L' and 'R' (variant III; one coin left: only
** 'L').  Set up with coins_options_init over work the caller keeps alive
** (coins_options_work_words), then read rows 0 .. count - 1 with
** coins_options_row, each in O(1).  The set-up is O(n) in variants II and
** III whatever k is (one pass for every take; two solves for the two
** ends), O(1) in variant I. */
typedef struct coins_options {
  coins_variant variant;
  const int64_t *a;
  uint64_t n, k;
  int64_t lead;                  /* the mover's lead so far                   */
  uint64_t count;                /* rows                                      */
  int64_t best_margin;           /* II, III: the largest margin              */
  int won;                       /* I: the mover wins the position            */
  int64_t *margin;               /* II, III: margin[i] of row i               */
  int64_t *gain;                 /* II, III: gain[i]                          */
  uint64_t *rank;                /* II, III: rank[i]                          */
  uint64_t moves;                /* with a set of takes: those that fit, a mask */
  struct coins_pile_table *pile; /* I with a set: the piles' values */
} coins_options;

size_t coins_options_work_words(coins_variant v, size_t n, uint64_t k);
/* lead: the mover's total minus the other player's so far (0 at the
** start; any int64).  COINS_OK; COINS_STOPPED by stop; or COINS_INVALID
** with err when a loss exceeds 2^63-1 (possible only when the sum of
** |coins| exceeds 2^62). */
coins_status coins_options_init_stop(coins_options *o, coins_variant v, const int64_t *a,
                                     uint64_t n, uint64_t k, int64_t lead, int64_t *work,
                                     char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* Row i (i < o->count). */
void coins_options_row(const coins_options *o, uint64_t i, coins_option *out);

/* How coins judges a move beyond its loss (analysis.c; docs/reference.md
** says why).  The stake of a position is the sum of the |coins| still on
** the table: the final margin can still move by that much either way, so
** a move's share is its loss over twice the stake, from 0 to 1. */
typedef enum coins_grade {
  COINS_BEST,       /* loss 0                                        */
  COINS_INACCURACY, /* the result kept, a share under 0.075 given away */
  COINS_MISTAKE,    /* the result kept, a share of 0.075 or more        */
  COINS_BLUNDER     /* the forced result got worse                     */
} coins_grade;

/* The share of the stake a loss gave away: loss / (2 stake), 0 when
** nothing is at stake; variant I (stake unused): the loss, 0 or 1. */
double coins_analysis_share(coins_variant v, int64_t loss, uint64_t stake);
coins_grade coins_analysis_grade(coins_variant v, const coins_judgement *j, uint64_t stake);
/* The move's accuracy, 0..100: 100 for a loss of 0, else
** 103.1668 e^(-4.354 share) - 3.1669, at least 0. */
double coins_analysis_accuracy(coins_variant v, const coins_judgement *j, uint64_t stake);

/* What the extra columns of a review need besides the review itself,
** each part made the first time it is asked for: the stake of the
** positions, and for the only-move test variant II's window of the two
** least suffix values, variant III's room for one solve.  work holds
** coins_analysis_work_words words.  For a review of a record known in
** advance (coins_review_init_record), coins_analysis_use_record lets
** variant III solve every position one step off the record in a pass
** backwards a side, with coins_analysis_record_words words. */
typedef struct coins_analysis {
  coins_variant variant;
  const int64_t *a;
  uint64_t n, k;
  int64_t *work;
  int by_record;   /* coins_analysis_use_record was called (III uses it) */
  unsigned others; /* then: other[t] made (analysis.c) where move t is 'L' (1), 'R' (2) */
  int stake_ready;
  uint64_t stake_lo, stake_hi, stake; /* Σ|a| over [stake_lo, stake_hi)     */
  uint64_t qlo, qmid, qhi;            /* II: the window [qlo, qhi) of best[] */
  int64_t back1, back2;               /* II: the two least of [qmid, qhi)   */
  const coins_stop *stop;
} coins_analysis;

size_t coins_analysis_work_words(coins_variant v, size_t n, uint64_t k);
void coins_analysis_init(coins_analysis *an, coins_variant v, const int64_t *a, uint64_t n,
                         uint64_t k, int64_t *work, const coins_stop *stop);
/* For the review of a record of count moves known in advance: from the
** call of coins_analysis_use_record on, variant III's only-move test
** costs O((n + count) log n) once for the whole record, the first time a
** move needs it, then O(1) a move.  work: coins_analysis_record_words
** words, its start holding what an's work held (grown by a realloc, say),
** count the length of the record the review was started with. */
size_t coins_analysis_record_words(coins_variant v, size_t n, uint64_t k, size_t count);
void coins_analysis_use_record(coins_analysis *an, int64_t *work);
/* Σ|a| over the coins [lo, hi), which must not grow from one call to the
** next (the positions of a game): O(n) the first time, then O(coins
** removed).  COINS_OK, or COINS_STOPPED. */
coins_status coins_analysis_stake(coins_analysis *an, uint64_t lo, uint64_t hi, uint64_t *stake);
/* The first player's guaranteed final margin from the position rv has
** reached (totals so far plus best play); variant I: +1 when the first
** player wins from there, -1 when the second does. */
int64_t coins_analysis_eval(const coins_review *rv);
/* The mover's lead before the move j judged. */
int64_t coins_analysis_lead(const coins_judgement *j);
/* Whether the best move was the only legal move keeping the mover's
** `before` result, for the move j that rv has just judged from the
** position [lo, hi): *only 1 or 0, or -1 when there was one legal move.
** O(1) amortised in variants I and II (positions visited in order);
** variant III: O(1) unless the move played was the best, then one solve
** of the other end's position, O(coins left), or, after
** coins_analysis_use_record, O(1) once the record's are solved.
** COINS_OK or COINS_STOPPED. */
coins_status coins_analysis_only_move(coins_analysis *an, const coins_review *rv,
                                      const coins_judgement *j, uint64_t lo, uint64_t hi,
                                      int *only);

/* One player's card for a recorded game (scorecard.c). */
typedef struct coins_card {
  uint64_t moves, best, inaccuracies, mistakes, blunders;
  int64_t loss;        /* the sum of the moves' losses              */
  double accuracy_sum; /* Σ accuracy of the moves                   */
  double harmonic_sum; /* Σ 1 / max(accuracy, 1)                    */
  int64_t total;       /* coins collected (0 for variant I)         */
  int result;          /* as played: +1, 0, -1; 2 unfinished        */
  int expected;        /* with best play from the start: +1, 0, -1  */
} coins_card;

/* The game accuracy of a card: the mean of the arithmetic and the
** harmonic mean of its moves' accuracies (each at least 1 in the
** harmonic one); NaN for a player without moves. */
double coins_scorecard_accuracy(const coins_card *c);
/* Reviews moves[0..count) (found legal by coins_state_check_record) and fills
** card[0] (first player) and card[1].  work holds
** coins_review_record_words(v, n, k, count) + coins_analysis_work_words(v,
** n, k) words.  COINS_OK, COINS_STOPPED, or COINS_INVALID with err (a loss
** above 2^63-1, as coins_review_play says). */
coins_status coins_scorecard_stop(coins_variant v, const int64_t *a, uint64_t n, uint64_t k,
                                  const int64_t *moves, size_t count, int64_t *work,
                                  coins_card card[2], char err[COINS_ERRMSG_SIZE],
                                  const coins_stop *stop);

/* ------------------------------------------------------------- strategies */

/* A pseudo-random generator (splitmix64) that gives the same sequence on
** every platform. */
uint64_t coins_random_next(uint64_t *state);
/* Uniform in [lo, hi] (lo <= hi), without modulo bias. */
int64_t coins_random_range(uint64_t *state, int64_t lo, int64_t hi);
/* n calls of coins_random_range into out[0..n): the same values, about
** twice as fast (the range's rejection limit computed once). */
void coins_random_fill(uint64_t *state, int64_t lo, int64_t hi, int64_t *out, size_t n);

typedef enum coins_strategy_kind {
  COINS_OPTIMAL, /* the move coins_review_best gives                   */
  COINS_GREEDY,  /* the largest immediate gain: ties left / fewer coins;
                    variant I: as many coins as allowed                 */
  COINS_LEFT,    /* the left coin (III), or one coin (I, II)            */
  COINS_PARITY,  /* III, first player, even n: the end of the richer
                    index class (even or odd positions)                 */
  COINS_RANDOM,  /* a legal move from a seeded generator                */
  COINS_CARELESS /* optimal, but a random move with a given chance      */
} coins_strategy_kind;

typedef struct coins_strategy {
  coins_strategy_kind kind;
  uint64_t rng;     /* RANDOM, CARELESS: the generator's state         */
  unsigned percent; /* CARELESS: the chance of a random move, 0..100   */
  int parity_odd;   /* COINS_PARITY: 1 when the odd positions are worth
                       more; set by coins_strategy_ready               */
} coins_strategy;

/* Parses 'optimal', 'greedy', 'left', 'parity', 'random:SEED' or
** 'careless:PERCENT:SEED' (SEED a decimal 64-bit integer, PERCENT 0..100),
** the names in any case, blanks around the whole ignored
** (coins_text_trim_blanks).  COINS_OK, or COINS_INVALID with err. */
coins_status coins_strategy_parse(const char *text, size_t len, coins_strategy *s,
                                  char err[COINS_ERRMSG_SIZE]);
/* Checks s can play as player (1 or 2) of the game rv starts, and sets it
** up.  COINS_OK, or COINS_INVALID with err. */
coins_status coins_strategy_ready(coins_strategy *s, int player, const coins_review *rv,
                                  char err[COINS_ERRMSG_SIZE]);
/* The move s plays from rv's position (which must have coins left). */
coins_move coins_strategy_move(coins_strategy *s, coins_review *rv);

/* ---------------------------------------------------- the game family */

/* Variant I generalised (docs/algorithms.md, "The subtraction game
** family"): a set S of allowed takes instead of 1..k, misère play, and
** sums of piles (a move takes from one pile).  Everything here is exact
** and needs no allocation; the piles' values are found by a window of
** the last max(S) values and, for large piles, the period of their
** sequence (coins_pile_period). */

/* The largest take a set written as a JSON array may hold.  A set is a
** bit mask of 1..64, so it holds at most 64 takes. */
#define COINS_TAKES_MAX 64

/* A set of allowed takes: {1..k} for any k >= 1 (range = k), or a set of
** takes within 1..COINS_TAKES_MAX (range = 0).  A set that is {1..k}
** for k <= 64 is always stored as the range k, its canonical form. */
typedef struct coins_takes {
  uint64_t mask;  /* bit s - 1 set when s may be taken, for s <= 64        */
  uint64_t range; /* k when the set is {1..k}, else 0                      */
} coins_takes;

/* Room for coins_takes_text's output, including its NUL. */
#define COINS_TAKES_TEXT_SIZE 200

/* The set {1..k}: COINS_OK, or COINS_INVALID with err for k < 1. */
coins_status coins_takes_of_integer(int64_t k, coins_takes *t, char err[COINS_ERRMSG_SIZE]);
/* The set of the takes v[0..n) (any order): COINS_OK, or COINS_INVALID
** with err naming the take (counted from 1) for an empty set, a take
** outside 1..64 or a take given twice. */
coins_status coins_takes_of_values(const int64_t *v, size_t n, coins_takes *t,
                                   char err[COINS_ERRMSG_SIZE]);
/* Reads text[0..len): a decimal integer k >= 1 (the set {1..k}) or a JSON
** array of takes such as [1,3,4], parsed as coins_parse_array parses a
** row (its messages, the elements called "take"), blanks around either
** allowed.  COINS_OK, or COINS_INVALID with err. */
coins_status coins_takes_parse(const char *text, size_t len, coins_takes *t,
                               char err[COINS_ERRMSG_SIZE]);
/* The message for a takes argument that is neither an integer k >= 1
** nor a JSON array, what it got written as got ("2.5", "a BLOB"), in
** err.  Returns COINS_INVALID. */
coins_status coins_takes_refuse(const char *got, char err[COINS_ERRMSG_SIZE]);
/* 1 when s is in the set. */
int coins_takes_allows(const coins_takes *t, uint64_t s);
/* The smallest and the largest take of the set. */
uint64_t coins_takes_smallest(const coins_takes *t);
uint64_t coins_takes_largest(const coins_takes *t);
/* How many takes the set holds. */
uint64_t coins_takes_count(const coins_takes *t);
/* The canonical text of the set into out (COINS_TAKES_TEXT_SIZE bytes):
** "k" for {1..k}, else the takes ascending as a JSON array "[1,3,4]".
** Returns its length. */
size_t coins_takes_text(const coins_takes *t, char out[COINS_TAKES_TEXT_SIZE]);

/* Who makes the last move wins (normal play) or loses (misère play).  In
** variant I with 1 in the set, that is whoever takes the last coin. */
typedef enum coins_convention { COINS_NORMAL = 0, COINS_MISERE = 1 } coins_convention;

/* The three sequences of one pile whose n-th value coins_pile_value
** gives: its Sprague-Grundy value (normal play), or 1 when the player
** to move wins with n coins and 0 when that player loses, under normal
** or misère play.  A pile with no allowed move is lost under normal play
** and won under misère play (the other player moved last). */
typedef enum coins_pile_values {
  COINS_PILE_GRUNDY = 0,
  COINS_PILE_NORMAL = 1,
  COINS_PILE_MISERE = 2
} coins_pile_values;

/* How far coins_pile_period looks for a period: the values of piles
** 0..COINS_PILE_SEARCH.  It finds every period whose preperiod plus
** period is at most COINS_PILE_SEARCH / 3; docs/algorithms.md says which
** sets that covers for certain. */
#define COINS_PILE_SEARCH ((uint64_t)1 << 22)

/* A sequence is periodic from start with period length: value(n) =
** value(n - length) for every n >= start + length; both the smallest. */
typedef struct coins_period {
  uint64_t start, length;
} coins_period;

/* The period of a pile's sequence: for {1..k} from the closed forms, else
** by Brent's cycle search over windows of max(S) values, O((start +
** length) |S|) time and no memory beyond a window.  COINS_OK;
** COINS_INVALID with err when no period shows within COINS_PILE_SEARCH
** values; COINS_STOPPED. */
coins_status coins_pile_period(const coins_takes *t, coins_pile_values what, coins_period *p,
                               char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* The value of the pile of n coins, for any n < 2^64: closed forms for
** {1..k} ((n mod (k + 1)) for Grundy values; lost when n mod (k + 1) is
** 0 under normal play, 1 under misère play); else the values computed up
** to n, or, for an n past the period, up to the pile of the same place
** in the period: O(min(n, start + length) |S|).  COINS_OK; COINS_INVALID
** with err when n is past COINS_PILE_SEARCH and no period was found;
** COINS_STOPPED. */
coins_status coins_pile_value(const coins_takes *t, coins_pile_values what, uint64_t n,
                              uint64_t *value, char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* The move variant I plays from a pile of n coins: the smallest take
** that wins; from a lost pile the smallest take allowed; 0 when no take
** fits (n below every take).  Statuses as coins_pile_value. */
coins_status coins_pile_best(const coins_takes *t, coins_convention c, uint64_t n, uint64_t *take,
                             char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* The values of every pile in caller memory, for a caller that asks for
** many (a sum of piles, a line of play): set up by coins_pile_table_init,
** read by coins_pile_table_value in O(1). */
typedef struct coins_pile_table {
  coins_takes takes;
  coins_pile_values what;
  coins_period period;   /* found, or {size, 0}: only piles < size known   */
  const uint8_t *values; /* values[n] for n < size (NULL for {1..k})       */
  uint64_t size;
} coins_pile_table;

/* Makes the table of t's values for piles up to largest (all piles when
** the period shows first) in work[0..words).  COINS_OK; COINS_NO_ROOM
** with *need, the words to call again with; otherwise as
** coins_pile_value.  work must stay while the table is used. */
coins_status coins_pile_table_init(coins_pile_table *pt, const coins_takes *t,
                                   coins_pile_values what, uint64_t largest, int64_t *work,
                                   size_t words, size_t *need, char err[COINS_ERRMSG_SIZE],
                                   const coins_stop *stop);
/* The value of the pile of n coins (n <= the largest pile the table was
** made for, or any n when its period is known). */
uint64_t coins_pile_table_value(const coins_pile_table *pt, uint64_t n);

/* A sum of piles: each move takes an allowed number of coins from one
** pile.  Normal play: the mover wins exactly when the XOR of the piles'
** Grundy values (the nim-sum) is not 0.  Misère play is solved where the
** rule is exact: at most one pile with a move left (the others are the
** empty game), or plain misère Nim (t = {1..k} with k >= every pile: the
** mover wins when every pile is 0 or 1 and the 1-piles are even in
** number, or when some pile is 2 or more and the nim-sum is not 0).
** Other misère sums are COINS_INVALID with a message saying so. */
typedef struct coins_sum_result {
  coins_outcome outcome; /* COINS_FIRST: the player to move wins           */
  uint64_t grundy;       /* the nim-sum (normal play; 0 under misère)      */
  size_t pile;           /* the best move: the pile (from 0) ...           */
  uint64_t take;         /* ... and how many coins; 0 when no move is left */
} coins_sum_result;

/* Solves the sum of piles[0..count) (each >= 0).  The best move: the
** first winning move in the order of piles, then of takes (the smallest
** pile index, then the smallest take); from a lost position the smallest
** take from the first pile that has one.  work: the table of
** coins_pile_table_init (COINS_NO_ROOM with *need; {1..k} needs none).
** O(count |S|) after the table.  COINS_INVALID with err for a pile out
** of 0..COINS_SUM_MAX_PILE, too many piles or a misère sum not solved. */
coins_status coins_sum_solve(const coins_takes *t, coins_convention c, const int64_t *piles,
                             size_t count, coins_sum_result *r, int64_t *work, size_t words,
                             size_t *need, char err[COINS_ERRMSG_SIZE], const coins_stop *stop);

/* The most piles a sum may have (variant I-sum), and the largest pile:
** 2^51 - 1, so that every move "p:t" coins writes reads back from a
** record, which keeps a move's pile and take in one 64-bit word. */
#define COINS_SUM_MAX_PILES 4096
#define COINS_SUM_MAX_PILE (((int64_t)1 << 51) - 1)

/* Variant v, I-sum or I-sum-misere, played move by move on a coins_state
** (sum.c): the piles are copied into work and their values kept up to
** date, O(1) a move, so a line of M moves over P piles costs O(M (P +
** |S|)).  coins_sum_start checks the piles (0..COINS_SUM_MAX_PILE, at
** most COINS_SUM_MAX_PILES of them), for I-sum-misere that they are in a class
** coins_sum_solve solves (moves keep them there), and makes the table:
** COINS_NO_ROOM with *need, the words to call again with; COINS_INVALID
** with err; COINS_STOPPED. */
coins_status coins_sum_start(coins_state *st, coins_variant v, const int64_t *piles, size_t count,
                             const coins_takes *t, int64_t *work, size_t words, size_t *need,
                             char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* The move coins_sum_solve gives from the position (take 0: none). */
coins_move coins_sum_best(const coins_state *st);
/* coins_options' rows on a sum: the legal move after m (in the order of
** piles, then of takes; m with take 0: the first), take 0 after the
** last; and what move m is worth (result, loss and rank as variant I's:
** a move that leaves a nim-sum of 0 wins; under misère play, one that
** leaves a position coins_sum_solve says is lost).  O(1) a move, past the piles
** without one. */
coins_move coins_sum_next_move(const coins_state *st, coins_move m);
void coins_sum_option(const coins_state *st, coins_move m, struct coins_option *out);

/* The move variant I plays from a pile of n coins (the table of
** normal or misère outcomes), as coins_pile_best gives it, in O(|S|). */
uint64_t coins_pile_table_best(const coins_pile_table *pt, uint64_t n);
/* Words of work that always hold the values of a table made for piles
** up to largest (coins_pile_table_init). */
size_t coins_pile_table_words(uint64_t largest);

/* Variant II with a set of takes: take s in S coins from the left.  When
** no take fits the coins left (fewer than the smallest take), the game
** ends and those coins are nobody's.  O(n |S|) time; work holds
** coins_row_takes_work_words(n) int64_t.  r: the margin (first's total
** minus second's) and outcome; score, the first player's total along
** the line of best play with variant II's tie rule (among optimal takes,
** the fewest coins); total, the sum of all the coins, left ones
** included; best, the first move (take 0 when none fits). */
size_t coins_row_takes_work_words(size_t n, const coins_takes *t);
void coins_row_takes_solve(const int64_t *a, size_t n, const coins_takes *t, int64_t *work,
                           coins_solution *r);
coins_status coins_row_takes_solve_stop(const int64_t *a, size_t n, const coins_takes *t,
                                        int64_t *work, coins_solution *r, const coins_stop *stop);
/* The take the line plays from coin i when work holds what
** coins_row_takes_solve left there (0 when none fits). */
uint64_t coins_row_takes_move(size_t n, const coins_takes *t, const int64_t *work, size_t i);

/* The games of variants I and II with a set of takes t.  Each function
** below is, for t = {1..k}, the function of the same name without
** "_takes" given k: the same code path.  With any other set (variants I
** and II; variant III takes only {1}) a move takes s in t, and a
** position where no take fits the coins left ends the game: in variant
** I the player to move has lost, in variant II the coins left are
** nobody's.  Variant I's values come from a table of the piles
** (coins_pile_table), variant II's from coins_row_takes_solve:
** O(n |S|) to set up, O(|S|) a move.  The *_init_takes_stop functions
** can fail as coins_pile_table_init does (a pile past
** COINS_PILE_SEARCH whose values show no period): COINS_INVALID with
** err.  A variant I count is any uint64_t; a *_takes_work_words function
** takes it as a size_t: give SIZE_MAX for a count past SIZE_MAX (32-bit
** platforms), which needs the same words (a table of at most
** COINS_PILE_SEARCH piles). */
void coins_state_init_takes(coins_state *st, coins_variant v, const int64_t *a, uint64_t n,
                            const coins_takes *t);
/* 1 when the player to move has a legal move (coins left, and with a
** set, a take that fits them). */
int coins_state_can_move(const coins_state *st);
coins_status coins_state_check_record_takes_stop(coins_variant v, uint64_t n, const coins_takes *t,
                                                 const int64_t *moves, size_t count,
                                                 char err[COINS_ERRMSG_SIZE],
                                                 const coins_stop *stop);
size_t coins_solve_takes_work_words(coins_variant v, size_t n, const coins_takes *t);
coins_status coins_solve_takes_stop(coins_variant v, const int64_t *a, size_t n,
                                    const coins_takes *t, int64_t *work, coins_solution *r,
                                    char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* Variant I or I-misere with a set: the pile's outcome and move, for a
** count of any size (coins_solve_takes_stop's n is a size_t); no work. */
coins_status coins_solve1_takes_of(coins_variant v, uint64_t n, const coins_takes *t,
                                   coins_solution *r, char err[COINS_ERRMSG_SIZE],
                                   const coins_stop *stop);
/* coins_line_init_lazy_stop with a set. */
size_t coins_line_takes_work_words(coins_variant v, size_t n, const coins_takes *t);
coins_status coins_line_init_takes_stop(coins_line *line, coins_variant v, const int64_t *a,
                                        uint64_t n, const coins_takes *t, int64_t *work,
                                        char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* coins_review_init_stop with a set (a record known in advance too:
** variants I and II review it move by move). */
size_t coins_review_takes_work_words(coins_variant v, size_t n, const coins_takes *t);
coins_status coins_review_init_takes_stop(coins_review *rv, coins_variant v, const int64_t *a,
                                          uint64_t n, const coins_takes *t, int64_t *work,
                                          char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
/* coins_options_init_stop with a set: the rows are the takes that fit,
** ascending. */
/* coins_scorecard_stop with a set; work holds
** coins_scorecard_takes_work_words words (for a set {1..k} too). */
size_t coins_scorecard_takes_work_words(coins_variant v, size_t n, const coins_takes *t,
                                        size_t count);
coins_status coins_scorecard_takes_stop(coins_variant v, const int64_t *a, uint64_t n,
                                        const coins_takes *t, const int64_t *moves, size_t count,
                                        int64_t *work, coins_card card[2],
                                        char err[COINS_ERRMSG_SIZE], const coins_stop *stop);
size_t coins_options_takes_work_words(coins_variant v, size_t n, const coins_takes *t);
coins_status coins_options_init_takes_stop(coins_options *o, coins_variant v, const int64_t *a,
                                           uint64_t n, const coins_takes *t, int64_t lead,
                                           int64_t *work, char err[COINS_ERRMSG_SIZE],
                                           const coins_stop *stop);

#ifdef __cplusplus
}
#endif
#endif /* COINS_H */
