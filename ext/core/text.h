/*
** text.h -- the text helpers of text.c that only the core uses (coins.h
** declares the others): letters, escapes, move letters in strings, and
** messages.
*/
#ifndef COINS_TEXT_H
#define COINS_TEXT_H

#include "coins.h"

/* text[0..len) equals word[0..len), ignoring the case of ASCII letters. */
int coins_text_same_letters(const char *text, const char *word, size_t len);

/* The value of a hexadecimal digit, or -1. */
int coins_text_hex_value(unsigned char c);

/* The escapes a string's body may hold: none (JSONB's TEXT and TEXTRAW),
** JSON's (JSON text), or JSON5's too (JSONB's TEXTJ and TEXT5, which
** SQLite reads alike). */
typedef enum {
  COINS_TEXT_ESCAPES_NONE,
  COINS_TEXT_ESCAPES_JSON,
  COINS_TEXT_ESCAPES_JSON5
} coins_text_escapes;

/* The one ASCII character of the string whose body (without its quotes)
** is body[0..len) once its escapes are decoded ("\u004C" is 'L'), else 0. */
int coins_text_string_char(const unsigned char *body, size_t len, coins_text_escapes escapes);

/* The string whose body is body[0..len) with its escapes decoded, into
** out[0..cap): its length, or SIZE_MAX when it is not ASCII, has a bad
** escape or does not fit. */
size_t coins_text_string_ascii(const unsigned char *body, size_t len, coins_text_escapes escapes,
                               char *out, size_t cap);

/* printf into err (COINS_ERRMSG_SIZE); returns COINS_INVALID. */
coins_status coins_text_fail(char err[COINS_ERRMSG_SIZE], const char *fmt, ...)
#if defined(__MINGW32__)
    __attribute__((format(gnu_printf, 2, 3))) /* C99 printf: __USE_MINGW_ANSI_STDIO */
#elif defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
