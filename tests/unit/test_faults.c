/*
** test_faults.c -- fault injection: every SQL function of coins with each
** allocation failing in turn.
**
** main() installs, before sqlite3_initialize, an allocator that wraps
** SQLite's default one (SQLITE_CONFIG_GETMALLOC, then SQLITE_CONFIG_MALLOC)
** and can be armed to fail the Nth allocation (malloc or realloc) counted
** from the moment it is armed.  Lookaside is off, so that every small
** allocation of SQLite's goes through it too.  For each statement of the
** tables below, and for N = 1, 2, 3, ... until a run completes without an
** injected failure:
**
**   1. open ":memory:", register coins (sqlite3_coins_init), unarmed;
**   2. arm(N) -- right after sqlite3_prepare_v2, so that N counts what the
**      statement does when it runs (coins' own allocations); and for the
**      statements written with a leading '+' (at least one of each
**      function, every scalar), also right before it, which covers the
**      vtab's xConnect/xBestIndex and SQLite's parser -- then step every
**      row, finalize, disarm;
**   3. the run must give exactly the rows and the end (done, or the error
**      and its message) of a fault-free run, or stop with SQLITE_NOMEM (or
**      the message "out of memory") after rows that are a prefix of the
**      fault-free rows: never a crash, another error or a wrong row;
**   4. after a run with a failure, run the statement again, unarmed, on
**      the same connection: it must give the fault-free result (a failure
**      leaves no broken cache behind);
**   5. close the connection (SQLITE_OK: nothing left open).
**
** Before arming, each connection is given a buffer for error messages (see
** prime_error_buffer): otherwise SQLite itself turns a failure to copy a
** message into SQLITE_ERROR "SQL logic error".
**
** Each statement runs in two modes: the Nth allocation alone fails, and
** every allocation from the Nth on fails.  The statements cover every
** scalar (each variant, errors, NULLs, buffers reused and grown across rows
** and trimmed after a big row), coins_moves, coins_review and coins_play
** for each variant (all rows stepped; joins that re-filter one cursor),
** coins_deal, coins_diagram, coins_rules and coins_array as an aggregate and as a
** window function (with an inverse).  test_init_under_faults does the same
** for sqlite3_coins_init itself.  Under make asan (leak detection on) no
** path may leak.
**
** Build and run:  make build/test_faults && build/test_faults
** To look at one statement: FAULTS_ONLY=<part of its SQL> build/test_faults,
** and in gdb, break fault_injected (called at each injected failure);
** FAULTS_VERBOSE=1 prints how many allocations each statement makes.
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

/* ------------------------------------------------- the failing allocator */

static sqlite3_mem_methods default_mem;
static int armed;      /* 0: every call passes through             */
static long countdown; /* allocations until the one that fails     */
static int persistent; /* keep failing after the first failure     */
static int fired;      /* the Nth allocation has been failed       */
static long injected;  /* failures injected since arm()            */
static long armed_n;   /* N: which allocation fails                */

static void arm(long n, int keep_failing) {
  armed_n = countdown = n;
  persistent = keep_failing;
  fired = 0;
  injected = 0;
  armed = 1;
}

static void disarm(void) { armed = 0; }

/* Called at each injected failure: a place for a debugger's breakpoint. */
__attribute__((noinline)) static void fault_injected(void) { __asm__ volatile(""); }

static int should_fail(void) {
  if (!armed) return 0;
  if (fired && !persistent) return 0;
  if (!fired && --countdown > 0) return 0;
  fired = 1;
  injected++;
  fault_injected();
  return 1;
}

static void *faulty_malloc(int n) { return should_fail() ? NULL : default_mem.xMalloc(n); }

static void *faulty_realloc(void *p, int n) {
  return should_fail() ? NULL : default_mem.xRealloc(p, n);
}

static void install_faulty_allocator(void) {
  if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &default_mem) != SQLITE_OK) {
    fprintf(stderr, "test_faults: SQLITE_CONFIG_GETMALLOC failed\n");
    exit(1);
  }
  sqlite3_mem_methods faulty = default_mem;
  faulty.xMalloc = faulty_malloc;
  faulty.xRealloc = faulty_realloc;
  if (sqlite3_config(SQLITE_CONFIG_MALLOC, &faulty) != SQLITE_OK ||
      sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0) != SQLITE_OK ||
      sqlite3_initialize() != SQLITE_OK) {
    fprintf(stderr, "test_faults: cannot install the allocator\n");
    exit(1);
  }
}

/* -------------------------------------------------- running a statement */

/* What a run gave: its rows as text, and how it ended. */
typedef struct outcome {
  char *rows; /* malloc'd; each row one line of "type:value|..."     */
  size_t len, room;
  size_t n_rows;
  int rc;    /* SQLITE_DONE, or the (primary) error code            */
  char *msg; /* malloc'd error message (NULL when done)             */
} outcome;

static void out_free(outcome *o) {
  free(o->rows);
  free(o->msg);
  memset(o, 0, sizeof *o);
}

/* Plain malloc: the text kept here never goes through SQLite. */
static void out_append(outcome *o, const char *s, size_t n) {
  if (o->len + n + 1 > o->room) {
    size_t room = o->room ? o->room : 256;
    while (room < o->len + n + 1) room *= 2;
    o->rows = realloc(o->rows, room);
    assert_non_null(o->rows);
    o->room = room;
  }
  memcpy(o->rows + o->len, s, n);
  o->len += n;
  o->rows[o->len] = 0;
}

static void out_printf(outcome *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(outcome *o, const char *fmt, ...) {
  char buf[64];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  assert_true(n >= 0 && (size_t)n < sizeof buf);
  out_append(o, buf, (size_t)n);
}

static char *copy_string(const char *s) {
  size_t n = strlen(s) + 1;
  char *copy = malloc(n);
  assert_non_null(copy);
  return memcpy(copy, s, n);
}

/* Appends the current row.  Values are read with sqlite3_column_blob and
** _bytes (TEXT included), which never convert and so never allocate:
** what is counted is the statement's work, not this harness's. */
static void out_row(outcome *o, sqlite3_stmt *stmt) {
  int n = sqlite3_column_count(stmt);
  for (int i = 0; i < n; i++) {
    if (i) out_append(o, "|", 1);
    switch (sqlite3_column_type(stmt, i)) {
      case SQLITE_INTEGER: out_printf(o, "i:%lld", (long long)sqlite3_column_int64(stmt, i)); break;
      case SQLITE_FLOAT: out_printf(o, "r:%.17g", sqlite3_column_double(stmt, i)); break;
      case SQLITE_NULL: out_append(o, "null", 4); break;
      default: {
        int text = sqlite3_column_type(stmt, i) == SQLITE_TEXT;
        const void *bytes = sqlite3_column_blob(stmt, i);
        int len = sqlite3_column_bytes(stmt, i);
        out_append(o, text ? "t:" : "b:", 2);
        if (bytes)
          out_append(o, bytes, (size_t)len);
        else if (len > 0)
          out_append(o, "<column_blob failed>", 20);
      }
    }
  }
  out_append(o, "\n", 1);
  o->n_rows++;
}

/* Where a run arms the allocator: not at all, before sqlite3_prepare_v2
** (the vtab's xConnect and xBestIndex, SQLite's parser), or after it
** (what the statement does when it runs: coins' own work). */
enum arm_point { UNARMED, ARM_AT_PREPARE, ARM_AT_STEP };

/* Prepares, steps to the end and finalizes sql, recording what it gave;
** arms the allocator (n, keep_failing) at point `when`, disarms at the
** end. */
static void run_sql(sqlite3 *db, const char *sql, outcome *o, enum arm_point when, long n,
                    int keep_failing) {
  sqlite3_stmt *stmt = NULL;
  memset(o, 0, sizeof *o);
  out_append(o, "", 0);
  if (when == ARM_AT_PREPARE) arm(n, keep_failing);
  int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK && stmt == NULL) rc = SQLITE_MISUSE; /* empty sql */
  if (when == ARM_AT_STEP) arm(n, keep_failing);
  while (rc == SQLITE_OK || rc == SQLITE_ROW) {
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) out_row(o, stmt);
  }
  if (rc != SQLITE_DONE) o->msg = copy_string(sqlite3_errmsg(db));
  o->rc = rc == SQLITE_DONE ? rc : rc & 0xff;
  sqlite3_finalize(stmt);
  disarm();
}

static int same_outcome(const outcome *a, const outcome *b) {
  return a->rc == b->rc && strcmp(a->rows, b->rows) == 0 && (a->msg == NULL) == (b->msg == NULL) &&
         (a->msg == NULL || strcmp(a->msg, b->msg) == 0);
}

static int is_nomem(const outcome *o) {
  return o->rc == SQLITE_NOMEM || (o->msg != NULL && strcmp(o->msg, "out of memory") == 0);
}

/* SQLite copies a statement's error message into the connection
** (sqlite3VdbeTransferError) with its own allocation failures declared
** benign: when that copy fails, the statement still fails, but as
** SQLITE_ERROR "SQL logic error", which would hide what coins did.  An
** error with a long message before arming leaves the connection a buffer
** big enough for every message of these statements, so that copy needs no
** allocation and each run is judged strictly. */
static void prime_error_buffer(sqlite3 *db) {
  sqlite3_stmt *stmt = NULL;
  char sql[400];
  snprintf(sql, sizeof sql, "SELECT * FROM no_such_table_%0300d", 0);
  assert_int_not_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
  assert_null(stmt);
}

static void close_db(sqlite3 *db) { assert_int_equal(sqlite3_close(db), SQLITE_OK); }

static void describe(const char *what, const outcome *o) {
  print_error("  %s: %zu rows, then %s%s\n%s", what, o->n_rows,
              o->rc == SQLITE_DONE ? "done" : "the error ", o->msg ? o->msg : "", o->rows);
}

/* Counts of what the runs did, for the summary line. */
typedef struct tally {
  long statements, runs, nomem, recovered, max_n;
  int failures;
} tally;

static const char *mode_name(enum arm_point when, int keep_failing) {
  return when == ARM_AT_PREPARE
             ? (keep_failing ? "from prepare, it and every later one" : "from prepare, it alone")
             : (keep_failing ? "from the first step, it and every later one"
                             : "from the first step, it alone");
}

/* Runs sql with the Nth allocation after the arm point failing, for
** N = 1, 2, ... until a run has no failure, and checks each run. */
static void fault_statement(const char *sql, enum arm_point when, int keep_failing, tally *t) {
  outcome good, got, again;
  sqlite3 *db = open_db();
  run_sql(db, sql, &good, UNARMED, 0, 0);
  close_db(db);
  for (long n = 1;; n++) {
    if (n > 1000000) fail_msg("%s\n  still failing at N = %ld", sql, n);
    db = open_db();
    prime_error_buffer(db);
    run_sql(db, sql, &got, when, n, keep_failing);
    long failures = injected;
    t->runs++;
    if (n > t->max_n) t->max_n = n;
    int bad = 0;
    if (failures == 0) {
      bad = !same_outcome(&got, &good);
    } else if (!same_outcome(&got, &good)) {
      /* an out-of-memory stop after correct rows */
      bad = !is_nomem(&got) || got.len > good.len || strncmp(got.rows, good.rows, got.len) != 0;
      t->nomem += !bad;
    } else {
      t->recovered++; /* SQLite or coins got around the failure */
    }
    if (bad) {
      print_error("FAIL %s\n  allocation %ld failing (%s), %ld injected:\n", sql, n,
                  mode_name(when, keep_failing), failures);
      describe("expected", &good);
      describe("got", &got);
      t->failures++;
    }
    /* after a failure the connection still gives the right answer */
    if (failures > 0) {
      run_sql(db, sql, &again, UNARMED, 0, 0);
      if (!same_outcome(&again, &good)) {
        print_error(
            "FAIL %s\n  after allocation %ld failed (%s), a second "
            "run on the same connection differs:\n",
            sql, n, mode_name(when, keep_failing));
        describe("expected", &good);
        describe("got", &again);
        t->failures++;
      }
      out_free(&again);
    }
    out_free(&got);
    close_db(db);
    if (failures == 0 || t->failures > 20) {
      if (getenv("FAULTS_VERBOSE"))
        print_message("  %4ld allocations (%s): %s\n", n - 1, mode_name(when, keep_failing), sql);
      break;
    }
  }
  out_free(&good);
}

/* Every statement is run armed from its first step, in both modes; those
** written with a leading '+' also armed from before prepare. */
static void fault_statements(const char *const *sqls, size_t n, const char *group) {
  tally t = {0};
  const char *only = getenv("FAULTS_ONLY");
  for (size_t i = 0; i < n; i++) {
    int whole = sqls[i][0] == '+';
    const char *sql = sqls[i] + whole;
    if (only && strstr(sql, only) == NULL) continue;
    t.statements++;
    for (int keep_failing = 0; keep_failing < 2; keep_failing++) {
      fault_statement(sql, ARM_AT_STEP, keep_failing, &t);
      if (whole) fault_statement(sql, ARM_AT_PREPARE, keep_failing, &t);
    }
  }
  print_message(
      "  %s: %ld statements, %ld runs (N up to %ld), %ld stopped "
      "with out of memory, %ld got around the failure\n",
      group, t.statements, t.runs, t.max_n, t.nomem, t.recovered);
  if (t.failures) fail_msg("%s: %d failed runs", group, t.failures);
}

#define FAULT_ALL(sqls, group) fault_statements(sqls, sizeof sqls / sizeof *sqls, group)

/* ----------------------------------------------------------- statements */

/* 70001 coins of 1: big enough that the scalar drops its buffers (the
** coins, variant II's work space) after the call (more than 2^16 words). */
#define BIG_ONES "'[' || replace(hex(zeroblob(70000)), '00', '1,') || '1]'"

static void test_scalars_under_faults(void **state) {
  (void)state;
  static const char *const names[] = {"coins_win", "coins_outcome", "coins_margin", "coins_score",
                                      "coins_best_move"};
  static const char *const args[] = {
      "1, 7",
      "'i', '[1,1,1,1]', 3",
      "2, '[1,2,3,7]', 3",
      "2, '[-5,-1,10]'",
      "3, '[8,15,3,7]'",
      "'iii', '[5,3,7,10]', 1",
      "3, '[]'",
      "3, '[1,2,2.5]'", /* an error */
      "9, '[1]'",       /* an error */
      "3, '[1]', 2",    /* an error */
      "'no such variant, and a long name at that', '[1]'",
      "3, X'5B315D'", /* an error */
      "NULL, '[1]'",  /* NULL */
  };
  enum { N_SQL = 5 * (sizeof args / sizeof *args) };
  char *sqls[N_SQL + 8];
  size_t n = 0;
  for (size_t f = 0; f < 5; f++)
    for (size_t a = 0; a < sizeof args / sizeof *args; a++)
      sqls[n++] = sqlite3_mprintf("+SELECT %s(%s)", names[f], args[a]);
  static const char *const more[] = {
      "+SELECT coins_version()",
      /* one registration's buffers reused and grown from row to row */
      "WITH t(v, c) AS (VALUES (3, '[1,2]'), (2, '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
      "20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37]'), "
      "(3, '[5,3,7,10]'), (2, '[]')) "
      "SELECT group_concat(coins_score(v, c), ',') FROM t",
      "WITH t(v, c) AS (VALUES (2, '[1,2,3,7]'), "
      "(2, '[9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,1]')) "
      "SELECT v, coins_best_move(v, c, 3), coins_margin(v, c, 3) FROM t",
      /* more than 2^16 words: trimmed after the call */
      "SELECT coins_margin(2, " BIG_ONES ")",
  };
  for (size_t i = 0; i < sizeof more / sizeof *more; i++)
    sqls[n++] = sqlite3_mprintf("%s", more[i]);
  for (size_t i = 0; i < n; i++) assert_non_null(sqls[i]);
  fault_statements((const char *const *)sqls, n, "scalars");
  for (size_t i = 0; i < n; i++) sqlite3_free(sqls[i]);
}

static void test_moves_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "+SELECT * FROM coins_moves(1, 7)",
      "SELECT * FROM coins_moves(1, 10, 3)",
      "SELECT * FROM coins_moves(1, '[5,5,5,5,5]')",
      "SELECT * FROM coins_moves(2, '[4,1,9,2,6]')",
      "SELECT * FROM coins_moves('II', '[1,2,3,7]', 3)",
      "+SELECT * FROM coins_moves(3, '[8,15,3,7]')",
      "SELECT * FROM coins_moves(3, '[4,1,9,2,6,5,5,3,-2,8]')",
      "SELECT * FROM coins_moves(3, '[]')",
      "SELECT * FROM coins_moves(3, '[1,x]')",
      "+SELECT * FROM coins_moves(2, '[1,2]', 0)",
      "SELECT * FROM coins_moves(3, NULL)",
      "SELECT arg_variant, arg_coins, arg_max_take, * "
      "FROM coins_moves('iii', '[1,2,3]', 1)",
      "SELECT * FROM coins_moves(1, 1000000000000000000) LIMIT 4",
      /* 2000 coins: the cursor's buffers grow */
      "SELECT count(*), sum(gain), max(first_total) FROM "
      "coins_moves(3, '[' || replace(hex(zeroblob(1999)), '00', '7,') || "
      "'7]')",
      "SELECT count(*), sum(gain) FROM coins_moves(2, '[' || "
      "replace(hex(zeroblob(1999)), '00', '3,') || '3]', 4)",
      /* one cursor filtered again for each outer row, buffers reused */
      "WITH g(id, v, c) AS (VALUES (1, 3, '[8,15,3,7]'), "
      "(2, 2, '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]'), "
      "(3, 1, 5), (4, 3, '[1,2]'), (5, 3, NULL), (6, 2, '[]')) "
      "SELECT g.id, m.* FROM g, coins_moves(g.v, g.c) m",
      "SELECT (SELECT group_concat(move) FROM coins_moves(3, c)) FROM "
      "(VALUES ('[1,2,3]'), ('[3,2,1,9]'), ('[5]'))",
  };
  FAULT_ALL(sqls, "coins_moves");
}

static void test_review_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "SELECT * FROM coins_review(1, 7, '[1,1,2,1,2]')",
      "SELECT * FROM coins_review(1, 10, '[2,3]', 3)",
      "SELECT * FROM coins_review(1, '[0,0,0,0]', '[2,1]')",
      "SELECT * FROM coins_review(2, '[4,1,9,2,6]', '[1,2,2]')",
      "SELECT * FROM coins_review('ii', '[1,2,3,7]', '[3,1]', 3)",
      "+SELECT * FROM coins_review(3, '[8,15,3,7]', 'RLLL')",
      "SELECT * FROM coins_review(3, '[8,15,3,7]', '[\"L\",\"R\",\"L\",\"R\"]')",
      /* off the optimal line: variant III re-solves */
      "SELECT * FROM coins_review(3, '[4,1,9,2,6,5,5,3]', 'LLRRLRLR')",
      /* abandoned, empty */
      "SELECT * FROM coins_review(3, '[1,2,3,4]', 'L')",
      "SELECT * FROM coins_review(3, '[1,2,3,4]', '')",
      /* errors */
      "SELECT * FROM coins_review(3, '[1,2]', 'LRL')",
      "+SELECT * FROM coins_review(2, '[1,2,3]', '[3]')",
      "SELECT * FROM coins_review(2, '[1]', '[x]')",
      "SELECT * FROM coins_review(3, '[1]', 5)",
      "SELECT * FROM coins_review(3, '[1]', NULL)",
      "WITH g(id, v, c, r) AS (VALUES (1, 3, '[8,15,3,7]', 'LRLR'), "
      "(2, 2, '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]', "
      "'[1,2,1,2,1,2,1,2,1,2,1,2,1,2]'), (3, 1, 5, '[1,1]'), "
      "(4, 3, '[1,2]', '[]')) "
      "SELECT g.id, m.* FROM g, coins_review(g.v, g.c, g.r) m",
  };
  FAULT_ALL(sqls, "coins_review");
}

static void test_analysis_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "SELECT * FROM coins_options(3, '[8,15,3,7]')",
      "SELECT * FROM coins_options(2, '[1,2,3,-9,4]', 3, 2)",
      "SELECT * FROM coins_options(1, 10, 4)",
      "+SELECT * FROM coins_options(2, '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]', 9)",
      "SELECT * FROM coins_options(3, '[1,2]', 1, 'x')",
      "SELECT position, lead, eval, only_move, grade, accuracy FROM coins_review(3, "
      "'[4,1,9,2,6,5,5,3]', 'LLRRLRLR')",
      "+SELECT position, only_move, accuracy FROM coins_review(2, '[4,1,9,2,6]', '[1,2,2]', 3)",
      "SELECT * FROM coins_review(1, 10, '[1,2,1,2,2,2]', 3)",
      "SELECT * FROM coins_scorecard(3, '[8,15,3,7]', 'LRLR')",
      "+SELECT * FROM coins_scorecard(2, '[4,1,9,2,6]', '[1,2,2]', 3)",
      "SELECT * FROM coins_scorecard(1, 10, '[1,2]')",
      "SELECT coins_variant('iii'), coins_count(2, '[1,2,3]'), coins_count(1, 5)",
      "SELECT coins_variant('x')",
      "WITH g(v, c, r) AS (VALUES (3, '[8,15,3,7]', 'LRLR'), (2, '[1,2,3]', '[1,2]')) "
      "SELECT s.* FROM g, coins_scorecard(g.v, g.c, g.r) s",
  };
  FAULT_ALL(sqls, "coins_options, coins_review's analysis, coins_scorecard, helpers");
}

static void test_play_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "SELECT * FROM coins_play(1, 12, 'greedy', 'random:3', 3)",
      "+SELECT * FROM coins_play(1, 9, 'optimal', 'left')",
      "SELECT * FROM coins_play(2, '[4,1,9,2,6,5,5,3]', 'optimal', 'greedy')",
      "SELECT * FROM coins_play(2, '[4,1,9,2,6,5,5,3]', 'left', "
      "'careless:40:9', 3)",
      "SELECT * FROM coins_play(3, '[4,1,9,2,6,5,5,3]', 'parity', 'greedy')",
      "SELECT * FROM coins_play(3, '[4,1,9,2,6,5,5,3]', 'random:-7', "
      "'optimal')",
      "SELECT * FROM coins_play('III', '[4,1,9,2,6,5,5,3,8]', "
      "'careless:50:1', 'careless:50:2')",
      "SELECT * FROM coins_play(3, '[]', 'optimal', 'optimal')",
      /* errors */
      "+SELECT * FROM coins_play(3, '[1,2]', 'best', 'optimal')",
      "SELECT * FROM coins_play(3, '[1,2]', 'optimal', 'parity')",
      "SELECT * FROM coins_play(3, '[1,2]', 'random:x', 'optimal')",
      "SELECT * FROM coins_play(3, '[1,2]', 1, 'optimal')",
      "SELECT * FROM coins_play(3, '[1,2]', 'optimal', NULL)",
      "WITH g(v, c, a, b) AS (VALUES (3, '[8,15,3,7]', 'greedy', 'optimal'), "
      "(2, '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]', "
      "'random:5', 'left'), (1, 5, 'optimal', 'optimal')) "
      "SELECT g.v, m.* FROM g, coins_play(g.v, g.c, g.a, g.b) m",
  };
  FAULT_ALL(sqls, "coins_play");
}

static void test_deal_and_diagram_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "+SELECT coins_deal(42, 50)",
      "SELECT coins_deal(7, 20, -5, 5)",
      "SELECT coins_deal(1, 0)",
      "+SELECT coins_deal(1, 3, 10, 1)",
      "SELECT coins_deal(1, 2000000000)",
      "SELECT coins_deal('x', 3)",
      "SELECT coins_deal(NULL, 3)",
      "+SELECT coins_diagram(3, '[8,15,3,7]')",
      "+SELECT coins_diagram(2, '[1,2,3,7]', '[3,1]', 3)",
      "SELECT coins_diagram(1, 7)",
      "SELECT coins_diagram(1, 5, '[1]')",
      "SELECT coins_diagram(3, '[1,2,3,4]', 'LR')",
      "SELECT coins_diagram(3, coins_deal(3, 40, -500, 500))",
      "SELECT coins_diagram(3, '[]')",
      /* errors */
      "SELECT coins_diagram(1, 20000)",
      "+SELECT coins_diagram(3, '[1,2]', 'LRL')",
      "SELECT coins_diagram(3, '[1,2]', 7)",
      "SELECT coins_diagram(4, '[1,2]')",
      "SELECT coins_diagram(3, '[1,2]', NULL)",
      /* coins_rules, whose text is built in SQLite's memory */
      "+SELECT coins_rules()",
      "+SELECT coins_rules('iii')",
      "SELECT coins_rules('x')",
  };
  FAULT_ALL(sqls, "coins_deal, coins_diagram and coins_rules");
}

static void test_grundy_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "+SELECT coins_grundy(5, '[1,3,4]')",
      "SELECT coins_grundy(1000000000000000000, '[2,5,7]')",
      "SELECT coins_grundy(7, 3)",
      "SELECT coins_grundy(NULL, 3)",
      /* errors */
      "+SELECT coins_grundy(-1, 3)",
      "+SELECT coins_grundy(3, '[1,1]')",
      "+SELECT coins_grundy(3, X'01')",
  };
  FAULT_ALL(sqls, "coins_grundy");
}

/* 20 rows (g, k, v): two groups, keys in descending order. */
#define ROWS20                                                           \
  "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r "      \
  "WHERE i < 20), t(g, k, v) AS (SELECT i % 2, 100 - i, i * 7 % 13 - 3 " \
  "FROM r) "

static void test_array_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      ROWS20 "SELECT coins_array(k, v) FROM t",
      ROWS20
      "SELECT g, coins_array(k, v), coins_score(3, coins_array(k, v)) "
      "FROM t GROUP BY g",
      "+WITH t(k, v) AS (VALUES (3, 'r'), (1, 'L'), (2, 'R')) "
      "SELECT coins_array(k, v) FROM t",
      "+SELECT x, coins_array(-x, x) OVER (ORDER BY x) FROM "
      "(SELECT 1 AS x UNION ALL SELECT 2)",
      "SELECT coins_array(k, v) FROM (SELECT 1 AS k, 2 AS v) WHERE 0",
      /* window forms: a moving frame (xInverse), partitions, whole set */
      ROWS20
      "SELECT k, coins_array(k, v) OVER (ORDER BY k ROWS BETWEEN 2 "
      "PRECEDING AND CURRENT ROW) FROM t",
      ROWS20
      "SELECT g, k, coins_array(k, v) OVER (PARTITION BY g ORDER BY k)"
      " FROM t",
      ROWS20 "SELECT coins_array(k, v) OVER () FROM t LIMIT 3",
      /* the optimal line as a record, through coins_array */
      "SELECT coins_diagram(2, c, (SELECT coins_array(ply, move) FROM "
      "coins_moves(2, c, 3)), 3) FROM (SELECT '[4,1,9,2,6,5,5,3]' AS c)",
      /* errors */
      "WITH t(k, v) AS (VALUES (1, 1), (1, 2)) SELECT coins_array(k, v) FROM t",
      "WITH t(k, v) AS (VALUES (1, 1), (2, NULL)) SELECT coins_array(k, v) FROM t",
      "WITH t(k, v) AS (VALUES (1, 1), (2, 'L')) SELECT coins_array(k, v) FROM t",
      "+WITH t(k, v) AS (VALUES (1, 1), (1, 2)) "
      "SELECT coins_array(k, v) OVER () FROM t",
  };
  FAULT_ALL(sqls, "coins_array");
}

/* sqlite3_coins_init with its Nth allocation failing: SQLITE_OK, or
** SQLITE_NOMEM with "coins: cannot register functions: out of memory" (or
** no message when even that could not be allocated); then registering
** again, unarmed, gives a working connection.  Nothing leaks. */
static void test_family_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "SELECT coins_win(1, 1000000000000000000, '[1,3,4]'), coins_best_move(1, 30, '[2,5]')",
      "SELECT coins_margin(2, '[3,1,4,1,5,9,2,6]', '[2,3]'), coins_score(2, '[5,1,7]', '[2]')",
      "+SELECT * FROM coins_moves(1, 40, '[1,3,4]')",
      "SELECT * FROM coins_moves(2, '[3,1,4,1,5,9,2,6]', '[1,3]')",
      "+SELECT * FROM coins_review(2, '[3,1,4,1,5,9,2,6]', '[1,3,1]', '[1,3]')",
      "SELECT position, eval, only_move, grade FROM coins_review(1, 20, '[4,3,4]', '[1,3,4]')",
      "SELECT * FROM coins_play(2, '[3,1,4,1,5,9,2,6]', 'greedy', 'random:4', '[2,3]')",
      "SELECT * FROM coins_options(1, 20, '[1,3,4]')",
      "+SELECT * FROM coins_options(2, '[3,1,4,1,5,9,2,6]', '[2,3]', 1)",
      "SELECT * FROM coins_scorecard(1, 7, '[3,3]', '[2,3]')",
      "SELECT coins_result(1, 7, '[3,3]', '[2,3]'), coins_after(2, '[5,1,7]', '[2]', '[2]')",
      "SELECT coins_diagram(2, '[5,1,7]', NULL, '[2]'), coins_svg(1, 7, '[3,3]', '[2,3]')",
      /* errors */
      "SELECT coins_win(1, 5, '[1,x]')",
      "+SELECT * FROM coins_review(1, 10, '[2]', '[1,3,4]')",
  };
  FAULT_ALL(sqls, "the game family's sets of takes");
}

/* Variant I-sum: the piles and their table, a record checked on them. */
static void test_sums_under_faults(void **state) {
  (void)state;
  static const char *const sqls[] = {
      "SELECT coins_win(5, '[3,4,5]', '[1,3,4]'), coins_best_move('I-sum', '[30,7,9]', 3)",
      "SELECT coins_outcome('I-sum-misere', '[1,2,3]', 3), coins_best_move(6, '[1,1,9]', '[2,5]')",
      "SELECT * FROM coins_review(6, '[3,4,1]', '2:2 1:1', 4)",
      "SELECT * FROM coins_options(6, '[0,1,9]', '[2,5]')",
      "+SELECT * FROM coins_moves(5, '[9,4,5]', '[1,3,4]')",
      "SELECT position, eval, only_move FROM coins_review(5, '[3,4,5]', '1:1 2:2', '[1,2]')",
      "SELECT * FROM coins_play(5, '[3,4,5,6]', 'greedy', 'random:4', '[2,3]')",
      "+SELECT * FROM coins_options(5, '[3,0,4]', '[1,3,4]')",
      "SELECT coins_result(5, '[2,2]', '[\"1:2\"]'), coins_after(5, '[5,1,7]', '3:2', '[2]')",
      /* errors */
      "SELECT coins_win(5, '[1,-1]')",
      "+SELECT * FROM coins_review(5, '[1,2]', '3:1')",
      "SELECT coins_diagram(5, '[1,2]')",
  };
  FAULT_ALL(sqls, "sums of piles");
}

static void test_init_under_faults(void **state) {
  (void)state;
  long runs = 0, failed = 0;
  for (int keep_failing = 0; keep_failing < 2; keep_failing++) {
    for (long n = 1;; n++) {
      sqlite3 *db = NULL;
      char *err = NULL;
      assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
      arm(n, keep_failing);
      int rc = sqlite3_coins_init(db, &err, NULL);
      disarm();
      runs++;
      long failures = injected;
      if (failures == 0) {
        assert_int_equal(rc, SQLITE_OK);
        assert_null(err);
      } else if (rc != SQLITE_OK) {
        failed++;
        if (rc != SQLITE_NOMEM || (err && strcmp(err,
                                                 "coins: cannot register functions: out of "
                                                 "memory") != 0))
          fail_msg("allocation %ld failing: rc %d, message %s", n, rc, err ? err : "(none)");
      }
      sqlite3_free(err);
      err = NULL;
      assert_int_equal(sqlite3_coins_init(db, &err, NULL), SQLITE_OK);
      assert_null(err);
      outcome o;
      run_sql(db,
              "SELECT coins_score(3, '[8,15,3,7]') || ' ' || "
              "(SELECT count(*) FROM coins_moves(3, '[1,2,3]')) || ' ' || "
              "(SELECT count(*) FROM coins_review(3, '[1,2]', 'LR')) || ' ' ||"
              "(SELECT count(*) FROM coins_play(3, '[1,2]', 'left', 'left')) "
              "|| ' ' || coins_deal(1, 1, 5, 5) || ' ' || "
              "coins_array(1, 2) || ' ' || length(coins_diagram(1, 1))",
              &o, UNARMED, 0, 0);
      if (o.rc != SQLITE_DONE || strcmp(o.rows, "t:22 3 2 2 [5] [2] 67\n"))
        fail_msg("after a failed init at allocation %ld: %s%s", n, o.rows, o.msg ? o.msg : "");
      out_free(&o);
      close_db(db);
      if (failures == 0) break;
    }
  }
  print_message(
      "  sqlite3_coins_init: %ld runs, %ld failed with out of "
      "memory\n",
      runs, failed);
}

int main(void) {
  install_faulty_allocator();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_init_under_faults),
      cmocka_unit_test(test_scalars_under_faults),
      cmocka_unit_test(test_moves_under_faults),
      cmocka_unit_test(test_review_under_faults),
      cmocka_unit_test(test_analysis_under_faults),
      cmocka_unit_test(test_play_under_faults),
      cmocka_unit_test(test_deal_and_diagram_under_faults),
      cmocka_unit_test(test_grundy_under_faults),
      cmocka_unit_test(test_array_under_faults),
      cmocka_unit_test(test_family_under_faults),
      cmocka_unit_test(test_sums_under_faults),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  sqlite3_shutdown();
  return failed;
}
