/*
** coins_parse.c -- a strict, locale-independent parser for JSON arrays of
** integers, the form every coin row takes.  Part of the pure core: no
** SQLite, no allocation, no libc number parsing (strtod and strtoll depend
** on the locale and on errno).
**
** One pass over the bytes.  A number is accepted when its exact value is
** an integer that fits int64_t, however it is written (7, 7.0, 0.7e1,
** 700e-2); the digits are never converted through a double.  The running
** sum of absolute values is checked so that no later total can overflow.
*/
#include "coins_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t coins_parse_capacity(const char *text, size_t len) {
  size_t commas = 0;
  if (len == 0) return 1;
  for (const char *c = text, *end = text + len;
       (c = memchr(c, ',', (size_t)(end - c))) != NULL; c++)
    commas++;
  return commas + 1;
}

typedef struct parser {
  const unsigned char *s;
  size_t len, at;
  char *err;
  const char *noun; /* what an element is called in messages */
} parser;

static int fail(parser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, COINS_ERRMSG_SIZE, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_space(parser *p) {
  while (p->at < p->len && is_space(p->s[p->at])) p->at++;
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Copies s[0..len) into out as printable ASCII (other bytes as \xNN), at
** most about 40 characters, "..." marking a cut.  out has size >= 48. */
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

static void quote(const unsigned char *s, size_t from, size_t to, char *out,
                  size_t size) {
  coins_quote(s + from, to - from, out, size);
}

/* The end of the token starting at p->at: the next delimiter. */
static size_t token_end(const parser *p) {
  size_t e = p->at;
  while (e < p->len && p->s[e] != ',' && p->s[e] != ']' && p->s[e] != '[' &&
         !is_space(p->s[e]))
    e++;
  return e == p->at && e < p->len ? e + 1 : e;
}

static int bad_element(parser *p, size_t index, const char *what, size_t end) {
  char q[64];
  quote(p->s, p->at, end, q, sizeof q);
  return fail(p, "%s %zu %s: %s", p->noun, index, what, q);
}

/* The common case, kept small so that it inlines: an integer of at most
** 18 digits (no overflow possible) followed by a delimiter.  Returns the
** offset after it, or 0 when the slow path must decide. */
static inline size_t plain_int(const unsigned char *s, size_t at, size_t len,
                               int64_t *v) {
  size_t first = at + (at < len && s[at] == '-'), i = first;
  uint64_t digits = 0;
  while (i < len && i - first < 18 && (unsigned)(s[i] - '0') < 10)
    digits = digits * 10 + (unsigned)(s[i++] - '0');
  if (i == first || i == len || (s[first] == '0' && i - first > 1) ||
      !(s[i] == ',' || s[i] == ']' || is_space(s[i])))
    return 0;
  *v = first > at ? -(int64_t)digits : (int64_t)digits;
  return i;
}

/* Parses the number at p->at (element index) into *v: any JSON number
** whose value is an exact integer in range; a message otherwise. */
static int parse_number(parser *p, size_t index, int64_t *v) {
  const unsigned char *s = p->s;
  size_t i = p->at, n = p->len;
  int negative = 0, too_many = 0;
  uint64_t digits = 0;      /* significant digits seen so far         */
  uint64_t pending = 0;     /* zeros seen since the last nonzero      */
  int64_t point_shift = 0;  /* digits after the point, kept or pending */
  int64_t exponent = 0;
  int seen_nonzero = 0;

  if (i < n && s[i] == '-') negative = 1, i++;
  if (i >= n || !is_digit(s[i]))
    return bad_element(p, index, "is not an integer", token_end(p));
  if (s[i] == '0' && i + 1 < n && is_digit(s[i + 1]))
    return bad_element(p, index, "is not a valid JSON number", token_end(p));

  /* Integer and fraction digits as one sequence; value = D * 10^e where D
  ** is the run from the first to the last nonzero digit. */
  for (int frac = 0;; frac = 1) {
    size_t run = i;
    for (; i < n && is_digit(s[i]); i++) {
      if (frac) point_shift++;
      if (s[i] == '0') {
        if (seen_nonzero) pending++;
        continue;
      }
      /* fold pending zeros and this digit into digits, noting overflow */
      for (; pending > 0 && !too_many; pending--) {
        if (digits > UINT64_MAX / 10) too_many = 1;
        else digits *= 10;
      }
      pending = 0;
      if (!too_many) {
        unsigned d = (unsigned)(s[i] - '0');
        if (digits > (UINT64_MAX - d) / 10) too_many = 1;
        else digits = digits * 10 + d;
      }
      seen_nonzero = 1;
    }
    if (frac && i == run) /* "1." */
      return bad_element(p, index, "is not a valid JSON number",
                         token_end(p));
    if (frac || i >= n || s[i] != '.') break;
    i++;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    int eneg = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i] == '-', i++;
    if (i >= n || !is_digit(s[i]))
      return bad_element(p, index, "is not a valid JSON number",
                         token_end(p));
    for (; i < n && is_digit(s[i]); i++)
      if (exponent < 1000000000) exponent = exponent * 10 + (s[i] - '0');
    if (eneg) exponent = -exponent;
  }
  if (i < n && !is_space(s[i]) && s[i] != ',' && s[i] != ']')
    return bad_element(p, index, "is not a valid JSON number", token_end(p));

  /* value = digits * 10^(exponent - point_shift + pending) */
  int64_t e = exponent - point_shift + (int64_t)pending;
  uint64_t magnitude = digits;
  if (seen_nonzero) {
    if (e < 0) return bad_element(p, index, "is not an integer", i);
    if (too_many || e > 19)
      return bad_element(p, index, "is out of range", i);
    for (; e > 0; e--) {
      if (magnitude > UINT64_MAX / 10)
        return bad_element(p, index, "is out of range", i);
      magnitude *= 10;
    }
    if (magnitude > (uint64_t)INT64_MAX)
      return bad_element(p, index, "is out of range", i);
  }
  *v = negative ? -(int64_t)magnitude : (int64_t)magnitude;
  p->at = i;
  return 0;
}

int coins_parse_array(const char *text, size_t len, int64_t *out, size_t cap,
                      size_t *count, char err[COINS_ERRMSG_SIZE]) {
  return coins_parse_array_of(text, len, out, cap, count, err, "element");
}

int coins_parse_array_of(const char *text, size_t len, int64_t *out,
                         size_t cap, size_t *count, char err[COINS_ERRMSG_SIZE],
                         const char *noun) {
  parser p = {(const unsigned char *)text, len, 0, err, noun};
  uint64_t abs_sum = 0;
  size_t n = 0;

  *count = 0;
  skip_space(&p);
  if (p.at >= len || p.s[p.at] != '[') {
    if (p.at >= len) return fail(&p, "expected a JSON array, got empty text");
    char q[64];
    quote(p.s, p.at, token_end(&p), q, sizeof q);
    return fail(&p, "expected a JSON array at byte %zu, got %s", p.at, q);
  }
  p.at++;
  skip_space(&p);
  if (p.at < len && p.s[p.at] == ']') {
    p.at++;
  } else {
    for (;;) {
      int64_t v = 0;
      size_t at = p.at;
      while (at < len && is_space(p.s[at])) at++;
      p.at = plain_int(p.s, at, len, &v);
      if (p.at == 0) {
        p.at = at;
        if (at >= len)
          return fail(&p, "unexpected end of text: missing %s %zu", noun, n + 1);
        if (p.s[at] == ',' || p.s[at] == ']')
          return fail(&p, "%s %zu is missing at byte %zu", noun, n + 1, at);
        if (p.s[at] == '[')
          return fail(&p, "%s %zu is not an integer: nested arrays are not "
                          "allowed", noun, n + 1);
        if (parse_number(&p, n + 1, &v)) return -1;
      }
      if (n >= cap) {
        fail(&p, "more than %zu elements: the buffer is too small", cap);
        return -2;
      }
      out[n++] = v;
      abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      if (abs_sum > (uint64_t)INT64_MAX)
        return fail(&p, "the sum of absolute values exceeds 2^63-1 at "
                        "%s %zu", noun, n);
      if (p.at < len && p.s[p.at] == ',') {
        p.at++;
        continue;
      }
      skip_space(&p);
      if (p.at >= len)
        return fail(&p, "unexpected end of text after %s %zu: "
                        "expected ',' or ']'", noun, n);
      if (p.s[p.at] == ']') {
        p.at++;
        break;
      }
      if (p.s[p.at] != ',') {
        char q[64];
        quote(p.s, p.at, token_end(&p), q, sizeof q);
        return fail(&p, "expected ',' or ']' after %s %zu at byte %zu, "
                        "got %s", noun, n, p.at, q);
      }
      p.at++;
    }
  }
  skip_space(&p);
  if (p.at < len) {
    char q[64];
    quote(p.s, p.at, len, q, sizeof q);
    return fail(&p, "unexpected text after the array at byte %zu: %s", p.at,
                q);
  }
  *count = n;
  return 0;
}

/* ------------------------------------------------------------ records */

size_t coins_moves_capacity(const char *text, size_t len) {
  size_t commas = coins_parse_capacity(text, len);
  return commas > len ? commas : len;
}

coins_move coins_move_of(int variant, int64_t stored) {
  coins_move m = {1, 'L'};
  if (variant == 3)
    m.side = (char)stored;
  else
    m.take = (uint64_t)stored;
  return m;
}

static int side_of(unsigned char c) {
  return c == 'L' || c == 'l' ? 'L' : c == 'R' || c == 'r' ? 'R' : 0;
}

/* Variant III: ["L", "R", ...] or a bare string LRRL. */
static int parse_sides(parser *p, int64_t *moves, size_t cap, size_t *count) {
  size_t n = 0;
  skip_space(p);
  int bare = p->at >= p->len || p->s[p->at] != '[';
  if (!bare) p->at++;
  for (;;) {
    skip_space(p);
    if (p->at >= p->len) {
      if (bare) break;
      return fail(p, "unexpected end of text after ply %zu: expected ']'", n);
    }
    if (!bare && n == 0 && p->s[p->at] == ']') {
      p->at++;
      break;
    }
    const unsigned char *s = p->s + p->at;
    size_t left = p->len - p->at, width = bare ? 1 : 3;
    int side = bare ? side_of(s[0])
                    : left >= 3 && s[0] == '"' && s[2] == '"' ? side_of(s[1]) : 0;
    if (!side) {
      char q[64];
      quote(p->s, p->at, bare ? p->at + 1 : token_end(p), q, sizeof q);
      return fail(p, "ply %zu is not %s: %s", n + 1,
                  bare ? "L or R" : "\"L\" or \"R\"", q);
    }
    if (n >= cap) return fail(p, "too many moves for the buffer");
    moves[n++] = side;
    p->at += width;
    if (bare) continue;
    skip_space(p);
    if (p->at < p->len && p->s[p->at] == ',') {
      p->at++;
    } else if (p->at < p->len && p->s[p->at] == ']') {
      p->at++;
      break;
    } else if (p->at < p->len) {
      char q[64];
      quote(p->s, p->at, token_end(p), q, sizeof q);
      return fail(p, "expected ',' or ']' after ply %zu at byte %zu, got %s",
                  n, p->at, q);
    }
  }
  skip_space(p);
  if (p->at < p->len) {
    char q[64];
    quote(p->s, p->at, p->len, q, sizeof q);
    return fail(p, "unexpected text after the moves at byte %zu: %s", p->at,
                q);
  }
  *count = n;
  return 0;
}

int coins_parse_moves(int variant, const char *text, size_t len,
                      int64_t *moves, size_t cap, size_t *count,
                      char err[COINS_ERRMSG_SIZE]) {
  parser p = {(const unsigned char *)text, len, 0, err, "ply"};
  *count = 0;
  if (variant == 3) return parse_sides(&p, moves, cap, count);
  size_t n;
  if (coins_parse_array_of(text, len, moves, cap, &n, err, "ply")) return -1;
  for (size_t i = 0; i < n; i++)
    if (moves[i] < 1)
      return fail(&p, "ply %zu: take %lld is not a move (a move takes 1 to "
                      "max_take coins)", i + 1, (long long)moves[i]);
  *count = n;
  return 0;
}
