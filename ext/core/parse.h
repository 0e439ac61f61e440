/*
** parse.h -- what parse.c, the text parser, shares with the rest of the
** core besides coins.h: the row parser with its fast path or without it,
** and the forms its messages share with jsonb.c.
*/
#ifndef COINS_PARSE_H
#define COINS_PARSE_H

#include "coins.h"

/* coins_parse_array, with elements called noun ("element", "ply") in
** messages, polling stop. */
coins_status coins_parse_array_of(const char *text, size_t len, int64_t *out, size_t cap,
                                  size_t *count, char err[COINS_ERRMSG_SIZE], const char *noun,
                                  const coins_stop *stop);

/* coins_parse_array_of without the fast path (scan.h): the tests hold
** the scanners to it. */
coins_status coins_parse_array_general(const char *text, size_t len, int64_t *out, size_t cap,
                                       size_t *count, char err[COINS_ERRMSG_SIZE],
                                       const char *noun);
coins_status coins_parse_array_general_stop(const char *text, size_t len, int64_t *out, size_t cap,
                                            size_t *count, char err[COINS_ERRMSG_SIZE],
                                            const char *noun, const coins_stop *stop);

/* How a message shows an array or an object, from text or JSONB alike:
** "[]" or "{}" when it is empty, else "[...]" or "{...}". */
const char *coins_parse_container_form(int array, int empty);

#endif
