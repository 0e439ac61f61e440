/*
** coins_sqlite.h -- the SQL entry point of coins, for programs that link
** the static library (libcoins.a, built with -DSQLITE_CORE) and register
** coins themselves instead of loading coins.so:
**
**   #include <sqlite3.h>
**   #include <coins_sqlite.h>
**
**   sqlite3_auto_extension((void (*)(void))sqlite3_coins_init);
**   // every connection opened from here on has the coins functions
**
** or sqlite3_coins_init(db, &err, NULL) on one open connection.  The pure
** core (coins.h) needs no SQLite; this header is the only public one that
** does.  pkg-config --cflags --libs coins gives the flags.
*/
#ifndef COINS_SQLITE_H
#define COINS_SQLITE_H

#include <sqlite3.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The oldest SQLite coins runs on (SQLITE_INNOCUOUS and
** SQLITE_VTAB_INNOCUOUS came in 3.31.0).  sqlite3_coins_init refuses to
** register anything on an older library, with a message in *pzErrMsg. */
#define COINS_SQLITE_MIN_VERSION "3.31.0"
#define COINS_SQLITE_MIN_VERSION_NUMBER 3031000

/* Registers the coins functions on db.  Returns SQLITE_OK, or an error code
** with a sqlite3_malloc'd message in *pzErrMsg (when pzErrMsg is not NULL;
** release it with sqlite3_free).  pApi is ignored by the static library. */
int sqlite3_coins_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi);

#ifdef __cplusplus
}
#endif

#endif
