/*
** notation.c -- the one codec of moves (part of the pure core): how a move
** of a record is read (a letter alone, or a JSON string with its escapes
** decoded), stored, turned into a coins_move, checked against the coins
** left, and written back, with the messages that go with them.  Each
** variant has one notation (coins_variant_traits_of); each choice here is
** a switch over coins_notation with no default, so that a new notation (a
** side and a take, say "L2") is added here, in the traits and in the
** places -Wswitch names.  The two calls on every move's path,
** coins_notation_move and coins_notation_check, are inline in notation.h.
*/
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "fuse.h"
#include "interval.h"
#include "line.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "review.h"
#include "scan.h"
#include "solution.h"
#include "solve2.h"
#include "solve3.h"
#include "state.h"
#include "stop.h"
#include "text.h"
#include "valley.h"

char coins_notation_side_of(int c) {
  return c == 'L' || c == 'l' ? 'L' : c == 'R' || c == 'r' ? 'R' : 0;
}

int64_t coins_notation_letter(int c) { return coins_notation_side_of(c); }

int64_t coins_notation_string(const unsigned char *body, size_t len, coins_text_escapes escapes) {
  return coins_notation_side_of(coins_text_string_char(body, len, escapes));
}

int64_t coins_notation_word(const char *text, size_t len, coins_notation *nt) {
  int64_t stored = len == 1 ? coins_notation_letter((unsigned char)text[0]) : 0;
  if (stored) *nt = COINS_NOTATION_SIDE;
  return stored;
}

coins_move coins_notation_decode(coins_notation nt, int64_t stored) {
  return coins_notation_move(nt, stored);
}

coins_move coins_notation_move_of(coins_variant v, int64_t stored) {
  return coins_notation_move(coins_variant_traits_of(v).notation, stored);
}

int coins_notation_is_number(coins_notation nt) {
  switch (nt) {
    case COINS_NOTATION_TAKE: return 1;
    case COINS_NOTATION_SIDE:
    case COINS_NOTATION_PILE: return 0;
  }
  return 0;
}

const char *coins_notation_format(coins_notation nt, coins_move m, char buf[COINS_MOVE_TEXT_SIZE],
                                  size_t *len) {
  switch (nt) {
    case COINS_NOTATION_TAKE:
      *len = (size_t)snprintf(buf, COINS_MOVE_TEXT_SIZE, "%llu", (unsigned long long)m.take);
      return buf;
    case COINS_NOTATION_SIDE: *len = 1; return m.side == 'L' ? "L" : "R";
    case COINS_NOTATION_PILE:
      *len = (size_t)snprintf(buf, COINS_MOVE_TEXT_SIZE, "%lu:%llu", (unsigned long)m.pile + 1,
                              (unsigned long long)m.take);
      return buf;
  }
  *len = 0;
  return "";
}

const char *coins_notation_name(coins_notation nt) {
  switch (nt) {
    case COINS_NOTATION_TAKE: return "take";
    case COINS_NOTATION_SIDE: return "side";
    case COINS_NOTATION_PILE: return "pile";
  }
  return "";
}

const char *coins_notation_bare_form(coins_notation nt) {
  switch (nt) {
    case COINS_NOTATION_TAKE: return "takes like '1,2,1'";
    case COINS_NOTATION_SIDE: return "L/R letters";
    case COINS_NOTATION_PILE: return "pile:take moves like '1:3 2:1'";
  }
  return "";
}

coins_status coins_notation_hint(coins_variant v, char err[COINS_ERRMSG_SIZE]) {
  coins_variant_traits traits = coins_variant_traits_of(v);
  switch (traits.notation) {
    case COINS_NOTATION_TAKE:
      return coins_text_fail(
          err, "moves for variant %s are takes, e.g. [1,2,1] or '1,2,1'; got letters", traits.name);
    case COINS_NOTATION_SIDE:
      return coins_text_fail(err,
                             "moves for variant %s are letters, e.g. [\"L\",\"R\",\"R\"] or 'LRR'; "
                             "got takes",
                             traits.name);
    case COINS_NOTATION_PILE:
      return coins_text_fail(err,
                             "moves for variant %s are pile:take, e.g. [\"1:3\",\"2:1\"] or "
                             "'1:3 2:1'; got another form",
                             traits.name);
  }
  return COINS_INVALID;
}

coins_status coins_notation_refuse(coins_notation nt, uint64_t ply, coins_move m, uint64_t left,
                                   uint64_t k, char err[COINS_ERRMSG_SIZE]) {
  unsigned long long p = ply, take = m.take, l = left;
  switch (nt) {
    case COINS_NOTATION_TAKE:
      if (left == 0)
        return coins_text_fail(err, "ply %llu: take %llu, but no coins are left", p, take);
      return coins_text_fail(
          err, "ply %llu: take %llu is not a move with %llu coin%s left and max_take %llu", p, take,
          l, left == 1 ? "" : "s", (unsigned long long)k);
    case COINS_NOTATION_SIDE:
      return coins_text_fail(err, "ply %llu: %c, but no coins are left", p, m.side);
    case COINS_NOTATION_PILE:
      return coins_text_fail(err, "ply %llu: %lu:%llu, but no pile has a move left", p,
                             (unsigned long)m.pile + 1, take);
  }
  return COINS_INVALID;
}

/* Reads the digits of text[at..len) up to a byte that is not one into
** *v (at most max): the index after them, or at when there are none or
** the number is above max. */
static size_t read_digits(const char *text, size_t at, size_t len, uint64_t max, uint64_t *v) {
  size_t i = at;
  for (*v = 0; i < len && text[i] >= '0' && text[i] <= '9'; i++) {
    uint64_t d = (uint64_t)(text[i] - '0');
    if (*v > (max - d) / 10) return at;
    *v = *v * 10 + d;
  }
  return i;
}

coins_status coins_notation_pile_read(const char *text, size_t len, int64_t *stored,
                                      char err[COINS_ERRMSG_SIZE]) {
  char q[48];
  uint64_t pile, take = 0;
  size_t colon = read_digits(text, 0, len, COINS_SUM_MAX_PILES, &pile);
  size_t end = colon < len && text[colon] == ':'
                   ? read_digits(text, colon + 1, len, (uint64_t)COINS_NOTATION_TAKE_MASK, &take)
                   : colon;
  if (colon > 0 && end > colon + 1 && end == len && pile >= 1 && take >= 1) {
    *stored = (int64_t)((pile - 1) << COINS_NOTATION_PILE_SHIFT) | (int64_t)take;
    return COINS_OK;
  }
  coins_text_quote((const unsigned char *)text, len, q, sizeof q);
  return coins_text_fail(err,
                         "move '%s' is not pile:take with a pile 1..%d and a take 1..2^51-1, "
                         "e.g. '2:3'",
                         q, COINS_SUM_MAX_PILES);
}

coins_status coins_notation_pile_string(const unsigned char *body, size_t len,
                                        coins_text_escapes escapes, int64_t *stored,
                                        char err[COINS_ERRMSG_SIZE]) {
  char move[48]; /* the longest move that reads, "4096:2251799813685247", and more */
  size_t n = coins_text_string_ascii(body, len, escapes, move, sizeof move);
  if (n == SIZE_MAX) return coins_notation_pile_read((const char *)body, len, stored, err);
  return coins_notation_pile_read(move, n, stored, err);
}
