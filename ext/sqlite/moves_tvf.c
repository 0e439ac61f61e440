/*
** moves_tvf.c -- coins_moves(variant, coins [, max_take]), on the
** machinery of tvf.c: one row per move of the game played optimally by
** both players (ply, player, move, take, pos, gain, first_total,
** second_total).  The rows stream: the O(n) set-up happens once in
** xFilter, each row costs O(1) amortised, and variant I needs no memory,
** nor variant III from a plain array beyond its fused blocks.  The
** cursor's state is the line (a coins_line); variant III's, which knows
** how many moves it has, makes the cursor lazy (coins_tvf.seek): rows are
** counted, and played only when a column asks.  A sum of piles (I-sum)
** is played move by move, O(piles + |S|) a move: no skip ahead.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

/* Rows of at least this many bytes play variant III's line from their
** text: smaller ones are parsed, which is faster (a move then reads a word,
** not digits) and small anyway. */
#define TEXT_LINE_BYTES (1 << 20)

/* Variant III from the text of a plain JSON array: the line reads the
** saved copy of the coins argument (the hidden column's), so that no
** array of the row's size is made.  SQLITE_OK; SQLITE_DONE when the row
** is not plain (parse it); SQLITE_NOMEM. */
static int moves_start_text(coins_tvf_cursor *cur) {
  const coins_tvf_saved_arg *coins = &cur->args[1];
  size_t need = 0;
  coins_status rc;
  while ((rc = coins_line_init_text_stop(cur->state, coins->bytes, (size_t)coins->len, cur->work,
                                         cur->work_words, &need, cur->game.stop)) == COINS_NO_ROOM)
    if (need <= cur->work_words || coins_reserve(&cur->work, &cur->work_words, need))
      return SQLITE_NOMEM;
  return rc == COINS_OK ? SQLITE_OK : rc == COINS_STOPPED ? SQLITE_INTERRUPT : SQLITE_DONE;
}

/* The rows are the line's moves: only counted, when the line knows how
** many it has (variant III's: its blocks are fused when a column first
** needs a move, moves_seek), else played from the start.  SQLITE_OK. */
static int moves_rows(coins_tvf_cursor *cur) {
  coins_line *line = cur->state;
  cur->rows = coins_line_moves_left(line);
  if (cur->rows == UINT64_MAX) coins_line_fuse(line);
  return SQLITE_OK;
}

static int moves_start(coins_tvf_cursor *cur, sqlite3_value **args, char **err) {
  coins_game *game = &cur->game;
  coins_json_arg text;
  int rc = coins_args_read(cur->tvf->name, args[0], args[1], args[2], game, &text, err);
  if (rc != SQLITE_OK) return rc;
  if (coins_line_reads_text(game->variant) && text.text && !text.jsonb &&
      text.len >= TEXT_LINE_BYTES && cur->args[1].type == SQLITE_TEXT) {
    rc = moves_start_text(cur);
    if (rc != SQLITE_DONE) return rc == SQLITE_OK ? moves_rows(cur) : rc;
  }
  if (text.text && (rc = coins_args_parse_coins(cur->tvf->name, &text, game, err)) != SQLITE_OK)
    return rc;
  if (game->piles) { /* I-sum: the piles and their table in the work */
    coins_line *line = cur->state;
    *line = (coins_line){.stop = game->stop};
    rc = coins_args_start_sum(cur->tvf->name, game, &line->st, &cur->work, &cur->work_words, err);
    line->work = cur->work;
    return rc == SQLITE_OK ? moves_rows(cur) : rc;
  }
  char msg[COINS_ERRMSG_SIZE];
  size_t words =
      coins_line_takes_work_words(game->variant, coins_args_work_count(game), &game->takes);
  if (coins_reserve(&cur->work, &cur->work_words, words)) return SQLITE_NOMEM;
  /* variant III's blocks wait for the first column that needs a move
  ** (moves_seek): count(*) and ply only count the moves */
  coins_status started = coins_line_init_takes_stop(cur->state, game->variant, game->a, game->n,
                                                    &game->takes, cur->work, msg, game->stop);
  if (started != COINS_OK) return coins_reply_status(started, cur->tvf->name, msg, err);
  return moves_rows(cur);
}

static int moves_next(coins_tvf_cursor *cur, char **err) {
  (void)err;
  if (!coins_line_next(cur->state, &cur->row)) cur->eof = 1;
  return SQLITE_OK;
}

/* (Interrupted, it stops short: the rows it then plays are dropped by
** SQLite, which sees the interrupt once the row is returned.) */
static void moves_skip(coins_tvf_cursor *cur, uint64_t count) {
  coins_line_skip(cur->state, count);
}

/* Brings the lazy cursor's line to the move before ply cur->ply (the
** line's blocks made first, when they are still to make).  SQLITE_OK or
** SQLITE_INTERRUPT. */
static int moves_reach(coins_tvf_cursor *cur) {
  coins_line *line = cur->state;
  uint64_t played = line->st.ply;
  if (coins_line_fuse(line) != COINS_OK ||
      (played + 1 < cur->ply && coins_line_skip(line, cur->ply - 1 - played) != COINS_OK))
    return SQLITE_INTERRUPT;
  return SQLITE_OK;
}

/* The lazy cursor's row: for the usual one (the line's next move, its
** blocks made) one call. */
static int moves_seek(coins_tvf_cursor *cur) {
  coins_line *line = cur->state;
  if ((line->unfused || line->st.ply + 1 != cur->ply) && moves_reach(cur) != SQLITE_OK)
    return SQLITE_INTERRUPT;
  coins_line_next(line, &cur->row);
  return SQLITE_OK;
}

/* The gains of the moves from ply cur->ply on: every row of sum(gain). */
static int moves_fill(coins_tvf_cursor *cur, int64_t *gains, size_t max, size_t *count) {
  if (moves_reach(cur) != SQLITE_OK) return SQLITE_INTERRUPT;
  *count = coins_line_gains(cur->state, gains, max);
  return SQLITE_OK;
}

const coins_tvf coins_moves_tvf = {
    .name = "coins_moves",
    .schema = "CREATE TABLE x(" COINS_TVF_PLY_COLUMNS
              ", arg_variant HIDDEN, arg_coins HIDDEN, arg_max_take HIDDEN)",
    .n_visible = COINS_TVF_COLUMN_COUNT,
    .n_args = 3,
    .n_required = 2,
    .state_size = sizeof(coins_line),
    .start = moves_start,
    .next = moves_next,
    .column = coins_tvf_ply_column,
    .skip = moves_skip,
    .seek = moves_seek,
    .fill = moves_fill,
    .fill_column = COINS_TVF_COL_GAIN,
};
