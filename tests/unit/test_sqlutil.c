/*
** test_sqlutil.c -- the helpers of the SQL-level tests (see test_sqlutil.h),
** linked into test_sql, test_limits and test_faults.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "test_sqlutil.h"

/* ------------------------------------------------------------ leak check
**
** sqlite3_memory_used() counts every byte SQLite has allocated (coins takes
** its memory from SQLite), so with no connection open it must be back where
** it was before the first of them was opened.  Connections opened by
** open_db are counted: a function registered on each (a sentinel) has a
** destructor, which SQLite calls when it closes the connection, however the
** test closes it.  When none is left open, the memory is compared with the
** level measured before the first was opened:
**
**   - in teardown_db, right after it closes the test's connection;
**   - in open_db, before it opens one while none is open (a test that
**     closed its connections itself is checked by the next open);
**   - at exit, for the last of a program's connections.
**
** SQLite's one-time set-up (sqlite3_initialize, and what the first
** connection allocates for good) is done first by a connection opened and
** closed for nothing (warm_up).  Only more memory is a leak: less is
** memory the test itself had from SQLite (sqlite3_mprintf) before the
** connections were opened and has freed since.  A connection opened
** without open_db and left open while open_db opens another would count as
** a leak, and so would memory the test gets from SQLite while a connection
** is open and keeps after it is closed: the tests do neither. */

static int open_count;              /* connections of open_db still open */
static int check_due;               /* one was closed since the last check */
static sqlite3_int64 memory_before; /* sqlite3_memory_used() with none open */

static void sentinel_func(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_null(ctx);
}

static void sentinel_destroy(void *unused) {
  (void)unused;
  open_count--;
  check_due = 1;
}

/* The bytes SQLite holds beyond the level with no connection open (a leak
** when > 0), once every connection of open_db has been closed (else 0);
** the check is then done. */
static sqlite3_int64 leaked_bytes(void) {
  if (open_count != 0 || !check_due) return 0;
  check_due = 0;
  return sqlite3_memory_used() - memory_before;
}

#define LEAK_MESSAGE                                                                  \
  "leak: with every connection closed SQLite holds %lld bytes more than before they " \
  "were opened (%lld, then %lld)%s"

static void final_check(void) {
  sqlite3_int64 leaked = leaked_bytes();
  if (leaked <= 0) return;
  fprintf(stderr, LEAK_MESSAGE "\n", (long long)leaked, (long long)memory_before,
          (long long)(memory_before + leaked), ": in what the program did last");
  fflush(NULL);
  _exit(1); /* the exit status must say so: exit() cannot be called here */
}

/* Opens and closes a connection with coins loaded and used once, so that
** what SQLite allocates once for good is not taken for a leak. */
static void warm_up(void) {
  sqlite3 *db = NULL;
  char *err = NULL;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  assert_int_equal(sqlite3_coins_init(db, &err, NULL), SQLITE_OK);
  exec(db, "SELECT coins_win(3, '[1,2]'), json('[1]') FROM coins_moves(3, '[1,2]')");
  assert_int_equal(sqlite3_close(db), SQLITE_OK);
  atexit(final_check);
}

sqlite3 *open_db(void) {
  static int warm;
  if (!warm) {
    warm = 1;
    warm_up();
  }
  if (open_count == 0) {
    sqlite3_int64 leaked = leaked_bytes();
    sqlite3_int64 was = memory_before;
    memory_before = sqlite3_memory_used(); /* one report, not one per test */
    if (leaked > 0)
      fail_msg(LEAK_MESSAGE, (long long)leaked, (long long)was, (long long)(was + leaked),
               ", found as the next connection opens: the connections opened before it leaked");
  }
  sqlite3 *db = NULL;
  char *err = NULL;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  int rc = sqlite3_coins_init(db, &err, NULL);
  if (rc != SQLITE_OK) fail_msg("sqlite3_coins_init: %d %s", rc, err);
  assert_null(err);
  open_count++; /* the destructor counts it down, also if registering fails */
  rc = sqlite3_create_function_v2(db, "test_sqlutil_sentinel", 0, SQLITE_UTF8, NULL, sentinel_func,
                                  NULL, NULL, sentinel_destroy);
  if (rc != SQLITE_OK) fail_msg("registering the sentinel: %s", sqlite3_errmsg(db));
  static int said;
  if (sqlite3_memory_used() == 0 && !said++)
    print_message(
        "note: SQLite keeps no memory statistics (SQLITE_DEFAULT_MEMSTATUS=0): "
        "leaks are not checked\n");
  return db;
}

int setup_db(void **state) {
  *state = open_db();
  return 0;
}

int teardown_db(void **state) {
  /* close_v2: a failed test may leave a statement behind */
  if (sqlite3_close_v2(*state) != SQLITE_OK) return -1;
  sqlite3_int64 before = memory_before, leaked = leaked_bytes();
  if (leaked <= 0) return 0;
  print_error(LEAK_MESSAGE "\n", (long long)leaked, (long long)before, (long long)(before + leaked),
              ": in this test");
  return -1;
}

char *vformat(const char *fmt, va_list ap) {
  char *sql = sqlite3_vmprintf(fmt, ap);
  assert_non_null(sql);
  return sql;
}

static char *copy_text(const unsigned char *text) {
  if (text == NULL) return NULL;
  size_t len = strlen((const char *)text) + 1;
  char *copy = malloc(len);
  assert_non_null(copy);
  return memcpy(copy, text, len);
}

/* Runs sql, which must give exactly one row of one column.  Returns the
** value as text (malloc'd; NULL for SQL NULL) and its type in *type. */
static char *one_value(sqlite3 *db, const char *sql, int *type) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
    fail_msg("%s\n  prepare failed: %s", sql, sqlite3_errmsg(db));
  if (sqlite3_step(stmt) != SQLITE_ROW) fail_msg("%s\n  no row: %s", sql, sqlite3_errmsg(db));
  assert_int_equal(sqlite3_column_count(stmt), 1);
  *type = sqlite3_column_type(stmt, 0);
  char *value = copy_text(sqlite3_column_text(stmt, 0));
  if (sqlite3_step(stmt) != SQLITE_DONE)
    fail_msg("%s\n  more than one row, or an error: %s", sql, sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  return value;
}

/* one_value of the formatted query; *sql is its text (sqlite3_free it). */
static char *vone_value(sqlite3 *db, int *type, char **sql, const char *fmt, va_list ap) {
  *sql = vformat(fmt, ap);
  return one_value(db, *sql, type);
}

char *query_text(sqlite3 *db, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int type;
  char *sql, *value = vone_value(db, &type, &sql, fmt, ap);
  va_end(ap);
  sqlite3_free(sql);
  return value;
}

long long query_int(sqlite3 *db, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int type;
  char *sql, *value = vone_value(db, &type, &sql, fmt, ap);
  va_end(ap);
  if (type != SQLITE_INTEGER) fail_msg("%s\n  not an INTEGER: %s", sql, value ? value : "NULL");
  long long i = strtoll(value, NULL, 10);
  free(value);
  sqlite3_free(sql);
  return i;
}

void check_same(const char *sql, const char *expected, const char *got) {
  if ((expected == NULL) != (got == NULL) || (expected && strcmp(expected, got) != 0))
    fail_msg("%s\n  expected: %s\n  got:      %s", sql, expected ? expected : "NULL",
             got ? got : "NULL");
}

void check_text(sqlite3 *db, const char *expected, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int type;
  char *sql, *got = vone_value(db, &type, &sql, fmt, ap);
  va_end(ap);
  check_same(sql, expected, got);
  free(got);
  sqlite3_free(sql);
}

void check_error(sqlite3 *db, int code, const char *expected, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *sql = vformat(fmt, ap);
  va_end(ap);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK) {
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) continue;
    if (rc == SQLITE_DONE) fail_msg("%s\n  expected the error: %s\n  but it ran", sql, expected);
  }
  if (code == ANY_CODE && strcmp(sqlite3_errmsg(db), expected) != 0)
    fail_msg("%s\n  expected error: %s\n  got:            %s", sql, expected, sqlite3_errmsg(db));
  if (code != ANY_CODE && (strcmp(sqlite3_errmsg(db), expected) != 0 || (rc & 0xff) != code))
    fail_msg("%s\n  expected error %d: %s\n  got:           %d: %s", sql, code, expected, rc,
             sqlite3_errmsg(db));
  sqlite3_finalize(stmt);
  sqlite3_free(sql);
}

void exec(sqlite3 *db, const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) fail_msg("%s\n  failed: %s", sql, err);
}
