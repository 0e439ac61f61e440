/*
** number.h -- the one reader of JSON numbers (number.c), shared by parse.c
** and jsonb.c.
*/
#ifndef COINS_NUMBER_H
#define COINS_NUMBER_H

#include "coins.h"

/* A JSON number read by coins_number_read. */
typedef struct coins_number {
  size_t end;          /* the bytes it took                                    */
  const char *invalid; /* a syntax problem ("is not a valid JSON number"), or
                          NULL: then end, problem and value are set           */
  const char *problem; /* "is not an integer", "is out of range", or NULL     */
  int64_t value;       /* when both are NULL                                   */
} coins_number;

/* Reads the number at the start of s[0..n), stopping at the first byte
** that cannot continue it.  json5 also takes a leading '+', hexadecimal
** (0x1F) and a point with digits on one side only (.5, 5.). */
void coins_number_read(const unsigned char *s, size_t n, int json5, coins_number *out);
/* "is not a valid JSON number": a syntax problem, JSON5 forms included. */
extern const char coins_number_invalid[];

#endif
