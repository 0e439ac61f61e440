/*
** coins_args.c -- turns the sqlite3_values a user passes into a game for
** the core: the variant (1, '1', 'I', ... any case), the coins (a JSON
** array as TEXT, or for variant I an INTEGER count) and max_take.  Every
** rejection is a message that names the function and says what was wrong.
*/
#include "coins_sql.h"

#include <stdarg.h>
#include <string.h>

SQLITE_EXTENSION_INIT3

char *coins_error(const char *fname, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *what = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  char *msg = what ? sqlite3_mprintf("%s: %s", fname, what) : NULL;
  sqlite3_free(what);
  return msg;
}

const char *coins_type_name(sqlite3_value *v) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER: return "an INTEGER";
    case SQLITE_FLOAT: return "a REAL";
    case SQLITE_TEXT: return "TEXT";
    case SQLITE_BLOB: return "a BLOB";
    default: return "NULL";
  }
}

/* 1, 2 or 3 for a known variant name, else 0. */
static int variant_number(sqlite3_value *v) {
  if (sqlite3_value_type(v) == SQLITE_INTEGER) {
    sqlite3_int64 i = sqlite3_value_int64(v);
    return i >= 1 && i <= 3 ? (int)i : 0;
  }
  if (sqlite3_value_type(v) != SQLITE_TEXT) return 0;
  static const char *const names[] = {"1", "2", "3", "i", "ii", "iii"};
  const char *text = (const char *)sqlite3_value_text(v);
  int len = sqlite3_value_bytes(v);
  for (int i = 0; i < 6; i++)
    if ((int)strlen(names[i]) == len && sqlite3_strnicmp(text, names[i], len) == 0)
      return i % 3 + 1;
  return 0;
}

static int read_variant(const char *fname, sqlite3_value *v, int *variant,
                        char **err) {
  *variant = variant_number(v);
  if (*variant) return SQLITE_OK;
  const char *accepted = "expected 1, 2, 3, 'I', 'II' or 'III'";
  if (sqlite3_value_type(v) == SQLITE_INTEGER) {
    *err = coins_error(fname, "unknown variant %lld; %s",
                       sqlite3_value_int64(v), accepted);
  } else if (sqlite3_value_type(v) == SQLITE_TEXT) {
    char q[64];
    coins_quote(sqlite3_value_text(v), (size_t)sqlite3_value_bytes(v), q,
                sizeof q);
    *err = coins_error(fname, "unknown variant '%s'; %s", q, accepted);
  } else {
    *err = coins_error(fname, "unknown variant (%s); %s", coins_type_name(v),
                       accepted);
  }
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

static int read_max_take(const char *fname, sqlite3_value *v, int variant,
                         uint64_t *k, char **err) {
  *k = 2;
  if (variant == 3) *k = 1;
  if (v == NULL) return SQLITE_OK;
  if (sqlite3_value_type(v) != SQLITE_INTEGER || sqlite3_value_int64(v) < 1) {
    if (sqlite3_value_type(v) == SQLITE_INTEGER)
      *err = coins_error(fname, "max_take must be an INTEGER >= 1, got %lld",
                         sqlite3_value_int64(v));
    else
      *err = coins_error(fname, "max_take must be an INTEGER >= 1, got %s",
                         coins_type_name(v));
  } else if (variant == 3 && sqlite3_value_int64(v) != 1) {
    *err = coins_error(fname, "variant III takes one coin from either end: "
                       "max_take must be 1, got %lld", sqlite3_value_int64(v));
  } else {
    *k = (uint64_t)sqlite3_value_int64(v);
    return SQLITE_OK;
  }
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Parses text into game->a, or with solve3 (variant III) parses and solves
** it in one pass into *solve3; game->a is the buffer either way, grown only
** when it turns out too small.  0, or -1 with msg. */
static int parse_coins(const char *text, size_t len, coins_game *game,
                       coins_result *solve3, char msg[COINS_ERRMSG_SIZE]) {
  for (int attempt = 0;; attempt++) {
    size_t n = 0;
    int rc = solve3 ? coins3_solve_text(text, len, game->a, game->a_words,
                                        solve3, msg)
                    : coins_parse_array(text, len, game->a, game->a_words, &n,
                                        msg);
    if (rc != -2 || attempt > 0) {
      game->n = solve3 ? 0 : n;
      return rc;
    }
    if (coins_reserve(&game->a, &game->a_words,
                      coins_parse_capacity(text, len)))
      return -2;
  }
}

static int read_coins(const char *fname, sqlite3_value *v, coins_game *game,
                      coins_result *solve3, char **err) {
  int type = sqlite3_value_type(v);
  if (type == SQLITE_INTEGER && game->variant == 1) {
    sqlite3_int64 n = sqlite3_value_int64(v);
    if (n >= 0) {
      game->n = (uint64_t)n;
      return SQLITE_OK;
    }
    *err = coins_error(fname, "the coin count must be >= 0, got %lld", n);
  } else if (type != SQLITE_TEXT) {
    *err = coins_error(fname, "coins must be TEXT holding a JSON array%s, "
                       "got %s", game->variant == 1 ? " or a count" : "",
                       coins_type_name(v));
  } else {
    const char *text = (const char *)sqlite3_value_text(v);
    size_t len = (size_t)sqlite3_value_bytes(v);
    if (text == NULL) return SQLITE_NOMEM;
    char msg[COINS_ERRMSG_SIZE];
    int rc = parse_coins(text, len, game, game->variant == 3 ? solve3 : NULL,
                         msg);
    if (rc == -2) return SQLITE_NOMEM;
    if (rc == 0) return SQLITE_OK;
    *err = coins_error(fname, "%s", msg);
  }
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}

void coins_result_error(sqlite3_context *ctx, char *err) {
  if (err)
    sqlite3_result_error(ctx, err, -1);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(err);
}

void coins_result_move(sqlite3_context *ctx, int variant, coins_move move) {
  if (move.take == 0)
    sqlite3_result_null(ctx);
  else if (variant == 3)
    sqlite3_result_text(ctx, move.side == 'L' ? "L" : "R", 1, SQLITE_STATIC);
  else
    sqlite3_result_int64(ctx, (sqlite3_int64)move.take);
}

int coins_reserve(int64_t **buf, size_t *room, size_t words) {
  if (*buf && words <= *room) return SQLITE_OK;
  if (words < 16) words = 16;
  int64_t *grown = sqlite3_realloc64(*buf, (sqlite3_uint64)words * sizeof **buf);
  if (grown == NULL) return SQLITE_NOMEM;
  *buf = grown;
  *room = words;
  return SQLITE_OK;
}

int coins_game_read(const char *fname, sqlite3_value *variant,
                    sqlite3_value *coins, sqlite3_value *max_take,
                    coins_game *game, coins_result *solve3, char **err) {
  game->variant = 0;
  game->n = game->k = 0;
  *err = NULL;
  if (sqlite3_value_type(variant) == SQLITE_NULL ||
      sqlite3_value_type(coins) == SQLITE_NULL ||
      (max_take && sqlite3_value_type(max_take) == SQLITE_NULL))
    return COINS_NULL_ARG;
  int rc = read_variant(fname, variant, &game->variant, err);
  if (rc == SQLITE_OK)
    rc = read_max_take(fname, max_take, game->variant, &game->k, err);
  if (rc == SQLITE_OK) rc = read_coins(fname, coins, game, solve3, err);
  return rc;
}

void coins_game_free(coins_game *game) {
  sqlite3_free(game->a);
  game->a = NULL;
  game->a_words = 0;
}

int coins_record_read(const char *fname, sqlite3_value *moves,
                      const coins_game *game, int64_t **record, size_t *room,
                      size_t *count, char **err) {
  char msg[COINS_ERRMSG_SIZE];
  *err = NULL;
  if (sqlite3_value_type(moves) != SQLITE_TEXT) {
    *err = coins_error(fname, "moves must be TEXT holding a JSON array%s, "
                       "got %s", game->variant == 3 ? " or L/R letters" : "",
                       coins_type_name(moves));
    return *err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  const char *text = (const char *)sqlite3_value_text(moves);
  size_t len = (size_t)sqlite3_value_bytes(moves);
  if (text == NULL ||
      coins_reserve(record, room, coins_moves_capacity(text, len)))
    return SQLITE_NOMEM;
  int rc = coins_parse_moves(game->variant, text, len, *record, *room, count,
                             msg);
  coins_state check;
  coins_ply ply;
  coins_state_init(&check, game->variant, game->a, game->n, game->k);
  for (size_t i = 0; rc == 0 && i < *count; i++)
    rc = coins_state_play(&check, coins_move_of(game->variant, (*record)[i]),
                          &ply, msg);
  if (rc == 0) return SQLITE_OK;
  *err = coins_error(fname, "%s", msg);
  return *err ? SQLITE_ERROR : SQLITE_NOMEM;
}
