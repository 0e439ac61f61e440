/*
** play_tvf.c -- coins_play(variant, coins, first, second [, max_take]), on
** the machinery of tvf.c: the columns of coins_moves, for a game between
** two strategies ('optimal', 'greedy', 'left', 'parity', 'random:SEED',
** 'careless:PERCENT:SEED'), played move by move as the rows are read.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

typedef struct play_state {
  coins_review_setup base; /* first: the review of the game being played */
  coins_strategy players[2];
} play_state;

static int play_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  const char *fname = cur->tvf->name;
  char msg[COINS_ERRMSG_SIZE];
  for (int i = 2; i <= 3; i++) {
    if (sqlite3_value_type(args[i]) == SQLITE_NULL) return COINS_SQL_NULL;
    if (sqlite3_value_type(args[i]) != SQLITE_TEXT)
      return coins_reply_fail(err, fname, "the %s player's strategy must be TEXT",
                              i == 2 ? "first" : "second");
  }
  int rc = coins_review_setup_begin(cur, args, -1, 4, err);
  if (rc != SQLITE_OK) return rc;
  play_state *ps = cur->state;
  for (int i = 0; i < 2; i++) {
    const char *name = (const char *)sqlite3_value_text(args[2 + i]);
    if (name == NULL) return SQLITE_NOMEM;
    coins_status parsed =
        coins_strategy_parse(name, (size_t)sqlite3_value_bytes(args[2 + i]), &ps->players[i], msg);
    if (parsed == COINS_OK)
      parsed = coins_strategy_ready(&ps->players[i], i + 1, &ps->base.rv, msg);
    if (parsed != COINS_OK) return coins_reply_status(parsed, fname, msg, err);
  }
  return SQLITE_OK;
}

static int play_next(coins_tvf_cursor *cur, char **err) {
  play_state *ps = cur->state;
  const coins_state *st = &ps->base.rv.line.st;
  char msg[COINS_ERRMSG_SIZE];
  if (st->lo >= st->hi) {
    cur->eof = 1;
    return SQLITE_OK;
  }
  coins_strategy *player = &ps->players[coins_state_mover(st) - 1];
  coins_move m = coins_strategy_move(player, &ps->base.rv);
  /* a move can take O(n) (greedy play's table, made on its first move,
  ** polls the stop): asked to stop, no row of it */
  const coins_stop *stop = cur->game.stop;
  if (stop && stop->stopped(stop->arg)) return SQLITE_INTERRUPT;
  coins_status rc = coins_review_apply(&ps->base.rv, m, &cur->row, msg);
  return coins_reply_status(rc, cur->tvf->name, msg, err);
}

const coins_tvf coins_play_tvf = {
    .name = "coins_play",
    .schema = "CREATE TABLE x(" COINS_TVF_PLY_COLUMNS
              ", arg_variant HIDDEN, arg_coins HIDDEN, arg_first HIDDEN, arg_second HIDDEN, "
              "arg_max_take HIDDEN)",
    .n_visible = COINS_TVF_COLUMN_COUNT,
    .n_args = 5,
    .n_required = 4,
    .state_size = sizeof(play_state),
    .start = play_start,
    .next = play_next,
    .column = coins_tvf_ply_column,
    .release = coins_review_setup_release,
};
