/*
** fuzz_parse.c -- libFuzzer harness for the parsers of the pure core:
** coins_parse_array, coins_parse_moves (each variant) and
** coins_strategy_parse, all on the fuzzer's raw bytes (make fuzz).
**
** Every buffer is malloc'd at exactly the size the API promises is enough,
** so AddressSanitizer catches a write past it.  Invariants (abort() when
** one fails):
**
**   coins_parse_array
**     - with cap = coins_parse_capacity(): the result is 0 or -1, never -2;
**     - success: count <= cap, the sum of |a[i]| <= INT64_MAX, and the
**       elements re-serialised as JSON (two layouts) parse to the same
**       elements; with one slot too few the result is -2, with the buffer
**       untouched past its end;
**     - acceptance and values agree with an independent oracle below (the
**       JSON number grammar, exact-integer values by decimal arithmetic);
**   coins_parse_moves (variants 1, 2, 3), cap = coins_parse_moves_capacity()
**     - I and II: acceptance and takes agree with an oracle of the two
**       forms (a JSON array, takes without brackets), every take >= 1;
**     - III: every move is 'L' or 'R'; acceptance agrees with an oracle of
**       the two record forms (letters escaped as \u00XX too); the moves
**       round-trip as ["L","R"] and LR;
**   coins_solve_text (parse and solve in one call, every variant)
**     - agrees with coins_parse_array + coins_solve, for the room it asks
**       for and for short ones (where COINS_NO_ROOM is also allowed);
**   coins_parse_array again, the text moved by leading or trailing spaces
**     - the same verdict and values wherever the fast path's boundary (the
**       last 32 bytes, read from a copy) falls;
**   coins_strategy_parse
**     - acceptance agrees with an oracle of the accepted names (any case,
**       blanks around them ignored);
**       success round-trips through the canonical spelling;
**   every failure
**     - the message is non-empty printable ASCII, NUL-terminated within
**       COINS_ERRMSG_SIZE (the rest of a canary buffer untouched).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coins.h"
#include "fuzz_check.h"

/* An error buffer with a canary after it: the message must stay inside. */
typedef struct errbuf {
  char msg[COINS_ERRMSG_SIZE];
  char canary[16];
} errbuf;

static void err_reset(errbuf *e) { memset(e, 0xA5, sizeof *e); }

static void check_message(const errbuf *e) {
  const char *nul = memchr(e->msg, 0, sizeof e->msg);
  CHECK(nul != NULL);
  CHECK(nul > e->msg); /* says something */
  for (const char *c = e->msg; c < nul; c++) CHECK(*c >= 0x20 && *c < 0x7f);
  for (size_t i = 0; i < sizeof e->canary; i++) CHECK((unsigned char)e->canary[i] == 0xA5);
}

/* ------------------------------------------------------ array oracle */

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Parses one JSON number at s[*at..len) into *v.  Returns 1 with *v set
** when it is an exact integer of magnitude <= INT64_MAX, 0 when it is a
** valid number that is not (fraction, out of range), -1 when it is not a
** JSON number at all.  Decimal arithmetic on the digit string: no double,
** no shortcut shared with the code under test. */
static int oracle_number(const unsigned char *s, size_t len, size_t *at, int64_t *v) {
  size_t i = *at;
  int negative = 0;
  /* the significant digits, without leading zeros */
  static char digits[8192];
  size_t nd = 0;
  long long exp10 = 0; /* value = digits * 10^exp10 */
  if (i < len && s[i] == '-') negative = 1, i++;
  if (i >= len || !is_digit(s[i])) return -1;
  if (s[i] == '0') {
    i++;
  } else {
    while (i < len && is_digit(s[i])) {
      digits[nd++] = (char)s[i++];
    }
  }
  if (i < len && s[i] == '.') {
    i++;
    if (i >= len || !is_digit(s[i])) return -1;
    while (i < len && is_digit(s[i])) {
      if (nd > 0 || s[i] != '0') digits[nd++] = (char)s[i];
      exp10--;
      i++;
    }
  }
  if (i < len && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    int eneg = 0;
    if (i < len && (s[i] == '+' || s[i] == '-')) eneg = s[i] == '-', i++;
    if (i >= len || !is_digit(s[i])) return -1;
    long long e = 0;
    while (i < len && is_digit(s[i])) {
      if (e < 1000000000000LL) e = e * 10 + (s[i] - '0');
      i++;
    }
    exp10 += eneg ? -e : e;
  }
  *at = i;
  /* strip trailing zeros of the digit string */
  while (nd > 0 && digits[nd - 1] == '0') nd--, exp10++;
  if (nd == 0) { /* zero, however written */
    *v = 0;
    return 1;
  }
  if (exp10 < 0) return 0;                  /* a fraction remains */
  if ((long long)nd + exp10 > 19) return 0; /* >= 10^19 > INT64_MAX */
  unsigned __int128 m = 0;
  for (size_t k = 0; k < nd; k++) m = m * 10 + (unsigned)(digits[k] - '0');
  for (long long k = 0; k < exp10; k++) m *= 10;
  if (m > (unsigned __int128)INT64_MAX) return 0;
  *v = negative ? -(int64_t)m : (int64_t)m;
  return 1;
}

/* 1 and out[0..*n) when text is a JSON array of exact int64 integers whose
** sum of absolute values fits INT64_MAX; 0 otherwise.  out has room for
** every comma + 1. */
static int oracle_array(const unsigned char *s, size_t len, int64_t *out, size_t *n) {
  size_t i = 0, count = 0;
  unsigned __int128 abs_sum = 0;
  while (i < len && is_space(s[i])) i++;
  if (i >= len || s[i] != '[') return 0;
  i++;
  while (i < len && is_space(s[i])) i++;
  if (i < len && s[i] == ']') {
    i++;
  } else {
    for (;;) {
      while (i < len && is_space(s[i])) i++;
      int64_t v;
      if (oracle_number(s, len, &i, &v) != 1) return 0;
      out[count++] = v;
      abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      if (abs_sum > (unsigned __int128)INT64_MAX) return 0;
      while (i < len && is_space(s[i])) i++;
      if (i >= len) return 0;
      if (s[i] == ']') {
        i++;
        break;
      }
      if (s[i] != ',') return 0;
      i++;
    }
  }
  while (i < len && is_space(s[i])) i++;
  if (i != len) return 0;
  *n = count;
  return 1;
}

/* ---------------------------------------------- record I/II oracle */

/* 1 and out[0..*n) when text is a record of takes (each >= 1, their sum of
** absolute values within INT64_MAX): a JSON array, or the takes without
** brackets, each followed by blanks, a comma between blanks, or the end
** (no comma first, last or doubled); an empty text has none.  0
** otherwise. */
static int oracle_takes(const unsigned char *s, size_t len, int64_t *out, size_t *n) {
  size_t i = 0, count = 0;
  unsigned __int128 abs_sum = 0;
  while (i < len && is_space(s[i])) i++;
  if (i < len && s[i] == '[') {
    if (!oracle_array(s, len, out, &count)) return 0;
  } else {
    while (i < len) {
      int64_t v;
      if (oracle_number(s, len, &i, &v) != 1) return 0;
      if (i < len && !is_space(s[i]) && s[i] != ',') return 0;
      out[count++] = v;
      abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      if (abs_sum > (unsigned __int128)INT64_MAX) return 0;
      while (i < len && is_space(s[i])) i++;
      if (i < len && s[i] == ',') {
        i++;
        while (i < len && is_space(s[i])) i++;
        if (i >= len || s[i] == ',') return 0;
      }
    }
  }
  for (size_t k = 0; k < count; k++)
    if (out[k] < 1) return 0;
  *n = count;
  return 1;
}

/* ------------------------------------------------- record III oracle */

static int side_of(unsigned char c) {
  return c == 'L' || c == 'l' ? 'L' : c == 'R' || c == 'r' ? 'R' : 0;
}

/* The two forms of a variant III record: ["L", "r", ...] or bare letters
** with any JSON whitespace around and between them. */
/* The move letter of the JSON string body s[0..len): a letter alone, or
** JSON's \u escape of one ("\u004C"); no other escape stands for a
** letter.  0 otherwise. */
static int string_letter(const unsigned char *s, size_t len) {
  if (len == 1) return side_of(s[0]);
  if (len != 6 || s[0] != '\\' || s[1] != 'u') return 0;
  unsigned v = 0;
  for (size_t k = 2; k < 6; k++) {
    unsigned char c = s[k];
    int d = is_digit(c)                              ? c - '0'
            : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
                                                     : -1;
    if (d < 0) return 0;
    v = v * 16 + (unsigned)d;
  }
  return v < 0x80 ? side_of((unsigned char)v) : 0;
}

static int oracle_sides(const unsigned char *s, size_t len, int64_t *out, size_t *n) {
  size_t i = 0, count = 0;
  while (i < len && is_space(s[i])) i++;
  if (i < len && (s[i] == '"' || s[i] == '{')) return 0; /* JSON, not an array */
  if (i >= len || s[i] != '[') { /* letters; one comma at most between two */
    int comma = 0;
    for (; i < len; i++) {
      if (is_space(s[i])) continue;
      if (s[i] == ',') {
        if (count == 0 || comma) return 0;
        comma = 1;
        continue;
      }
      if (!side_of(s[i])) return 0;
      out[count++] = side_of(s[i]);
      comma = 0;
    }
    if (comma) return 0;
    *n = count;
    return 1;
  }
  i++;
  while (i < len && is_space(s[i])) i++;
  if (i < len && s[i] == ']') {
    i++;
  } else {
    for (;;) {
      while (i < len && is_space(s[i])) i++;
      if (i >= len || s[i] != '"') return 0;
      size_t close = i + 1;
      while (close < len && s[close] != '"') close += s[close] == '\\' ? 2 : 1;
      if (close >= len) return 0;
      int side = string_letter(s + i + 1, close - i - 1);
      if (!side) return 0;
      out[count++] = side;
      i = close + 1;
      while (i < len && is_space(s[i])) i++;
      if (i >= len) return 0;
      if (s[i] == ']') {
        i++;
        break;
      }
      if (s[i] != ',') return 0;
      i++;
    }
  }
  while (i < len && is_space(s[i])) i++;
  if (i != len) return 0;
  *n = count;
  return 1;
}

/* -------------------------------------------------- strategy oracle */

/* A strict decimal int64 (optional '-', at least one digit). */
static int oracle_int64(const char *s, size_t len, int64_t *v) {
  size_t i = 0;
  int negative = 0;
  if (i < len && s[i] == '-') negative = 1, i++;
  if (i == len) return 0;
  unsigned __int128 m = 0;
  for (; i < len; i++) {
    if (!is_digit((unsigned char)s[i])) return 0;
    m = m * 10 + (unsigned)(s[i] - '0');
    if (m > (unsigned __int128)INT64_MAX + 1) return 0;
  }
  if (!negative && m > (unsigned __int128)INT64_MAX) return 0;
  *v = negative ? (int64_t)((uint64_t)0 - (uint64_t)m) : (int64_t)m;
  return 1;
}

/* s[0..len) is lower (lower case) in any case. */
static int same_letters(const char *s, const char *lower, size_t len) {
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c != lower[i]) return 0;
  }
  return 1;
}

static int oracle_strategy(const char *s, size_t len) {
  static const char *const names[] = {"optimal", "greedy", "left", "parity"};
  int64_t v, p;
  while (len > 0 && is_space((unsigned char)s[len - 1])) len--; /* blanks around */
  while (len > 0 && is_space((unsigned char)*s)) s++, len--;
  for (int i = 0; i < 4; i++)
    if (strlen(names[i]) == len && same_letters(s, names[i], len)) return 1;
  if (len >= 7 && same_letters(s, "random:", 7)) return oracle_int64(s + 7, len - 7, &v);
  if (len >= 9 && same_letters(s, "careless:", 9)) {
    const char *colon = memchr(s + 9, ':', len - 9);
    if (!colon) return 0;
    size_t plen = (size_t)(colon - s) - 9;
    if (plen == 0 || s[9] == '-' || !oracle_int64(s + 9, plen, &p) || p > 100) return 0;
    return oracle_int64(colon + 1, len - 9 - plen - 1, &v);
  }
  return 0;
}

/* ------------------------------------------------------------ checks */

/* JSON text of a[0..n), spaced or compact. */
static size_t serialise(const int64_t *a, size_t n, int spaced, char *out) {
  size_t o = 0;
  out[o++] = '[';
  for (size_t i = 0; i < n; i++)
    o += (size_t)sprintf(out + o, spaced ? "%s %lld" : "%s%lld", i ? "," : "", (long long)a[i]);
  if (spaced) out[o++] = '\n';
  out[o++] = ']';
  out[o] = 0;
  return o;
}

static void check_round_trip(const int64_t *a, size_t n, int spaced) {
  char *text = xmalloc(n * 23 + 8);
  size_t len = serialise(a, n, spaced, text);
  size_t cap = coins_parse_capacity(text, len), m = (size_t)-1;
  int64_t *b = xmalloc(cap * sizeof *b);
  errbuf e;
  err_reset(&e);
  CHECK(coins_parse_array(text, len, b, cap, &m, e.msg) == 0);
  CHECK(m == n);
  CHECK(n == 0 || memcmp(a, b, n * sizeof *a) == 0);
  free(b);
  free(text);
}

static void check_array(const char *text, size_t len) {
  size_t cap = coins_parse_capacity(text, len), n = (size_t)-1;
  CHECK(cap >= 1);
  int64_t *a = xmalloc(cap * sizeof *a);
  errbuf e;
  err_reset(&e);
  int rc = coins_parse_array(text, len, a, cap, &n, e.msg);
  CHECK(rc == 0 || rc == -1);

  int64_t *want = xmalloc((cap ? cap : 1) * sizeof *want);
  size_t want_n = 0;
  int ok = oracle_array((const unsigned char *)text, len, want, &want_n);
  if (ok != (rc == 0)) {
    fprintf(stderr, "fuzz_parse: coins_parse_array %s, the oracle %s it\n",
            rc == 0 ? "accepted" : "rejected", ok ? "accepts" : "rejects");
    if (rc) fprintf(stderr, "  message: %s\n", e.msg);
    abort();
  }
  if (rc != 0) {
    check_message(&e);
    free(want);
    free(a);
    return;
  }
  CHECK(n <= cap);
  CHECK(n == want_n);
  CHECK(n == 0 || memcmp(a, want, n * sizeof *a) == 0);
  uint64_t abs_sum = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t m = a[i] < 0 ? (uint64_t)0 - (uint64_t)a[i] : (uint64_t)a[i];
    CHECK(m <= (uint64_t)INT64_MAX - abs_sum);
    abs_sum += m;
  }
  check_round_trip(a, n, 0);
  check_round_trip(a, n, 1);

  /* one slot too few: -2, and nothing written past the end */
  if (n > 0) {
    int64_t *small = xmalloc(n * sizeof *small);
    size_t m = 0;
    err_reset(&e);
    CHECK(coins_parse_array(text, len, small, n - 1, &m, e.msg) == -2);
    CHECK(n == 1 || memcmp(small, a, (n - 1) * sizeof *a) == 0);
    free(small);
  }
  free(want);
  free(a);
}

/* coins_solve_text, every variant: the same as coins_parse_array then
** coins_solve, with a room of the full size it asks for, and with short
** rooms (COINS_NO_ROOM allowed, with a need that then suffices). */
static void check_solve_text(const char *text, size_t len) {
  size_t cap = coins_parse_capacity(text, len), n = 0;
  int64_t *a = xmalloc(cap * sizeof *a);
  errbuf e;
  err_reset(&e);
  int parsed = coins_parse_array(text, len, a, cap, &n, e.msg);
  for (int v = 1; v <= 3; v++) {
    uint64_t k = v == 3 ? 1 : (uint64_t)v + 1;
    coins_solution want;
    memset(&want, 0, sizeof want);
    if (parsed == 0) {
      int64_t *work = xmalloc((coins_solve_work_words(v, n, k) + 1) * sizeof *work);
      coins_solve(v, a, n, k, work, &want);
      free(work);
    }
    size_t caps[3] = {1, cap > 4 ? cap / 4 : 2, 0};
    for (int c = 0; c < 3; c++) {
      size_t need = 0, room = caps[c];
      if (c == 2) { /* the room the first tries asked for */
        err_reset(&e);
        int64_t probe;
        coins_solution r;
        int rc = coins_solve_text(v, text, len, k, &probe, 0, &need, &r, e.msg);
        if (rc != COINS_NO_ROOM) continue;
        room = need;
      }
      int64_t *buf = xmalloc((room ? room : 1) * sizeof *buf);
      coins_solution r;
      memset(&r, 0x5A, sizeof r);
      err_reset(&e);
      int rc = coins_solve_text(v, text, len, k, buf, room, &need, &r, e.msg);
      free(buf);
      CHECK(rc == COINS_OK || rc == COINS_INVALID || (rc == COINS_NO_ROOM && c < 2));
      if (rc == COINS_NO_ROOM) continue;
      CHECK((rc == 0) == (parsed == 0));
      if (rc) {
        check_message(&e);
        continue;
      }
      CHECK(r.outcome == want.outcome && r.margin == want.margin && r.score == want.score &&
            r.total == want.total && r.best.take == want.best.take &&
            r.best.side == want.best.side);
    }
  }
  free(a);
}

/* The parser's fast path reads the last 32 bytes of a text from a copy:
** the same text moved by any number of leading or trailing spaces must
** give the same verdict and values, wherever the boundary falls. */
static void check_shifted(const char *text, size_t len) {
  static const size_t shifts[] = {1, 2, 7, 16, 31, 32, 33, 40};
  size_t cap = coins_parse_capacity(text, len), n = 0;
  int64_t *a = xmalloc(cap * sizeof *a);
  errbuf e;
  int rc = coins_parse_array(text, len, a, cap, &n, e.msg);
  for (size_t s = 0; s < sizeof shifts / sizeof *shifts; s++) {
    for (int trailing = 0; trailing < 2; trailing++) {
      size_t k = shifts[s], m = 0;
      char *moved = xmalloc(len + k);
      memset(moved, ' ', len + k);
      memcpy(moved + (trailing ? 0 : k), text, len);
      int64_t *b = xmalloc(cap * sizeof *b);
      int rc2 = coins_parse_array(moved, len + k, b, cap, &m, e.msg);
      CHECK((rc == 0) == (rc2 == 0));
      CHECK(rc != 0 || (m == n && (n == 0 || memcmp(a, b, n * sizeof *a) == 0)));
      free(b);
      free(moved);
    }
  }
  free(a);
}

static void check_moves(const char *text, size_t len) {
  /* sized by the moves the text can hold (its elements, or its letters):
  ** every parse below with this room must find it enough */
  size_t cap = coins_parse_moves_capacity(text, len);
  int64_t *moves = xmalloc((cap ? cap : 1) * sizeof *moves);
  int64_t *want = xmalloc((cap ? cap : 1) * sizeof *want);
  errbuf e;

  /* I and II: takes, in an array or without brackets */
  size_t want_n = 0;
  int takes_ok = oracle_takes((const unsigned char *)text, len, want, &want_n);
  for (int variant = 1; variant <= 2; variant++) {
    size_t n = (size_t)-1;
    err_reset(&e);
    int rc = coins_parse_moves(variant, text, len, moves, cap, &n, e.msg);
    CHECK(rc == 0 || rc == -1);
    CHECK((rc == 0) == takes_ok);
    if (rc) {
      check_message(&e);
      continue;
    }
    CHECK(n == want_n && n <= cap);
    CHECK(n == 0 || memcmp(moves, want, n * sizeof *moves) == 0);
    for (size_t i = 0; i < n; i++) {
      coins_move m = coins_notation_move_of(variant, moves[i]);
      CHECK(m.take == (uint64_t)moves[i] && m.side == 'L');
    }
  }

  /* III: "L"/"R" array or bare letters */
  size_t n = (size_t)-1;
  err_reset(&e);
  int rc = coins_parse_moves(3, text, len, moves, cap, &n, e.msg);
  CHECK(rc == 0 || rc == -1);
  int ok = oracle_sides((const unsigned char *)text, len, want, &want_n);
  if (ok != (rc == 0)) {
    fprintf(stderr, "fuzz_parse: coins_parse_moves(3) %s, the oracle %s it\n",
            rc == 0 ? "accepted" : "rejected", ok ? "accepts" : "rejects");
    if (rc) fprintf(stderr, "  message: %s\n", e.msg);
    abort();
  }
  if (rc) {
    check_message(&e);
  } else {
    CHECK(n == want_n && n <= cap);
    CHECK(n == 0 || memcmp(moves, want, n * sizeof *moves) == 0);
    /* round trips: ["L","R",...] and LR... */
    char *json = xmalloc(4 * n + 3), *bare = xmalloc(n + 1);
    size_t o = 0;
    json[o++] = '[';
    for (size_t i = 0; i < n; i++) {
      coins_move m = coins_notation_move_of(3, moves[i]);
      CHECK(m.take == 1 && (m.side == 'L' || m.side == 'R'));
      if (i) json[o++] = ',';
      json[o++] = '"';
      json[o++] = m.side;
      json[o++] = '"';
      bare[i] = m.side;
    }
    json[o++] = ']';
    const char *forms[2] = {json, bare};
    size_t lens[2] = {o, n};
    for (int f = 0; f < 2; f++) {
      size_t c2 = coins_parse_moves_capacity(forms[f], lens[f]), m2 = (size_t)-1;
      int64_t *again = xmalloc(c2 * sizeof *again);
      err_reset(&e);
      CHECK(coins_parse_moves(3, forms[f], lens[f], again, c2, &m2, e.msg) == 0);
      CHECK(m2 == n);
      CHECK(n == 0 || memcmp(again, moves, n * sizeof *moves) == 0);
      free(again);
    }
    free(bare);
    free(json);
  }
  free(want);
  free(moves);
}

static void check_strategy(const char *text, size_t len) {
  coins_strategy s, t;
  errbuf e;
  err_reset(&e);
  int rc = coins_strategy_parse(text, len, &s, e.msg);
  CHECK(rc == 0 || rc == -1);
  if (oracle_strategy(text, len) != (rc == 0)) {
    fprintf(stderr, "fuzz_parse: coins_strategy_parse %s it\n", rc == 0 ? "accepted" : "rejected");
    abort();
  }
  if (rc) {
    check_message(&e);
    return;
  }
  char canon[64];
  switch (s.kind) {
    case COINS_OPTIMAL: strcpy(canon, "optimal"); break;
    case COINS_GREEDY: strcpy(canon, "greedy"); break;
    case COINS_LEFT: strcpy(canon, "left"); break;
    case COINS_PARITY: strcpy(canon, "parity"); break;
    case COINS_RANDOM:
      snprintf(canon, sizeof canon, "random:%lld", (long long)(int64_t)s.rng);
      break;
    case COINS_CARELESS:
      CHECK(s.percent <= 100);
      snprintf(canon, sizeof canon, "careless:%u:%lld", s.percent, (long long)(int64_t)s.rng);
      break;
    default: CHECK(!"unknown strategy kind");
  }
  err_reset(&e);
  CHECK(coins_strategy_parse(canon, strlen(canon), &t, e.msg) == 0);
  CHECK(t.kind == s.kind && t.rng == s.rng && t.percent == s.percent);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  /* an exact-size copy, so that a read past len is an ASan report */
  char *text = xmalloc(size);
  if (size) memcpy(text, data, size);
  check_array(text, size);
  check_solve_text(text, size);
  if (size <= 512) check_shifted(text, size);
  check_moves(text, size);
  check_strategy(text, size);
  free(text);
  return 0;
}
