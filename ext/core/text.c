/*
** text.c -- small text helpers of the pure core: quoting input safely in
** error messages, comparing letters without regard to case, reading the
** one character of a JSON string (its escapes decoded) and plain integers,
** trimming the blanks around an argument, and writing a message into the
** caller's buffer.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

void coins_text_quote(const unsigned char *s, size_t len, char *out, size_t size) {
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

int coins_text_same_letters(const char *text, const char *word, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (lower(text[i]) != lower(word[i])) return 0;
  return 1;
}

int coins_text_hex_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') return (c | 0x20) - 'a' + 10;
  return -1;
}

/* The value of the n hex digits at s[at..), or -1. */
static long hex_digits(const unsigned char *s, size_t len, size_t at, int n) {
  long v = 0;
  if (len - at < (size_t)n) return -1;
  for (int i = 0; i < n; i++) {
    int d = coins_text_hex_value(s[at + i]);
    if (d < 0) return -1;
    v = v << 4 | d;
  }
  return v;
}

enum { NOT_AN_ESCAPE = -1, NOTHING = -2 };

/* The character the escape at s[*i] (a backslash) stands for, *i moved
** past it: JSON's escapes, and with json5 also JSON5's as SQLite reads
** them (\' \v \0 \xHH, and a backslash before a line break, which
** stands for NOTHING); NOT_AN_ESCAPE for anything else. */
static long unescape(const unsigned char *s, size_t len, size_t *i, int json5) {
  size_t at = *i + 1;
  if (at >= len) return NOT_AN_ESCAPE;
  unsigned char c = s[at];
  long v;
  *i = at + 1;
  switch (c) {
    case '"':
    case '\\':
    case '/': return c;
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'u':
      v = hex_digits(s, len, *i, 4);
      *i += 4;
      return v;
  }
  if (!json5) return NOT_AN_ESCAPE;
  switch (c) {
    case '\'': return c;
    case 'v': return '\v';
    case '0': return *i < len && s[*i] >= '0' && s[*i] <= '9' ? NOT_AN_ESCAPE : 0;
    case 'x':
      v = hex_digits(s, len, *i, 2);
      *i += 2;
      return v;
    case '\n': return NOTHING;
    case '\r': *i += *i < len && s[*i] == '\n'; return NOTHING;
    case 0xE2: /* U+2028, U+2029 */
      if (len - *i < 2 || s[*i] != 0x80 || (s[*i + 1] | 1) != 0xA9) return NOT_AN_ESCAPE;
      *i += 2;
      return NOTHING;
  }
  return NOT_AN_ESCAPE;
}

size_t coins_text_string_ascii(const unsigned char *body, size_t len, coins_text_escapes escapes,
                               char *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < len;) {
    long c = body[i] == '\\' && escapes != COINS_TEXT_ESCAPES_NONE
                 ? unescape(body, len, &i, escapes == COINS_TEXT_ESCAPES_JSON5)
                 : body[i++];
    if (c == NOTHING) continue;
    if (c < 0 || c >= 0x80 || n == cap) return SIZE_MAX;
    out[n++] = (char)c;
  }
  return n;
}

int coins_text_string_char(const unsigned char *body, size_t len, coins_text_escapes escapes) {
  char c[1];
  return coins_text_string_ascii(body, len, escapes, c, 1) == 1 ? c[0] : 0;
}

coins_status coins_text_fail(char err[COINS_ERRMSG_SIZE], const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, COINS_ERRMSG_SIZE, fmt, ap);
  va_end(ap);
  return COINS_INVALID;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void coins_text_trim_blanks(const char **text, size_t *len) {
  const char *s = *text;
  size_t n = *len;
  while (n > 0 && is_blank(s[n - 1])) n--;
  while (n > 0 && is_blank(*s)) s++, n--;
  *text = s;
  *len = n;
}

coins_status coins_text_parse_integer(const char *text, size_t len, int64_t *v) {
  size_t i = 0;
  coins_text_trim_blanks(&text, &len);
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
