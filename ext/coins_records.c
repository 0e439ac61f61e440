/*
** coins_records.c -- the table-valued functions about played games, on the
** machinery of coins_vtab.c:
**
**   coins_review(variant, coins, moves [, max_take])
**     one row per move of a recorded game, judged against optimal play:
**     the columns of coins_moves, then best, loss, before, after, verdict.
**     moves: a JSON array of takes (I, II) or of "L"/"R" (III), or for
**     variant III a bare string 'LRRL'.  The whole record is checked for
**     legality first, so an illegal move is an error naming its ply.
**
**   coins_play(variant, coins, first, second [, max_take])
**     the columns of coins_moves, for a game between two strategies:
**     'optimal', 'greedy', 'left', 'parity' or 'random:SEED'.
*/
#include "coins_sql.h"

#include <string.h>

SQLITE_EXTENSION_INIT3

typedef struct record_state {
  coins_review rv;
  int64_t *moves;          /* coins_review: the record       */
  size_t room, n_moves, next;
  coins_judgement judged;  /* coins_review: the current row  */
  coins_strategy players[2]; /* coins_play                   */
} record_state;

static void record_release(coins_tvf_cursor *cur) {
  record_state *rs = cur->state;
  sqlite3_free(rs->moves);
  sqlite3_free(rs);
}

/* Reads the game, allocates the state and starts the review of it. */
static int record_begin(coins_tvf_cursor *cur, sqlite3_value *variant,
                        sqlite3_value *coins, sqlite3_value *max_take,
                        char **err) {
  coins_game *game = &cur->game;
  int rc = coins_game_read(cur->tvf->name, variant, coins, max_take, game,
                           NULL, err);
  if (rc != SQLITE_OK) return rc;
  size_t words = coins_review_work_words(game->variant, (size_t)game->n, game->k);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  record_state *rs = sqlite3_malloc(sizeof *rs);
  if (rs == NULL) return SQLITE_NOMEM;
  memset(rs, 0, sizeof *rs);
  cur->state = rs;
  coins_review_init(&rs->rv, game->variant, game->a, game->n, game->k,
                    cur->work);
  return SQLITE_OK;
}

static int core_error(const coins_tvf_cursor *cur, const char *msg,
                      char **err) {
  *err = coins_error(cur->tvf->name, "%s", msg);
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* ---------------------------------------------------------- coins_review */

static int review_start(coins_tvf_cursor *cur, sqlite3_value **args,
                        char **err) {
  if (sqlite3_value_type(args[2]) == SQLITE_NULL) return COINS_NULL_ARG;
  int rc = record_begin(cur, args[0], args[1], args[3], err);
  if (rc != SQLITE_OK) return rc;
  record_state *rs = cur->state;
  return coins_record_read(cur->tvf->name, args[2], &cur->game, &rs->moves,
                           &rs->room, &rs->n_moves, err);
}

static int review_next(coins_tvf_cursor *cur, char **err) {
  record_state *rs = cur->state;
  char msg[COINS_ERRMSG_SIZE];
  if (rs->next >= rs->n_moves) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  coins_move m = coins_move_of(cur->game.variant, rs->moves[rs->next++]);
  if (coins_review_play(&rs->rv, m, &rs->judged, msg))
    return core_error(cur, msg, err);
  cur->row = rs->judged.played;
  return SQLITE_OK;
}

static const char *result_name(int sign) {
  return sign > 0 ? "win" : sign < 0 ? "loss" : "draw";
}

static void review_column(coins_tvf_cursor *cur, sqlite3_context *ctx,
                          int col) {
  const coins_judgement *j = &((record_state *)cur->state)->judged;
  switch (col) {
    case 8: coins_result_move(ctx, cur->game.variant, j->best); break;
    case 9: sqlite3_result_int64(ctx, j->loss); break;
    case 10: sqlite3_result_text(ctx, result_name(j->before), -1, SQLITE_STATIC); break;
    case 11: sqlite3_result_text(ctx, result_name(j->after), -1, SQLITE_STATIC); break;
    case 12:
      sqlite3_result_text(ctx, j->loss == 0            ? "best"
                               : j->after < j->before ? "blunder"
                                                      : "inaccuracy",
                          -1, SQLITE_STATIC);
      break;
    default: coins_tvf_ply_column(cur, ctx, col);
  }
}

const coins_tvf coins_review_tvf = {
    .name = "coins_review",
    .schema = "CREATE TABLE x(" COINS_PLY_COLUMNS
              ", best, loss INTEGER, \"before\" TEXT, \"after\" TEXT, "
              "verdict TEXT, arg_variant HIDDEN, arg_coins HIDDEN, "
              "arg_moves HIDDEN, arg_max_take HIDDEN)",
    .n_visible = 13,
    .n_args = 4,
    .n_required = 3,
    .start = review_start,
    .next = review_next,
    .column = review_column,
    .release = record_release,
};

/* ------------------------------------------------------------ coins_play */

static int play_start(coins_tvf_cursor *cur, sqlite3_value **args,
                      char **err) {
  char msg[COINS_ERRMSG_SIZE];
  for (int i = 2; i <= 3; i++) {
    if (sqlite3_value_type(args[i]) == SQLITE_NULL) return COINS_NULL_ARG;
    if (sqlite3_value_type(args[i]) != SQLITE_TEXT) {
      *err = coins_error(cur->tvf->name, "the %s player's strategy must be "
                         "TEXT", i == 2 ? "first" : "second");
      return *err ? SQLITE_ERROR : SQLITE_NOMEM;
    }
  }
  int rc = record_begin(cur, args[0], args[1], args[4], err);
  if (rc != SQLITE_OK) return rc;
  record_state *rs = cur->state;
  for (int i = 0; i < 2; i++) {
    const char *name = (const char *)sqlite3_value_text(args[2 + i]);
    if (name == NULL) return SQLITE_NOMEM;
    if (coins_strategy_parse(name, (size_t)sqlite3_value_bytes(args[2 + i]),
                             &rs->players[i], msg) ||
        coins_strategy_ready(&rs->players[i], i + 1, &rs->rv, msg))
      return core_error(cur, msg, err);
  }
  return SQLITE_OK;
}

static int play_next(coins_tvf_cursor *cur, char **err) {
  record_state *rs = cur->state;
  coins_state *st = &rs->rv.st;
  char msg[COINS_ERRMSG_SIZE];
  if (st->lo >= st->hi) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  coins_strategy *player = &rs->players[coins_state_mover(st) - 1];
  coins_move m = coins_strategy_move(player, &rs->rv);
  if (coins_review_apply(&rs->rv, m, &cur->row, msg))
    return core_error(cur, msg, err);
  return SQLITE_OK;
}

const coins_tvf coins_play_tvf = {
    .name = "coins_play",
    .schema = "CREATE TABLE x(" COINS_PLY_COLUMNS
              ", arg_variant HIDDEN, arg_coins HIDDEN, arg_first HIDDEN, "
              "arg_second HIDDEN, arg_max_take HIDDEN)",
    .n_visible = 8,
    .n_args = 5,
    .n_required = 4,
    .start = play_start,
    .next = play_next,
    .column = coins_tvf_ply_column,
    .release = record_release,
};
