/*
** coins_sql.h -- what the SQL layer's files share: reading a game's
** arguments out of sqlite3_values, and registering the table-valued
** functions.  No game logic here; that lives in the core (coins.h).
*/
#ifndef COINS_SQL_H
#define COINS_SQL_H

#include <sqlite3ext.h>

#include "coins_internal.h"

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0x000200000
#endif
#ifndef SQLITE_VTAB_INNOCUOUS
#define SQLITE_VTAB_INNOCUOUS 2
#endif

/* Returned by the readers below when an argument is SQL NULL: the result
** is NULL (scalars) or no rows (table-valued functions). */
#define COINS_NULL_ARG (-1)

/* A game as the arguments give it.  Zero it before the first read; a is
** reused by later reads into the same game while it is large enough. */
typedef struct coins_game {
  int variant;     /* 1, 2 or 3                                       */
  uint64_t n;      /* number of coins                                 */
  uint64_t k;      /* max_take (1 for variant III)                    */
  int64_t *a;      /* the coins (sqlite3_malloc64); unused for counts */
  size_t a_words;  /* room in a                                       */
} coins_game;

/* Grows *buf (sqlite3_realloc64) to hold at least words int64_t.
** Returns SQLITE_OK or SQLITE_NOMEM (*buf is then unchanged). */
int coins_reserve(int64_t **buf, size_t *room, size_t words);

/* Reads (variant, coins [, max_take]) for the function fname; max_take may
** be NULL (left out).  Returns SQLITE_OK, COINS_NULL_ARG, SQLITE_NOMEM, or
** SQLITE_ERROR with *err set to a sqlite3_malloc'd "fname: ..." message.
** With solve3 not NULL, a variant III row given as text is solved while it
** is parsed, into *solve3, and game->a then holds no coins (game->n = 0):
** the scalar functions' fast path. */
int coins_game_read(const char *fname, sqlite3_value *variant,
                    sqlite3_value *coins, sqlite3_value *max_take,
                    coins_game *game, coins_result *solve3, char **err);
void coins_game_free(coins_game *game);

/* Reads a game record (moves) for game: a JSON array of takes, or of "L"/
** "R" (variant III, also a bare string 'LRRL'), into *record (grown with
** coins_reserve), and checks that every move is legal, so that an illegal
** move is an error naming its ply before any row.  Returns SQLITE_OK,
** SQLITE_NOMEM, or SQLITE_ERROR with *err. */
int coins_record_read(const char *fname, sqlite3_value *moves,
                      const coins_game *game, int64_t **record, size_t *room,
                      size_t *count, char **err);

/* sqlite3_mprintf("%s: " fmt) that never returns a half message. */
char *coins_error(const char *fname, const char *fmt, ...);
/* Makes err (a coins_error message, freed here) the function's error;
** NULL err: out of memory. */
void coins_result_error(sqlite3_context *ctx, char *err);
/* A move in record notation: the take (I, II) or 'L'/'R' (III); NULL for
** no move (take 0). */
void coins_result_move(sqlite3_context *ctx, int variant, coins_move move);
/* "an INTEGER", "a REAL", "TEXT", "a BLOB" or "NULL", for messages. */
const char *coins_type_name(sqlite3_value *v);

/* ------------------------------------------- table-valued functions */

/* A copy of an argument, kept to answer its hidden column. */
typedef struct coins_saved_arg {
  int type;
  sqlite3_int64 i;
  double r;
  char *bytes;
  size_t room;
  int len;
} coins_saved_arg;

#define COINS_TVF_MAX_ARGS 5

typedef struct coins_tvf_cursor coins_tvf_cursor;

/* What one table-valued function adds to the shared machinery. */
typedef struct coins_tvf {
  const char *name;
  const char *schema;  /* CREATE TABLE x(...): visible columns, then args */
  int n_visible;       /* the argument (hidden) columns start here */
  int n_args, n_required;
  /* Sets up a cursor for args (NULL where left out); SQLITE_OK,
  ** COINS_NULL_ARG (no rows) or an error with *err. */
  int (*start)(coins_tvf_cursor *cur, sqlite3_value **args, char **err);
  /* Produces the next row in cur->row; sets cur->eof at the end. */
  int (*next)(coins_tvf_cursor *cur, char **err);
  void (*column)(coins_tvf_cursor *cur, sqlite3_context *ctx, int col);
  void (*release)(coins_tvf_cursor *cur); /* frees cur->state */
} coins_tvf;

struct coins_tvf_cursor {
  sqlite3_vtab_cursor base;
  const coins_tvf *tvf;
  int eof;
  coins_game game;      /* the parsed game, its buffer reused */
  int64_t *work;        /* the core's work space, reused */
  size_t work_words;
  coins_line line;      /* the optimal line */
  coins_ply row;        /* the current row */
  void *state;          /* what the function keeps besides */
  coins_saved_arg args[COINS_TVF_MAX_ARGS];
};

/* The columns every move table starts with, and how to put them. */
#define COINS_PLY_COLUMNS                                                   \
  "ply INTEGER, player INTEGER, move, take INTEGER, pos INTEGER, "         \
  "gain INTEGER, first_total INTEGER, second_total INTEGER"

void coins_tvf_ply_column(coins_tvf_cursor *cur, sqlite3_context *ctx,
                          int col);

/* coins_records.c */
extern const coins_tvf coins_review_tvf, coins_play_tvf;

/* Registers the table-valued functions on db (coins_vtab.c). */
int coins_register_vtabs(sqlite3 *db);
/* Registers coins_deal, coins_diagram and coins_array (coins_tools.c). */
int coins_register_tools(sqlite3 *db);

#endif
