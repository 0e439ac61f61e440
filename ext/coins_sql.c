/*
** coins_sql.c -- the entry point and the scalar functions of coins.
**
**   coins_win(variant, coins [, max_take])        1 if the first player
**                                                 forces a win, else 0
**   coins_outcome(variant, coins [, max_take])    'first'|'second'|'draw'
**   coins_margin(variant, coins [, max_take])     first's total - second's
**   coins_score(variant, coins [, max_take])      first player's total
**   coins_best_move(variant, coins [, max_take])  an optimal first move
**   coins_version()                               the extension's version
**
** variant: 1, 2, 3 or 'I', 'II', 'III' (any case); coins: TEXT holding a
** JSON array of integers (variant I: also an INTEGER count); max_take:
** INTEGER >= 1, default 2 (variant III: 1 only).  NULL in, NULL out.
** All are deterministic and innocuous.  Usage:
**
**   .load build/coins
**   SELECT coins_score(3, '[8,15,3,7]');            -- 22
*/
#include "coins_sql.h"
#include "coins_sqlite.h"

#include <string.h>

SQLITE_EXTENSION_INIT1

typedef enum scalar_kind { WIN, OUTCOME, MARGIN, SCORE, BEST_MOVE } scalar_kind;

typedef struct scalar_spec {
  const char *name;
  scalar_kind kind;
} scalar_spec;

static const scalar_spec scalars[] = {
    {"coins_win", WIN},       {"coins_outcome", OUTCOME},
    {"coins_margin", MARGIN}, {"coins_score", SCORE},
    {"coins_best_move", BEST_MOVE},
};

/* What each registration of a scalar keeps: its spec, and buffers reused
** from row to row (a connection runs one function call at a time, and a
** call never re-enters itself, so no locking is needed). */
typedef struct scalar_data {
  const scalar_spec *spec;
  coins_game game; /* the parsed coins, its buffer kept */
  int64_t *work;   /* variant II's work space         */
  size_t work_words;
} scalar_data;

/* Buffers larger than this are not kept after the call. */
#define KEEP_WORDS ((size_t)1 << 16)

static void scalar_data_trim(scalar_data *data) {
  if (data->game.a_words > KEEP_WORDS) coins_game_free(&data->game);
  if (data->work_words > KEEP_WORDS) {
    sqlite3_free(data->work);
    data->work = NULL;
    data->work_words = 0;
  }
}

static void scalar_data_free(void *p) {
  scalar_data *data = p;
  coins_game_free(&data->game);
  sqlite3_free(data->work);
  sqlite3_free(data);
}

/* Solves the game in data->game into *r (variant III was solved while
** its text was parsed); SQLITE_OK or an error code. */
static int scalar_solve(scalar_data *data, coins_result *r) {
  coins_game *game = &data->game;
  if (game->variant == 3) return SQLITE_OK;
  if (game->variant == 2 &&
      coins_reserve(&data->work, &data->work_words,
                    coins_work_words(2, (size_t)game->n, game->k)))
    return SQLITE_NOMEM;
  coins_solve(game->variant, game->a, (size_t)game->n, game->k, data->work, r);
  return SQLITE_OK;
}

static void scalar_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  scalar_data *data = sqlite3_user_data(ctx);
  const scalar_spec *spec = data->spec;
  char *err = NULL;
  coins_result r;
  int rc = coins_game_read(spec->name, argv[0], argv[1],
                           argc > 2 ? argv[2] : NULL, &data->game, &r, &err);
  if (rc == SQLITE_OK && data->game.variant == 1 &&
      (spec->kind == MARGIN || spec->kind == SCORE)) {
    err = coins_error(spec->name, "variant I has no coin values; "
                      "use coins_win or coins_outcome");
    rc = SQLITE_ERROR;
  }
  if (rc == SQLITE_OK) rc = scalar_solve(data, &r);
  scalar_data_trim(data);
  if (rc != SQLITE_OK) {
    if (rc == SQLITE_NOMEM) {
      sqlite3_free(err);
      err = NULL;
    }
    if (rc != COINS_NULL_ARG) coins_result_error(ctx, err);
    return;
  }
  switch (spec->kind) {
    case WIN: sqlite3_result_int(ctx, r.outcome == COINS_FIRST); break;
    case OUTCOME: {
      const char *name = r.outcome == COINS_FIRST    ? "first"
                         : r.outcome == COINS_SECOND ? "second"
                                                     : "draw";
      sqlite3_result_text(ctx, name, -1, SQLITE_STATIC);
      break;
    }
    case MARGIN: sqlite3_result_int64(ctx, r.margin); break;
    case SCORE: sqlite3_result_int64(ctx, r.score); break;
    case BEST_MOVE: coins_result_move(ctx, data->game.variant, r.best); break;
  }
}

static void version_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, COINS_VERSION, -1, SQLITE_STATIC);
}

#if defined(_WIN32)
#define COINS_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define COINS_EXPORT __attribute__((visibility("default")))
#else
#define COINS_EXPORT
#endif

COINS_EXPORT int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg,
                       const sqlite3_api_routines *pApi) {
  SQLITE_EXTENSION_INIT2(pApi);
  const int version = sqlite3_libversion_number();
  if (version < COINS_SQLITE_MIN_VERSION_NUMBER) {
    if (pzErrMsg)
      *pzErrMsg = sqlite3_mprintf(
          "coins: needs SQLite " COINS_SQLITE_MIN_VERSION " or later; "
          "this is %d.%d.%d", version / 1000000, version / 1000 % 1000,
          version % 1000);
    return SQLITE_ERROR;
  }
  const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  int rc = sqlite3_create_function(db, "coins_version", 0, flags, NULL,
                                   version_func, NULL, NULL);
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof scalars / sizeof *scalars;
       i++) {
    for (int argc = 2; rc == SQLITE_OK && argc <= 3; argc++) {
      scalar_data *data = sqlite3_malloc(sizeof *data);
      if (data == NULL) {
        rc = SQLITE_NOMEM;
        break;
      }
      memset(data, 0, sizeof *data);
      data->spec = &scalars[i];
      /* on failure SQLite calls scalar_data_free itself */
      rc = sqlite3_create_function_v2(db, scalars[i].name, argc, flags, data,
                                      scalar_func, NULL, NULL,
                                      scalar_data_free);
    }
  }
  if (rc == SQLITE_OK) rc = coins_register_vtabs(db);
  if (rc == SQLITE_OK) rc = coins_register_tools(db);
  if (rc != SQLITE_OK && pzErrMsg)
    *pzErrMsg = sqlite3_mprintf("coins: cannot register functions: %s",
                                sqlite3_errstr(rc));
  return rc;
}
