/*
** test_sql.c -- SQL-level tests of the coins extension, through the real
** library: each test opens a ":memory:" database, registers the extension
** by calling sqlite3_coins_init() directly (the extension is linked in,
** built with -DSQLITE_CORE), and asserts values, types and exact error
** messages of the contract in docs/reference.md through SQL:
**
**   - the scalar functions: the contract's examples, result types, variant
**     names, NULL handling, edge cases (empty rows, negative values, counts
**     near 2^63), every class of bad argument with its exact message, and
**     the deterministic/innocuous flags (pragma_function_list, views,
**     triggers, indexes, generated columns with trusted_schema=OFF);
**   - coins_moves: exact rows, hidden columns, LIMIT on huge games, joins
**     in every order, ORDER BY, errors, and agreement of its final totals
**     with the scalars and with a small reference DP kept in this file.
**
** Build and run:  make build/test_sql && build/test_sql
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "coins.h"
#include "test_sqlutil.h"

/* The five scalar functions that take (variant, coins [, max_take]). */
static const char *const scalar_names[] = {
    "coins_win", "coins_outcome", "coins_margin", "coins_score", "coins_best_move",
};
#define N_SCALARS (sizeof scalar_names / sizeof *scalar_names)

/* ------------------------------------------------------------- helpers */

/* expr must evaluate to typed, written "type:value" ("integer:1",
** "text:draw", "null:NULL"), so one check covers the value and its type. */
static void check_value(sqlite3 *db, const char *expr, const char *typed) {
  check_text(db, typed, "SELECT typeof(x) || ':' || ifnull(x, 'NULL') FROM (SELECT %s AS x)", expr);
}

/* One row of coins_moves as text; NULL columns show as '-'. */
#define MOVE_ROW                                            \
  "ply||':'||player||':'||move||':'||take||':'||pos||':'||" \
  "ifnull(gain,'-')||':'||ifnull(first_total,'-')||':'||"   \
  "ifnull(second_total,'-')"

/* The rows of coins_moves(args), space-separated (NULL: no rows). */
static void check_moves(sqlite3 *db, const char *args, const char *expected) {
  check_text(db, expected, "SELECT group_concat(" MOVE_ROW ", ' ') FROM coins_moves(%s)", args);
}

/* A table of expressions and the "type:value" each must give. */
typedef struct typed_case {
  const char *expr;
  const char *typed;
} typed_case;

/* ------------------------------------------------- a reference margin */

/* ref_margin(variant, max_take, value): an aggregate over a row's values in
** order, giving the first player's optimal margin by the textbook DPs
** (variant II: O(n*k) over suffixes; variant III: O(n^2) over intervals).
** Independent of ext/; small rows only. */
#define REF_MAX 64

typedef struct ref_row {
  int variant;
  long long k;
  size_t n;
  long long a[REF_MAX];
} ref_row;

static void ref_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ref_row *row = sqlite3_aggregate_context(ctx, sizeof *row);
  if (row == NULL) return;
  if (row->n == REF_MAX) {
    sqlite3_result_error(ctx, "ref_margin: row too long", -1);
    return;
  }
  row->variant = sqlite3_value_int(argv[0]);
  row->k = sqlite3_value_int64(argv[1]);
  row->a[row->n++] = sqlite3_value_int64(argv[2]);
}

static void ref_final(sqlite3_context *ctx) {
  ref_row *row = sqlite3_aggregate_context(ctx, 0);
  long long m[REF_MAX + 1] = {0};
  size_t n = row ? row->n : 0;
  if (n > 0 && row->variant == 2) {
    for (size_t i = n; i-- > 0;) {
      long long sum = 0, best = 0;
      for (size_t t = 1; t <= (size_t)row->k && i + t <= n; t++) {
        sum += row->a[i + t - 1];
        if (t == 1 || sum - m[i + t] > best) best = sum - m[i + t];
      }
      m[i] = best;
    }
  } else if (n > 0) {
    /* m[i] = margin of a[i..i+len) for the current len */
    for (size_t i = 0; i < n; i++) m[i] = row->a[i];
    for (size_t len = 2; len <= n; len++)
      for (size_t i = 0; i + len <= n; i++) {
        long long left = row->a[i] - m[i + 1];
        long long right = row->a[i + len - 1] - m[i];
        m[i] = left > right ? left : right;
      }
  }
  sqlite3_result_int64(ctx, m[0]);
}

/* ---------------------------------------------------------- the tests */

static void test_init_and_second_connection(void **state) {
  (void)state;
  sqlite3 *first = open_db();
  sqlite3 *second = open_db();
  check_text(first, "1", "SELECT coins_win(3, '[3,2,2]')");
  check_text(second, "22", "SELECT coins_score(3, '[8,15,3,7]')");
  assert_int_equal(sqlite3_close(first), SQLITE_OK);
  /* the second connection keeps working on its own */
  check_text(second, "draw", "SELECT coins_outcome(3, '[2,2,2,2]')");
  assert_int_equal(query_int(second, "SELECT count(*) FROM coins_moves(3, '[8,15,3,7]')"), 4);
  /* registering again on the same connection is harmless */
  char *err = NULL;
  assert_int_equal(sqlite3_coins_init(second, &err, NULL), SQLITE_OK);
  assert_null(err);
  check_text(second, "0", "SELECT coins_win(3, '[1,20,4]')");
  assert_int_equal(sqlite3_close(second), SQLITE_OK);
}

/* Loading coins into a connection that has it is a success, even while a
** statement runs (SQLite cannot replace a function then); a registration
** that fails says SQLite's reason. */
static void a_user_function(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_int(ctx, 42);
}

static void test_load_again(void **state) {
  (void)state;
  sqlite3 *db = open_db();
  sqlite3_stmt *running = NULL;
  char *err = NULL;
  assert_int_equal(
      sqlite3_prepare_v2(db, "SELECT ply FROM coins_moves(1, 100)", -1, &running, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(running), SQLITE_ROW);
  assert_int_equal(sqlite3_coins_init(db, &err, NULL), SQLITE_OK);
  assert_null(err);
  assert_int_equal(sqlite3_step(running), SQLITE_ROW); /* it runs on */
  assert_int_equal(sqlite3_finalize(running), SQLITE_OK);
  assert_int_equal(sqlite3_close(db), SQLITE_OK);

  /* a connection with a function of its own named coins_win, in use */
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  exec(db, "SELECT 1"); /* SQLite's own set-up done */
  assert_int_equal(
      sqlite3_create_function(db, "coins_win", 2, SQLITE_UTF8, NULL, a_user_function, NULL, NULL),
      SQLITE_OK);
  assert_int_equal(
      sqlite3_prepare_v2(db, "SELECT value FROM json_each('[1,2]')", -1, &running, NULL),
      SQLITE_OK);
  assert_int_equal(sqlite3_step(running), SQLITE_ROW);
  assert_int_not_equal(sqlite3_coins_init(db, &err, NULL), SQLITE_OK);
  assert_non_null(err);
  assert_string_equal(err,
                      "coins: cannot register functions: unable to delete/modify user-function "
                      "due to active statements");
  sqlite3_free(err);
  assert_int_equal(sqlite3_finalize(running), SQLITE_OK);
  /* once the statement is done, loading works */
  err = NULL;
  assert_int_equal(sqlite3_coins_init(db, &err, NULL), SQLITE_OK);
  check_text(db, "22", "SELECT coins_score(3, '[8,15,3,7]')");
  assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

/* Expressions and the "type:value" each must give, in groups: a row with
** no typed value starts the group its expr names (see check_group). */
static const typed_case typed_cases[] = {
    {"contract examples", NULL},
    {"coins_win(3, '[3,2,2]')", "integer:1"},
    {"coins_win(3, '[1,2,4]')", "integer:1"},
    {"coins_win(3, '[1,20,4]')", "integer:0"},
    {"coins_score(3, '[8,15,3,7]')", "integer:22"},
    {"coins_score(3, '[5,3,7,10]')", "integer:15"},
    {"coins_outcome(3, '[2,2,2,2]')", "text:draw"},
    {"coins_win(1, 3)", "integer:0"},
    {"coins_win(1, '[1,1,1,1]')", "integer:1"},
    {"coins_outcome(2, '[1,2,2]')", "text:first"},
    {"coins_outcome(2, '[1,2,4]')", "text:second"},
    {"result types", NULL},
    {"coins_win(2, '[1,2]')", "integer:1"},
    {"coins_win(3, '[]')", "integer:0"},
    {"coins_outcome(1, 4)", "text:first"},
    {"coins_outcome(1, 0)", "text:second"},
    {"coins_margin(3, '[8,15,3,7]')", "integer:11"},
    {"coins_margin(2, '[1,2,4]')", "integer:-1"},
    {"coins_score(2, '[1,2,4]')", "integer:3"},
    {"coins_best_move(1, 4)", "integer:1"},
    {"coins_best_move(1, 5)", "integer:2"},
    {"coins_best_move(2, '[1,2,2]')", "integer:2"},
    {"coins_best_move(3, '[8,15,3,7]')", "text:R"},
    {"coins_best_move(3, '[9,1,2]')", "text:L"},
    {"coins_best_move(1, '[]')", "null:NULL"},
    {"coins_best_move(1, 0)", "null:NULL"},
    {"coins_best_move(2, '[]')", "null:NULL"},
    {"coins_best_move(3, '[]')", "null:NULL"},
    {"semantics", NULL},
    /* no coins: a draw for II and III, a loss for the first player in I */
    {"coins_outcome(2, '[]')", "text:draw"},
    {"coins_outcome(3, '[]')", "text:draw"},
    {"coins_outcome(3, ' [ ] ')", "text:draw"},
    {"coins_margin(2, '[]')", "integer:0"},
    {"coins_score(3, '[]')", "integer:0"},
    {"coins_win(1, 0)", "integer:0"},
    {"coins_win(1, '[]')", "integer:0"},
    {"coins_outcome(1, '[]')", "text:second"},
    /* all zeros */
    {"coins_outcome(3, '[0,0,0]')", "text:draw"},
    /* negative values: Stone Game III and Predict the Winner examples */
    {"coins_outcome(2, '[1,2,3,7]', 3)", "text:second"},
    {"coins_outcome(2, '[1,2,3,-9]', 3)", "text:first"},
    {"coins_outcome(2, '[1,2,3,6]', 3)", "text:draw"},
    {"coins_outcome(2, '[-1,-2,-3]', 3)", "text:draw"},
    {"coins_margin(2, '[-5,-1,10]')", "integer:-14"},
    {"coins_score(2, '[-5,-1,10]')", "integer:-5"},
    {"coins_best_move(2, '[-5,-1,10]')", "integer:1"},
    {"coins_win(3, '[1,5,2]')", "integer:0"},
    {"coins_win(3, '[1,5,233,7]')", "integer:1"},
    {"coins_margin(3, '[-1,-2]')", "integer:1"},
    {"coins_score(3, '[-1,-2]')", "integer:-1"},
    {"coins_best_move(3, '[-1,-2]')", "text:L"},
    /* max_take larger than the row: take everything */
    {"coins_score(2, '[1,2,3]', 100)", "integer:6"},
    {"coins_best_move(2, '[1,2,3]', 9223372036854775807)", "integer:3"},
    {"coins_win(1, 5, 100)", "integer:1"},
    {"coins_best_move(1, 5, 100)", "integer:5"},
    /* variant III accepts max_take 1 */
    {"coins_score(3, '[8,15,3,7]', 1)", "integer:22"},
    /* variant I: an INTEGER count, up to 2^63-1, and max_take up to it */
    {"coins_win(1, 1000000000000000000)", "integer:1"},
    {"coins_win(1, 9223372036854775807)", "integer:1"},
    {"coins_best_move(1, 9223372036854775807)", "integer:1"},
    {"coins_win(1, 9223372036854775807, 9223372036854775807)", "integer:1"},
    {"coins_best_move(1, 9223372036854775807, 9223372036854775807)", "integer:9223372036854775807"},
    {"coins_win(1, 9223372036854775806, 9223372036854775807)", "integer:1"},
    {"coins_win(1, 9223372036854775807, 9223372036854775806)", "integer:0"},
    {"coins_outcome(1, 9223372036854775807, 9223372036854775806)", "text:second"},
    {"coins_best_move(1, 9223372036854775807, 9223372036854775806)", "integer:1"},
    {"coins_win(1, 1, 1)", "integer:1"},
    {"coins_win(1, 2, 1)", "integer:0"},
    /* variant I: an array counts its elements, whatever their values */
    {"coins_win(1, '[5,5,5]')", "integer:0"},
    {"coins_win(1, '[-7,0,9,1]')", "integer:1"},
    {"coins_best_move(1, '[0,0,0,0,0]')", "integer:2"},
    {"coins_win(1, '[1,1,1]', 3)", "integer:1"},
    /* sums right at the limit, exact integers written as reals */
    {"coins_score(3, '[9223372036854775807]')", "integer:9223372036854775807"},
    {"coins_margin(3, '[-9223372036854775807]')", "integer:-9223372036854775807"},
    {"coins_margin(2, '[9223372036854775806,1]', 1)", "integer:9223372036854775805"},
    {"coins_margin(3, '[4611686018427387904,-4611686018427387903]')",
     "integer:9223372036854775807"},
    {"coins_margin(2, '[5,-9223372036854775802]', 9223372036854775807)",
     "integer:9223372036854775807"},
    {"coins_score(3, ' [ 2.0 ,\n1e3 ,\t5E-0 ,-0 ]\r\n')", "integer:1000"},
    {"coins_score(3, '[10e-1]')", "integer:1"},
    {"coins_score(3, '[1.5e1]')", "integer:15"},
    {"coins_score(3, '[-0.0]')", "integer:0"},
    {"coins_score(3, '[100000000000000000000e-2]')", "integer:1000000000000000000"},
    {"coins_score(3, '[9223372036854775807.0]')", "integer:9223372036854775807"},
};

/* Checks every row of the group of typed_cases named group. */
static void check_group(sqlite3 *db, const char *group) {
  const size_t n = sizeof typed_cases / sizeof *typed_cases;
  size_t i = 0;
  while (i < n && (typed_cases[i].typed || strcmp(typed_cases[i].expr, group))) i++;
  assert_true(i + 1 < n && typed_cases[i + 1].typed); /* found, not empty */
  for (i++; i < n && typed_cases[i].typed; i++)
    check_value(db, typed_cases[i].expr, typed_cases[i].typed);
}

static void test_contract_examples(void **state) { check_group(*state, "contract examples"); }

static void test_version(void **state) {
  check_value(*state, "coins_version()", "text:" COINS_VERSION);
  char *version = query_text(*state, "SELECT coins_version()");
  assert_string_equal(version, COINS_VERSION);
  free(version);
}

static void test_result_types(void **state) { check_group(*state, "result types"); }

static void test_variant_names(void **state) {
  /* coins_best_move(v, '[1,1,5]'): I 3 coins lost, takes 1; II takes both
  ** 1s (margin -3 rather than -5); III takes the 5 on the right; I-misere
  ** (3 identical coins, as for I) takes 2; I-sum, the piles 1, 1 and 5 of
  ** Grundy values 1, 1 and 2, takes 2 from the third.  I-sum-misere, on
  ** the piles 1, 1 and 2 (its coins: 1, 1, 5 is not a misère sum solved),
  ** takes 1 from the 2 and leaves three 1-piles. */
  static const struct {
    const char *name, *best, *line, *coins;
  } names[] = {
      {"1", "integer:1", "1,2", NULL},
      {"'1'", "integer:1", "1,2", NULL},
      {"'I'", "integer:1", "1,2", NULL},
      {"'i'", "integer:1", "1,2", NULL},
      {"2", "integer:2", "2,1", NULL},
      {"'2'", "integer:2", "2,1", NULL},
      {"'ii'", "integer:2", "2,1", NULL},
      {"'II'", "integer:2", "2,1", NULL},
      {"'iI'", "integer:2", "2,1", NULL},
      {"3", "text:R", "R,L,L", NULL},
      {"'3'", "text:R", "R,L,L", NULL},
      {"'iii'", "text:R", "R,L,L", NULL},
      {"'III'", "text:R", "R,L,L", NULL},
      {"'IiI'", "text:R", "R,L,L", NULL},
      /* blanks around a name, as around a number ('3 '), are not part of it */
      {"' III'", "text:R", "R,L,L", NULL},
      {"'iii '", "text:R", "R,L,L", NULL},
      {"' 3 '", "text:R", "R,L,L", NULL},
      {"char(9) || 'II' || char(13, 10)", "integer:2", "2,1", NULL},
      /* I-misere, 3 coins: take 2 and leave the last coin to the other */
      {"4", "integer:2", "2,1", NULL},
      {"'4'", "integer:2", "2,1", NULL},
      {"'I-misere'", "integer:2", "2,1", NULL},
      {"' i-MISERE '", "integer:2", "2,1", NULL},
      {"5", "text:3:2", "3:2,1:1,2:1,3:1,3:2", NULL},
      {"'5'", "text:3:2", "3:2,1:1,2:1,3:1,3:2", NULL},
      {"'I-sum'", "text:3:2", "3:2,1:1,2:1,3:1,3:2", NULL},
      {"' i-SUM '", "text:3:2", "3:2,1:1,2:1,3:1,3:2", NULL},
      {"6", "text:3:1", "3:1,1:1,2:1,3:1", "'[1,1,2]'"},
      {"'6'", "text:3:1", "3:1,1:1,2:1,3:1", "'[1,1,2]'"},
      {"'I-sum-misere'", "text:3:1", "3:1,1:1,2:1,3:1", "'[1,1,2]'"},
      {"' i-SUM-Misere '", "text:3:1", "3:1,1:1,2:1,3:1", "'[1,1,2]'"},
  };
  sqlite3 *db = *state;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    char expr[64];
    const char *coins = names[i].coins ? names[i].coins : "'[1,1,5]'";
    snprintf(expr, sizeof expr, "coins_best_move(%s, %s)", names[i].name, coins);
    check_value(db, expr, names[i].best);
    check_text(db, names[i].line, "SELECT group_concat(move) FROM coins_moves(%s, %s)",
               names[i].name, coins);
  }
}

/* Bad arguments, each run through every scalar and coins_moves: the message
** is "<function>: " followed by what. */
static const struct {
  const char *args, *what;
} bad_args[] = {
    /* variants */
    {"7, '[1]'",
     "unknown variant 7; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"0, '[1]'",
     "unknown variant 0; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"-1, '[1]'",
     "unknown variant -1; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"'iv', '[1]'",
     "unknown variant 'iv'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"'IIII', '[1]'",
     "unknown variant 'IIII'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"'', '[1]'",
     "unknown variant ''; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"' 7', '[1]'",
     "unknown variant ' 7'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    {"X'03', '[1]'",
     "unknown variant (a BLOB); expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' "
     "or 'I-sum-misere'"},
    {"3.5, '[1]'",
     "unknown variant 3.5; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere'"},
    /* coins */
    {"3, X'5B315D'",
     "expected a JSONB array (a BLOB must hold SQLite's JSONB), got a header "
     "announcing 5 bytes of payload where 2 remain"},
    {"1, X'5B315D'",
     "expected a JSONB array (a BLOB must hold SQLite's JSONB), got a header "
     "announcing 5 bytes of payload where 2 remain"},
    {"1, 2.5", "coins must be TEXT holding a JSON array or a count, got a REAL"},
    {"3, 2.5", "coins must be TEXT holding a JSON array, got a REAL"},
    /* a count, where only variant I takes one */
    {"2, 5",
     "coins must be a JSON array for variant II, got the count 5; a count of coins is "
     "allowed for variants I and I-misere only"},
    {"3, 5",
     "coins must be a JSON array for variant III, got the count 5; a count of coins is "
     "allowed for variants I and I-misere only"},
    {"'iii', 3.0",
     "coins must be a JSON array for variant III, got the count 3; a count of coins is "
     "allowed for variants I and I-misere only"},
    {"3, ' 12 '",
     "coins must be a JSON array for variant III, got the count 12; a count of coins is "
     "allowed for variants I and I-misere only"},
    /* arguments swapped, a Python tuple */
    {"'[8,15,3,7]', 3",
     "unknown variant '[8,15,3,7]'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', "
     "'I-sum' or "
     "'I-sum-misere' (are the "
     "arguments "
     "swapped? the variant comes first, then the coins)"},
    {"' [1]', '[1]'",
     "unknown variant ' [1]'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or "
     "'I-sum-misere' (are "
     "the "
     "arguments "
     "swapped? the variant comes first, then the coins)"},
    {"X'2B1331', '[1]'",
     "unknown variant (a BLOB); expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' "
     "or 'I-sum-misere' "
     "(are the "
     "arguments "
     "swapped? the variant comes first, then the coins)"},
    {"3, '(1, 2, 3)'",
     "expected a JSON array at byte 0, got (1, 2, 3); a JSON array is written in square "
     "brackets: [1, 2, 3]"},
    {"3, '[1,2'", "unexpected end of text after element 2: expected ',' or ']'"},
    {"3, '[1,2] x'", "unexpected text after the array at byte 6: x"},
    {"3, '[1,2,2.5]'", "element 3 is not an integer: 2.5"},
    {"1, '[1,2,2.5]'", "element 3 is not an integer: 2.5"},
    {"2, '[1,2.5e0]'", "element 2 is not an integer: 2.5e0"},
    {"3, '[1,99999999999999999999]'", "element 2 is out of range: 99999999999999999999"},
    {"3, '[1e400]'", "element 1 is out of range: 1e400"},
    {"3, '[9223372036854775807,1]'", "the sum of absolute values exceeds 2^63-1 at element 2"},
    {"2, '[-9223372036854775807,-1]'", "the sum of absolute values exceeds 2^63-1 at element 2"},
    {"3, '[1,[2]]'", "element 2 is not an integer: nested arrays are not allowed"},
    {"3, '[[]]'", "element 1 is not an integer: nested arrays are not allowed"},
    {"3, '[01]'", "element 1 is not a valid JSON number: 01"},
    {"3, '[1.]'", "element 1 is not a valid JSON number: 1."},
    {"3, '[1,]'", "element 2 is missing at byte 3"},
    {"3, '[1 2]'", "expected ',' or ']' after element 1 at byte 3, got 2"},
    {"3, '[\"1\"]'", "element 1 is not an integer: \"1\""},
    {"3, '[null]'", "element 1 is not an integer: null"},
    {"3, '{}'", "expected a JSON array at byte 0, got {}"},
    {"3, '{\"a\": 1}'", "expected a JSON array at byte 0, got {...}"},
    {"3, '[1, {\"a\": 1}]'", "element 2 is not an integer: {...}"},
    {"1, '7x'", "expected a JSON array at byte 0, got 7x"},
    {"3, '[1]]'", "unexpected text after the array at byte 3: ]"},
    /* bytes that are not printable ASCII come back escaped (valid UTF-8) */
    {"3, '[1,' || char(233) || ']'", "element 2 is not an integer: \\xC3\\xA9"},
    {"3, '[1,2,' || char(0) || ']'", "element 3 is not an integer: \\x00"},
    {"'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz', '[1]'",
     "unknown variant 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn...'; "
     "expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', 'I-misere', 'I-sum' or 'I-sum-misere'"},
    {"3, ''", "expected a JSON array, got empty text"},
    {"1, -1", "the coin count must be >= 0, got -1"},
    {"1, -9223372036854775808", "the coin count must be >= 0, got -9223372036854775808"},
    /* max_take */
    {"3, '[1,2]', 2", "variant III takes one coin from either end: max_take must be 1, got 2"},
    {"2, '[1,2]', 0", "max_take must be an integer >= 1, got 0"},
    {"1, 5, -1", "max_take must be an integer >= 1, got -1"},
    {"2, '[1,2]', '2x'",
     "max_take must be an integer >= 1 or a JSON array of takes such as '[1,3,4]', got '2x'"},
    {"3, '[1,2]', 'x'", "max_take must be an integer >= 1, got 'x'"},
    /* max_take as a set of takes */
    {"2, '[1,2]', '[0,1]'",
     "max_take: take 1 must be from 1 to 64, got 0 (for the takes 1..k, write the integer k)"},
    {"1, 5, '[]'", "max_take: the set of takes is empty; give at least one, e.g. [1,3,4]"},
    {"1, 5, ' [2,2]'", "max_take: takes 1 and 2 are both 2; give each take once"},
    {"1, 5, '[1,65]'",
     "max_take: take 2 must be from 1 to 64, got 65 (for the takes 1..k, write the integer k)"},
    {"1, 5, '[1,x]'", "max_take: take 2 is not an integer: x"},
    {"1, 5, '[1.5]'", "max_take: take 1 is not an integer: 1.5"},
    {"2, '[1,2]', '[1,3'", "max_take: unexpected end of text after take 2: expected ',' or ']'"},
    {"3, '[1,2]', '[1,2]'",
     "variant III takes one coin from either end: max_take must be 1, got '[1,2]'"},
    {"2, '[1,2]', '1,3'",
     "max_take must be an integer >= 1 or a JSON array of takes such as '[1,3,4]', got '1,3'"},
    {"2, '[1,2]', 2.5", "max_take must be an integer >= 1, got 2.5"},
    {"2, '[1,2]', ' 0 '", "max_take must be an integer >= 1, got 0"},
    {"2, '[1,2]', X'02'", "max_take must be an integer >= 1, got a BLOB"},
};

static void test_bad_arguments(void **state) {
  sqlite3 *db = *state;
  for (size_t i = 0; i < sizeof bad_args / sizeof *bad_args; i++) {
    for (size_t f = 0; f < N_SCALARS; f++) {
      char *msg = sqlite3_mprintf("%s: %s", scalar_names[f], bad_args[i].what);
      check_error(db, ANY_CODE, msg, "SELECT %s(%s)", scalar_names[f], bad_args[i].args);
      sqlite3_free(msg);
    }
    char *msg = sqlite3_mprintf("coins_moves: %s", bad_args[i].what);
    check_error(db, ANY_CODE, msg, "SELECT * FROM coins_moves(%s)", bad_args[i].args);
    sqlite3_free(msg);
  }
}

static void test_variant_one_has_no_values(void **state) {
  /* coins_margin and coins_score on variant I, whatever the row */
  static const char *const args[] = {"1, 5", "'i', '[1,2,3]'", "1, 0", "1, 4, 3"};
  static const char *const names[] = {"coins_margin", "coins_score"};
  sqlite3 *db = *state;
  for (size_t i = 0; i < sizeof args / sizeof *args; i++)
    for (size_t f = 0; f < 2; f++) {
      char *msg = sqlite3_mprintf(
          "%s: variant I has no coin values; use "
          "coins_win or coins_outcome",
          names[f]);
      check_error(db, ANY_CODE, msg, "SELECT %s(%s)", names[f], args[i]);
      sqlite3_free(msg);
    }
}

static void test_null_arguments(void **state) {
  /* NULL in each position, including next to arguments that would be
  ** errors on their own: NULL wins, as with SQLite's own functions. */
  static const char *const args[] = {
      "NULL, '[1,2]'",      "3, NULL",          "NULL, NULL",       "NULL, '[1,2]', 1",
      "3, NULL, 1",         "3, '[1,2]', NULL", "2, '[1,2]', NULL", "1, 5, NULL",
      "NULL, NULL, NULL",   "4, NULL",          "NULL, '[oops'",    "3, NULL, 2",
      "X'00', '[1]', NULL", "1, -1, NULL",
  };
  sqlite3 *db = *state;
  for (size_t i = 0; i < sizeof args / sizeof *args; i++) {
    for (size_t f = 0; f < N_SCALARS; f++)
      check_text(db, "null", "SELECT typeof(%s(%s))", scalar_names[f], args[i]);
    check_text(db, "0", "SELECT count(*) FROM coins_moves(%s)", args[i]);
  }
}

static void test_semantics(void **state) { check_group(*state, "semantics"); }

static void test_function_flags(void **state) {
  /* SQLITE_DETERMINISTIC is 0x800, SQLITE_INNOCUOUS 0x200000. */
  sqlite3 *db = *state;
  for (size_t f = 0; f < N_SCALARS; f++)
    check_text(db, "2:1,3:1",
               "SELECT group_concat(narg || ':' || "
               "((flags & 0x200800) = 0x200800)) FROM (SELECT narg, flags "
               "FROM pragma_function_list WHERE name = '%s' ORDER BY narg)",
               scalar_names[f]);
  check_text(db, "0:1",
             "SELECT group_concat(narg || ':' || "
             "((flags & 0x200800) = 0x200800)) FROM pragma_function_list "
             "WHERE name = 'coins_version'");
}

/* coins_rules: exact JSON, and each field checked against what the other
** functions do with the variant (not against the traits it is made of). */
static void test_rules(void **state) {
  sqlite3 *db = *state;
  check_text(db,
             "{\"variant\":3,\"name\":\"III\",\"notation\":\"side\",\"has_values\":true,"
             "\"takes_any_count\":false,\"misere\":false,\"piles\":false,\"default_take\":1,"
             "\"fixed_take\":1}",
             "SELECT coins_rules(' iii ')");
  check_text(db,
             "{\"variant\":1,\"name\":\"I\",\"notation\":\"take\",\"has_values\":false,"
             "\"takes_any_count\":true,\"misere\":false,\"piles\":false,\"default_take\":2,\"fixed_"
             "take\":null}",
             "SELECT coins_rules(1.0)");
  check_text(db,
             "{\"variant\":4,\"name\":\"I-misere\",\"notation\":\"take\",\"has_values\":false,"
             "\"takes_any_count\":true,\"misere\":true,\"piles\":false,\"default_take\":2,\"fixed_"
             "take\":null}",
             "SELECT coins_rules(' i-Misere ')");
  check_text(db,
             "{\"variant\":5,\"name\":\"I-sum\",\"notation\":\"pile\",\"has_values\":false,"
             "\"takes_any_count\":false,\"misere\":false,\"piles\":true,\"default_take\":2,"
             "\"fixed_take\":null}",
             "SELECT coins_rules('i-SUM')");
  check_text(db,
             "{\"variant\":6,\"name\":\"I-sum-misere\",\"notation\":\"pile\","
             "\"has_values\":false,\"takes_any_count\":false,\"misere\":true,\"piles\":true,"
             "\"default_take\":2,\"fixed_take\":null}",
             "SELECT coins_rules('I-SUM-MISERE')");
  check_text(db, "null", "SELECT typeof(coins_rules(NULL))");
  check_text(db, "6:I,II,III,I-misere,I-sum,I-sum-misere:1,2,3,4,5,6",
             "SELECT count(*) || ':' || group_concat(value->>'name') || ':' || "
             "group_concat(value->>'variant') FROM json_each(coins_rules())");
  check_text(db, "0:1,1:1",
             "SELECT group_concat(narg || ':' || ((flags & 0x200800) = 0x200800)) FROM "
             "(SELECT narg, flags FROM pragma_function_list WHERE name = 'coins_rules' "
             "ORDER BY narg)");
  check_error(db, SQLITE_ERROR,
              "coins_rules: unknown variant 'x'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
              "'I-misere', 'I-sum' or 'I-sum-misere'",
              "SELECT coins_rules('x')");
  check_error(db, SQLITE_ERROR,
              "coins_rules: unknown variant 7; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
              "'I-misere', 'I-sum' or 'I-sum-misere'",
              "SELECT coins_rules(7)");
  check_error(db, SQLITE_ERROR,
              "coins_rules: unknown variant '[1,2]'; expected 1, 2, 3, 4, 5, 6, 'I', 'II', 'III', "
              "'I-misere', 'I-sum' or 'I-sum-misere' (are the "
              "arguments swapped? the variant comes first, then the coins)",
              "SELECT coins_rules('[1,2]')");
  for (int v = 1; v <= 6; v++) {
    char *name = query_text(db, "SELECT coins_rules(%d)->>'name'", v);
    char *notation = query_text(db, "SELECT coins_rules(%d)->>'notation'", v);
    char *fixed = query_text(db, "SELECT coins_rules(%d)->>'fixed_take'", v);
    long long values = query_int(db, "SELECT coins_rules(%d)->>'has_values'", v);
    long long counts = query_int(db, "SELECT coins_rules(%d)->>'takes_any_count'", v);
    long long take = query_int(db, "SELECT coins_rules(%d)->>'default_take'", v);
    long long misere = query_int(db, "SELECT coins_rules(%d)->>'misere'", v);
    char *msg;
    /* the rows below: every coin at most 2, a misère sum solved with the
    ** default max_take (I-sum-misere) */
    const char *row3 = "'[2,1,1]'", *row123 = "'[1,2,2]'", *row6 = "'[1,1,1,2,1,2]'";
    /* the name reads as this variant */
    check_text(db, "1", "SELECT coins_rules('%s') = coins_rules(%d)", name, v);
    /* a move is a word (TEXT) in the side notation, a take otherwise */
    check_text(db, strcmp(notation, "take") != 0 ? "text" : "integer",
               "SELECT typeof(coins_best_move(%d, %s))", v, row3);
    /* ... and the move a result gives reads back as the same move in a record */
    check_text(db, "1",
               "SELECT move IS coins_best_move(%d, %s) FROM coins_review(%d, %s, "
               "json_array(coins_best_move(%d, %s)))",
               v, row123, v, row123, v, row123);
    /* margins only with values */
    if (values) {
      check_text(db, "integer", "SELECT typeof(coins_margin(%d, '[5,1]'))", v);
    } else {
      msg = sqlite3_mprintf(
          "coins_margin: variant %s has no coin values; use coins_win or coins_outcome", name);
      check_error(db, SQLITE_ERROR, msg, "SELECT coins_margin(%d, '[5,1]')", v);
      sqlite3_free(msg);
    }
    /* a count for the row */
    if (counts) {
      check_text(db, "integer", "SELECT typeof(coins_win(%d, 5))", v);
      /* under misère play whoever takes the one coin loses */
      check_text(db, misere ? "0" : "1", "SELECT coins_win(%d, 1)", v);
    } else {
      msg = sqlite3_mprintf(
          "coins_win: coins must be a JSON array for variant %s, got the count "
          "5; a count of coins is allowed for variants I and I-misere only",
          name);
      check_error(db, SQLITE_ERROR, msg, "SELECT coins_win(%d, 5)", v);
      sqlite3_free(msg);
    }
    /* max_take left out is the default */
    check_text(db, "1",
               "SELECT count(*) = sum(m.move IS d.move) FROM coins_moves(%d, %s) m "
               "JOIN coins_moves(%d, %s, %lld) d USING (ply)",
               v, row6, v, row6, take);
    /* the only max_take allowed, or any */
    if (fixed) {
      msg = sqlite3_mprintf(
          "coins_win: variant %s takes one coin from either end: max_take must "
          "be %s, got %lld",
          name, fixed, atoll(fixed) + 1);
      check_error(db, SQLITE_ERROR, msg, "SELECT coins_win(%d, '[1]', %lld)", v, atoll(fixed) + 1);
      sqlite3_free(msg);
    } else {
      check_text(db, "integer", "SELECT typeof(coins_win(%d, '[1,2,3]', 3))", v);
    }
    free(name);
    free(notation);
    free(fixed);
  }
}

static void test_moves_rows(void **state) {
  sqlite3 *db = *state;
  check_moves(db, "3, '[8,15,3,7]'",
              "1:1:R:1:3:7:7:0 2:2:L:1:0:8:7:8 3:1:L:1:1:15:22:8 "
              "4:2:L:1:2:3:22:11");
  /* Stone Game III: the first player's best is to take 1+2+3 */
  check_moves(db, "2, '[1,2,3,7]', 3", "1:1:3:3:0:6:6:0 2:2:1:1:3:7:6:7");
  check_moves(db, "'II', '[1,2,3,4,5,6,7]', 3",
              "1:1:2:2:0:3:3:0 2:2:3:3:2:12:3:12 3:1:2:2:5:13:16:12");
  /* variant I: 7 = 3*2 + 1, so take 1, then keep the count a multiple of 3 */
  check_moves(db, "1, 7",
              "1:1:1:1:0:-:-:- 2:2:1:1:1:-:-:- 3:1:2:2:2:-:-:- "
              "4:2:1:1:4:-:-:- 5:1:2:2:5:-:-:-");
  check_text(db, "5:5",
             "SELECT count(*) || ':' || sum(gain IS NULL AND first_total IS "
             "NULL AND second_total IS NULL) FROM coins_moves(1, 7)");
  check_moves(db, "1, '[9,9,9,9]', 3", "1:1:1:1:0:-:-:- 2:2:3:3:1:-:-:-");
  /* no coins: no rows */
  check_moves(db, "1, 0", NULL);
  check_moves(db, "2, '[]'", NULL);
  check_moves(db, "3, '[]'", NULL);
  /* column types */
  check_text(db, "integer integer text integer integer integer integer integer",
             "SELECT typeof(ply)||' '||typeof(player)||' '||typeof(move)||' '||"
             "typeof(take)||' '||typeof(pos)||' '||typeof(gain)||' '||"
             "typeof(first_total)||' '||typeof(second_total) "
             "FROM coins_moves(3, '[1,2]') LIMIT 1");
  check_text(db, "integer", "SELECT typeof(move) FROM coins_moves(2, '[1,2]') LIMIT 1");
  check_text(db, "integer", "SELECT typeof(move) FROM coins_moves(1, 2) LIMIT 1");
}

static void test_moves_hidden_columns(void **state) {
  sqlite3 *db = *state;
  check_text(db, "integer:3|text:[1,2]|null",
             "SELECT typeof(arg_variant)||':'||arg_variant||'|'||typeof(arg_coins)"
             "||':'||arg_coins||'|'||typeof(arg_max_take) "
             "FROM coins_moves(3, '[1,2]') LIMIT 1");
  check_text(db, "iii|[ 1, 2 ]|1",
             "SELECT arg_variant||'|'||arg_coins||'|'||arg_max_take "
             "FROM coins_moves('iii', '[ 1, 2 ]', 1) LIMIT 1");
  check_text(db, "1|10|4",
             "SELECT arg_variant||'|'||arg_coins||'|'||arg_max_take "
             "FROM coins_moves(1, 10, 4) LIMIT 1");
  /* the arguments may also be given as constraints on the hidden columns */
  check_text(db, "4",
             "SELECT count(*) FROM coins_moves "
             "WHERE arg_variant = 3 AND arg_coins = '[8,15,3,7]'");
  /* an outer query's columns named like the arguments are not shadowed by
  ** the hidden columns (they once were, and the call then failed) */
  exec(db, "CREATE TABLE named(variant, coins, max_take)");
  exec(db, "INSERT INTO named VALUES (3, '[8,15,3,7]', 1)");
  check_text(db, "[\"R\",\"L\",\"L\",\"L\"]",
             "SELECT (SELECT json_group_array(move) FROM "
             "coins_moves(variant, coins, max_take)) FROM named");
}

static void test_moves_limit_on_huge_games(void **state) {
  sqlite3 *db = *state;
  check_text(db,
             "1:1:1:1:0:-:-:- 2:2:1:1:1:-:-:- 3:1:2:2:2:-:-:- "
             "4:2:1:1:4:-:-:- 5:1:2:2:5:-:-:-",
             "SELECT group_concat(" MOVE_ROW
             ", ' ') FROM "
             "(SELECT * FROM coins_moves(1, 1000000000000000000) LIMIT 5)");
  check_moves(db, "1, 9223372036854775807, 9223372036854775807",
              "1:1:9223372036854775807:9223372036854775807:0:-:-:-");
  check_moves(db, "1, 9223372036854775807, 9223372036854775806",
              "1:1:1:1:0:-:-:- "
              "2:2:9223372036854775806:9223372036854775806:1:-:-:-");
  check_moves(db, "2, '[1,2,3]', 9223372036854775807", "1:1:3:3:0:6:6:0");
  /* a million coins 1, 2, ..., 1000000: the larger end is always on the
  ** right, so the line takes from the right */
  exec(db,
       "CREATE TABLE big AS WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL "
       "SELECT i + 1 FROM s WHERE i < 1000000) "
       "SELECT json_group_array(i) AS coins FROM s");
  check_text(db, "1000000", "SELECT json_array_length(coins) FROM big");
  check_text(db,
             "1:1:R:1:999999:1000000:1000000:0 "
             "2:2:R:1:999998:999999:1000000:999999 "
             "3:1:R:1:999997:999998:1999998:999999 "
             "4:2:R:1:999996:999997:1999998:1999996 "
             "5:1:R:1:999995:999996:2999994:1999996",
             "SELECT group_concat(" MOVE_ROW
             ", ' ') FROM "
             "(SELECT m.* FROM big, coins_moves(3, big.coins) m LIMIT 5)");
}

/* 50 games of variants II and III with 0..11 coins, some negative. */
static void make_games(sqlite3 *db) {
  exec(db,
       "CREATE TABLE games(id INTEGER PRIMARY KEY, variant, coins, max_take);"
       "WITH RECURSIVE ids(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM ids "
       "  WHERE id < 50),"
       " cells(id, j) AS (SELECT id, 0 FROM ids WHERE id % 12 > 0 UNION ALL "
       "  SELECT id, j + 1 FROM cells WHERE j + 1 < id % 12)"
       "INSERT INTO games SELECT id, 2 + id % 2, "
       "  ifnull((SELECT json_group_array(v) FROM (SELECT "
       "     (c.id * 37 + c.j * c.j * 11 + c.j * 5) % 41 - 12 AS v "
       "     FROM cells c WHERE c.id = ids.id ORDER BY c.j)), '[]'), "
       "  CASE WHEN id % 2 = 0 THEN 1 + id % 4 ELSE 1 END FROM ids");
}

/* A statement that reads no column of coins_moves but gain and ply reads
** variant III's gains from batches (tvf.c): the same gains, row for row,
** as a statement that reads another column too (pos: whole rows, which
** test_diff checks against the reference), over games of 0 to 900 coins
** and one of 1.4 MB (its line read from the text), with ply filters that
** skip rows within and across batches, and LIMIT. */
static void test_moves_gain_batches(void **state) {
  sqlite3 *db = *state;
  exec(db,
       "CREATE TABLE g3(id INTEGER PRIMARY KEY, coins, cut);"
       "WITH RECURSIVE ids(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM ids "
       "  WHERE id < 120),"
       " cells(id, j) AS (SELECT id, 0 FROM ids WHERE id * 37 % 901 > 0 UNION ALL "
       "  SELECT id, j + 1 FROM cells WHERE j + 1 < id * 37 % 901)"
       "INSERT INTO g3 SELECT id, "
       "  ifnull((SELECT json_group_array(v) FROM (SELECT "
       "     (c.id * 7919 + c.j * 104729 + c.j * c.j * 31) % (2 + c.id % 9 * 250) - c.id % 5 * 100"
       "     AS v FROM cells c WHERE c.id = ids.id ORDER BY c.j)), '[]'), id * 13 % 97 FROM ids;"
       "WITH RECURSIVE c(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM c WHERE j < 199999)"
       "INSERT INTO g3 SELECT 121, json_group_array((j * 7919 + j * j * 13) % 199999 - 99999), "
       "  70000 FROM c");
  check_text(db, "1",
             "SELECT length(coins) > 1048576 AND json_array_length(coins) = 200000 FROM g3 "
             "WHERE id = 121");
  static const char *const filters[] = {
      "",
      "WHERE ply % 7 = 3 OR ply BETWEEN 60 AND 200",
      "WHERE ply > g.cut",
      "WHERE ply >= g.cut AND ply < g.cut + 70",
      "WHERE ply % 65 IN (0, 1, 64)",
      "WHERE ply = 64 OR ply = 65 OR ply = 129",
  };
  for (size_t f = 0; f < sizeof filters / sizeof *filters; f++) {
    check_text(db, "none",
               "SELECT ifnull(group_concat(id), 'none') FROM g3 g WHERE "
               "(SELECT group_concat(ply || ':' || gain) FROM coins_moves(3, g.coins) %s) IS NOT "
               "(SELECT group_concat(ply || ':' || gain) FROM coins_moves(3, g.coins) %s%s "
               "pos IS NOT NULL)",
               filters[f], filters[f], *filters[f] ? " AND" : "WHERE");
  }
  check_text(db, "none",
             "SELECT ifnull(group_concat(id), 'none') FROM g3 g WHERE "
             "(SELECT group_concat(gain) FROM (SELECT gain FROM coins_moves(3, g.coins) "
             "LIMIT 37)) IS NOT (SELECT group_concat(gain) FROM (SELECT gain, pos FROM "
             "coins_moves(3, g.coins) LIMIT 37))");
  /* the batched gains of a join add up to the coins */
  check_text(db, "1",
             "SELECT sum(m.gain) = (SELECT sum(j.value) FROM g3, json_each(g3.coins) j) "
             "FROM g3 g, coins_moves(3, g.coins) m");
}

static void test_moves_agree_with_scalars(void **state) {
  sqlite3 *db = *state;
  assert_int_equal(
      sqlite3_create_function(db, "ref_margin", 3, SQLITE_UTF8, NULL, NULL, ref_step, ref_final),
      SQLITE_OK);
  make_games(db);
  check_text(db, "50:4:267",
             "SELECT count(*) || ':' || sum(coins = '[]') || "
             "':' || sum(json_array_length(coins)) FROM games");
  /* what the scalars, coins_moves and the reference say about each game */
  exec(db,
       "CREATE TEMP VIEW facts AS SELECT g.id, g.variant, g.max_take, "
       " json_array_length(g.coins) AS n, "
       " (SELECT ifnull(sum(value), 0) FROM json_each(g.coins)) AS total, "
       " (SELECT ref_margin(g.variant, g.max_take, value) FROM "
       "   (SELECT value FROM json_each(g.coins) ORDER BY key)) AS ref, "
       " coins_margin(g.variant, g.coins, g.max_take) AS margin, "
       " coins_score(g.variant, g.coins, g.max_take) AS score, "
       " coins_win(g.variant, g.coins, g.max_take) AS win, "
       " coins_outcome(g.variant, g.coins, g.max_take) AS outcome, "
       " coins_best_move(g.variant, g.coins, g.max_take) AS best, "
       " (SELECT count(*) FROM coins_moves(g.variant, g.coins, g.max_take))"
       "   AS plies, "
       " (SELECT ifnull(sum(take), 0) FROM coins_moves(g.variant, g.coins, "
       "   g.max_take)) AS taken, "
       " (SELECT ifnull(max(take), 0) FROM coins_moves(g.variant, g.coins, "
       "   g.max_take)) AS max_taken, "
       " (SELECT ifnull(sum(gain), 0) FROM coins_moves(g.variant, g.coins, "
       "   g.max_take)) AS gains, "
       " (SELECT first_total || ':' || second_total FROM "
       "   coins_moves(g.variant, g.coins, g.max_take) ORDER BY ply DESC "
       "   LIMIT 1) AS last, "
       " (SELECT move FROM coins_moves(g.variant, g.coins, g.max_take) "
       "   WHERE ply = 1) AS first_move "
       "FROM games g");
  /* every comparison with IS, so that a NULL counts as a failure */
  check_text(db, "none",
             "SELECT ifnull(group_concat(id), 'none') FROM facts WHERE NOT ("
             " margin IS ref AND score IS (total + margin) / 2"
             " AND win IS (margin > 0)"
             " AND outcome IS CASE WHEN margin > 0 THEN 'first'"
             "   WHEN margin < 0 THEN 'second' ELSE 'draw' END"
             " AND best IS first_move"
             " AND last IS CASE WHEN n > 0 THEN score || ':' || (total - score) END"
             " AND taken IS n AND gains IS total AND max_taken <= max_take"
             " AND (variant = 2 OR plies IS n))");
  /* the games have all three outcomes */
  check_text(db, "draw,first,second",
             "SELECT group_concat(outcome) FROM (SELECT DISTINCT outcome "
             "FROM facts ORDER BY 1)");
  /* variant I against n mod (k + 1), for n in 0..40 and k in 1..5: the
  ** line takes all n coins, at most k at a time, and the winner moves last */
  check_text(db, "none",
             "WITH RECURSIVE n(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM n "
             "  WHERE n < 40), k(k) AS (VALUES (1), (2), (3), (4), (5)) "
             "SELECT ifnull(group_concat(n || '/' || k), 'none') FROM n, k "
             "WHERE NOT (coins_win(1, n, k) IS (n %% (k + 1) != 0)"
             " AND (SELECT ifnull(sum(take), 0) FROM coins_moves(1, n, k)) IS n"
             " AND (SELECT ifnull(max(take), 0) FROM coins_moves(1, n, k)) <= k"
             " AND (SELECT player FROM coins_moves(1, n, k) ORDER BY ply DESC"
             "      LIMIT 1) IS CASE WHEN n = 0 THEN NULL"
             "      WHEN n %% (k + 1) != 0 THEN 1 ELSE 2 END)");
}

static void test_moves_joins(void **state) {
  /* the same join written every way: each gives the same rows */
  static const char *const froms[] = {
      "g2 g, coins_moves(g.variant, g.coins) m",
      "coins_moves(g.variant, g.coins) m, g2 g",
      "g2 g CROSS JOIN coins_moves(g.variant, g.coins) m",
      "g2 g JOIN coins_moves m ON m.arg_variant = g.variant AND "
      "m.arg_coins = g.coins",
      "coins_moves m JOIN g2 g ON m.arg_variant = g.variant AND "
      "m.arg_coins = g.coins",
  };
  sqlite3 *db = *state;
  exec(db,
       "CREATE TABLE g2(id INTEGER PRIMARY KEY, variant, coins, max_take);"
       "INSERT INTO g2 VALUES (1, 3, '[8,15,3,7]', NULL),"
       " (2, 2, '[1,2,3,7]', 3), (3, 1, 5, NULL), (4, 3, NULL, NULL),"
       " (5, 'ii', '[]', NULL), (6, NULL, '[1]', NULL),"
       " (7, 'III', '[5,3,7,10]', NULL)");
  const char *expected =
      "1:1:R 1:2:L 1:3:L 1:4:L 2:1:1 2:2:2 2:3:1 3:1:2 3:2:1 3:3:2 "
      "7:1:R 7:2:R 7:3:L 7:4:L";
  for (size_t i = 0; i < sizeof froms / sizeof *froms; i++)
    check_text(db, expected,
               "SELECT group_concat(id || ':' || ply || ':' || move, ' ') "
               "FROM (SELECT g.id, m.ply, m.move FROM %s ORDER BY g.id, m.ply)",
               froms[i]);
  /* with max_take from the table too */
  check_text(db, "2:3 2:1",
             "SELECT group_concat(g.id || ':' || m.move, ' ') FROM g2 g, "
             "coins_moves(g.variant, g.coins, g.max_take) m");
  /* a bad row in the outer table stops the statement with its message */
  exec(db, "INSERT INTO g2 VALUES (8, 3, '[1,oops]', NULL)");
  check_error(db, ANY_CODE, "coins_moves: element 2 is not an integer: oops",
              "SELECT * FROM g2 g, coins_moves(g.variant, g.coins)");
}

static void test_moves_errors(void **state) {
  sqlite3 *db = *state;
  const char *missing =
      "coins_moves: missing argument: the first 2 arguments are required "
      "(an argument that refers to a later table in a join can be the cause)";
  check_error(db, ANY_CODE, missing, "SELECT * FROM coins_moves");
  check_error(db, ANY_CODE, missing, "SELECT * FROM coins_moves()");
  check_error(db, ANY_CODE, missing, "SELECT * FROM coins_moves(3)");
  check_error(db, ANY_CODE, missing, "SELECT * FROM coins_moves WHERE arg_coins = '[1]'");
  /* the vtab first in a CROSS JOIN cannot see the other table's columns */
  exec(db, "CREATE TABLE g3(variant, coins); INSERT INTO g3 VALUES (3, '[1]')");
  check_error(db, ANY_CODE, missing,
              "SELECT * FROM coins_moves(g.variant, g.coins) m CROSS JOIN g3 g");
  check_error(db, ANY_CODE, "coins_moves: expected a JSON array, got empty text",
              "SELECT * FROM coins_moves(3, '')");
  check_error(db, ANY_CODE, "too many arguments on coins_moves() - max 3",
              "SELECT * FROM coins_moves(3, '[1]', 1, 1)");
}

static void test_moves_order_by(void **state) {
  static const struct {
    const char *args, *order, *plies;
  } orders[] = {
      {"3, '[4,1,9,2,6]'", "ply", "1,2,3,4,5"},
      {"3, '[4,1,9,2,6]'", "ply DESC", "5,4,3,2,1"},
      /* variant II [4,1,9,2,6], k 2: the line takes 4, then 1+9, then 2+6 */
      {"2, '[4,1,9,2,6]', 2", "gain DESC, ply", "2,3,1"},
  };
  for (size_t i = 0; i < sizeof orders / sizeof *orders; i++)
    check_text(*state, orders[i].plies,
               "SELECT group_concat(ply) FROM (SELECT ply FROM "
               "coins_moves(%s) ORDER BY %s)",
               orders[i].args, orders[i].order);
}

/* rowid equals ply on every cursor: the lazy one of variant III's
** coins_moves (which counts the rows and plays a move only when a column
** asks for it), read with ply alone, with count(*), with bounds on ply or
** rowid, and after a column that plays; the cursors that play every row
** (variants I and II, coins_review, coins_play). */
static void test_moves_rowid(void **state) {
  static const struct {
    const char *query, *expected;
  } cases[] = {
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_moves(3, '[8,15,3,7]')",
       "1:1 2:2 3:3 4:4"},
      {"SELECT group_concat(rowid, ' ') FROM coins_moves(3, '[8,15,3,7]')", "1 2 3 4"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_moves(3, '[8,15,3,7]') "
       "WHERE ply >= 2",
       "2:2 3:3 4:4"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_moves(3, '[8,15,3,7]') "
       "WHERE rowid BETWEEN 2 AND 3",
       "2:2 3:3"},
      {"SELECT group_concat(rowid || move || ply, ' ') FROM coins_moves(3, '[8,15,3,7]') "
       "WHERE ply > 1",
       "2L2 3L3 4L4"},
      {"SELECT count(*) || ':' || min(rowid) || ':' || max(rowid) || ':' || sum(rowid = ply) "
       "FROM coins_moves(3, coins_deal(7, 50, 0, 99))",
       "50:1:50:50"},
      {"SELECT count(*) || ':' || min(rowid) || ':' || max(rowid) FROM coins_moves(3, "
       "coins_deal(7, 50, 0, 99)) WHERE ply > 40",
       "10:41:50"},
      {"SELECT count(*) || ':' || sum(rowid = ply) FROM coins_moves(3, coins_deal(7, 50, 0, 99)) "
       "WHERE rowid < 20",
       "19:19"},
      /* a row of over 1 MiB of text: its line read from the text */
      {"SELECT count(*) || ':' || sum(rowid = ply) || ':' || max(rowid) FROM coins_moves(3, "
       "coins_deal(7, 400000, 0, 99)) WHERE ply > 399990",
       "10:10:400000"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_moves(1, 7) WHERE ply >= 4",
       "4:4 5:5"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_moves(2, '[1,2,3,4,5,6,7]', 3)",
       "1:1 2:2 3:3"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_review(3, '[8,15,3,7]', 'LRLR') "
       "WHERE ply > 1",
       "2:2 3:3 4:4"},
      {"SELECT group_concat(rowid || ':' || ply, ' ') FROM coins_play(3, '[8,15,3,7]', 'optimal', "
       "'left')",
       "1:1 2:2 3:3 4:4"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    check_text(*state, cases[i].expected, "%s", cases[i].query);
}

static void unsafe_echo(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  sqlite3_result_value(ctx, argv[0]);
}

static void test_trusted_schema_off(void **state) {
  sqlite3 *db = *state;
  exec(db,
       "CREATE VIEW v AS SELECT coins_win(3, '[1,2]') AS w, "
       "  coins_outcome(3, '[1,2]') AS o, coins_margin(3, '[1,2]') AS m, "
       "  coins_score(3, '[1,2]') AS s, coins_best_move(3, '[1,2]') AS b, "
       "  coins_version() AS ver;"
       "CREATE VIEW vm AS SELECT * FROM coins_moves(3, '[1,2]');"
       "CREATE TABLE t(c TEXT, w INT AS (coins_win(3, c)), "
       "  CHECK (coins_margin(3, c) >= -100));"
       "CREATE INDEX t_score ON t(coins_score(3, c));"
       "CREATE TABLE log(b);"
       "CREATE TRIGGER t_log AFTER INSERT ON t BEGIN "
       "  INSERT INTO log SELECT coins_best_move(3, new.c); "
       "  INSERT INTO log SELECT group_concat(move, '') "
       "    FROM coins_moves(3, new.c); END;");
  /* a control: a function registered without SQLITE_INNOCUOUS */
  assert_int_equal(sqlite3_create_function(db, "unsafe_echo", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                           NULL, unsafe_echo, NULL, NULL),
                   SQLITE_OK);
  exec(db,
       "CREATE VIEW vbad AS SELECT unsafe_echo(1) AS x;"
       "PRAGMA trusted_schema = OFF");
  check_error(db, ANY_CODE, "unsafe use of unsafe_echo()", "SELECT * FROM vbad");
  check_text(db, "1|first|1|2|R|" COINS_VERSION,
             "SELECT w||'|'||o||'|'||m||'|'||s||'|'||b||'|'||ver FROM v");
  check_text(db, "R L", "SELECT group_concat(move, ' ') FROM vm");
  exec(db, "INSERT INTO t(c) VALUES ('[1,2]'), ('[5,3,7,10]'), ('[1,20,4]')");
  check_error(db, ANY_CODE, "CHECK constraint failed: coins_margin(3, c) >= -100",
              "INSERT INTO t(c) VALUES ('[0,1000,0]')");
  check_text(db, "1,1,0", "SELECT group_concat(w) FROM (SELECT w FROM t ORDER BY rowid)");
  check_text(db, "[5,3,7,10]", "SELECT c FROM t INDEXED BY t_score WHERE coins_score(3, c) = 15");
  check_text(db, "R RL R RRLL L LLL",
             "SELECT group_concat(b, ' ') FROM (SELECT b FROM log ORDER BY rowid)");
}

/* coins_grundy(n, takes): values, a sum by XOR, NULLs, errors, flags. */
static void test_grundy(void **state) {
  sqlite3 *db = *state;
  /* {1,3,4}: 0,1,0,1,2,3,2 repeated; {1..3}: n mod 4 */
  check_text(db, "0,1,0,1,2,3,2,0,1",
             "WITH RECURSIVE s(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM s "
             "WHERE value < 8) SELECT group_concat(coins_grundy(value, '[1,3,4]')) FROM s");
  check_text(db, "0 1 2 3 0 1",
             "WITH RECURSIVE s(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM s "
             "WHERE value < 5) SELECT group_concat(coins_grundy(value, 3), ' ') FROM s");
  check_text(db, "1", "SELECT coins_grundy(1000000000000000000, '[1,3,4]')"); /* 1 mod 7 */
  check_text(db, "3", "SELECT coins_grundy(9223372036854775807, 3)");
  check_text(db, "1", "SELECT coins_grundy('7', 2.0 + 3)");  /* 7 mod 6 */
  check_text(db, "1", "SELECT coins_grundy(4, ' [2, 1] ')"); /* {1,2}: 4 mod 3 */
  check_text(db, "0", "SELECT coins_grundy(5, '[2]')");      /* 0,0,1,1,0,0,1,1 */
  check_text(db, "integer", "SELECT typeof(coins_grundy(5, 2))");
  /* three piles of {1,3,4}: 3 XOR 2 XOR 0 = 1, a win for the mover */
  check_text(db, "1",
             "WITH g(a, b, c) AS (SELECT coins_grundy(5, '[1,3,4]'), coins_grundy(6, '[1,3,4]'), "
             "coins_grundy(9, '[1,3,4]')), x(ab, c) AS (SELECT (a | b) - (a & b), c FROM g) "
             "SELECT (ab | c) - (ab & c) FROM x");
  check_text(db, "null", "SELECT typeof(coins_grundy(NULL, 2))");
  check_text(db, "null", "SELECT typeof(coins_grundy(3, NULL))");
  const char *takes =
      "coins_grundy: takes must be an integer k >= 1 (the takes 1..k) or a JSON array of "
      "takes, e.g. [1,3,4]; got ";
  char *msg;
  static const char *const bad_takes[][2] = {
      {"0", "0"}, {"-2", "-2"}, {"2.5", "2.5"}, {"X'01'", "a BLOB"}, {"'abc'", "'abc'"}};
  for (size_t i = 0; i < sizeof bad_takes / sizeof *bad_takes; i++) {
    msg = sqlite3_mprintf("%s%s", takes, bad_takes[i][1]);
    check_error(db, SQLITE_ERROR, msg, "SELECT coins_grundy(3, %s)", bad_takes[i][0]);
    sqlite3_free(msg);
  }
  check_error(db, SQLITE_ERROR,
              "coins_grundy: the set of takes is empty; give at least one, e.g. [1,3,4]",
              "SELECT coins_grundy(3, '[]')");
  check_error(db, SQLITE_ERROR, "coins_grundy: takes 1 and 3 are both 4; give each take once",
              "SELECT coins_grundy(3, '[4,1,4]')");
  check_error(db, SQLITE_ERROR,
              "coins_grundy: take 2 must be from 1 to 64, got 100 (for the takes 1..k, write "
              "the integer k)",
              "SELECT coins_grundy(3, '[1,100]')");
  check_error(db, SQLITE_ERROR, "coins_grundy: take 2 is not an integer: 2.5",
              "SELECT coins_grundy(3, '[1,2.5]')");
  check_error(db, SQLITE_ERROR, "coins_grundy: n must be an integer >= 0, got -1",
              "SELECT coins_grundy(-1, 2)");
  check_error(db, SQLITE_ERROR, "coins_grundy: n must be an integer >= 0, got 'x'",
              "SELECT coins_grundy('x', 2)");
  check_error(db, SQLITE_ERROR, "coins_grundy: n must be an integer >= 0, got a BLOB",
              "SELECT coins_grundy(X'00', 2)");
  check_text(db, "2:1",
             "SELECT group_concat(narg || ':' || ((flags & 0x200800) = 0x200800)) "
             "FROM pragma_function_list WHERE name = 'coins_grundy'");
}

/* Text bound with its length and no NUL after it, ending right before a
** page that cannot be read: coins reads it where it is (no copy to add
** the NUL), and reads nothing past it, with every scanner (COINS_SIMD),
** giving what the same text with its NUL gives. */
#if defined(__unix__)
#include <sys/mman.h>
#include <unistd.h>

/* The single integer or message of sql with ?1 bound to text[0..len). */
static char *bound_result(sqlite3 *db, const char *sql, const char *text, int len) {
  sqlite3_stmt *stmt = NULL;
  assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
  sqlite3_bind_text(stmt, 1, text, len, SQLITE_STATIC);
  int rc = sqlite3_step(stmt);
  char *out = rc == SQLITE_ROW ? sqlite3_mprintf("%s", sqlite3_column_text(stmt, 0))
                               : sqlite3_mprintf("error: %s", sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  return out;
}

static void test_text_without_nul(void **state) {
  sqlite3 *db = *state;
  static const char *const texts[] = {
      "[8,15,3,7]",
      "[8, 15, 3, 7]",
      "[1,2",
      "[]",
      "",
      "12",
      " [ 1 ,2 ] ",
      "[1,-2,3]",
      "[999,1,22,333,4444,5,66,777,8,99,100,2,30,400,5,6,7,8,9,10,11,12,13,14,15,16,17,18]",
      "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,"
      "31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58]",
  };
  static const char *const queries[] = {
      "SELECT coins_margin(3, ?1)",
      "SELECT coins_margin(2, ?1, 9)",
      "SELECT coins_win(1, ?1)",
      "SELECT coins_score(?1, '[1]')",
      "SELECT sum(gain) FROM coins_moves(3, ?1)",
      "SELECT count(*) || arg_coins FROM coins_moves(2, ?1)",
  };
  long page = sysconf(_SC_PAGESIZE);
  char *map =
      mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(map != MAP_FAILED);
  assert_int_equal(mprotect(map + page, (size_t)page, PROT_NONE), 0);
  for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
    size_t len = strlen(texts[t]);
    char *at = map + page - len; /* the text's last byte is the page's */
    memcpy(at, texts[t], len);
    for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
      char *want = bound_result(db, queries[q], texts[t], -1);
      char *got = bound_result(db, queries[q], at, (int)len);
      if (strcmp(want, got) != 0)
        fail_msg("%s with ?1 = '%s' bound with its length: %s, with its NUL: %s", queries[q],
                 texts[t], got, want);
      sqlite3_free(want);
      sqlite3_free(got);
    }
  }
  munmap(map, 2 * (size_t)page);
}
#else
static void test_text_without_nul(void **state) { (void)state; }
#endif

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_init_and_second_connection),
      cmocka_unit_test(test_load_again),
#define T(name) cmocka_unit_test_setup_teardown(name, setup_db, teardown_db)
      T(test_contract_examples),
      T(test_version),
      T(test_result_types),
      T(test_variant_names),
      T(test_bad_arguments),
      T(test_variant_one_has_no_values),
      T(test_null_arguments),
      T(test_semantics),
      T(test_function_flags),
      T(test_rules),
      T(test_moves_rows),
      T(test_moves_hidden_columns),
      T(test_moves_limit_on_huge_games),
      T(test_moves_gain_batches),
      T(test_moves_agree_with_scalars),
      T(test_moves_joins),
      T(test_moves_errors),
      T(test_moves_order_by),
      T(test_moves_rowid),
      T(test_trusted_schema_off),
      T(test_grundy),
      T(test_text_without_nul),
#undef T
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
