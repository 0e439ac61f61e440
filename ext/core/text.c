/*
** text.c -- small text helpers of the pure core: quoting input safely in
** error messages, comparing letters without regard to case, reading move
** letters, and writing a message into the caller's buffer.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

void coins_quote(const unsigned char *s, size_t len, char *out, size_t size) {
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    if (o + 8 >= size || o >= 40) {
      memcpy(out + o, "...", 4);
      return;
    }
    if (s[i] >= 0x20 && s[i] < 0x7f)
      out[o++] = (char)s[i];
    else
      o += (size_t)snprintf(out + o, size - o, "\\x%02X", s[i]);
  }
  out[o] = 0;
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

int coins_same_letters(const char *text, const char *word, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (lower(text[i]) != lower(word[i])) return 0;
  return 1;
}

char coins_side_of(int c) { return c == 'L' || c == 'l' ? 'L' : c == 'R' || c == 'r' ? 'R' : 0; }

coins_status coins_fail(char err[COINS_ERRMSG_SIZE], const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, COINS_ERRMSG_SIZE, fmt, ap);
  va_end(ap);
  return COINS_INVALID;
}
