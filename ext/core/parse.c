/*
** parse.c -- the text parsers of the pure core: a strict, locale-independent
** parser for JSON arrays of integers, the form every coin row takes, and
** for game records (takes, or L/R moves).  No SQLite, no allocation, no
** libc number parsing (strtod and strtoll depend on the locale and on
** errno): numbers are read by number.c.
**
** One pass over the bytes.  A number is accepted when its exact value is
** an integer that fits int64_t, however it is written (7, 7.0, 0.7e1,
** 700e-2); the digits are never converted through a double.  The running
** sum of absolute values is checked so that no later total can overflow.
*/
#include <string.h>

#include "internal.h"

size_t coins_parse_capacity(const char *text, size_t len) {
  size_t commas = 0, i = 0;
#if defined(__GNUC__)
  /* eight bytes at a time: a byte of x is zero where the text has ',' */
  const uint64_t ones = 0x0101010101010101u;
  for (; i + 8 <= len; i += 8) {
    uint64_t x;
    memcpy(&x, text + i, 8);
    x ^= 0x2C * ones;
    uint64_t zero = ~(((x & 0x7F * ones) + 0x7F * ones) | x | 0x7F * ones);
    commas += (size_t)__builtin_popcountll(zero);
  }
#endif
  for (; i < len; i++) commas += text[i] == ',';
  return commas + 1;
}

typedef struct parser {
  const unsigned char *s;
  size_t len, at;
  char *err;
  const char *noun; /* what an element is called in messages */
} parser;

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void skip_space(parser *p) {
  while (p->at < p->len && is_space(p->s[p->at])) p->at++;
}

static void quote(const unsigned char *s, size_t from, size_t to, char *out, size_t size) {
  coins_quote(s + from, to - from, out, size);
}

/* The end of the token starting at p->at: the next delimiter. */
static size_t token_end(const parser *p) {
  size_t e = p->at;
  while (e < p->len && p->s[e] != ',' && p->s[e] != ']' && p->s[e] != '[' && !is_space(p->s[e]))
    e++;
  return e == p->at && e < p->len ? e + 1 : e;
}

static int bad_element(parser *p, size_t index, const char *what, size_t end) {
  char q[64];
  quote(p->s, p->at, end, q, sizeof q);
  return coins_fail(p->err, "%s %zu %s: %s", p->noun, index, what, q);
}

/* The common case, kept small so that it inlines: an integer of at most
** 18 digits (no overflow possible) followed by a delimiter.  Returns the
** offset after it, or 0 when the slow path must decide. */
static inline size_t plain_int(const unsigned char *s, size_t at, size_t len, int64_t *v) {
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
** whose value is an exact integer in range; a message otherwise.  A
** syntax problem quotes the whole token, a value problem the number. */
static int parse_number(parser *p, size_t index, int64_t *v) {
  coins_number num;
  coins_read_number(p->s + p->at, p->len - p->at, 0, &num);
  size_t end = p->at + num.end;
  if (num.invalid) return bad_element(p, index, num.invalid, token_end(p));
  if (end < p->len && !is_space(p->s[end]) && p->s[end] != ',' && p->s[end] != ']')
    return bad_element(p, index, coins_number_invalid(0), token_end(p));
  if (num.problem) return bad_element(p, index, num.problem, end);
  *v = num.value;
  p->at = end;
  return 0;
}

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* Reads the run of digits at c (8 readable bytes) without a branch per
** byte: returns its length, and its value in *v when shorter than 8 (a
** return of 8 means "8 or more, or a big-endian machine": the caller
** counts them itself). */
static ALWAYS_INLINE unsigned swar_digits(const unsigned char *c, uint64_t *v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
  const uint64_t ones = 0x0101010101010101u;
  uint64_t word;
  memcpy(&word, c, 8);
  /* a byte is a digit when its high nibble is 3 before and after adding 6
  ** (a carry out of a byte >= 0xFA only disturbs bytes after a non-digit) */
  uint64_t odd =
      ((word & 0xF0 * ones) ^ 0x30 * ones) | (((word + 0x06 * ones) & 0xF0 * ones) ^ 0x30 * ones);
  uint64_t nonzero = (((odd & 0x7F * ones) + 0x7F * ones) | odd) & 0x80 * ones;
  if (nonzero == 0) return 8;
  unsigned width = (unsigned)__builtin_ctzll(nonzero) / 8;
  if (width == 0) return 0;
  /* the digits to the top bytes, leading zeros below, then 8-digit SWAR */
  uint64_t digits = ((word & 0x0F * ones) << (8 * (8 - width)));
  digits = (digits * 10 + (digits >> 8)) & 0x00FF00FF00FF00FFu;
  digits = (digits * 100 + (digits >> 16)) & 0x0000FFFF0000FFFFu;
  *v = (digits * 10000 + (digits >> 32)) & 0xFFFFFFFFu;
  return width;
#else
  (void)c;
  (void)v;
  return 8;
#endif
}

/* The fast path for the common case, a flat array of plain integers of at
** most 18 digits (no overflow possible) with any JSON whitespace between
** tokens.  Returns 1 with the row in out, or 0 at the first anything else
** (an error, a fraction, a long number, a full buffer...): the general
** parser below then starts again and decides. */
/* (Inlined into its two callers, so that each gets a copy specialised for
** its constant fuse.) */
static ALWAYS_INLINE int parse_plain_array(const unsigned char *c, const unsigned char *end,
                                           int64_t *out, size_t cap, size_t *count, int fuse,
                                           int64_t *total) {
  uint64_t abs_sum = 0;
  size_t n = 0;
  int64_t sum = 0;
  while (c < end && is_space(*c)) c++;
  if (c == end || *c++ != '[') return 0;
  while (c < end && is_space(*c)) c++;
  if (c < end && *c == ']') {
    c++;
  } else {
    for (;;) {
      int negative = c < end && *c == '-';
      c += negative;
      const unsigned char *first = c;
      uint64_t v = 0;
      unsigned width = end - c >= 8 ? swar_digits(c, &v) : 8;
      if (width < 8) {
        c += width;
      } else { /* long numbers, and the last bytes of the text */
        const unsigned char *stop = end - c > 18 ? c + 18 : end;
        unsigned digit;
        for (v = 0; c < stop && (digit = (unsigned)(*c - '0')) < 10; c++) v = v * 10 + digit;
      }
      if (c == first || c == end || (*first == '0' && c - first > 1) || n == cap) return 0;
      abs_sum += v;
      if (abs_sum > (uint64_t)INT64_MAX) return 0;
      int64_t value = negative ? -(int64_t)v : (int64_t)v;
      if (fuse) { /* variant III: fuse as we go, keep only the stack */
        sum += value;
        n = coins3_push(out, NULL, n, value, 0);
      } else {
        out[n++] = value;
      }
      if (*c == ',' && c + 1 < end && !is_space(c[1])) { /* "1,2" */
        c++;
        continue;
      }
      while (c < end && is_space(*c)) c++;
      if (c == end) return 0;
      if (*c == ']') {
        c++;
        break;
      }
      if (*c++ != ',') return 0;
      while (c < end && is_space(*c)) c++;
    }
  }
  while (c < end && is_space(*c)) c++;
  if (c != end) return 0;
  *count = n;
  if (total) *total = sum;
  return 1;
}

coins_status coins_parse_array(const char *text, size_t len, int64_t *out, size_t cap,
                               size_t *count, char err[COINS_ERRMSG_SIZE]) {
  return coins_parse_array_of(text, len, out, cap, count, err, "element");
}

coins_status coins_parse_array_of(const char *text, size_t len, int64_t *out, size_t cap,
                                  size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun) {
  parser p = {(const unsigned char *)text, len, 0, err, noun};
  uint64_t abs_sum = 0;
  size_t n = 0;

  if (parse_plain_array(p.s, p.s + len, out, cap, count, 0, NULL)) return COINS_OK;
  *count = 0;
  skip_space(&p);
  if (p.at >= len || p.s[p.at] != '[') {
    if (p.at >= len) return coins_fail(p.err, "expected a JSON array, got empty text");
    char q[64];
    quote(p.s, p.at, token_end(&p), q, sizeof q);
    return coins_fail(p.err, "expected a JSON array at byte %zu, got %s", p.at, q);
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
          return coins_fail(p.err, "unexpected end of text: missing %s %zu", noun, n + 1);
        if (p.s[at] == ',' || p.s[at] == ']')
          return coins_fail(p.err, "%s %zu is missing at byte %zu", noun, n + 1, at);
        if (p.s[at] == '[')
          return coins_fail(p.err,
                            "%s %zu is not an integer: nested arrays are not "
                            "allowed",
                            noun, n + 1);
        if (parse_number(&p, n + 1, &v)) return COINS_INVALID;
      }
      if (n >= cap) {
        coins_fail(p.err, "more than %zu elements: the buffer is too small", cap);
        return COINS_NO_ROOM;
      }
      out[n++] = v;
      abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      if (abs_sum > (uint64_t)INT64_MAX)
        return coins_fail(p.err,
                          "the sum of absolute values exceeds 2^63-1 at "
                          "%s %zu",
                          noun, n);
      if (p.at < len && p.s[p.at] == ',') {
        p.at++;
        continue;
      }
      skip_space(&p);
      if (p.at >= len)
        return coins_fail(p.err,
                          "unexpected end of text after %s %zu: "
                          "expected ',' or ']'",
                          noun, n);
      if (p.s[p.at] == ']') {
        p.at++;
        break;
      }
      if (p.s[p.at] != ',') {
        char q[64];
        quote(p.s, p.at, token_end(&p), q, sizeof q);
        return coins_fail(p.err,
                          "expected ',' or ']' after %s %zu at byte %zu, "
                          "got %s",
                          noun, n, p.at, q);
      }
      p.at++;
    }
  }
  skip_space(&p);
  if (p.at < len) {
    char q[64];
    quote(p.s, p.at, len, q, sizeof q);
    return coins_fail(p.err, "unexpected text after the array at byte %zu: %s", p.at, q);
  }
  *count = n;
  return COINS_OK;
}

/* ------------------------------------------------------------ records */

size_t coins_moves_capacity(const char *text, size_t len) {
  size_t i = 0, letters = 0;
  while (i < len && is_space((unsigned char)text[i])) i++;
  if (i < len && text[i] == '[') return coins_parse_capacity(text, len); /* JSON: elements */
  for (; i < len; i++) letters += text[i] != ',' && !is_space((unsigned char)text[i]);
  return letters;
}

coins_move coins_move_of(coins_variant v, int64_t stored) {
  coins_move m = {1, 'L'};
  if (coins_variant_traits_of(v).moves_are_sides)
    m.side = (char)stored;
  else
    m.take = (uint64_t)stored;
  return m;
}

/* Variant III: ["L", "R", ...] or a bare string LRRL. */
static coins_status parse_sides(parser *p, int64_t *moves, size_t cap, size_t *count) {
  size_t n = 0;
  skip_space(p);
  int bare = p->at >= p->len || p->s[p->at] != '[';
  if (!bare) p->at++;
  for (;;) {
    skip_space(p);
    if (p->at >= p->len) {
      if (bare) break;
      if (n == 0) return coins_fail(p->err, "unexpected end of text: expected a move or ']'");
      return coins_fail(p->err, "unexpected end of text after ply %zu: expected ']'", n);
    }
    if (!bare && n == 0 && p->s[p->at] == ']') {
      p->at++;
      break;
    }
    const unsigned char *s = p->s + p->at;
    size_t left = p->len - p->at, width = bare ? 1 : 3;
    int side = bare                                      ? coins_side_of(s[0])
               : left >= 3 && s[0] == '"' && s[2] == '"' ? coins_side_of(s[1])
                                                         : 0;
    if (!side) {
      char q[64];
      quote(p->s, p->at, bare ? p->at + 1 : token_end(p), q, sizeof q);
      return coins_fail(p->err, "ply %zu is not %s: %s", n + 1, bare ? "L or R" : "\"L\" or \"R\"",
                        q);
    }
    if (n >= cap) return coins_fail(p->err, "too many moves for the buffer");
    moves[n++] = side;
    p->at += width;
    if (bare) { /* letters, with or without commas and spaces between */
      skip_space(p);
      if (p->at < p->len && p->s[p->at] == ',') {
        p->at++;
        skip_space(p);
        if (p->at >= p->len || p->s[p->at] == ',')
          return coins_fail(p->err, "ply %zu is missing after ',' at byte %zu", n + 1, p->at);
      }
      continue;
    }
    skip_space(p);
    if (p->at < p->len && p->s[p->at] == ',') {
      p->at++;
    } else if (p->at < p->len && p->s[p->at] == ']') {
      p->at++;
      break;
    } else if (p->at < p->len) {
      char q[64];
      quote(p->s, p->at, token_end(p), q, sizeof q);
      return coins_fail(p->err, "expected ',' or ']' after ply %zu at byte %zu, got %s", n, p->at,
                        q);
    }
  }
  skip_space(p);
  if (p->at < p->len) {
    char q[64];
    quote(p->s, p->at, p->len, q, sizeof q);
    return coins_fail(p->err, "unexpected text after the moves at byte %zu: %s", p->at, q);
  }
  *count = n;
  return COINS_OK;
}

coins_status coins_parse_moves(coins_variant v, const char *text, size_t len, int64_t *moves,
                               size_t cap, size_t *count, char err[COINS_ERRMSG_SIZE]) {
  parser p = {(const unsigned char *)text, len, 0, err, "ply"};
  *count = 0;
  if (coins_variant_traits_of(v).moves_are_sides) return parse_sides(&p, moves, cap, count);
  size_t n;
  coins_status rc = coins_parse_array_of(text, len, moves, cap, &n, err, "ply");
  if (rc != COINS_OK) return rc;
  for (size_t i = 0; i < n; i++)
    if (moves[i] < 1)
      return coins_fail(err,
                        "ply %zu: take %lld is not a move (a move takes 1 to "
                        "max_take coins)",
                        i + 1, (long long)moves[i]);
  *count = n;
  return COINS_OK;
}

/* ----------------------------------------------- parse and fuse at once */

coins_status coins3_parse_fused(const char *text, size_t len, int64_t *stack, size_t cap, size_t *m,
                                int64_t *total, char err[COINS_ERRMSG_SIZE]) {
  const unsigned char *s = (const unsigned char *)text;
  if (parse_plain_array(s, s + len, stack, cap, m, 1, total)) return COINS_OK;
  /* anything unusual: the general parser, then fusion in place */
  size_t n;
  coins_status rc = coins_parse_array(text, len, stack, cap, &n, err);
  if (rc != COINS_OK) return rc;
  *total = 0;
  for (size_t i = 0; i < n; i++) *total += stack[i];
  *m = coins3_fuse(stack, n, stack, NULL);
  return COINS_OK;
}
