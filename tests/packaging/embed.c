/*
** embed.c -- coins built into a program: link libcoins.a and the system
** SQLite, register coins on every connection, run a query.
**
**   cc embed.c $(pkg-config --cflags --libs coins) -o embed && ./embed
**
** Prints "22|first" (the first player's best total in variant III on
** [8,15,3,7], and who wins) and exits 0; on any error it says what failed
** and exits 1.  tests/packaging/install.sh builds it against an installed copy.
*/
#include <stdio.h>

#include <coins_sqlite.h>
#include <sqlite3.h>

int main(void) {
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  const char *sql =
      "SELECT coins_score(3, '[8,15,3,7]'), "
      "coins_outcome(3, '[8,15,3,7]')";
  /* from here on, every new connection gets the coins functions */
  int rc = sqlite3_auto_extension((void (*)(void))sqlite3_coins_init);
  if (rc != SQLITE_OK) {
    fprintf(stderr, "embed: sqlite3_auto_extension: %s\n", sqlite3_errstr(rc));
    return 1;
  }
  rc = sqlite3_open(":memory:", &db);
  if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    printf("%lld|%s\n", (long long)sqlite3_column_int64(stmt, 0),
           (const char *)sqlite3_column_text(stmt, 1));
    rc = sqlite3_step(stmt);
  }
  if (rc != SQLITE_DONE) {
    fprintf(stderr, "embed: %s\n", db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return 1;
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return 0;
}
