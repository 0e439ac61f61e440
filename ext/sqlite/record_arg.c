/*
** record_arg.c -- reads the moves argument of coins_review and
** coins_diagram (and coins_result, coins_after): a game record, as JSON
** text, bare takes or letters ('1,2,1', 'LRR'), or JSONB, parsed by the
** core and checked for
** legality before any row, so that an illegal move is an error that names
** its ply.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

/* A sum's record checked by playing it on the piles. */
static int check_sum(const char *fname, const coins_game *game, const int64_t *record, size_t count,
                     char **err) {
  char msg[COINS_ERRMSG_SIZE];
  int64_t *work = NULL;
  size_t words = 0;
  coins_state st;
  coins_ply ply;
  coins_status played = COINS_OK;
  int rc = coins_args_start_piles(fname, game, &st, &work, &words, err);
  coins_notation nt = coins_variant_traits_of(game->variant).notation;
  coins_interrupt_poll poll = {game->stop, COINS_INTERRUPT_POLL_EVERY};
  for (size_t i = 0; rc == SQLITE_OK && played == COINS_OK && i < count; i++)
    played = coins_interrupt_poll_stopped(&poll)
                 ? COINS_STOPPED
                 : coins_state_play(&st, coins_notation_decode(nt, record[i]), &ply, msg);
  sqlite3_free(work);
  return rc != SQLITE_OK ? rc : coins_reply_status(played, fname, msg, err);
}

int coins_record_arg_read(const char *fname, sqlite3_value *moves, const coins_game *game,
                          int64_t **record, size_t *room_words, size_t *count, char **err) {
  char msg[COINS_ERRMSG_SIZE];
  *err = NULL;
  int type = sqlite3_value_type(moves), jsonb = type == SQLITE_BLOB;
  if (type != SQLITE_TEXT && !jsonb)
    return coins_reply_fail(
        err, fname, "moves must be TEXT holding a JSON array or %s, got %s",
        coins_notation_bare_form(coins_variant_traits_of(game->variant).notation),
        coins_reply_type_name(moves));
  const char *text =
      jsonb ? (const char *)sqlite3_value_blob(moves) : (const char *)sqlite3_value_text(moves);
  const unsigned char *bytes = (const unsigned char *)text;
  size_t len = (size_t)sqlite3_value_bytes(moves);
  if (text == NULL && len > 0) return SQLITE_NOMEM;
  if (text == NULL) text = "", bytes = (const unsigned char *)text;
  size_t room = jsonb ? coins_jsonb_capacity(bytes, len) : coins_parse_moves_capacity(text, len);
  if (coins_reserve(record, room_words, room)) return SQLITE_NOMEM;
  const coins_stop *stop = game->stop;
  coins_status rc = jsonb ? coins_jsonb_parse_moves_stop(game->variant, bytes, len, *record,
                                                         *room_words, count, msg, stop)
                          : coins_parse_moves_stop(game->variant, text, len, *record, *room_words,
                                                   count, msg, stop);
  if (rc == COINS_OK && game->piles) return check_sum(fname, game, *record, *count, err);
  if (rc == COINS_OK)
    rc = coins_state_check_record_takes_stop(game->variant, game->n, &game->takes, *record, *count,
                                             msg, stop);
  return coins_reply_status(rc, fname, msg, err);
}
