/*
** coins_sql.h -- what the files of the SQL layer share: reading arguments
** out of sqlite3_values, reporting errors and results, and the machinery
** of the table-valued functions.  No game logic here: that is the pure
** core's (include/coins.h, the only core header this layer includes).
*/
#ifndef COINS_SQL_H
#define COINS_SQL_H

#include <sqlite3ext.h>

#include "coins.h"

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0x000200000
#endif
#ifndef SQLITE_VTAB_INNOCUOUS
#define SQLITE_VTAB_INNOCUOUS 2
#endif

/* The flags of every coins function: pure and safe in a schema. */
#define COINS_SQL_FUNCTION_FLAGS (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* What the argument readers below return when an argument is SQL NULL:
** the result is NULL (scalars) or no rows (table-valued functions).  It is
** negative, so no SQLite code means it; every caller tests for it by name
** before it hands a code to SQLite. */
#define COINS_SQL_NULL (-1)

/* ------------------------------------------------------- interrupts */

/* Finds sqlite3_is_interrupted in the API table SQLite passed to
** sqlite3_coins_init (interrupt.c says how, and when it cannot). */
void coins_interrupt_setup(const sqlite3_api_routines *api);
/* 1 when this SQLite lets coins see an interrupt (3.41 and later). */
int coins_interrupt_available(void);
/* 1 when db's statement was interrupted (never where coins cannot see it). */
int coins_interrupt_asked(sqlite3 *db);
/* The core's stop for db, made in *stop; NULL where coins cannot see an
** interrupt (the core then runs without polling). */
const coins_stop *coins_interrupt_stop_for(sqlite3 *db, coins_stop *stop);

/* A loop of the SQL layer that asks stop (NULL: never) every
** COINS_INTERRUPT_POLL_EVERY steps:
**   coins_interrupt_poll poll = {stop, COINS_INTERRUPT_POLL_EVERY};
**   for (...) { if (coins_interrupt_poll_stopped(&poll)) return SQLITE_INTERRUPT; ... } */
#define COINS_INTERRUPT_POLL_EVERY 4096
typedef struct coins_interrupt_poll {
  const coins_stop *stop;
  unsigned left;
} coins_interrupt_poll;
int coins_interrupt_poll_again(coins_interrupt_poll *poll);
static inline int coins_interrupt_poll_stopped(coins_interrupt_poll *poll) {
  return --poll->left == 0 && coins_interrupt_poll_again(poll);
}

/* ------------------------------------------------ errors and results */

/* "fname: ..." as a sqlite3_malloc'd message (NULL when out of memory). */
char *coins_reply_message(const char *fname, const char *fmt, ...);
/* Sets *err to coins_reply_message(fname, fmt, ...) and returns SQLITE_ERROR, or
** SQLITE_NOMEM when the message could not be made (*err is then NULL). */
int coins_reply_fail(char **err, const char *fname, const char *fmt, ...);
/* The SQLite code for a core status: SQLITE_OK, SQLITE_ERROR with *err
** made from the core's message, SQLITE_NOMEM for COINS_NO_ROOM, or
** SQLITE_INTERRUPT (*err NULL) for COINS_STOPPED. */
int coins_reply_status(coins_status rc, const char *fname, const char *msg, char **err);
/* Makes err (a coins_reply_message message, freed here) the function's error;
** NULL err: out of memory. */
void coins_reply_error(sqlite3_context *ctx, char *err);
/* The function's error for rc, an SQLite code a reader returned with err
** (freed here): SQLITE_INTERRUPT ("interrupted"), out of memory for a
** NULL err, else err with rc as its code (SQLITE_NOMEM, SQLITE_TOOBIG). */
void coins_reply_error_rc(sqlite3_context *ctx, int rc, char *err);
/* SQLITE_TOOBIG with "fname: what exceeds the length limit (N bytes)". */
void coins_reply_too_long(sqlite3_context *ctx, const char *fname, const char *what);
/* Makes the text built in s the result, and frees s; a text over the
** length limit, or out of memory, is an error naming fname and what ("the
** picture"). */
void coins_reply_str(sqlite3_context *ctx, sqlite3_str *s, const char *fname, const char *what);
/* A move in record notation: the take (I, II) or 'L'/'R' (III); NULL for
** no move (take 0). */
void coins_reply_move(sqlite3_context *ctx, coins_variant v, coins_move move);
/* ... written in the notation nt (a misère sum's moves are "p:t"). */
void coins_reply_move_in(sqlite3_context *ctx, coins_notation nt, coins_move move);
/* How many characters v takes in decimal; and v written at out (that
** many, no NUL), returning how many. */
size_t coins_reply_decimal_length(int64_t v);
size_t coins_reply_write_decimal(char *out, int64_t v);
/* "an INTEGER", "a REAL", "TEXT", "a BLOB" or "NULL", for messages. */
const char *coins_reply_type_name(sqlite3_value *v);

/* Reads v where an integer is expected: an INTEGER, a REAL with an
** integral value, or TEXT holding a decimal integer (spaces around it
** allowed: what a CSV import stores).  SQLITE_OK with *out; otherwise
** SQLITE_MISMATCH, with what[0..64) (unless NULL) describing v for a
** message: "2.5", "'abc'" (quoted as coins_text_quote does), "a BLOB" or "NULL". */
int coins_args_int(sqlite3_value *v, sqlite3_int64 *out, char what[64]);

/* A TEXT value's bytes in UTF-8 and their count in *len, read without
** the NUL that sqlite3_value_text adds (for text bound with its length,
** a copy of the whole text): the bytes need not be followed by a NUL, and
** the core's readers never look past len.  "" for empty text; NULL when
** out of memory. */
const char *coins_value_utf8(sqlite3_value *v, size_t *len);

/* Grows *buf (sqlite3_realloc64) to hold at least words int64_t
** (reserve.c).  Returns SQLITE_OK or SQLITE_NOMEM (*buf is then unchanged). */
int coins_reserve(int64_t **buf, size_t *room, size_t words);

/* ----------------------------------------------------------- arguments */

/* A game as the arguments give it.  Zero it before the first read; a is
** reused by later reads into the same game while it is large enough. */
typedef struct coins_game {
  coins_variant variant;
  uint64_t n;        /* number of coins                                 */
  uint64_t k;        /* max_take (1 for variant III); with a set, its largest */
  coins_takes takes; /* max_take as a set: {1..k} (takes.range = k) or
                        a set of takes within 1..64 (range 0)         */
  int64_t *a;        /* the coins (sqlite3_malloc64); unused for counts */
  size_t a_words;    /* room in a                                       */
  /* polled by the reads of its coins and record, and what the caller
  ** starts on them (coins_interrupt_stop_for; NULL: no interrupts) */
  const coins_stop *stop;
  int piles; /* the coins are a sum's piles (I-sum, I-sum-misere) */
} coins_game;

/* The coins argument before it is parsed: its JSON text or JSONB bytes,
** or (text NULL) a variant I count already in the game. */
typedef struct coins_json_arg {
  const char *text;
  size_t len;
  int jsonb; /* a BLOB: SQLite's binary JSON */
} coins_json_arg;

/* Reads a variant argument that is not NULL (1, '1', 'I', ... any case):
** SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR with *err naming fname and the
** variants accepted. */
int coins_args_read_variant(const char *fname, sqlite3_value *v, coins_variant *variant,
                            char **err);
/* Reads (variant, coins [, max_take]) for the function fname, all but
** parsing the coins: game->variant and game->k, and the coins' text in
** *coins_json_arg (or a variant I count in game->n).  max_take may be NULL
** (left out).  Returns SQLITE_OK, COINS_SQL_NULL, SQLITE_NOMEM, or
** SQLITE_ERROR with *err set to a sqlite3_malloc'd "fname: ..." message. */
int coins_args_read(const char *fname, sqlite3_value *variant, sqlite3_value *coins,
                    sqlite3_value *max_take, coins_game *game, coins_json_arg *text, char **err);
/* Parses coins (JSON text or JSONB) into game->a, grown as needed, and
** sets game->n: SQLITE_OK, SQLITE_NOMEM or SQLITE_ERROR with *err. */
int coins_args_parse_coins(const char *fname, const coins_json_arg *coins, coins_game *game,
                           char **err);
/* coins_args_read, then the coins parsed into game->a (game->n of them). */
int coins_args_read_game(const char *fname, sqlite3_value *variant, sqlite3_value *coins,
                         sqlite3_value *max_take, coins_game *game, char **err);
void coins_args_free_game(coins_game *game);
/* Starts *st on the piles of game (game->piles, parsed) with its work in
** *work (grown with coins_reserve; sqlite3_free it after st's last use):
** SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR with *err (a bad pile, too
** many piles, a set whose values show no period, a misère sum not
** solved). */
int coins_args_start_sum(const char *fname, const coins_game *game, coins_state *st, int64_t **work,
                         size_t *words, char **err);
/* game->n as the size_t of the core's *_work_words functions: a row's
** length (its values are in memory), or a variant I count, SIZE_MAX for
** one past it (32 bits), which needs as many words (coins.h). */
size_t coins_args_work_count(const coins_game *game);
/* The same for a caller that only plays moves and reads the finish rule
** (a record checked, coins_result, coins_after): any misère sum starts. */
int coins_args_start_piles(const char *fname, const coins_game *game, coins_state *st,
                           int64_t **work, size_t *words, char **err);

/* Reads a game record (moves) for game: a JSON array of takes, or of "L"/
** "R" (variant III, also a bare string 'LRRL'), into *record (grown with
** coins_reserve), and checks that every move is legal, so that an illegal
** move is an error naming its ply before any row.  Returns SQLITE_OK,
** SQLITE_NOMEM, or SQLITE_ERROR with *err. */
int coins_record_arg_read(const char *fname, sqlite3_value *moves, const coins_game *game,
                          int64_t **record, size_t *room, size_t *count, char **err);

/* ---------------------------------------------- table-valued functions */

/* A copy of an argument, kept to answer its hidden column. */
typedef struct coins_tvf_saved_arg {
  int type;
  sqlite3_int64 i;
  double r;
  char *bytes;
  size_t room;
  int len;
} coins_tvf_saved_arg;

#define COINS_TVF_MAX_ARGS 5
/* The rows a batch holds (coins_tvf.fill). */
#define COINS_TVF_BATCH 64

typedef struct coins_tvf_cursor coins_tvf_cursor;

/* What one table-valued function adds to the shared machinery (tvf.c). */
typedef struct coins_tvf {
  const char *name;
  const char *schema; /* CREATE TABLE x(...): visible columns, then args */
  int n_visible;      /* the argument (hidden) columns start here */
  int n_args, n_required;
  /* The bytes of the function's own state, cur->state, made with the
  ** cursor and zeroed before each start (0: cur->state is NULL then). */
  size_t state_size;
  /* Sets up a cursor for args (NULL where left out); SQLITE_OK,
  ** COINS_SQL_NULL (no rows) or an error with *err.  It may set cur->rows
  ** (see seek). */
  int (*start)(coins_tvf_cursor *cur, sqlite3_value **args, char **err);
  /* Produces the next row in cur->row; sets cur->eof at the end. */
  int (*next)(coins_tvf_cursor *cur, char **err);
  void (*column)(coins_tvf_cursor *cur, sqlite3_context *ctx, int col);
  /* Optional: frees what cur->state holds (unless it is NULL), before the
  ** next start and when the cursor closes. */
  void (*release)(coins_tvf_cursor *cur);
  /* Optional: moves past the next count rows at once, where that is
  ** cheaper than producing them (cur->row is then stale). */
  void (*skip)(coins_tvf_cursor *cur, uint64_t count);
  /* For a start that set cur->rows, the number of rows, known without
  ** producing them: the cursor is then lazy (a row is only counted until
  ** a column asks for it, so that count(*) or a join on ply produces
  ** none), and seek makes cur->row the row of ply cur->ply, later than
  ** the one it holds, when a column first asks.  SQLITE_OK, or
  ** SQLITE_INTERRUPT when the statement was interrupted on the way. */
  int (*seek)(coins_tvf_cursor *cur);
  /* Optional, for a lazy cursor: column fill_column of the rows from ply
  ** cur->ply on, max of them at most, into values[], *count written (the
  ** state moves past them).  Used when the statement reads no other
  ** column but ply (sum(gain)): its rows are then read from a batch.
  ** SQLITE_OK, or SQLITE_INTERRUPT as for seek. */
  int (*fill)(coins_tvf_cursor *cur, int64_t *values, size_t max, size_t *count);
  int fill_column;
  /* 1 when the rows are not the moves of a game (coins_options,
  ** coins_scorecard): column 0 is no ply, so no constraint or ORDER BY on
  ** it (or on the rowid, the row's number) is taken over. */
  int rows_not_plies;
} coins_tvf;

struct coins_tvf_cursor {
  sqlite3_vtab_cursor base;
  const coins_tvf *tvf;
  int eof;
  coins_game game; /* the parsed game, its buffer reused */
  int64_t *work;   /* the core's work space, reused */
  size_t work_words;
  coins_ply row;           /* the current row (lazy: once a column asks) */
  uint64_t ply;            /* the current row's ply */
  uint64_t ply_lo, ply_hi; /* the plies the constraints allow */
  uint64_t rows;           /* set by start when known (coins_tvf.seek); else UINT64_MAX */
  int lazy;                /* rows is known: ply_hi stops at the last */
  /* The visible columns the statement reads (bit c for column c, from
  ** colUsed), and whether the game's variant has values (for columns). */
  uint32_t used;
  int has_values;
  void *state; /* the function's own (coins_tvf.state_size bytes) */
  coins_tvf_saved_arg args[COINS_TVF_MAX_ARGS];
  coins_stop stop; /* game.stop points here where interrupts can be seen */
  /* The batch (coins_tvf.fill): column batch_column (-1: no batch) of the
  ** rows batch_ply .. batch_ply + batch_count - 1. */
  int batch_column;
  uint64_t batch_ply, batch_count;
  int64_t batch[COINS_TVF_BATCH];
};

/* The columns every move table starts with, and their numbers. */
#define COINS_TVF_PLY_COLUMNS                                                    \
  "ply INTEGER, player INTEGER, move, take INTEGER, pos INTEGER, gain INTEGER, " \
  "first_total INTEGER, second_total INTEGER"

enum coins_tvf_column {
  COINS_TVF_COL_PLY,
  COINS_TVF_COL_PLAYER,
  COINS_TVF_COL_MOVE,
  COINS_TVF_COL_TAKE,
  COINS_TVF_COL_POS,
  COINS_TVF_COL_GAIN,
  COINS_TVF_COL_FIRST_TOTAL,
  COINS_TVF_COL_SECOND_TOTAL,
  COINS_TVF_COLUMN_COUNT
};

/* Puts column col (a coins_tvf_column) of cur->row. */
void coins_tvf_ply_column(coins_tvf_cursor *cur, sqlite3_context *ctx, int col);

/* What coins_review and coins_play keep in cur->state (first, in a
** larger struct of their own): a review of the game, and the record
** (review_setup.c). */
typedef struct coins_review_setup {
  coins_review rv;
  int64_t *moves; /* coins_review: the record */
  size_t room, count;
} coins_review_setup;

/* Reads the game args give (variant args[0], coins args[1], max_take
** args[max_take_arg]) and, unless moves_arg < 0, the record
** args[moves_arg], into cur->state (the function's state, starting with a
** coins_review_setup), and starts its review (for the record when there
** is one).  SQLITE_OK, COINS_SQL_NULL or an error with *err. */
int coins_review_setup_begin(coins_tvf_cursor *cur, sqlite3_value **args, int moves_arg,
                             int max_take_arg, char **err);
/* Frees what the review's state holds (a coins_tvf release). */
void coins_review_setup_release(coins_tvf_cursor *cur);

/* Registers the table-valued function tvf on db. */
int coins_tvf_register(sqlite3 *db, const coins_tvf *tvf);

/* ------------------------------------------------------ game pictures */

/* A game as coins_diagram and coins_svg draw it (picture.c): the ply that
** took each coin, where the game stopped, and the record if one was given.
** Zero it before coins_picture_read; free it with coins_picture_free. */
typedef struct coins_picture {
  coins_game game;
  int values;      /* the coins have values (not variant I) */
  int64_t *ply_of; /* ply_of[i]: the ply that took coin i, or 0 */
  size_t ply_room;
  uint64_t plies, left; /* moves made, coins left */
  int over;             /* no move is left (with a set: coins may be) */
  int64_t totals[2];
  int recorded;    /* moves were given: a record, not the optimal line */
  int64_t *record; /* the record's moves (as coins_parse_moves stores them) */
  size_t record_room, count;
  coins_stop stop; /* game.stop points here where interrupts can be seen */
} coins_picture;

/* Reads argv = (variant, coins [, moves [, max_take]]) for fname, the
** function ctx calls, and plays the record (read and checked by
** coins_record_arg_read, replayed by coins_state_replay), or the optimal line
** (coins_line) when moves is left out or NULL.  More than max_count coins
** in variant I is an error; so is a row whose picture, at coin_bytes a
** coin at least (0: not checked), cannot fit the length limit.
** SQLITE_OK, COINS_SQL_NULL, SQLITE_NOMEM, SQLITE_INTERRUPT, SQLITE_TOOBIG
** (*err NULL: coins_reply_too_long), or SQLITE_ERROR with *err. */
int coins_picture_read(const char *fname, sqlite3_context *ctx, int argc, sqlite3_value **argv,
                       uint64_t max_count, size_t coin_bytes, coins_picture *pic, char **err);
void coins_picture_free(coins_picture *pic);
/* The last line of a picture: the totals and the outcome, or where the
** record stopped ("first 22, second 11: first wins by 11"). */
void coins_picture_summary(sqlite3_str *s, const coins_picture *pic);

/* The functions, one file each (extension.c registers them all). */
extern const coins_tvf coins_moves_tvf, coins_review_tvf, coins_play_tvf;
extern const coins_tvf coins_options_tvf, coins_scorecard_tvf;
int coins_helpers_register(sqlite3 *db);
int coins_scalars_register(sqlite3 *db);
int coins_record_scalars_register(sqlite3 *db);
int coins_deal_register(sqlite3 *db);
int coins_diagram_register(sqlite3 *db);
int coins_array_register(sqlite3 *db);
int coins_svg_register(sqlite3 *db);
int coins_rules_register(sqlite3 *db);
int coins_grundy_register(sqlite3 *db);

#endif
