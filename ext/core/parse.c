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

#include "compiler.h"
#include "notation.h"
#include "number.h"
#include "parse.h"
#include "scan.h"
#include "stop.h"
#include "text.h"

size_t coins_parse_capacity(const char *text, size_t len) {
  size_t commas = 0, i = 0;
#if defined(__GNUC__)
  /* eight bytes at a time: a byte of x is zero where the text has ',';
  ** the bytes of one are 1 there, and a multiplication adds them up */
  const uint64_t ones = 0x0101010101010101u;
  for (; i + 8 <= len; i += 8) {
    uint64_t x;
    memcpy(&x, text + i, 8);
    x ^= 0x2C * ones;
    uint64_t one = ~(((x & 0x7F * ones) + 0x7F * ones) | x | 0x7F * ones) >> 7;
    commas += (size_t)((one * ones) >> 56);
  }
#endif
  for (; i < len; i++) commas += text[i] == ',';
  return commas + 1;
}

typedef struct parser {
  const unsigned char *s;
  size_t len, at;
  char *err;
  const char *noun;       /* what an element is called in messages */
  const coins_stop *stop; /* polled every COINS_STOP_SPAN elements */
} parser;

/* The element count at which the parser first polls its stop (never
** without one); then parser_poll says whether to stop, and when next. */
static size_t parser_poll_at(const parser *p) { return p->stop ? COINS_STOP_SPAN : SIZE_MAX; }

static int parser_poll(const parser *p, size_t *poll_at) {
  *poll_at += COINS_STOP_SPAN;
  return coins_stop_asked(p->stop);
}

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void skip_space(parser *p) {
  while (p->at < p->len && is_space(p->s[p->at])) p->at++;
}

static void quote(const unsigned char *s, size_t from, size_t to, char *out, size_t size) {
  coins_text_quote(s + from, to - from, out, size);
}

/* The end of the token starting at at: the next delimiter. */
static size_t token_end(const parser *p, size_t at) {
  size_t e = at;
  while (e < p->len && p->s[e] != ',' && p->s[e] != ']' && p->s[e] != '[' && !is_space(p->s[e]))
    e++;
  return e == at && e < p->len ? e + 1 : e;
}

/* The closing quote of the JSON string whose opening quote is at at, or
** len when it has none. */
static size_t string_close(const parser *p, size_t at) {
  size_t i = at + 1;
  while (i < p->len && p->s[i] != '"') i += p->s[i] == '\\' ? 2 : 1;
  return i < p->len ? i : p->len;
}

const char *coins_parse_container_form(int array, int empty) {
  return empty ? (array ? "[]" : "{}") : (array ? "[...]" : "{...}");
}

/* Writes the element at at for a message, in the form jsonb.c gives a
** BLOB's element: a string whole, to its closing quote; an array or an
** object as coins_parse_container_form; anything else to the next delimiter. */
static void describe(const parser *p, size_t at, char q[64]) {
  const unsigned char *s = p->s;
  if (at < p->len && (s[at] == '[' || s[at] == '{')) {
    size_t i = at + 1;
    while (i < p->len && is_space(s[i])) i++;
    int array = s[at] == '[';
    const char *form = coins_parse_container_form(array, i < p->len && s[i] == (array ? ']' : '}'));
    coins_text_quote((const unsigned char *)form, strlen(form), q, 64);
  } else if (at < p->len && s[at] == '"') {
    size_t close = string_close(p, at);
    quote(s, at, close < p->len ? close + 1 : close, q, 64);
  } else {
    quote(s, at, token_end(p, at), q, 64);
  }
}

/* Text that is not a JSON array, at p->at: what it holds.  Parentheses,
** as Python writes a tuple, get the same in square brackets. */
static coins_status not_an_array(parser *p) {
  char q[64], inner[64];
  if (p->at >= p->len) return coins_text_fail(p->err, "expected a JSON array, got empty text");
  if (p->s[p->at] != '(') {
    describe(p, p->at, q);
    return coins_text_fail(p->err, "expected a JSON array at byte %zu, got %s", p->at, q);
  }
  size_t end = p->len, from = p->at + 1;
  while (end > from && is_space(p->s[end - 1])) end--;
  quote(p->s, p->at, end, q, sizeof q);
  if (end <= from || p->s[end - 1] != ')')
    return coins_text_fail(p->err,
                           "expected a JSON array at byte %zu, got %s; a JSON array is written "
                           "in square brackets, e.g. [1,2,3]",
                           p->at, q);
  end--;
  while (end > from && is_space(p->s[end - 1])) end--;
  end -= end > from && p->s[end - 1] == ','; /* Python's (1,) */
  quote(p->s, from, end, inner, sizeof inner);
  return coins_text_fail(p->err,
                         "expected a JSON array at byte %zu, got %s; a JSON array is written in "
                         "square brackets: [%s]",
                         p->at, q, inner);
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
** syntax problem shows the whole element (describe), a value problem the
** number. */
static int parse_number(parser *p, size_t index, int64_t *v) {
  coins_number num;
  char q[64];
  coins_number_read(p->s + p->at, p->len - p->at, 0, &num);
  size_t end = p->at + num.end;
  const char *what = num.invalid;
  if (!what && end < p->len && !is_space(p->s[end]) && p->s[end] != ',' && p->s[end] != ']')
    what = coins_number_invalid;
  if (what) {
    describe(p, p->at, q);
    return coins_text_fail(p->err, "%s %zu %s: %s", p->noun, index, what, q);
  }
  if (num.problem) {
    quote(p->s, p->at, end, q, sizeof q);
    return coins_text_fail(p->err, "%s %zu %s: %s", p->noun, index, num.problem, q);
  }
  *v = num.value;
  p->at = end;
  return 0;
}

/* Adds |v| to *abs_sum: 1 when the sum passes 2^63-1 (then no later total
** could be trusted not to overflow). */
static int sum_exceeds(uint64_t *abs_sum, int64_t v) {
  *abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  return *abs_sum > (uint64_t)INT64_MAX;
}

/* The fast path, then the general parser if it gives up (stop a
** constant NULL once inlined into coins_parse_array). */
COINS_INLINE coins_status parse_array(const char *text, size_t len, int64_t *out, size_t cap,
                                      size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun,
                                      const coins_stop *stop) {
  const coins_scanner *scan = coins_scan_table_choice();
  int scanned = stop ? scan->store_stop(text, len, out, cap, count, stop)
                     : scan->store(text, len, out, cap, count);
  if (scanned == 1) return COINS_OK; /* the usual case */
  if (scanned == SCAN_STOPPED) return COINS_STOPPED;
  return coins_parse_array_general_stop(text, len, out, cap, count, err, noun, stop);
}

coins_status coins_parse_array(const char *text, size_t len, int64_t *out, size_t cap,
                               size_t *count, char err[COINS_ERRMSG_SIZE]) {
  return parse_array(text, len, out, cap, count, err, "element", NULL);
}

coins_status coins_parse_array_stop(const char *text, size_t len, int64_t *out, size_t cap,
                                    size_t *count, char err[COINS_ERRMSG_SIZE],
                                    const coins_stop *stop) {
  if (stop == NULL || len < COINS_STOP_SPAN) /* not worth a poll */
    return parse_array(text, len, out, cap, count, err, "element", NULL);
  return parse_array(text, len, out, cap, count, err, "element", stop);
}

coins_status coins_parse_array_of(const char *text, size_t len, int64_t *out, size_t cap,
                                  size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun,
                                  const coins_stop *stop) {
  return parse_array(text, len, out, cap, count, err, noun, stop);
}

coins_status coins_parse_array_general(const char *text, size_t len, int64_t *out, size_t cap,
                                       size_t *count, char err[COINS_ERRMSG_SIZE],
                                       const char *noun) {
  return coins_parse_array_general_stop(text, len, out, cap, count, err, noun, NULL);
}

coins_status coins_parse_array_general_stop(const char *text, size_t len, int64_t *out, size_t cap,
                                            size_t *count, char err[COINS_ERRMSG_SIZE],
                                            const char *noun, const coins_stop *stop) {
  parser p = {(const unsigned char *)text, len, 0, err, noun, stop};
  uint64_t abs_sum = 0;
  size_t n = 0;

  *count = 0;
  skip_space(&p);
  if (p.at >= len || p.s[p.at] != '[') return not_an_array(&p);
  p.at++;
  skip_space(&p);
  if (p.at < len && p.s[p.at] == ']') {
    p.at++;
  } else {
    for (size_t poll_at = parser_poll_at(&p);;) {
      int64_t v = 0;
      size_t at = p.at;
      if (n >= poll_at && parser_poll(&p, &poll_at)) return COINS_STOPPED;
      while (at < len && is_space(p.s[at])) at++;
      p.at = plain_int(p.s, at, len, &v);
      if (p.at == 0) {
        p.at = at;
        if (at >= len)
          return coins_text_fail(p.err, "unexpected end of text: missing %s %zu", noun, n + 1);
        if (p.s[at] == ',' || p.s[at] == ']')
          return coins_text_fail(p.err, "%s %zu is missing at byte %zu", noun, n + 1, at);
        if (p.s[at] == '[')
          return coins_text_fail(p.err,
                                 "%s %zu is not an integer: nested arrays are not "
                                 "allowed",
                                 noun, n + 1);
        if (parse_number(&p, n + 1, &v)) return COINS_INVALID;
      }
      if (n >= cap) {
        coins_text_fail(p.err, "more than %zu elements: the buffer is too small", cap);
        return COINS_NO_ROOM;
      }
      out[n++] = v;
      if (sum_exceeds(&abs_sum, v))
        return coins_text_fail(p.err,
                               "the sum of absolute values exceeds 2^63-1 at "
                               "%s %zu",
                               noun, n);
      if (p.at < len && p.s[p.at] == ',') {
        p.at++;
        continue;
      }
      skip_space(&p);
      if (p.at >= len)
        return coins_text_fail(p.err,
                               "unexpected end of text after %s %zu: "
                               "expected ',' or ']'",
                               noun, n);
      if (p.s[p.at] == ']') {
        p.at++;
        break;
      }
      if (p.s[p.at] != ',') {
        char q[64];
        describe(&p, p.at, q);
        return coins_text_fail(p.err,
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
    return coins_text_fail(p.err, "unexpected text after the array at byte %zu: %s", p.at, q);
  }
  *count = n;
  return COINS_OK;
}

/* ------------------------------------------------------------ records */

size_t coins_parse_moves_capacity(const char *text, size_t len) {
  size_t i = 0, letters = 0;
  while (i < len && is_space((unsigned char)text[i])) i++;
  if (i < len && text[i] == '[') return coins_parse_capacity(text, len); /* JSON: elements */
  /* bare letters or takes: each one byte at least */
  for (; i < len; i++) letters += text[i] != ',' && !is_space((unsigned char)text[i]);
  return letters;
}

/* The move word of the string at at (its opening quote), as the codec
** reads it, its width in *width: 0 when it is none, or has no closing
** quote. */
static int64_t string_move(const parser *p, size_t at, size_t *width) {
  size_t close = string_close(p, at);
  *width = close + 1 - at;
  return close < p->len
             ? coins_notation_string(p->s + at + 1, close - at - 1, COINS_TEXT_ESCAPES_JSON)
             : 0;
}

/* 1 when the element at at is a move letter: a JSON string ("L",
** "\u0052"), a letter alone in an array ([L, R]) or the first of bare
** letters (LRRL). */
static int is_letter(const parser *p, size_t at, int json) {
  size_t width;
  if (at >= p->len) return 0;
  if (json && p->s[at] == '"') return string_move(p, at, &width) != 0;
  return coins_notation_letter(p->s[at]) && (!json || token_end(p, at) == at + 1);
}

/* 1 when a record without brackets starts with what only JSON has (a
** string, an object): it is then JSON that is not an array. */
static int json_not_array(const parser *p) {
  return p->at < p->len && (p->s[p->at] == '"' || p->s[p->at] == '{');
}

/* 1 when the element at at is an integer, as a take is written (the
** JSONB reader asks the same of an element). */
static int is_take(const parser *p, size_t at) {
  coins_number num;
  coins_number_read(p->s + at, p->len - at, 0, &num);
  size_t end = at + num.end;
  return !num.invalid && !num.problem &&
         (end >= p->len || is_space(p->s[end]) || p->s[end] == ',' || p->s[end] == ']');
}

/* The end of a record of n moves: blanks only, then *count = n. */
static coins_status moves_end(parser *p, size_t n, size_t *count) {
  skip_space(p);
  if (p->at < p->len) {
    char q[64];
    quote(p->s, p->at, p->len, q, sizeof q);
    return coins_text_fail(p->err, "unexpected text after the moves at byte %zu: %s", p->at, q);
  }
  *count = n;
  return COINS_OK;
}

/* Variant v's letters: ply is not a move letter; at p->at, what it is
** instead. */
static coins_status bad_side(parser *p, coins_variant v, size_t ply, int bare) {
  char q[64];
  unsigned char c = p->s[p->at];
  if (ply == 1 && is_take(p, p->at)) return coins_notation_hint(v, p->err);
  if (!bare && c == '[')
    return coins_text_fail(p->err, "ply %zu is not \"L\" or \"R\": nested arrays are not allowed",
                           ply);
  if (bare)
    quote(p->s, p->at, p->at + 1, q, sizeof q);
  else
    describe(p, p->at, q);
  return coins_text_fail(p->err, "ply %zu is not %s: %s%s", ply, bare ? "L or R" : "\"L\" or \"R\"",
                         q, !bare && c == '\'' ? " (JSON strings take double quotes)" : "");
}

/* Between the moves of a record without brackets (after ply n): blanks,
** or one comma with blanks around it.  1, with the message, when a comma
** has no move after it. */
static int bare_separator(parser *p, size_t n) {
  skip_space(p);
  if (p->at >= p->len || p->s[p->at] != ',') return 0;
  p->at++;
  skip_space(p);
  if (p->at < p->len && p->s[p->at] != ',') return 0;
  coins_text_fail(p->err, "ply %zu is missing after ',' at byte %zu", n + 1, p->at);
  return 1;
}

/* A record of letters (variant III): ["L", "R", ...] or a bare string
** LRRL. */
static coins_status parse_sides(parser *p, coins_variant v, int64_t *moves, size_t cap,
                                size_t *count) {
  size_t n = 0, poll_at = parser_poll_at(p);
  skip_space(p);
  int bare = p->at >= p->len || p->s[p->at] != '[';
  if (bare && json_not_array(p)) return not_an_array(p);
  if (!bare) p->at++;
  for (;;) {
    skip_space(p);
    if (p->at >= p->len) {
      if (bare) break;
      if (n == 0) return coins_text_fail(p->err, "unexpected end of text: expected a move or ']'");
      return coins_text_fail(p->err, "unexpected end of text after ply %zu: expected ']'", n);
    }
    if (!bare && n == 0 && p->s[p->at] == ']') {
      p->at++;
      break;
    }
    size_t width = 1;
    int64_t side = bare                 ? coins_notation_letter(p->s[p->at])
                   : p->s[p->at] == '"' ? string_move(p, p->at, &width)
                                        : 0;
    if (!side) return bad_side(p, v, n + 1, bare);
    if (n >= cap) return coins_text_fail(p->err, "too many moves for the buffer");
    if (n >= poll_at && parser_poll(p, &poll_at)) return COINS_STOPPED;
    moves[n++] = side;
    p->at += width;
    if (bare) { /* letters, with or without commas and spaces between */
      if (bare_separator(p, n)) return COINS_INVALID;
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
      describe(p, p->at, q);
      return coins_text_fail(p->err, "expected ',' or ']' after ply %zu at byte %zu, got %s", n,
                             p->at, q);
    }
  }
  return moves_end(p, n, count);
}

/* Variants I and II without brackets: takes with commas, blanks or both
** between them ("1,2,1", "1 2 1"), as variant III's bare letters. */
static coins_status parse_bare_takes(parser *p, int64_t *moves, size_t cap, size_t *count) {
  uint64_t abs_sum = 0;
  size_t n = 0, poll_at = parser_poll_at(p);
  unsigned char c = p->at < p->len ? p->s[p->at] : '0';
  if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.')) /* not a number */
    return not_an_array(p);
  while (p->at < p->len) {
    int64_t v;
    if (parse_number(p, n + 1, &v)) return COINS_INVALID;
    if (n >= cap) {
      coins_text_fail(p->err, "more than %zu elements: the buffer is too small", cap);
      return COINS_NO_ROOM;
    }
    if (n >= poll_at && parser_poll(p, &poll_at)) return COINS_STOPPED;
    moves[n++] = v;
    if (sum_exceeds(&abs_sum, v))
      return coins_text_fail(p->err, "the sum of absolute values exceeds 2^63-1 at ply %zu", n);
    if (bare_separator(p, n)) return COINS_INVALID;
  }
  *count = n;
  return COINS_OK;
}

/* One "p:t" move of ply n from the bytes [at, end), a JSON string's
** body (json) or a bare word: stored in moves[n - 1]. */
static coins_status pile_move(parser *p, size_t n, size_t at, size_t end, int json, int64_t *moves,
                              size_t cap) {
  char msg[COINS_ERRMSG_SIZE];
  coins_text_escapes escapes = json ? COINS_TEXT_ESCAPES_JSON : COINS_TEXT_ESCAPES_NONE;
  if (n > cap) return coins_text_fail(p->err, "too many moves for the buffer");
  if (coins_notation_pile_string(p->s + at, end - at, escapes, &moves[n - 1], msg) != COINS_OK)
    return coins_text_fail(p->err, "ply %zu: %s", n, msg);
  return COINS_OK;
}

/* A record of variant I-sum: ["1:3", "2:1"], or bare '1:3 2:1' and
** '1:3,2:1'. */
static coins_status parse_piles(parser *p, int64_t *moves, size_t cap, size_t *count) {
  size_t n = 0, poll_at = parser_poll_at(p);
  skip_space(p);
  int json = p->at < p->len && p->s[p->at] == '[';
  if (!json && json_not_array(p)) return not_an_array(p);
  p->at += (size_t)json;
  for (skip_space(p); p->at < p->len; skip_space(p)) {
    if (json && n == 0 && p->s[p->at] == ']') break;
    size_t at = p->at, end = json ? string_close(p, at) : token_end(p, at);
    if (json && (p->s[at] != '"' || end >= p->len))
      return coins_text_fail(p->err, "ply %zu is not a JSON string such as \"2:3\"", n + 1);
    if (n >= poll_at && parser_poll(p, &poll_at)) return COINS_STOPPED;
    if (pile_move(p, ++n, at + (size_t)json, end, json, moves, cap) != COINS_OK)
      return COINS_INVALID;
    p->at = end + (size_t)json;
    if (!json) {
      if (bare_separator(p, n)) return COINS_INVALID;
      continue;
    }
    skip_space(p);
    if (p->at < p->len && p->s[p->at] == ',') {
      p->at++;
    } else if (p->at < p->len && p->s[p->at] != ']') {
      return coins_text_fail(p->err, "expected ',' or ']' after ply %zu at byte %zu", n, p->at);
    } else {
      break;
    }
  }
  if (json && (p->at >= p->len || p->s[p->at] != ']'))
    return coins_text_fail(p->err, "unexpected end of text after ply %zu: expected ']'", n);
  p->at += (size_t)json;
  return moves_end(p, n, count);
}

coins_status coins_parse_moves(coins_variant v, const char *text, size_t len, int64_t *moves,
                               size_t cap, size_t *count, char err[COINS_ERRMSG_SIZE]) {
  return coins_parse_moves_stop(v, text, len, moves, cap, count, err, NULL);
}

coins_status coins_parse_moves_stop(coins_variant v, const char *text, size_t len, int64_t *moves,
                                    size_t cap, size_t *count, char err[COINS_ERRMSG_SIZE],
                                    const coins_stop *stop) {
  if (len < COINS_STOP_SPAN) stop = NULL; /* not worth a poll */
  parser p = {(const unsigned char *)text, len, 0, err, "ply", stop};
  *count = 0;
  switch (coins_variant_traits_of(v).notation) {
    case COINS_NOTATION_SIDE: return parse_sides(&p, v, moves, cap, count);
    case COINS_NOTATION_PILE: return parse_piles(&p, moves, cap, count);
    case COINS_NOTATION_TAKE: break; /* below */
  }
  size_t n = 0;
  coins_status rc;
  skip_space(&p);
  int json = p.at < len && p.s[p.at] == '[';
  size_t first = p.at + (size_t)json;
  while (first < len && is_space(p.s[first])) first++;
  if (is_letter(&p, first, json)) return coins_notation_hint(v, err);
  if (json)
    rc = coins_parse_array_of(text, len, moves, cap, &n, err, "ply", stop);
  else
    rc = parse_bare_takes(&p, moves, cap, &n);
  if (rc != COINS_OK) return rc;
  for (size_t i = 0; i < n; i++)
    if (moves[i] < 1)
      return coins_text_fail(err,
                             "ply %zu: take %lld is not a move (a move takes 1 to "
                             "max_take coins)",
                             i + 1, (long long)moves[i]);
  *count = n;
  return COINS_OK;
}
