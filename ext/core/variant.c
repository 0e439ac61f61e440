/*
** variant.c -- the games as a type (part of the pure core): reading
** their names and numbers.  What sets them apart for a host is
** coins_variant_traits_of, inline in coins.h.
*/
#include <string.h>

#include "text.h"

coins_status coins_variant_of_number(int64_t i, coins_variant *v) {
  if (i < 1 || i > 64) return COINS_INVALID;
  switch ((coins_variant)i) {
    case COINS_I:
    case COINS_II:
    case COINS_III:
    case COINS_I_MISERE:
    case COINS_I_SUM:
    case COINS_I_SUM_MISERE: *v = (coins_variant)i; return COINS_OK;
  }
  return COINS_INVALID;
}

coins_status coins_variant_parse(const char *text, size_t len, coins_variant *v) {
  coins_text_trim_blanks(&text, &len);
  /* the variants are numbered 1, 2, 3, ... with no gap */
  for (int64_t i = 1; coins_variant_of_number(i, v) == COINS_OK; i++) {
    const char *name = coins_variant_traits_of(*v).name;
    int digit = len == 1 && text[0] == '0' + i;
    if (digit || (strlen(name) == len && coins_text_same_letters(text, name, len))) return COINS_OK;
  }
  return COINS_INVALID;
}
