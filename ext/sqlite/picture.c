/*
** picture.c -- what coins_diagram and coins_svg share (coins_sql.h,
** coins_picture): a game read from (variant, coins [, moves [, max_take]]),
** its record replayed or its optimal line played, to know who took each
** coin and at which ply; and the line that says how the game ended.
*/
#include <string.h>

#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

static void mark(const coins_ply *p, void *ctx) {
  coins_picture *pic = ctx;
  for (uint64_t t = 0; t < p->move.take; t++) pic->ply_of[p->pos + t] = (int64_t)p->ply;
}

static void reached(coins_picture *pic, const coins_state *st) {
  pic->plies = st->ply;
  pic->left = st->hi - st->lo;
  pic->over = !coins_state_can_move(st);
  memcpy(pic->totals, st->totals, sizeof pic->totals);
}

/* The optimal line, marked: SQLITE_OK, SQLITE_NOMEM, SQLITE_INTERRUPT, or
** SQLITE_ERROR with *err (a set of takes whose values show no period). */
static int play_line(coins_picture *pic, const char *fname, char **err) {
  const coins_game *g = &pic->game;
  int64_t *work = NULL;
  size_t room = 0;
  char msg[COINS_ERRMSG_SIZE];
  if (coins_reserve(&work, &room,
                    coins_line_takes_work_words(g->variant, coins_args_work_count(g), &g->takes)))
    return SQLITE_NOMEM;
  coins_line line;
  coins_ply p;
  coins_interrupt_poll poll = {g->stop, COINS_INTERRUPT_POLL_EVERY};
  coins_status started =
      coins_line_init_takes_stop(&line, g->variant, g->a, g->n, &g->takes, work, msg, g->stop);
  if (started == COINS_OK) started = coins_line_fuse(&line);
  int rc = coins_reply_status(started, fname, msg, err);
  while (rc == SQLITE_OK && coins_line_next(&line, &p)) {
    mark(&p, pic);
    if (coins_interrupt_poll_stopped(&poll)) rc = SQLITE_INTERRUPT;
  }
  reached(pic, &line.st);
  sqlite3_free(work);
  return rc;
}

/* The record moves, read (and checked) as coins_review reads it, then
** replayed and marked; it is kept in pic->record. */
static int play_record(coins_picture *pic, const char *fname, sqlite3_value *moves, char **err) {
  const coins_game *g = &pic->game;
  pic->recorded = 1;
  int rc =
      coins_record_arg_read(fname, moves, g, &pic->record, &pic->record_room, &pic->count, err);
  if (rc != SQLITE_OK) return rc;
  coins_state st;
  coins_state_init_takes(&st, g->variant, g->a, g->n, &g->takes);
  coins_interrupt_poll poll = {g->stop, COINS_INTERRUPT_POLL_EVERY};
  for (size_t at = 0; at < pic->count;
       at += COINS_INTERRUPT_POLL_EVERY) { /* asking between pieces */
    if (at > 0 && coins_interrupt_poll_again(&poll)) return SQLITE_INTERRUPT;
    size_t piece =
        pic->count - at < COINS_INTERRUPT_POLL_EVERY ? pic->count - at : COINS_INTERRUPT_POLL_EVERY;
    coins_state_replay(&st, pic->record + at, piece, mark, pic);
  }
  reached(pic, &st);
  return SQLITE_OK;
}

int coins_picture_read(const char *fname, sqlite3_context *ctx, int argc, sqlite3_value **argv,
                       uint64_t max_count, size_t coin_bytes, coins_picture *pic, char **err) {
  coins_game *g = &pic->game;
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  g->stop = coins_interrupt_stop_for(db, &pic->stop);
  int rc = coins_args_read_game(fname, argv[0], argv[1], argc > 3 ? argv[3] : NULL, g, err);
  if (rc != SQLITE_OK) return rc;
  pic->values = coins_variant_traits_of(g->variant).has_values;
  /* variant I: a count however given (INTEGER, REAL or TEXT), or a row */
  if (!pic->values && g->n > max_count)
    return coins_reply_fail(err, fname, "%llu coins are too many to draw (at most %llu)",
                            (unsigned long long)g->n, (unsigned long long)max_count);
  /* a picture that cannot fit the length limit, refused before any move */
  if (coin_bytes > 0 && g->n > (uint64_t)sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1) / coin_bytes)
    return SQLITE_TOOBIG;
  /* (n: a count of at most max_count, or a row's length, its values in memory) */
  if (coins_reserve(&pic->ply_of, &pic->ply_room, (size_t)g->n)) return SQLITE_NOMEM;
  memset(pic->ply_of, 0, pic->ply_room * sizeof *pic->ply_of);
  if (argc > 2 && sqlite3_value_type(argv[2]) != SQLITE_NULL)
    return play_record(pic, fname, argv[2], err);
  return play_line(pic, fname, err);
}

void coins_picture_free(coins_picture *pic) {
  sqlite3_free(pic->ply_of);
  sqlite3_free(pic->record);
  coins_args_free_game(&pic->game);
}

void coins_picture_summary(sqlite3_str *s, const coins_picture *pic) {
  long long first = pic->totals[0], second = pic->totals[1];
  const char *plural = pic->left == 1 ? "" : "s";
  if (pic->left > 0 && !pic->over) {
    sqlite3_str_appendf(s, "in progress after ply %llu with %llu coin%s left",
                        (unsigned long long)pic->plies, (unsigned long long)pic->left,
                        pic->left == 1 ? "" : "s");
    if (pic->values) sqlite3_str_appendf(s, "; first %lld, second %lld so far", first, second);
  } else if (!pic->values) {
    /* the player to move has lost, or under misère play won */
    int misere = coins_variant_traits_of(pic->game.variant).misere;
    const char *winner = (pic->plies % 2 == 0) == misere ? "first" : "second";
    if (pic->left > 0) /* no take fits */
      sqlite3_str_appendf(s, "no take fits the %llu coin%s left: P%d cannot move, %s wins",
                          (unsigned long long)pic->left, plural, pic->plies % 2 ? 2 : 1, winner);
    else if (pic->plies == 0)
      sqlite3_str_appendf(s, "no coins: %s wins", winner);
    else
      sqlite3_str_appendf(s, "P%d takes the last coin: %s wins", pic->plies % 2 ? 1 : 2, winner);
  } else if (pic->plies == 0 && pic->left == 0) {
    sqlite3_str_appendall(s, "no coins: draw");
  } else {
    if (pic->left > 0) /* no take fits them */
      sqlite3_str_appendf(s, "%llu coin%s left to nobody; ", (unsigned long long)pic->left, plural);
    /* |first| + |second| <= the sum of |coins| <= 2^63-1: no overflow */
    long long margin = first > second ? first - second : second - first;
    sqlite3_str_appendf(s, "first %lld, second %lld: ", first, second);
    if (margin == 0)
      sqlite3_str_appendall(s, "draw");
    else
      sqlite3_str_appendf(s, "%s wins by %lld", first > second ? "first" : "second", margin);
  }
}
