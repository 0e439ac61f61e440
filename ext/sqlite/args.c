/*
** args.c -- turns the sqlite3_values a user passes into a game for the
** core: the variant (1, '1', 'I', ... any case), max_take and the coins (a
** JSON array as TEXT, JSONB as a BLOB, or for variant I a count).  Every
** rejection is a message that names the function and says what was wrong.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

const char *coins_value_utf8(sqlite3_value *v, size_t *len) {
  /* sqlite3_value_bytes first: it makes a UTF-16 value UTF-8 (a new,
  ** terminated copy) and leaves UTF-8 as it is; sqlite3_value_blob then
  ** returns the bytes as they are, adding nothing */
  *len = (size_t)sqlite3_value_bytes(v);
  if (*len == 0) { /* empty, or out of memory while converting */
    const char *text = (const char *)sqlite3_value_text(v);
    *len = (size_t)sqlite3_value_bytes(v);
    return text;
  }
  return (const char *)sqlite3_value_blob(v);
}

/* coins_args_int for a value whose type (sqlite3_value_type) is known. */
static int value_int_of_type(sqlite3_value *v, int type, sqlite3_int64 *out, char what[64]) {
  switch (type) {
    case SQLITE_INTEGER: *out = sqlite3_value_int64(v); return SQLITE_OK;
    case SQLITE_FLOAT: {
      double d = sqlite3_value_double(v);
      /* integral and in range: the same when cast to int64_t and back */
      if (d >= -9223372036854775808.0 && d < 9223372036854775808.0 && (double)(int64_t)d == d) {
        *out = (sqlite3_int64)d;
        return SQLITE_OK;
      }
      if (what) sqlite3_snprintf(64, what, "%!.15g", d);
      return SQLITE_MISMATCH;
    }
    case SQLITE_TEXT: {
      size_t len;
      const char *text = coins_value_utf8(v, &len);
      int64_t i;
      if (text == NULL && len > 0) return SQLITE_NOMEM;
      if (text && coins_text_parse_integer(text, len, &i) == COINS_OK) {
        *out = i;
        return SQLITE_OK;
      }
      if (what) {
        char q[48];
        coins_text_quote((const unsigned char *)(text ? text : ""), len, q, sizeof q);
        sqlite3_snprintf(64, what, "'%s'", q);
      }
      return SQLITE_MISMATCH;
    }
    case SQLITE_BLOB:
      if (what) sqlite3_snprintf(64, what, "a BLOB");
      return SQLITE_MISMATCH;
    default:
      if (what) sqlite3_snprintf(64, what, "NULL");
      return SQLITE_MISMATCH;
  }
}

int coins_args_int(sqlite3_value *v, sqlite3_int64 *out, char what[64]) {
  return value_int_of_type(v, sqlite3_value_type(v), out, what);
}

void coins_args_free_game(coins_game *game) {
  sqlite3_free(game->a);
  game->a = NULL;
  game->a_words = 0;
}

size_t coins_args_work_count(const coins_game *game) {
#if SIZE_MAX < UINT64_MAX
  if (game->n > SIZE_MAX) return SIZE_MAX;
#endif
  return (size_t)game->n;
}

/* The arguments' types are asked for once, before any conversion, and
** passed on. */

/* 1 when a variant argument looks like coins (a JSON array as TEXT, or
** JSONB's array header as a BLOB): the arguments were likely swapped. */
static int looks_like_coins(sqlite3_value *v, int type) {
  size_t len = 0;
  const unsigned char *b = type == SQLITE_TEXT ? (const unsigned char *)coins_value_utf8(v, &len)
                                               : sqlite3_value_blob(v);
  if (type != SQLITE_TEXT) len = (size_t)sqlite3_value_bytes(v);
  if (b == NULL) return 0;
  if (type == SQLITE_BLOB) return len > 0 && (b[0] & 0x0F) == 11; /* JSONB's ARRAY */
  const char *text = (const char *)b;
  coins_text_trim_blanks(&text, &len);
  return len > 0 && text[0] == '[';
}

/* "expected 1, 2, 3, 'I', 'II' or 'III'": the variants' numbers, then their
** names, from the traits. */
static void accepted_variants(char out[128]) {
  coins_variant v;
  int count = 0, at = 0;
  while (coins_variant_of_number(count + 1, &v) == COINS_OK) count++;
  sqlite3_snprintf(128, out, "expected");
  for (int i = 0; i < 2 * count; i++) {
    const char *sep = i == 0 ? " " : i == 2 * count - 1 ? " or " : ", ";
    at += (int)strlen(out + at);
    if (i < count) {
      sqlite3_snprintf(128 - at, out + at, "%s%d", sep, i + 1);
    } else {
      coins_variant_of_number(i - count + 1, &v);
      sqlite3_snprintf(128 - at, out + at, "%s'%s'", sep, coins_variant_traits_of(v).name);
    }
  }
}

static int read_variant(const char *fname, sqlite3_value *v, int type, coins_variant *variant,
                        char **err) {
  char accepted[128];
  sqlite3_int64 i;
  char what[64];
  if (type == SQLITE_TEXT) {
    size_t len;
    const char *text = coins_value_utf8(v, &len);
    if (text == NULL) return SQLITE_NOMEM;
    if (coins_variant_parse(text, len, variant) == COINS_OK) return SQLITE_OK;
  }
  int rc = value_int_of_type(v, type, &i, what);
  if (rc == SQLITE_NOMEM) return rc;
  if (rc == SQLITE_OK && coins_variant_of_number(i, variant) == COINS_OK) return SQLITE_OK;
  accepted_variants(accepted);
  const char *swapped =
      (type == SQLITE_TEXT || type == SQLITE_BLOB) && looks_like_coins(v, type)
          ? " (are the arguments swapped? the variant comes first, then the coins)"
          : "";
  if (type == SQLITE_BLOB)
    return coins_reply_fail(err, fname, "unknown variant (a BLOB); %s%s", accepted, swapped);
  if (rc == SQLITE_OK && type != SQLITE_TEXT)
    return coins_reply_fail(err, fname, "unknown variant %lld; %s", i, accepted);
  if (type == SQLITE_TEXT) {
    char q[48];
    size_t len;
    const char *text = coins_value_utf8(v, &len);
    coins_text_quote((const unsigned char *)(text ? text : ""), text ? len : 0, q, sizeof q);
    return coins_reply_fail(err, fname, "unknown variant '%s'; %s%s", q, accepted, swapped);
  }
  return coins_reply_fail(err, fname, "unknown variant %s; %s", what, accepted); /* a REAL */
}

int coins_args_read_variant(const char *fname, sqlite3_value *v, coins_variant *variant,
                            char **err) {
  *err = NULL;
  return read_variant(fname, v, sqlite3_value_type(v), variant, err);
}

/* 1 when a max_take argument is TEXT that holds a JSON array (a set). */
static int looks_like_set(sqlite3_value *v, int type) {
  return type == SQLITE_TEXT && looks_like_coins(v, type);
}

/* max_take written as a set of takes ('[1,3,4]'), for a variant that
** takes any count. */
static int read_take_set(const char *fname, sqlite3_value *v, coins_variant_traits traits,
                         coins_takes *takes, uint64_t *k, char **err) {
  char msg[COINS_ERRMSG_SIZE], q[48];
  const char *text = (const char *)sqlite3_value_text(v);
  size_t len = (size_t)sqlite3_value_bytes(v);
  if (text == NULL) return SQLITE_NOMEM;
  if (coins_takes_parse(text, len, takes, msg) != COINS_OK)
    return coins_reply_fail(err, fname, "max_take: %s", msg);
  if (traits.fixed_take && !(takes->range == traits.fixed_take)) {
    coins_text_quote((const unsigned char *)text, len, q, sizeof q);
    return coins_reply_fail(err, fname,
                            "variant %s takes one coin from either end: "
                            "max_take must be %llu, got '%s'",
                            traits.name, (unsigned long long)traits.fixed_take, q);
  }
  *k = coins_takes_largest(takes);
  return SQLITE_OK;
}

/* The set 1..k. */
static coins_takes takes_up_to(uint64_t k) {
  return (coins_takes){k < 64 ? ((uint64_t)1 << k) - 1 : ~(uint64_t)0, k};
}

static int read_max_take(const char *fname, sqlite3_value *v, int type,
                         const coins_variant_traits *variant, coins_takes *takes, uint64_t *k,
                         char **err) {
  const coins_variant_traits traits = *variant;
  sqlite3_int64 i;
  char what[64];
  *k = traits.default_take;
  *takes = takes_up_to(*k);
  if (v == NULL) return SQLITE_OK;
  if (looks_like_set(v, type)) return read_take_set(fname, v, traits, takes, k, err);
  int rc = value_int_of_type(v, type, &i, what);
  if (rc == SQLITE_NOMEM) return rc;
  if (rc != SQLITE_OK && type == SQLITE_TEXT && !traits.fixed_take)
    return coins_reply_fail(err, fname,
                            "max_take must be an integer >= 1 or a JSON array of takes such as "
                            "'[1,3,4]', got %s",
                            what);
  if (rc != SQLITE_OK)
    return coins_reply_fail(err, fname, "max_take must be an integer >= 1, got %s", what);
  if (i < 1) return coins_reply_fail(err, fname, "max_take must be an integer >= 1, got %lld", i);
  if (traits.fixed_take && (uint64_t)i != traits.fixed_take)
    return coins_reply_fail(err, fname,
                            "variant %s takes one coin from either end: "
                            "max_take must be %llu, got %lld",
                            traits.name, (unsigned long long)traits.fixed_take, i);
  *k = (uint64_t)i;
  *takes = takes_up_to(*k);
  return SQLITE_OK;
}

/* Variant I: a count may stand for the row, as any integer value. */
static int read_count(const char *fname, sqlite3_value *v, int type, coins_game *game,
                      int *is_count, char **err) {
  sqlite3_int64 n;
  *is_count = 0;
  if (type == SQLITE_BLOB) return SQLITE_OK; /* JSONB */
  int rc = value_int_of_type(v, type, &n, NULL);
  if (rc == SQLITE_NOMEM) return rc;
  if (rc != SQLITE_OK) return SQLITE_OK;
  *is_count = 1;
  if (n < 0) return coins_reply_fail(err, fname, "the coin count must be >= 0, got %lld", n);
  game->n = (uint64_t)n;
  return SQLITE_OK;
}

static int read_coins(const char *fname, sqlite3_value *v, int type,
                      const coins_variant_traits *traits, coins_game *game, coins_json_arg *text,
                      char **err) {
  int counts = traits->takes_any_count, is_count = 0;
  *text = (coins_json_arg){NULL, 0, 0};
  if (type == SQLITE_TEXT) { /* (no NUL is added: a text bound with its length is not copied) */
    text->text = coins_value_utf8(v, &text->len);
    if (text->text == NULL) return SQLITE_NOMEM;
  }
  if (counts) {
    int rc = read_count(fname, v, type, game, &is_count, err);
    if (rc != SQLITE_OK || is_count) {
      text->text = NULL;
      return rc;
    }
  } else if (type != SQLITE_BLOB) { /* a count where only variant I takes one? */
    const char *t = text->text;
    sqlite3_int64 n;
    if ((t == NULL || text->len == 0 || t[0] != '[') &&
        value_int_of_type(v, type, &n, NULL) == SQLITE_OK)
      return coins_reply_fail(err, fname,
                              "coins must be a JSON array for variant %s, got the count %lld; "
                              "a count of coins is allowed for variants I and I-misere only",
                              traits->name, n);
  }
  switch (type) {
    case SQLITE_TEXT: /* read above */ break;
    case SQLITE_BLOB: /* JSONB; an empty BLOB has no pointer */
      text->text = sqlite3_value_bytes(v) ? (const char *)sqlite3_value_blob(v) : "";
      text->len = (size_t)sqlite3_value_bytes(v);
      text->jsonb = 1;
      break;
    default:
      return coins_reply_fail(err, fname, "coins must be TEXT holding a JSON array%s, got %s",
                              counts ? " or a count" : "", coins_reply_type_name(v));
  }
  return text->text ? SQLITE_OK : SQLITE_NOMEM;
}

/* The functions that answer a sum of piles (I-sum, I-sum-misere), where
** coins_margin and coins_score say that the variant has no values. */
static const char *const sum_functions[] = {"coins_win",    "coins_outcome", "coins_best_move",
                                            "coins_margin", "coins_score",   "coins_result",
                                            "coins_after",  "coins_moves",   "coins_review",
                                            "coins_play",   "coins_options"};

/* A sum of piles for a function that does not answer it: refused. */
static int refuse_sum(const char *fname, const coins_variant *variant, char **err) {
  for (size_t i = 0; i < sizeof sum_functions / sizeof *sum_functions; i++)
    if (strcmp(fname, sum_functions[i]) == 0) return SQLITE_OK;
  return coins_reply_fail(err, fname,
                          "variant %s (a sum of piles) is answered by coins_win, coins_outcome, "
                          "coins_best_move, coins_moves, coins_review, coins_play, coins_options, "
                          "coins_result and coins_after",
                          coins_variant_traits_of(*variant).name);
}

int coins_args_read(const char *fname, sqlite3_value *variant, sqlite3_value *coins,
                    sqlite3_value *max_take, coins_game *game, coins_json_arg *text, char **err) {
  game->n = game->k = 0;
  game->piles = 0;
  *err = NULL;
  int variant_type = sqlite3_value_type(variant), coins_type = sqlite3_value_type(coins);
  /* the usual call first, in a few steps: a variant's number, a JSON
  ** array as TEXT, no max_take (anything else is read below, as is an
  ** array's text that turns out no array, with its messages) */
  if (variant_type == SQLITE_INTEGER && coins_type == SQLITE_TEXT && max_take == NULL &&
      coins_variant_of_number(sqlite3_value_int64(variant), &game->variant) == COINS_OK) {
    text->text = coins_value_utf8(coins, &text->len), text->jsonb = 0;
    if (text->text && text->len > 0 && text->text[0] == '[') {
      coins_variant_traits traits = coins_variant_traits_of(game->variant);
      game->k = traits.default_take;
      game->takes = takes_up_to(game->k);
      game->piles = traits.piles;
      return SQLITE_OK;
    }
  }
  int take_type = max_take ? sqlite3_value_type(max_take) : SQLITE_INTEGER;
  if (variant_type == SQLITE_NULL || coins_type == SQLITE_NULL || take_type == SQLITE_NULL)
    return COINS_SQL_NULL;
  int rc = read_variant(fname, variant, variant_type, &game->variant, err);
  if (rc != SQLITE_OK) return rc;
  coins_variant_traits traits = coins_variant_traits_of(game->variant);
  rc = read_max_take(fname, max_take, take_type, &traits, &game->takes, &game->k, err);
  if (rc == SQLITE_OK) rc = read_coins(fname, coins, coins_type, &traits, game, text, err);
  game->piles = rc == SQLITE_OK && text->text && traits.piles;
  return rc;
}

/* Parses the coins into game->a[0..cap): a status of the core. */
static coins_status parse_coins(const coins_json_arg *coins, coins_game *game, size_t *n,
                                char msg[COINS_ERRMSG_SIZE]) {
  const unsigned char *bytes = (const unsigned char *)coins->text;
  if (coins->jsonb)
    return coins_jsonb_parse_array_stop(bytes, coins->len, game->a, game->a_words, n, msg,
                                        game->stop);
  if (game->stop == NULL) /* (the usual case, a call less) */
    return coins_parse_array(coins->text, coins->len, game->a, game->a_words, n, msg);
  return coins_parse_array_stop(coins->text, coins->len, game->a, game->a_words, n, msg,
                                game->stop);
}

int coins_args_parse_coins(const char *fname, const coins_json_arg *coins, coins_game *game,
                           char **err) {
  char msg[COINS_ERRMSG_SIZE];
  size_t n = 0;
  /* parse into the buffer as it is; count and grow only when it is full */
  coins_status parsed = parse_coins(coins, game, &n, msg);
  if (parsed == COINS_NO_ROOM) {
    const unsigned char *bytes = (const unsigned char *)coins->text;
    size_t room = coins->jsonb ? coins_jsonb_capacity(bytes, coins->len)
                               : coins_parse_capacity(coins->text, coins->len);
    if (coins_reserve(&game->a, &game->a_words, room)) return SQLITE_NOMEM;
    parsed = parse_coins(coins, game, &n, msg);
  }
  game->n = n;
  int rc = coins_reply_status(parsed, fname, msg, err);
  if (rc == SQLITE_OK && game->piles) /* refused once the array is read */
    rc = refuse_sum(fname, &game->variant, err);
  return rc;
}

int coins_args_read_game(const char *fname, sqlite3_value *variant, sqlite3_value *coins,
                         sqlite3_value *max_take, coins_game *game, char **err) {
  coins_json_arg text;
  int rc = coins_args_read(fname, variant, coins, max_take, game, &text, err);
  if (rc != SQLITE_OK || text.text == NULL) return rc;
  return coins_args_parse_coins(fname, &text, game, err);
}

int coins_args_start_sum(const char *fname, const coins_game *game, coins_state *st, int64_t **work,
                         size_t *words, char **err) {
  char msg[COINS_ERRMSG_SIZE];
  size_t need = 0;
  coins_status rc;
  while ((rc = coins_sum_start(st, game->variant, game->a, (size_t)game->n, &game->takes, *work,
                               *words, &need, msg, game->stop)) == COINS_NO_ROOM)
    if (coins_reserve(work, words, need)) return SQLITE_NOMEM;
  return coins_reply_status(rc, fname, msg, err);
}

int coins_args_start_piles(const char *fname, const coins_game *game, coins_state *st,
                           int64_t **work, size_t *words, char **err) {
  coins_game normal = *game; /* started as I-sum, which checks no class of sums */
  normal.variant = COINS_I_SUM;
  int rc = coins_args_start_sum(fname, &normal, st, work, words, err);
  st->variant = game->variant;
  return rc;
}
