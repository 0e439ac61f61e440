/*
** test_plans.c -- how SQLite plans the table-valued functions (coins_moves,
** coins_review, coins_play), through the real library, on whichever
** SQLite the program runs on (make test: the system's, 3.40 on Debian 12;
** make test-sqlite-new: 3.53).  Each function's rows are materialised into
** a plain table first, and every query is checked against the same query
** on that table:
**
**   - WHERE clauses with OR in every shape (SQLite plans each term of an OR
**     by itself, and 3.40 then leaves the arguments out), IN lists, OR
**     mixing ply and rowid, and OR over a join whose table gives the
**     arguments; the arguments missing still fails with its message, and
**     the usual join still starts from the table of games;
**   - the columns a query reads (colUsed), every subset giving the same
**     rows (coins_moves plays only the gains when only they are read);
**   - a LEFT JOIN after the function, to a table or a subquery, under an
**     OR whose terms wait for it (3.31 to 3.40 then plan a term with no
**     constraint on the function at all);
**   - bounds on ply and rowid at the extremes, for =, <, <=, >, >=:
**     INT64_MIN and INT64_MAX, huge and infinite REALs, integral REALs
**     (3.0, which an upper bound must not take as strict), text, blobs and
**     NULL; and on lines of 10^18 moves, where a bound that is not honoured
**     never ends (tests/tools/run_limited.sh stops the program).
**
** The program runs under AddressSanitizer and UBSan in make asan.
**
** Build and run:  make build/test_plans && build/test_plans
*/
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "test_sqlutil.h"

/* ------------------------------------------------------------- helpers */

static int compare_lines(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every row of sql as text: columns joined by '|' (NULL as '-'), rows by
** ' ', sorted when sorted is set (for a query without ORDER BY).  The
** result is sqlite3_malloc'd; the query must succeed. */
static char *rows_of(sqlite3 *db, const char *sql, int sorted) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s\n  prepare failed: %s", sql, sqlite3_errmsg(db));
  char **rows = NULL;
  size_t n = 0;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    sqlite3_str *row = sqlite3_str_new(db);
    for (int i = 0; i < sqlite3_column_count(stmt); i++) {
      const unsigned char *text = sqlite3_column_text(stmt, i);
      sqlite3_str_appendf(row, "%s%s", i ? "|" : "", text ? (const char *)text : "-");
    }
    rows = realloc(rows, (n + 1) * sizeof *rows);
    assert_non_null(rows);
    rows[n++] = sqlite3_str_finish(row);
    assert_non_null(rows[n - 1]);
  }
  if (rc != SQLITE_DONE) fail_msg("%s\n  failed: %s", sql, sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  if (sorted && n > 1) qsort(rows, n, sizeof *rows, compare_lines);
  sqlite3_str *all = sqlite3_str_new(db);
  for (size_t i = 0; i < n; i++) {
    sqlite3_str_appendf(all, "%s%s", i ? " " : "", rows[i]);
    sqlite3_free(rows[i]);
  }
  free(rows);
  char *text = sqlite3_str_finish(all);
  return text ? text : sqlite3_mprintf("");
}

/* The rows of the two queries (formatted with the same where and order)
** must be the same. */
static void check_like_table(sqlite3 *db, const char *fn_query, const char *table_query,
                             const char *where, const char *order) {
  char *fn_sql = sqlite3_mprintf(fn_query, where, order);
  char *table_sql = sqlite3_mprintf(table_query, where, order);
  int sorted = *order == 0;
  char *want = rows_of(db, table_sql, sorted), *got = rows_of(db, fn_sql, sorted);
  check_same(fn_sql, want, got);
  sqlite3_free(want);
  sqlite3_free(got);
  sqlite3_free(fn_sql);
  sqlite3_free(table_sql);
}

/* The columns every move table has, as the materialised tables hold them. */
#define PLY_COLUMNS "ply, player, move, take, pos, gain, first_total, second_total"

/* Calls of the three functions, one per variant each: every kind of cursor
** (the lazy one of variant III's coins_moves, the ones that skip, the ones
** that play every row). */
static const char *const calls[] = {
    "coins_moves(1, 11, 2)",
    "coins_moves(2, '[4,1,9,2,6,3,5,8]', 2)",
    "coins_moves(3, '[8,15,3,7,5,1]')",
    "coins_review(3, '[8,15,3,7,5,1]', 'LRLRRL')",
    "coins_review(2, '[4,1,9,2,6,3,5,8]', '[1,1,2,1,1,2]', 2)",
    "coins_review(1, 9, '[1,2,3,1,2]', 3)",
    "coins_play(3, '[8,15,3,7,5,1]', 'greedy', 'optimal')",
    "coins_play(1, 11, 'random:7', 'optimal', 3)",
    "coins_play(2, '[4,1,9,2,6,3,5,8]', 'left', 'greedy', 2)",
};
#define N_CALLS (sizeof calls / sizeof *calls)

/* Table t: the rows of call, ply the INTEGER PRIMARY KEY (so the rowid,
** as in the functions). */
static void materialise(sqlite3 *db, const char *call) {
  char *sql = sqlite3_mprintf(
      "DROP TABLE IF EXISTS t;"
      "CREATE TABLE t(ply INTEGER PRIMARY KEY, player, move, take, pos, gain, first_total, "
      "second_total);"
      "INSERT INTO t SELECT " PLY_COLUMNS " FROM %s;",
      call);
  exec(db, sql);
  sqlite3_free(sql);
  /* at least four rows, or the shapes below test little */
  assert_true(query_int(db, "SELECT count(*) FROM t") >= 4);
}

/* where over call and over its table t must give the same rows, in ply
** order, in reverse, and unordered. */
static void check_where(sqlite3 *db, const char *call, const char *where) {
  static const char *const orders[] = {"ORDER BY ply", "ORDER BY rowid DESC", ""};
  char *fn_query = sqlite3_mprintf("SELECT " PLY_COLUMNS " FROM %s WHERE %%s %%s", call);
  for (size_t i = 0; i < sizeof orders / sizeof *orders; i++)
    check_like_table(db, fn_query, "SELECT " PLY_COLUMNS " FROM t WHERE %s %s", where, orders[i]);
  sqlite3_free(fn_query);
}

/* --------------------------------------------------------------- OR */

static void test_or_shapes(void **state) {
  static const char *const shapes[] = {
      "ply = 1 OR ply = 3",
      "move = 'L' OR gain > 2",
      "player = 1 OR take = 1",
      "rowid = 1 OR rowid = 2",
      "(ply = 1 OR ply = 3) AND player = 1",
      "ply = 2 OR rowid = 4",
      "rowid = 3 OR ply > 4",
      "ply < 2 OR ply >= 5",
      "ply BETWEEN 2 AND 3 OR rowid > 4",
      "ply IN (2, 4, 99)",
      "ply IN (2, 4) OR rowid = 5",
      "rowid IN (1, 3) OR ply IN (2, 6)",
      "ply IN (SELECT 2 UNION SELECT 5) OR player = 2 AND ply < 3",
      "(ply = 1 OR move = 'R') AND (rowid = 2 OR take > 1 OR ply = 1)",
      "(rowid = 1 OR ply = 2) AND (rowid = 2 OR ply = 3 OR ply = 1)",
      "ply > 2 AND (ply < 4 OR ply = 6)",
      "NOT (ply = 2 OR ply = 3)",
      "ply = 1 OR ply = 2 OR ply = 3 OR take = 2 OR pos = 0",
      "ply IS 2 OR ply IS NULL OR gain IS NULL",
      "ply = 1.0 OR ply = '3' OR ply = 2.5",
      "ply = 99 OR ply = -1 OR ply < -9223372036854775808",
      "ply > 9223372036854775807 OR ply <= 2",
  };
  sqlite3 *db = *state;
  print_message("SQLite %s\n", sqlite3_libversion());
  for (size_t c = 0; c < N_CALLS; c++) {
    materialise(db, calls[c]);
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
      check_where(db, calls[c], shapes[i]);
  }
  /* an OR with a term on an argument (a hidden column) */
  check_text(
      db, "1,2,3,4,5,6,7",
      "SELECT group_concat(ply) FROM coins_moves(1, 11, 2) WHERE ply = 3 OR arg_variant = 1");
  check_text(db, "3",
             "SELECT group_concat(ply) FROM coins_moves(3, '[8,15,3,7,5,1]') "
             "WHERE ply = 3 OR arg_variant = 1");
  check_text(db, "2,4,5",
             "SELECT group_concat(ply) FROM coins_review(3, '[8,15,3,7,5,1]', 'LRLRRL') "
             "WHERE ply = 5 OR arg_moves = 'x' OR move = 'R'");
}

/* The functions over a table of games, g, whose columns give the arguments;
** jt holds the same rows, with the game's id, and a column named rowid
** (which then stands for it) holding the ply. */
static const char *const join_calls[] = {
    "coins_moves(g.variant, g.coins, g.max_take)",
    "coins_review(g.variant, g.coins, g.moves, g.max_take)",
    "coins_play(g.variant, g.coins, g.first, g.second, g.max_take)",
};

static void materialise_join(sqlite3 *db, const char *call) {
  char *sql = sqlite3_mprintf(
      "DROP TABLE IF EXISTS jt;"
      "CREATE TABLE jt(id, ply, rowid, player, move, take, pos, gain, first_total, "
      "second_total, PRIMARY KEY (id, ply));"
      "INSERT INTO jt SELECT g.id, m.ply, m.ply, m.player, m.move, m.take, m.pos, m.gain, "
      "m.first_total, m.second_total FROM g, %s m;",
      call);
  exec(db, sql);
  sqlite3_free(sql);
}

#define JOIN_COLUMNS \
  "g.id, m.ply, m.player, m.move, m.take, m.pos, m.gain, m.first_total, m.second_total"

static void test_or_over_a_join(void **state) {
  static const char *const shapes[] = {
      "m.ply = 1 OR m.ply = 2",
      "m.ply = 1 OR m.rowid = 3",
      "m.move = 'L' OR m.gain > 2",
      "m.player = 1 OR m.take = 1",
      "(m.ply = 1 OR m.ply = 3) AND m.player = 1",
      "m.ply IN (2, 3) OR g.id = 1",
      "g.id = 2 OR m.rowid = 1",
      "(m.ply = 2 OR m.rowid = 4) AND g.id IN (1, 3)",
      "m.ply IN (1, 4) OR m.rowid IN (2, 5)",
      "m.ply = g.id OR m.rowid = g.id + 2",
      "g.id = 1 AND (m.ply < 2 OR m.ply > 4)",
  };
  /* the join written both ways round */
  static const char *const froms[] = {"g, %s m", "%s m, g"};
  sqlite3 *db = *state;
  exec(db,
       "CREATE TABLE g(id INTEGER PRIMARY KEY, variant, coins, moves, first, second, max_take);"
       "INSERT INTO g VALUES"
       " (1, 3, '[8,15,3,7,5,1]', 'LRLRRL', 'greedy', 'optimal', NULL),"
       " (2, 2, '[4,1,9,2,6,3,5,8]', '[1,1,2,1,1,2]', 'left', 'greedy', 2),"
       " (3, 1, 9, '[1,2,3,1,2]', 'random:7', 'optimal', 3);");
  for (size_t c = 0; c < sizeof join_calls / sizeof *join_calls; c++) {
    materialise_join(db, join_calls[c]);
    for (size_t f = 0; f < sizeof froms / sizeof *froms; f++) {
      char *from = sqlite3_mprintf(froms[f], join_calls[c]);
      char *fn_query = sqlite3_mprintf("SELECT " JOIN_COLUMNS " FROM %s WHERE %%s %%s", from);
      for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        check_like_table(db, fn_query,
                         "SELECT " JOIN_COLUMNS
                         " FROM g JOIN jt m ON m.id = g.id "
                         "WHERE %s %s",
                         shapes[i], "ORDER BY g.id, m.ply");
        check_like_table(db, fn_query,
                         "SELECT " JOIN_COLUMNS
                         " FROM g JOIN jt m ON m.id = g.id "
                         "WHERE %s %s",
                         shapes[i], "");
      }
      sqlite3_free(fn_query);
      sqlite3_free(from);
    }
  }
}

/* The columns a query reads reach the cursor (colUsed): coins_moves then
** plays only the gains when no other column of a move is read.  Each
** subset of columns, after rows skipped or not, gives the table's rows. */
static void test_columns_read(void **state) {
  static const char *const columns[] = {
      "gain",   "ply, gain",   "gain, ply * 2", "gain, pos", "gain, first_total",
      "player", "rowid, gain",
  };
  static const char *const wheres[] = {"1", "ply > 2", "ply = 3", "ply >= 2 AND ply < 5"};
  sqlite3 *db = *state;
  for (size_t c = 0; c < N_CALLS; c++) {
    materialise(db, calls[c]);
    for (size_t k = 0; k < sizeof columns / sizeof *columns; k++) {
      char *fn_query = sqlite3_mprintf("SELECT %s FROM %s WHERE %%s %%s", columns[k], calls[c]);
      char *table_query = sqlite3_mprintf("SELECT %s FROM t WHERE %%s %%s", columns[k]);
      for (size_t w = 0; w < sizeof wheres / sizeof *wheres; w++)
        check_like_table(db, fn_query, table_query, wheres[w], "ORDER BY ply");
      sqlite3_free(fn_query);
      sqlite3_free(table_query);
    }
  }
}

/* A LEFT JOIN after the function, to a table or a subquery, with an OR
** whose terms wait for the LEFT JOINed table: SQLite 3.31 to 3.40 plan
** such a term with no constraint at all on the function (its arguments
** left out), which once failed the statement with "missing argument". */
static void test_left_join_after_the_function(void **state) {
  static const char *const rights[] = {
      "w",                                                           /* a table */
      "(SELECT id, player, sum(n) AS n FROM w GROUP BY id, player)", /* a subquery */
      "(SELECT id, player, n FROM w ORDER BY n LIMIT 100)",
  };
  static const char *const shapes[] = {
      "m.gain <> x.n OR m.ply > 3",
      "m.gain <> ifnull(x.n, 0) OR m.ply > 1 AND m.player = 2",
      "x.n IS NULL OR m.ply = 2",
      "m.ply = 1 OR x.n > m.gain",
      "1",
  };
  sqlite3 *db = *state;
  exec(db,
       "CREATE TABLE g(id INTEGER PRIMARY KEY, variant, coins, moves, first, second, max_take);"
       "INSERT INTO g VALUES"
       " (1, 3, '[8,15,3,7,5,1]', 'LRLRRL', 'greedy', 'optimal', NULL),"
       " (2, 2, '[4,1,9,2,6,3,5,8]', '[1,1,2,1,1,2]', 'left', 'greedy', 2),"
       " (3, 1, 9, '[1,2,3,1,2]', 'random:7', 'optimal', 3);"
       "CREATE TABLE w(id, player, n);"
       "INSERT INTO w VALUES (1, 1, 8), (1, 2, 3), (2, 1, 4), (3, 2, 0), (3, 2, 1);");
  for (size_t c = 0; c < sizeof join_calls / sizeof *join_calls; c++) {
    materialise_join(db, join_calls[c]);
    for (size_t r = 0; r < sizeof rights / sizeof *rights; r++) {
      char *fn_query = sqlite3_mprintf("SELECT " JOIN_COLUMNS
                                       ", x.n FROM g, %s m LEFT JOIN %s x "
                                       "ON x.id = g.id AND x.player = m.player WHERE %%s %%s",
                                       join_calls[c], rights[r]);
      char *table_query = sqlite3_mprintf("SELECT " JOIN_COLUMNS
                                          ", x.n FROM g JOIN jt m ON m.id = g.id LEFT JOIN %s x "
                                          "ON x.id = g.id AND x.player = m.player WHERE %%s %%s",
                                          rights[r]);
      for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        check_like_table(db, fn_query, table_query, shapes[i], "");
      sqlite3_free(fn_query);
      sqlite3_free(table_query);
    }
  }
  /* the shape that failed, on coins_scorecard (its rows are no plies) */
  check_like_table(db,
                   "SELECT g.id, s.player, s.moves, x.n FROM g, coins_scorecard(g.variant, "
                   "g.coins, g.moves, g.max_take) s LEFT JOIN (SELECT id, player, sum(n) AS n "
                   "FROM w GROUP BY id, player) x USING (id, player) WHERE %s %s",
                   "SELECT g.id, s.player, s.moves, x.n FROM g JOIN (SELECT g.id, s.player, "
                   "s.moves FROM g, coins_scorecard(g.variant, g.coins, g.moves, g.max_take) s) "
                   "s USING (id) LEFT JOIN (SELECT id, player, sum(n) AS n FROM w GROUP BY id, "
                   "player) x USING (id, player) WHERE %s %s",
                   "s.moves <> ifnull(x.n, 0) OR s.moves > 1", "ORDER BY 1, 2");
}

/* The first step of the plan of sql (EXPLAIN QUERY PLAN's first detail). */
static void check_first_step(sqlite3 *db, const char *expected, const char *sql) {
  char *eqp = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", sql);
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db, eqp, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s\n  prepare failed: %s", eqp, sqlite3_errmsg(db));
  if (sqlite3_step(stmt) != SQLITE_ROW) fail_msg("%s\n  no plan: %s", eqp, sqlite3_errmsg(db));
  check_same(eqp, expected, (const char *)sqlite3_column_text(stmt, 3));
  sqlite3_finalize(stmt);
  sqlite3_free(eqp);
}

static void test_plans_that_lack_arguments(void **state) {
  static const char *const missing[] = {
      "coins_moves: missing argument: the first 2 arguments are required (an argument that "
      "refers to a later table in a join can be the cause)",
      "coins_review: missing argument: the first 3 arguments are required (an argument that "
      "refers to a later table in a join can be the cause)",
      "coins_play: missing argument: the first 4 arguments are required (an argument that "
      "refers to a later table in a join can be the cause)",
  };
  static const struct {
    int fn; /* which message of missing[] */
    const char *sql;
  } cases[] = {
      {0, "SELECT * FROM coins_moves"},
      {0, "SELECT * FROM coins_moves(3)"},
      {0, "SELECT * FROM coins_moves(3) WHERE ply = 1 OR ply = 3"},
      {0, "SELECT * FROM coins_moves WHERE ply = 1 OR rowid = 2"},
      {0, "SELECT * FROM coins_moves WHERE arg_coins = '[1]' AND (ply = 1 OR move = 'L')"},
      {0,
       "SELECT * FROM coins_moves(g.variant, g.coins) m CROSS JOIN g WHERE m.ply = 1 OR "
       "m.ply = 2"},
      {1, "SELECT * FROM coins_review(3, '[1,2]') WHERE ply = 1 OR rowid = 2"},
      {1, "SELECT * FROM coins_review(3, '[1,2]') WHERE arg_moves = 'L' OR ply = 2"},
      {2, "SELECT * FROM coins_play(3, '[1,2]', 'left') WHERE move = 'L' OR take = 1"},
  };
  sqlite3 *db = *state;
  exec(db,
       "CREATE TABLE g(id INTEGER PRIMARY KEY, variant, coins);"
       "INSERT INTO g VALUES (1, 3, '[8,15,3,7]'), (2, 1, 5)");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    check_error(db, ANY_CODE, missing[cases[i].fn], "%s", cases[i].sql);
  /* the usual join starts from the games, with an OR on the moves or not */
  static const char *const joins[] = {
      "SELECT * FROM g, coins_moves(g.variant, g.coins) m",
      "SELECT * FROM coins_moves(g.variant, g.coins) m, g",
      "SELECT * FROM g, coins_moves(g.variant, g.coins) m WHERE m.ply = 1 OR m.ply = 2",
      "SELECT * FROM g, coins_moves(g.variant, g.coins) m WHERE m.move = 'L' OR m.rowid = 2",
      "SELECT * FROM coins_review(g.variant, g.coins, 'L') m, g WHERE m.ply = 1 OR g.id = 2",
  };
  for (size_t i = 0; i < sizeof joins / sizeof *joins; i++)
    check_first_step(db, "SCAN g", joins[i]);
}

/* ------------------------------------------------------------ bounds */

/* Bounds of every kind against every operator, on ply and on the rowid,
** and written either way round: over each call as over its table. */
static void test_extreme_bounds(void **state) {
  static const char *const values[] = {
      "-9223372036854775808",
      "-9223372036854775807",
      "9223372036854775807",
      "9223372036854775806",
      "0",
      "1",
      "3",
      "-3",
      "3.0",
      "2.5",
      "-0.0",
      "0.5",
      "1e308",
      "-1e308",
      "9e999",
      "-9e999",
      "9.3e18",
      "9223372036854775807.0",
      "9223372036854774784.0",
      "-9223372036854775808.0",
      "'x'",
      "''",
      "'3'",
      "'3.0'",
      "'9223372036854775808'",
      "'-1e999'",
      "x'00'",
      "x''",
      "x'33'",
      "NULL",
  };
  static const char *const ops[] = {"=", "<", "<=", ">", ">=", "IS", "IS NOT", "!="};
  sqlite3 *db = *state;
  for (size_t c = 0; c < N_CALLS; c++) {
    materialise(db, calls[c]);
    char *fn_query = sqlite3_mprintf("SELECT " PLY_COLUMNS " FROM %s WHERE %%s %%s", calls[c]);
    for (size_t v = 0; v < sizeof values / sizeof *values; v++)
      for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
        for (int form = 0; form < 3; form++) {
          char *where = form == 0   ? sqlite3_mprintf("ply %s %s", ops[o], values[v])
                        : form == 1 ? sqlite3_mprintf("rowid %s %s", ops[o], values[v])
                                    : sqlite3_mprintf("%s %s ply", values[v], ops[o]);
          check_like_table(db, fn_query, "SELECT " PLY_COLUMNS " FROM t WHERE %s %s", where,
                           "ORDER BY ply");
          sqlite3_free(where);
        }
    sqlite3_free(fn_query);
  }
}

/* On lines of 10^18 moves, a bound the cursor did not honour would scan
** for ever: each of these must end, with exactly these plies. */
static void test_bounds_on_endless_lines(void **state) {
  static const char *const lines[] = {
      "coins_moves(1, 1000000000000000000)",                   /* skips ahead */
      "coins_play(1, 1000000000000000000, 'optimal', 'left')", /* plays each row */
      "coins_review(1, 1000000000000000000, '[1,1,1,1,1,1]')",
  };
  static const struct {
    const char *where, *plies; /* NULL: no rows */
  } cases[] = {
      {"ply < -9223372036854775808", NULL},
      {"rowid < -9223372036854775808", NULL},
      {"ply <= -9223372036854775808", NULL},
      {"ply > 9223372036854775807", NULL},
      {"rowid > 9223372036854775807", NULL},
      {"ply >= 9223372036854775807.0", NULL},
      {"ply > 9.3e18", NULL},
      {"ply >= 9e999", NULL},
      {"ply = 9e999", NULL},
      {"ply = -9e999", NULL},
      {"ply < -9e999", NULL},
      {"ply <= 0.5", NULL},
      {"ply < 1", NULL},
      {"ply = 'x'", NULL},
      {"ply > 'x'", NULL},
      {"ply >= x'00'", NULL},
      {"ply = NULL", NULL},
      {"ply < NULL", NULL},
      {"rowid >= NULL", NULL},
      /* an integral REAL upper bound is not strict; a lower one is as written */
      {"ply = 3.0", "3"},
      {"rowid = 3.0", "3"},
      {"ply <= 3.0", "1,2,3"},
      {"rowid <= 3.0", "1,2,3"},
      {"ply < 3.0", "1,2"},
      {"ply > 3.0 AND ply < 6", "4,5"},
      {"ply >= 3.0 AND ply <= 4", "3,4"},
      {"ply <= 3.5", "1,2,3"},
      {"ply < 2.5 AND ply > 0.5", "1,2"},
      {"ply <= '3'", "1,2,3"},
      {"ply = '3.0'", "3"},
      {"3.0 >= ply", "1,2,3"},
      {"ply <= 1e0", "1"},
      {"ply = 1 OR ply = 3.0", "1,3"},
  };
  sqlite3 *db = *state;
  for (size_t l = 0; l < sizeof lines / sizeof *lines; l++)
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
      /* the review's record has 6 moves: its line ends there */
      if (l == 2 && cases[i].plies == NULL) continue;
      check_text(db, cases[i].plies, "SELECT group_concat(ply) FROM (SELECT ply FROM %s WHERE %s)",
                 lines[l], cases[i].where);
    }
  /* a NaN bound (which SQLite binds as NULL) */
  static const char *const nan_bounds[] = {"ply <= ?", "ply > ?", "rowid = ?"};
  for (size_t i = 0; i < sizeof nan_bounds / sizeof *nan_bounds; i++) {
    char *sql = sqlite3_mprintf("SELECT count(*) FROM %s WHERE %s", lines[1], nan_bounds[i]);
    sqlite3_stmt *stmt = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_bind_double(stmt, 1, NAN), SQLITE_OK);
    assert_int_equal(sqlite3_step(stmt), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int64(stmt, 0), 0);
    sqlite3_finalize(stmt);
    sqlite3_free(sql);
  }
}

int main(void) {
#define T(name) cmocka_unit_test_setup_teardown(name, setup_db, teardown_db)
  const struct CMUnitTest tests[] = {
      T(test_or_shapes),
      T(test_or_over_a_join),
      T(test_left_join_after_the_function),
      T(test_columns_read),
      T(test_plans_that_lack_arguments),
      T(test_extreme_bounds),
      T(test_bounds_on_endless_lines),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
