/*
** text.c -- small text helpers of the pure core: quoting input safely in
** error messages, comparing letters without regard to case, reading move
** letters and plain integers, and writing a message into the caller's
** buffer.
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

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

coins_status coins_parse_integer(const char *text, size_t len, int64_t *v) {
  size_t i = 0;
  while (len > 0 && is_blank(text[len - 1])) len--;
  while (i < len && is_blank(text[i])) i++;
  int negative = i < len && text[i] == '-';
  i += i < len && (text[i] == '-' || text[i] == '+');
  if (i == len) return COINS_INVALID;
  uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX, m = 0;
  for (; i < len; i++) {
    unsigned d = (unsigned)(text[i] - '0');
    if (d > 9 || m > (limit - d) / 10) return COINS_INVALID;
    m = m * 10 + d;
  }
  *v = negative ? (int64_t)(0 - m) : (int64_t)m;
  return COINS_OK;
}
