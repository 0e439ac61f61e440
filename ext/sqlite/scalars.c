/*
** scalars.c -- the scalar functions of coins:
**
**   coins_win(variant, coins [, max_take])        1 if the first player
**                                                 forces a win, else 0
**   coins_outcome(variant, coins [, max_take])    'first'|'second'|'draw'
**   coins_margin(variant, coins [, max_take])     first's total - second's
**   coins_score(variant, coins [, max_take])      first player's total
**   coins_best_move(variant, coins [, max_take])  an optimal first move
**
** variant: 1, 2, 3 or 'I', 'II', 'III' (any case); coins: TEXT holding a
** JSON array of integers (variant I: also an INTEGER count); max_take:
** INTEGER >= 1, default 2 (variant III: 1 only).  NULL in, NULL out.
** The reference is docs/reference.md.  Usage:
**
**   .load build/coins
**   SELECT coins_score(3, '[8,15,3,7]');            -- 22
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

typedef enum scalar_kind { WIN, OUTCOME, MARGIN, SCORE, BEST_MOVE } scalar_kind;

typedef struct scalar_spec {
  const char *name;
  scalar_kind kind;
} scalar_spec;

static const scalar_spec scalars[] = {
    {"coins_win", WIN},     {"coins_outcome", OUTCOME},     {"coins_margin", MARGIN},
    {"coins_score", SCORE}, {"coins_best_move", BEST_MOVE},
};

/* What each registration of a scalar keeps: its spec, and the room the
** core works in, reused from row to row (a connection runs one function
** call at a time, and a call never re-enters itself, so no locking is
** needed). */
typedef struct scalar_data {
  const scalar_spec *spec;
  coins_game game; /* game.a is the room */
} scalar_data;

/* Rooms larger than this are not kept after the call. */
#define KEEP_WORDS ((size_t)1 << 16)

static void scalar_data_free(void *p) {
  scalar_data *data = p;
  coins_args_free_game(&data->game);
  sqlite3_free(data);
}

/* A sum of piles (I-sum, I-sum-misere): parsed, then
** solved by coins_sum_solve with the piles' table behind them. */
static int solve_piles(scalar_data *data, const coins_json_arg *text, const coins_stop *stop,
                       coins_solution *r, char **err) {
  const char *fname = data->spec->name;
  coins_game *game = &data->game;
  coins_convention c = coins_variant_traits_of(game->variant).misere ? COINS_MISERE : COINS_NORMAL;
  char msg[COINS_ERRMSG_SIZE];
  coins_sum_result sum;
  size_t need = 0, n;
  coins_status solved;
  game->stop = stop;
  int rc = coins_args_parse_coins(fname, text, game, err);
  if (rc != SQLITE_OK) return rc;
  if (data->spec->kind == MARGIN || data->spec->kind == SCORE) /* (said below) */
    return SQLITE_OK;
  n = (size_t)game->n;
  while ((solved = coins_sum_solve(&game->takes, c, game->a, n, &sum, game->a + n,
                                   game->a_words - n, &need, msg, stop)) == COINS_NO_ROOM)
    if (coins_reserve(&game->a, &game->a_words, n + need)) return SQLITE_NOMEM;
  if (solved != COINS_OK) return coins_reply_status(solved, fname, msg, err);
  *r = (coins_solution){.outcome = sum.outcome, .best = {sum.take, 'L', (uint32_t)sum.pile}};
  return SQLITE_OK;
}

/* Solves the game the arguments give into *r.  A row of COINS_STOP_SPAN
** bytes or more is solved polling for an interrupt (smaller ones take
** well under a millisecond, and do not pay for a stop). */
static int scalar_solve(sqlite3_context *ctx, scalar_data *data, sqlite3_value **argv, int argc,
                        coins_solution *r, char **err) {
  const char *fname = data->spec->name;
  coins_game *game = &data->game;
  coins_json_arg text;
  coins_stop room;
  int rc = coins_args_read(fname, argv[0], argv[1], argc > 2 ? argv[2] : NULL, game, &text, err);
  if (rc != SQLITE_OK) return rc;
  const coins_stop *stop = text.len >= COINS_STOP_SPAN
                               ? coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &room)
                               : NULL;
  game->stop = stop;
  char msg[COINS_ERRMSG_SIZE];
  size_t need = 0;
  coins_status solved = COINS_OK;
  if (game->piles) { /* (a pile's values may be scanned up to COINS_PILE_SEARCH: polled) */
    rc = solve_piles(data, &text, coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &room),
                     r, err);
    if (rc != SQLITE_OK) return rc;
  } else if (game->takes.range == 0) { /* a set of takes: parsed, then solved behind the coins */
    /* (a pile's values may be scanned up to COINS_PILE_SEARCH: polled) */
    game->stop = stop = coins_interrupt_stop_for(sqlite3_context_db_handle(ctx), &room);
    if (text.text == NULL) { /* a count: any 64-bit one, as below */
      solved = coins_solve1_takes_of(game->variant, game->n, &game->takes, r, msg, stop);
    } else {
      if ((rc = coins_args_parse_coins(fname, &text, game, err)) != SQLITE_OK) return rc;
      size_t n = (size_t)game->n, /* a row's length: its values are in memory */
          words = coins_solve_takes_work_words(game->variant, n, &game->takes);
      if (coins_reserve(&game->a, &game->a_words, n + words)) return SQLITE_NOMEM;
      solved = coins_solve_takes_stop(game->variant, game->a, n, &game->takes, game->a + n, r, msg,
                                      stop);
    }
  } else if (text.text == NULL) { /* a count: any 64-bit one, even where size_t has 32 */
    coins_solve1_of(game->variant, game->n, game->k, r);
  } else if (text.jsonb) { /* parsed, then solved with the work space behind the coins */
    rc = coins_args_parse_coins(fname, &text, game, err);
    size_t n = (size_t)game->n;
    if (rc == SQLITE_OK && coins_reserve(&game->a, &game->a_words,
                                         n + coins_solve_work_words(game->variant, n, game->k)))
      rc = SQLITE_NOMEM;
    if (rc != SQLITE_OK) return rc;
    solved = coins_solve_stop(game->variant, game->a, n, game->k, game->a + n, r, stop);
  } else /* in the room as it is; grown only when it turns out too small */
    while ((solved = stop ? coins_solve_text_stop(game->variant, text.text, text.len, game->k,
                                                  game->a, game->a_words, &need, r, msg, stop)
                          : coins_solve_text(game->variant, text.text, text.len, game->k, game->a,
                                             game->a_words, &need, r, msg)) == COINS_NO_ROOM)
      if (need <= game->a_words || coins_reserve(&game->a, &game->a_words, need))
        return SQLITE_NOMEM;
  if (solved != COINS_OK) return coins_reply_status(solved, fname, msg, err);
  if (data->spec->kind == MARGIN || data->spec->kind == SCORE) {
    coins_variant_traits traits = coins_variant_traits_of(game->variant);
    if (!traits.has_values)
      return coins_reply_fail(err, fname,
                              "variant %s has no coin values; use coins_win or "
                              "coins_outcome",
                              traits.name);
  }
  return SQLITE_OK;
}

static void scalar_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  scalar_data *data = sqlite3_user_data(ctx);
  char *err = NULL;
  coins_solution r;
  int rc = scalar_solve(ctx, data, argv, argc, &r, &err);
  if (data->game.a_words > KEEP_WORDS) coins_args_free_game(&data->game);
  if (rc == COINS_SQL_NULL) return;
  if (rc != SQLITE_OK) {
    coins_reply_error_rc(ctx, rc, err); /* err is NULL for SQLITE_NOMEM */
    return;
  }
  switch (data->spec->kind) {
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
    case BEST_MOVE:
      coins_reply_move_in(ctx,
                          data->game.piles ? COINS_NOTATION_PILE
                                           : coins_variant_traits_of(data->game.variant).notation,
                          r.best);
      break;
  }
}

int coins_scalars_register(sqlite3 *db) {
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof scalars / sizeof *scalars; i++) {
    for (int argc = 2; rc == SQLITE_OK && argc <= 3; argc++) {
      scalar_data *data = sqlite3_malloc(sizeof *data);
      if (data == NULL) return SQLITE_NOMEM;
      memset(data, 0, sizeof *data);
      data->spec = &scalars[i];
      /* on failure SQLite calls scalar_data_free itself */
      rc = sqlite3_create_function_v2(db, scalars[i].name, argc, COINS_SQL_FUNCTION_FLAGS, data,
                                      scalar_func, NULL, NULL, scalar_data_free);
    }
  }
  return rc;
}
