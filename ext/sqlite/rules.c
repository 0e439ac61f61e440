/*
** rules.c -- coins_rules([variant]): a variant's rules as the core's traits
** give them, as JSON, for hosts (the playground) that must not keep their
** own copy: its number, name, move notation ("take", "side" or "pile"),
** whether the coins carry values, whether a count may stand for the row,
** whether whoever takes the last coin loses (misere), whether the coins
** are piles (a sum), and its max_take rules, e.g. for 3:
**
**   {"variant":3,"name":"III","notation":"side","has_values":true,
**    "takes_any_count":false,"misere":false,"piles":false,"default_take":1,
**    "fixed_take":1}
**
** Without an argument, the JSON array of every variant's rules; NULL gives
** NULL.  docs/reference.md has the whole contract.
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

#define RULES_NAME "coins_rules"

static void rules_write(sqlite3_str *s, coins_variant v) {
  coins_variant_traits t = coins_variant_traits_of(v);
  sqlite3_str_appendf(s,
                      "{\"variant\":%d,\"name\":\"%s\",\"notation\":\"%s\",\"has_values\":%s,"
                      "\"takes_any_count\":%s,\"misere\":%s,\"piles\":%s,\"default_take\":%llu,"
                      "\"fixed_take\":",
                      (int)v, t.name, coins_notation_name(t.notation),
                      t.has_values ? "true" : "false", t.takes_any_count ? "true" : "false",
                      t.misere ? "true" : "false", t.piles ? "true" : "false",
                      (unsigned long long)t.default_take);
  if (t.fixed_take)
    sqlite3_str_appendf(s, "%llu}", (unsigned long long)t.fixed_take);
  else
    sqlite3_str_appendall(s, "null}");
}

static void rules_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  coins_variant v;
  char *err;
  if (argc == 1) {
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return; /* NULL in, NULL out */
    int rc = coins_args_read_variant(RULES_NAME, argv[0], &v, &err);
    if (rc != SQLITE_OK) {
      coins_reply_error(ctx, err); /* NULL err: out of memory */
      return;
    }
  }
  sqlite3_str *s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  if (argc == 1) {
    rules_write(s, v);
  } else { /* every variant: numbered 1, 2, 3, ... with no gap */
    for (int i = 1; coins_variant_of_number(i, &v) == COINS_OK; i++) {
      sqlite3_str_appendchar(s, 1, i > 1 ? ',' : '[');
      rules_write(s, v);
    }
    sqlite3_str_appendchar(s, 1, ']');
  }
  coins_reply_str(ctx, s, RULES_NAME, "the rules");
}

int coins_rules_register(sqlite3 *db) {
  int rc = sqlite3_create_function(db, RULES_NAME, 0, COINS_SQL_FUNCTION_FLAGS, NULL, rules_func,
                                   NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, RULES_NAME, 1, COINS_SQL_FUNCTION_FLAGS, NULL, rules_func,
                                 NULL, NULL);
  return rc;
}
