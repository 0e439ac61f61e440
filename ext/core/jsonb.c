/*
** jsonb.c -- the JSONB readers of the pure core: SQLite's binary JSON
** (SQLite 3.45+, doc/jsonb.md in SQLite's source tree) read directly, for
** rows of integers and game records.  No SQLite, no allocation, no
** recursion: a nested array or object is skipped by its size, never
** descended.
**
** An element is a header and a payload.  The header's first byte holds
** the type in its low four bits and in its high four bits the payload
** size (0..11), or 12, 13, 14, 15 for a big-endian size in the next 1, 2,
** 4 or 8 bytes (not necessarily the shortest form).  Numbers are stored
** as their text, so a number is read here by the rules of parse.c's
** parse_number, restated below (parse.c keeps its helpers static), and
** gets the messages the text parser gives for the same text.
*/
#include <string.h>

#include "notation.h"
#include "number.h"
#include "parse.h"
#include "stop.h"
#include "text.h"

/* Element types (the low four bits of a header); 13..15 are reserved. */
enum {
  JSONB_NULL = 0,
  JSONB_TRUE = 1,
  JSONB_FALSE = 2,
  JSONB_INT = 3,      /* a canonical JSON integer                        */
  JSONB_INT5 = 4,     /* a JSON5 integer: hex, a leading '+'            */
  JSONB_FLOAT = 5,    /* a canonical JSON number                         */
  JSONB_FLOAT5 = 6,   /* a JSON5 number: ".5", "5.", a leading '+'      */
  JSONB_TEXT = 7,     /* a string body without escapes                   */
  JSONB_TEXTJ = 8,    /* ... with JSON escapes                           */
  JSONB_TEXT5 = 9,    /* ... with JSON5 escapes                          */
  JSONB_TEXTRAW = 10, /* ... raw, to be escaped when written as JSON     */
  JSONB_ARRAY = 11,
  JSONB_OBJECT = 12
};

#define NOT_JSONB "expected a JSONB array (a BLOB must hold SQLite's JSONB), got "

/* One element: its type, and where its payload is. */
typedef struct element {
  unsigned type;
  size_t payload; /* the offset of its payload */
  size_t size;    /* the payload's size */
} element;

enum { HEADER_OK, HEADER_CUT, PAYLOAD_CUT };

/* Reads the header at b[at..end) (at < end) into *e: HEADER_OK, or
** HEADER_CUT when the header runs past end, or PAYLOAD_CUT when the
** payload does (its announced size is then in *announced). */
static int read_header(const unsigned char *b, size_t at, size_t end, element *e,
                       uint64_t *announced) {
  unsigned nibble = b[at] >> 4;
  size_t width = nibble < 12 ? 0 : (size_t)1 << (nibble - 12);
  uint64_t size = nibble < 12 ? nibble : 0;
  e->type = b[at] & 0x0F;
  if (width > end - at - 1) return HEADER_CUT;
  for (size_t i = 1; i <= width; i++) size = size << 8 | b[at + i];
  e->payload = at + 1 + width;
  *announced = size;
  if (size > (uint64_t)(end - e->payload)) return PAYLOAD_CUT;
  e->size = (size_t)size;
  return HEADER_OK;
}

static const char *plural(uint64_t n) { return n == 1 ? "" : "s"; }

static const char *type_name(unsigned type) {
  switch (type) {
    case JSONB_NULL: return "null";
    case JSONB_TRUE: return "true";
    case JSONB_FALSE: return "false";
    case JSONB_INT:
    case JSONB_INT5: return "integer";
    case JSONB_FLOAT:
    case JSONB_FLOAT5: return "number";
    case JSONB_TEXT:
    case JSONB_TEXTJ:
    case JSONB_TEXT5:
    case JSONB_TEXTRAW: return "string";
    case JSONB_OBJECT: return "object";
    default: return "array";
  }
}

/* The elements of the top-level array, in order. */
typedef struct walker {
  const unsigned char *b;
  size_t at, end; /* the rest of the array's payload */
  size_t index;   /* elements read so far */
} walker;

static void describe(const unsigned char *b, const element *e, char *out, size_t size);

/* Opens blob[0..len) as a JSONB array: COINS_OK, or COINS_INVALID with
** err saying why it is not one: a BLOB that is not JSONB, or JSONB of
** something else (the text parser's message for its JSON text). */
static coins_status open_array(const unsigned char *blob, size_t len, walker *w,
                               char err[COINS_ERRMSG_SIZE]) {
  element top;
  uint64_t announced = 0;
  if (len == 0) return coins_text_fail(err, NOT_JSONB "an empty BLOB");
  switch (read_header(blob, 0, len, &top, &announced)) {
    case HEADER_CUT:
      return coins_text_fail(err, NOT_JSONB "a header cut short (%zu of %zu bytes)", len,
                             (size_t)1 + ((size_t)1 << ((blob[0] >> 4) - 12)));
    case PAYLOAD_CUT:
      return coins_text_fail(
          err, NOT_JSONB "a header announcing %llu byte%s of payload where %zu remain",
          (unsigned long long)announced, plural(announced), len - top.payload);
  }
  if (top.payload + top.size < len)
    return coins_text_fail(err, NOT_JSONB "%zu byte%s after the first element",
                           len - top.payload - top.size, plural(len - top.payload - top.size));
  if (top.type > JSONB_OBJECT)
    return coins_text_fail(err, NOT_JSONB "an element of reserved type %u", top.type);
  if (top.type != JSONB_ARRAY) {
    char q[64];
    describe(blob, &top, q, sizeof q);
    return coins_text_fail(err, "expected a JSON array at byte 0, got %s", q);
  }
  *w = (walker){blob, top.payload, len, 0};
  return COINS_OK;
}

/* The next element of the array: 1 with *e, 0 at the end of the array,
** or -1 with err when the element's header is not one. */
static int next_element(walker *w, element *e, char err[COINS_ERRMSG_SIZE]) {
  uint64_t announced = 0;
  if (w->at >= w->end) return 0;
  size_t index = ++w->index;
  switch (read_header(w->b, w->at, w->end, e, &announced)) {
    case HEADER_CUT:
      coins_text_fail(err, NOT_JSONB "element %zu with its header cut short at byte %zu", index,
                      w->at);
      return -1;
    case PAYLOAD_CUT:
      coins_text_fail(err,
                      NOT_JSONB
                      "element %zu at byte %zu announcing %llu byte%s of payload "
                      "where %zu remain",
                      index, w->at, (unsigned long long)announced, plural(announced),
                      w->end - e->payload);
      return -1;
  }
  if (e->type > JSONB_OBJECT) {
    coins_text_fail(err, NOT_JSONB "element %zu of reserved type %u at byte %zu", index, e->type,
                    w->at);
    return -1;
  }
  w->at = e->payload + e->size;
  return 1;
}

size_t coins_jsonb_capacity(const unsigned char *blob, size_t len) {
  char err[COINS_ERRMSG_SIZE];
  walker w;
  element e;
  size_t count = 0;
  int more;
  if (open_array(blob, len, &w, err) != COINS_OK) return 1;
  while ((more = next_element(&w, &e, err)) > 0) count++;
  return more < 0 ? count + 1 : count;
}

/* Whether stop says to stop before element n + 1 (polled every
** COINS_STOP_SPAN elements). */
static int stopped_at(const coins_stop *stop, size_t n) {
  return stop && n % COINS_STOP_SPAN == 0 && n > 0 && coins_stop_asked(stop);
}

/* ---------------------------------------------------------------- values */

/* Writes the TEXTRAW payload s[0..len) into text as JSON text holds it:
** '"', '\\' and control characters escaped as SQLite's json() escapes
** them.  Stops past 60 bytes (a message shows 40): returns the bytes
** written, and in *whole whether all of s was. */
static size_t escape_raw(const unsigned char *s, size_t len, unsigned char *text, int *whole) {
  static const char named[] = "\"\\\b\f\n\r\t", as[] = "\"\\bfnrt", hex[] = "0123456789abcdef";
  size_t n = 0, i = 0;
  for (; i < len && n <= 60; i++) {
    unsigned char c = s[i];
    const char *name = c ? strchr(named, c) : NULL;
    if (name) {
      text[n++] = '\\';
      text[n++] = (unsigned char)as[name - named];
    } else if (c < 0x20) {
      memcpy(text + n, "\\u00", 4);
      text[n + 4] = (unsigned char)hex[c >> 4];
      text[n + 5] = (unsigned char)hex[c & 15];
      n += 6;
    } else {
      text[n++] = c;
    }
  }
  *whole = i == len;
  return n;
}

/* Writes the element as it would read in JSON text, for a message, as
** parse.c's describe writes text: a number as its payload, a string in
** quotes (a TEXTRAW one escaped), an array or object as
** coins_parse_container_form. */
static void describe(const unsigned char *b, const element *e, char *out, size_t size) {
  unsigned char text[72];
  size_t n = 0, take = e->size <= 60 ? e->size : 61; /* 61 bytes are always cut */
  switch (e->type) {
    case JSONB_INT:
    case JSONB_INT5:
    case JSONB_FLOAT:
    case JSONB_FLOAT5: coins_text_quote(b + e->payload, e->size, out, size); return;
    case JSONB_TEXT:
    case JSONB_TEXTJ:
    case JSONB_TEXT5:
      text[n++] = '"';
      memcpy(text + n, b + e->payload, take);
      n += take;
      if (take == e->size) text[n++] = '"';
      coins_text_quote(text, n, out, size);
      return;
    case JSONB_TEXTRAW: {
      int whole;
      text[n++] = '"';
      n += escape_raw(b + e->payload, e->size, text + n, &whole);
      if (whole) text[n++] = '"';
      coins_text_quote(text, n, out, size);
      return;
    }
    case JSONB_ARRAY:
    case JSONB_OBJECT: {
      const char *form = coins_parse_container_form(e->type == JSONB_ARRAY, e->size == 0);
      coins_text_quote((const unsigned char *)form, strlen(form), out, size);
      return;
    }
    default: { /* null, true, false (whatever their payload) */
      const char *name = type_name(e->type);
      coins_text_quote((const unsigned char *)name, strlen(name), out, size);
      return;
    }
  }
}

/* The integer the element holds: COINS_OK with *v, or COINS_INVALID with
** the message the text parser gives for the same element. */
static coins_status element_integer(const unsigned char *b, const element *e, const char *noun,
                                    size_t index, int64_t *v, char err[COINS_ERRMSG_SIZE]) {
  const char *what = "is not an integer";
  char q[64];
  switch (e->type) {
    case JSONB_INT:
    case JSONB_FLOAT:
    case JSONB_INT5:
    case JSONB_FLOAT5: {
      int json5 = e->type == JSONB_INT5 || e->type == JSONB_FLOAT5;
      static const char *const names[] = {"INT", "INT5", "FLOAT", "FLOAT5"};
      if (e->size == 0)
        return coins_text_fail(err, "%s %zu %s: an empty %s", noun, index, coins_number_invalid,
                               names[e->type - JSONB_INT]);
      coins_number num;
      coins_number_read(b + e->payload, e->size, json5, &num);
      what = num.invalid ? num.invalid : num.end < e->size ? coins_number_invalid : num.problem;
      *v = num.value;
      if (what == NULL) return COINS_OK;
      break;
    }
    case JSONB_ARRAY:
      return coins_text_fail(err, "%s %zu is not an integer: nested arrays are not allowed", noun,
                             index);
  }
  describe(b, e, q, sizeof q);
  return coins_text_fail(err, "%s %zu %s: %s", noun, index, what, q);
}

/* coins_jsonb_parse_array with elements called noun in messages: the
** steps and messages of coins_parse_array_of, in the same order. */
static coins_status parse_integers(const unsigned char *blob, size_t len, int64_t *out, size_t cap,
                                   size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun,
                                   const coins_stop *stop) {
  walker w;
  element e;
  uint64_t abs_sum = 0;
  size_t n = 0;
  int more;
  *count = 0;
  if (open_array(blob, len, &w, err) != COINS_OK) return COINS_INVALID;
  while ((more = next_element(&w, &e, err)) > 0) {
    int64_t v = 0;
    if (stopped_at(stop, n)) return COINS_STOPPED;
    if (element_integer(blob, &e, noun, w.index, &v, err) != COINS_OK) return COINS_INVALID;
    if (n >= cap) {
      coins_text_fail(err, "more than %zu elements: the buffer is too small", cap);
      return COINS_NO_ROOM;
    }
    out[n++] = v;
    abs_sum += v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    if (abs_sum > (uint64_t)INT64_MAX)
      return coins_text_fail(err, "the sum of absolute values exceeds 2^63-1 at %s %zu", noun, n);
  }
  if (more < 0) return COINS_INVALID;
  *count = n;
  return COINS_OK;
}

coins_status coins_jsonb_parse_array(const unsigned char *blob, size_t len, int64_t *out,
                                     size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE]) {
  return parse_integers(blob, len, out, cap, n, err, "element", NULL);
}

coins_status coins_jsonb_parse_array_stop(const unsigned char *blob, size_t len, int64_t *out,
                                          size_t cap, size_t *n, char err[COINS_ERRMSG_SIZE],
                                          const coins_stop *stop) {
  return parse_integers(blob, len, out, cap, n, err, "element", stop);
}

/* ---------------------------------------------------------------- records */

/* 1 when e is a string, of any of the four kinds. */
static int is_string(const element *e) { return e->type >= JSONB_TEXT && e->type <= JSONB_TEXTRAW; }

/* The escapes the body of the string element e may hold. */
static coins_text_escapes string_escapes(const element *e) {
  static const coins_text_escapes escapes[] = {COINS_TEXT_ESCAPES_NONE, COINS_TEXT_ESCAPES_JSON5,
                                               COINS_TEXT_ESCAPES_JSON5, COINS_TEXT_ESCAPES_NONE};
  return escapes[e->type - JSONB_TEXT];
}

/* The move word a string element holds once its escapes are decoded
** ("\u004C" in a TEXTJ is "L"), as the codec reads it, else 0 (also for
** any other element). */
static int64_t element_move(const unsigned char *b, const element *e) {
  if (!is_string(e)) return 0;
  return coins_notation_string(b + e->payload, e->size, string_escapes(e));
}

/* A record of letters (variant III): an array of the strings "L" and "R"
** in any case, as any of the four string types. */
static coins_status parse_sides(coins_variant v, const unsigned char *blob, size_t len,
                                int64_t *moves, size_t cap, size_t *count,
                                char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  walker w;
  element e;
  size_t n = 0;
  int more;
  if (open_array(blob, len, &w, err) != COINS_OK) return COINS_INVALID;
  while ((more = next_element(&w, &e, err)) > 0) {
    if (stopped_at(stop, n)) return COINS_STOPPED;
    int64_t side = element_move(blob, &e);
    if (!side) {
      char q[64];
      int64_t take;
      if (w.index == 1 && element_integer(blob, &e, "ply", 1, &take, err) == COINS_OK)
        return coins_notation_hint(v, err);
      if (e.type == JSONB_ARRAY)
        return coins_text_fail(err, "ply %zu is not \"L\" or \"R\": nested arrays are not allowed",
                               w.index);
      describe(blob, &e, q, sizeof q);
      return coins_text_fail(err, "ply %zu is not \"L\" or \"R\": %s", w.index, q);
    }
    if (n >= cap) {
      coins_text_fail(err, "more than %zu elements: the buffer is too small", cap);
      return COINS_NO_ROOM;
    }
    moves[n++] = side;
  }
  if (more < 0) return COINS_INVALID;
  *count = n;
  return COINS_OK;
}

/* A record of variant I-sum: an array of "p:t" strings (their escapes
** decoded). */
static coins_status parse_piles(const unsigned char *blob, size_t len, int64_t *moves, size_t cap,
                                size_t *count, char err[COINS_ERRMSG_SIZE],
                                const coins_stop *stop) {
  walker w;
  element e;
  size_t n = 0;
  int more;
  char msg[COINS_ERRMSG_SIZE];
  if (open_array(blob, len, &w, err) != COINS_OK) return COINS_INVALID;
  while ((more = next_element(&w, &e, err)) > 0) {
    if (stopped_at(stop, n)) return COINS_STOPPED;
    if (!is_string(&e))
      return coins_text_fail(err, "ply %zu is not a JSON string such as \"2:3\"", w.index);
    if (n >= cap) {
      coins_text_fail(err, "more than %zu elements: the buffer is too small", cap);
      return COINS_NO_ROOM;
    }
    if (coins_notation_pile_string(blob + e.payload, e.size, string_escapes(&e), &moves[n], msg))
      return coins_text_fail(err, "ply %zu: %s", w.index, msg);
    n++;
  }
  if (more < 0) return COINS_INVALID;
  *count = n;
  return COINS_OK;
}

/* 1 when the array's first element is a move letter (a record of
** variant III's notation). */
static int first_is_letter(const unsigned char *blob, size_t len) {
  char err[COINS_ERRMSG_SIZE];
  walker w;
  element e;
  return open_array(blob, len, &w, err) == COINS_OK && next_element(&w, &e, err) > 0 &&
         element_move(blob, &e) != 0;
}

coins_status coins_jsonb_parse_moves(coins_variant v, const unsigned char *blob, size_t len,
                                     int64_t *moves, size_t cap, size_t *count,
                                     char err[COINS_ERRMSG_SIZE]) {
  return coins_jsonb_parse_moves_stop(v, blob, len, moves, cap, count, err, NULL);
}

coins_status coins_jsonb_parse_moves_stop(coins_variant v, const unsigned char *blob, size_t len,
                                          int64_t *moves, size_t cap, size_t *count,
                                          char err[COINS_ERRMSG_SIZE], const coins_stop *stop) {
  *count = 0;
  switch (coins_variant_traits_of(v).notation) {
    case COINS_NOTATION_SIDE: return parse_sides(v, blob, len, moves, cap, count, err, stop);
    case COINS_NOTATION_PILE: return parse_piles(blob, len, moves, cap, count, err, stop);
    case COINS_NOTATION_TAKE: break; /* below */
  }
  size_t n;
  coins_status rc = parse_integers(blob, len, moves, cap, &n, err, "ply", stop);
  if (rc == COINS_INVALID && first_is_letter(blob, len)) return coins_notation_hint(v, err);
  if (rc != COINS_OK) return rc;
  for (size_t i = 0; i < n; i++)
    if (moves[i] < 1)
      return coins_text_fail(err,
                             "ply %zu: take %lld is not a move (a move takes 1 to max_take coins)",
                             i + 1, (long long)moves[i]);
  *count = n;
  return COINS_OK;
}
