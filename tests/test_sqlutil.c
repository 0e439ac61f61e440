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

#include <cmocka.h>
#include <sqlite3.h>

#include "test_sqlutil.h"

sqlite3 *open_db(void) {
  sqlite3 *db = NULL;
  char *err = NULL;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  int rc = sqlite3_coins_init(db, &err, NULL);
  if (rc != SQLITE_OK) fail_msg("sqlite3_coins_init: %d %s", rc, err);
  assert_null(err);
  return db;
}

int setup_db(void **state) {
  *state = open_db();
  return 0;
}

int teardown_db(void **state) {
  /* close_v2: a failed test may leave a statement behind */
  return sqlite3_close_v2(*state) == SQLITE_OK ? 0 : -1;
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
