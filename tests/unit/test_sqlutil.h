/*
** test_sqlutil.h -- helpers shared by the SQL-level cmocka tests (test_sql.c,
** test_limits.c, test_faults.c): an in-memory database with coins
** registered (the extension linked in, built with -DSQLITE_CORE), queries
** of a single value, and checks of exact values and error messages.  Every
** helper fails the current cmocka test on anything unexpected.
**
** Nothing here runs before main(): test_faults can still configure SQLite
** (its allocator) before sqlite3_initialize.
**
** Include it after <cmocka.h> and <sqlite3.h>.
*/
#ifndef COINS_TEST_SQLUTIL_H
#define COINS_TEST_SQLUTIL_H

#include <stdarg.h>

#include <sqlite3.h>

int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))

/* A ":memory:" database with coins registered.
**
** Leaks: open_db counts the connections it opens until SQLite closes them
** (however the test closes them), and whenever none is left open,
** sqlite3_memory_used() must be no more than it was before the first was
** opened (less is memory the test had from SQLite and has freed since);
** more fails the test, naming it a leak.  That is checked by teardown_db
** after it closes, by open_db before it opens a connection while none is
** open, and at exit (the program then exits with status 1).  The first
** open_db opens and closes a connection of its own first, so that what
** SQLite allocates once for good is not counted.  A connection opened with
** sqlite3_open directly must be closed before open_db is called again, and
** memory a test gets from SQLite while a connection is open must be freed
** before it is closed. */
sqlite3 *open_db(void);

/* cmocka setup and teardown: *state is a database from open_db; the
** teardown closes it and fails on a leak (see open_db). */
int setup_db(void **state);
int teardown_db(void **state);

/* sqlite3_vmprintf (sqlite3_free the result), never NULL. */
char *vformat(const char *fmt, va_list ap);

/* The single value (one row, one column) of a query, as malloc'd text
** (NULL for SQL NULL). */
PRINTF_LIKE(2, 3) char *query_text(sqlite3 *db, const char *fmt, ...);

/* The single value of a query, which must be an INTEGER. */
PRINTF_LIKE(2, 3) long long query_int(sqlite3 *db, const char *fmt, ...);

/* got must be expected (either may be NULL: SQL NULL, no rows); sql names
** what gave it in the failure message. */
void check_same(const char *sql, const char *expected, const char *got);

/* The single value of a query must be expected (NULL: SQL NULL). */
PRINTF_LIKE(3, 4)
void check_text(sqlite3 *db, const char *expected, const char *fmt, ...);

/* Running the statement (every row) must fail with exactly the message
** expected and, unless code is ANY_CODE, the primary result code code. */
#define ANY_CODE (-1)
PRINTF_LIKE(4, 5)
void check_error(sqlite3 *db, int code, const char *expected, const char *fmt, ...);

/* Runs sql (any number of statements), which must succeed. */
void exec(sqlite3 *db, const char *sql);

#endif
