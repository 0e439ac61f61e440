/*
** variant.c -- the three games as a type: their names and what sets them
** apart for a host (part of the pure core).  Each function here is the one
** place its question is answered for every variant.
*/
#include "internal.h"

coins_variant_traits coins_variant_traits_of(coins_variant v) {
  coins_variant_traits t = {0};
  switch (v) {
    case COINS_I:
      t = (coins_variant_traits){.name = "I", .takes_any_count = 1, .default_take = 2};
      break;
    case COINS_II:
      t = (coins_variant_traits){.name = "II", .has_values = 1, .default_take = 2};
      break;
    case COINS_III:
      t = (coins_variant_traits){
          .name = "III", .has_values = 1, .moves_are_sides = 1, .default_take = 1, .fixed_take = 1};
      break;
  }
  return t;
}

coins_status coins_variant_of_number(int64_t i, coins_variant *v) {
  static const coins_variant all[] = {COINS_I, COINS_II, COINS_III};
  for (size_t j = 0; j < sizeof all / sizeof *all; j++)
    if (i == (int64_t)all[j]) {
      *v = all[j];
      return COINS_OK;
    }
  return COINS_INVALID;
}

coins_status coins_variant_parse(const char *text, size_t len, coins_variant *v) {
  static const struct {
    const char *name; /* lower case */
    coins_variant variant;
  } names[] = {
      {"1", COINS_I}, {"2", COINS_II}, {"3", COINS_III},
      {"i", COINS_I}, {"ii", COINS_II}, {"iii", COINS_III},
  };
  for (size_t j = 0; j < sizeof names / sizeof *names; j++) {
    size_t n = 0;
    while (names[j].name[n]) n++;
    if (n == len && coins_same_letters(text, names[j].name, len)) {
      *v = names[j].variant;
      return COINS_OK;
    }
  }
  return COINS_INVALID;
}
