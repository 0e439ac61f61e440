/*
** number.c -- the one reader of JSON numbers in the core, shared by the
** text parser (parse.c) and the JSONB parser (jsonb.c): a number is
** accepted when its exact value is an integer that fits int64_t, however
** it is written (7, 7.0, 0.7e1, 700e-2); the digits are never converted
** through a double.  JSON5 forms (as JSONB's INT5 and FLOAT5 hold them)
** are read on request.
*/
#include "number.h"
#include "text.h"

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static const char NOT_INTEGER[] = "is not an integer";
static const char OUT_OF_RANGE[] = "is out of range";

/* One word for both: text and JSONB give the same message for the same
** bytes, whether a BLOB holds them as a JSON or a JSON5 number. */
const char coins_number_invalid[] = "is not a valid JSON number";

/* A JSON5 hexadecimal integer s[i..n), past its sign and "0x". */
static void hex_number(const unsigned char *s, size_t i, size_t n, int negative,
                       coins_number *out) {
  uint64_t magnitude = 0;
  int too_big = 0, d;
  if (i >= n || coins_text_hex_value(s[i]) < 0) {
    out->invalid = coins_number_invalid;
    return;
  }
  for (; i < n && (d = coins_text_hex_value(s[i])) >= 0; i++) {
    if (magnitude > (uint64_t)INT64_MAX >> 4) too_big = 1;
    magnitude = magnitude << 4 | (uint64_t)d;
  }
  out->end = i;
  if (too_big || magnitude > (uint64_t)INT64_MAX)
    out->problem = OUT_OF_RANGE;
  else
    out->value = negative ? -(int64_t)magnitude : (int64_t)magnitude;
}

void coins_number_read(const unsigned char *s, size_t n, int json5, coins_number *out) {
  size_t i = 0;
  int negative = 0, too_many = 0, seen_nonzero = 0;
  uint64_t digits = 0;     /* significant digits seen so far         */
  uint64_t pending = 0;    /* zeros seen since the last nonzero      */
  int64_t point_shift = 0; /* digits after the point, kept or pending */
  int64_t exponent = 0;
  int leading_point = 0; /* json5: ".5" */

  *out = (coins_number){0, NULL, NULL, 0};
  if (i < n && (s[i] == '-' || (json5 && s[i] == '+'))) negative = s[i++] == '-';
  if (json5 && i + 1 < n && s[i] == '0' && (s[i + 1] | 0x20) == 'x') {
    hex_number(s, i + 2, n, negative, out);
    return;
  }
  if (json5 && i + 1 < n && s[i] == '.' && is_digit(s[i + 1])) leading_point = 1;
  if (!leading_point && (i >= n || !is_digit(s[i]))) {
    out->invalid = NOT_INTEGER;
    return;
  }
  if (s[i] == '0' && i + 1 < n && is_digit(s[i + 1])) {
    out->invalid = coins_number_invalid;
    return;
  }

  /* Integer and fraction digits as one sequence; value = D * 10^e where D
  ** is the run from the first to the last nonzero digit. */
  for (int frac = 0;; frac = 1) {
    size_t run = i;
    if (leading_point && !frac) { /* no integer digits: straight to the point */
      i++;
      continue;
    }
    for (; i < n && is_digit(s[i]); i++) {
      if (frac) point_shift++;
      if (s[i] == '0') {
        if (seen_nonzero) pending++;
        continue;
      }
      /* fold pending zeros and this digit into digits, noting overflow */
      for (; pending > 0 && !too_many; pending--) {
        if (digits > UINT64_MAX / 10)
          too_many = 1;
        else
          digits *= 10;
      }
      pending = 0;
      if (!too_many) {
        unsigned d = (unsigned)(s[i] - '0');
        if (digits > (UINT64_MAX - d) / 10)
          too_many = 1;
        else
          digits = digits * 10 + d;
      }
      seen_nonzero = 1;
    }
    if (frac && i == run && !json5) { /* "1." (JSON5 allows it) */
      out->invalid = coins_number_invalid;
      return;
    }
    if (frac || i >= n || s[i] != '.') break;
    i++;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    int eneg = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i] == '-', i++;
    if (i >= n || !is_digit(s[i])) {
      out->invalid = coins_number_invalid;
      return;
    }
    for (; i < n && is_digit(s[i]); i++)
      if (exponent < 1000000000) exponent = exponent * 10 + (s[i] - '0');
    if (eneg) exponent = -exponent;
  }
  out->end = i;

  /* value = digits * 10^(exponent - point_shift + pending) */
  int64_t e = exponent - point_shift + (int64_t)pending;
  uint64_t magnitude = digits;
  if (seen_nonzero) {
    if (e < 0) {
      out->problem = NOT_INTEGER;
      return;
    }
    if (too_many || e > 19) {
      out->problem = OUT_OF_RANGE;
      return;
    }
    for (; e > 0; e--) {
      if (magnitude > UINT64_MAX / 10) {
        out->problem = OUT_OF_RANGE;
        return;
      }
      magnitude *= 10;
    }
    if (magnitude > (uint64_t)INT64_MAX) {
      out->problem = OUT_OF_RANGE;
      return;
    }
  }
  out->value = negative ? -(int64_t)magnitude : (int64_t)magnitude;
}
