/*
** notation.h -- the move codec of notation.c: how a move is read from a
** record, checked against a position, and refused with a message.  Every
** choice is a switch over the variant's coins_notation (its traits), so a
** new notation changes this file and notation.c, not the parsers.
*/
#ifndef COINS_NOTATION_H
#define COINS_NOTATION_H

#include "coins.h"
#include "compiler.h"
#include "text.h"

/* A move written as a word, as a record stores it, or 0 when it is none:
** a letter alone (LRRL, [L, R]), or a JSON string's body with its escapes
** decoded ("L", "\u0052").  The parsers of takes ask too, to tell a record
** written in another variant's notation. */
int64_t coins_notation_letter(int c);
int64_t coins_notation_string(const unsigned char *body, size_t len, coins_text_escapes escapes);

/* A record in another notation than variant v's (letters where v takes
** counts, or counts where it takes letters): the message that says how v's
** moves are written.  Returns COINS_INVALID. */
coins_status coins_notation_hint(coins_variant v, char err[COINS_ERRMSG_SIZE]);

/* The message for m, refused by coins_notation_check.  COINS_INVALID. */
coins_status coins_notation_refuse(coins_notation nt, uint64_t ply, coins_move m, uint64_t left,
                                   uint64_t k, char err[COINS_ERRMSG_SIZE]);

/* How a "p:t" move is stored: the pile (from 0) above the take. */
#define COINS_NOTATION_PILE_SHIFT 51
#define COINS_NOTATION_TAKE_MASK (((int64_t)1 << COINS_NOTATION_PILE_SHIFT) - 1)

/* Reads a "p:t" move (piles from 1) from text[0..len) into *stored:
** COINS_OK, or COINS_INVALID with err saying what is wrong. */
coins_status coins_notation_pile_read(const char *text, size_t len, int64_t *stored,
                                      char err[COINS_ERRMSG_SIZE]);

/* coins_notation_pile_read on the body[0..len) of a JSON string, its
** escapes decoded first ("1\u003a3" is "1:3"). */
coins_status coins_notation_pile_string(const unsigned char *body, size_t len,
                                        coins_text_escapes escapes, int64_t *stored,
                                        char err[COINS_ERRMSG_SIZE]);

/* A stored move (as coins_parse_moves stores it) as a coins_move. */
COINS_INLINE coins_move coins_notation_move(coins_notation nt, int64_t stored) {
  coins_move m = {1, 'L', 0};
  switch (nt) {
    case COINS_NOTATION_TAKE: m.take = (uint64_t)stored; break;
    case COINS_NOTATION_SIDE: m.side = (char)stored; break;
    case COINS_NOTATION_PILE:
      m.take = (uint64_t)(stored & COINS_NOTATION_TAKE_MASK);
      m.pile = (uint32_t)(stored >> COINS_NOTATION_PILE_SHIFT);
      break;
  }
  return m;
}

/* Whether m can be played as ply with left coins on the table and
** max_take k: COINS_OK, or COINS_INVALID with the reason in err. */
COINS_INLINE coins_status coins_notation_check(coins_notation nt, uint64_t ply, coins_move m,
                                               uint64_t left, uint64_t k,
                                               char err[COINS_ERRMSG_SIZE]) {
  switch (nt) {
    case COINS_NOTATION_TAKE:
      if (m.take >= 1 && m.take <= k && m.take <= left) return COINS_OK;
      break;
    case COINS_NOTATION_SIDE:
      if (left > 0) return COINS_OK;
      break;
    case COINS_NOTATION_PILE: /* the piles are the state's: coins_sum_check */
      if (left > 0 && m.take >= 1) return COINS_OK;
      break;
  }
  return coins_notation_refuse(nt, ply, m, left, k, err);
}

#endif
