/*
** old_sqlite.c -- coins refuses to load on an SQLite older than its minimum
** (COINS_SQLITE_MIN_VERSION, 3.31.0), with a message, before it touches
** anything else.  There is no old SQLite here, so this program plays one:
** it dlopen()s coins.so and calls sqlite3_coins_init with an API table
** whose libversion_number says what version this is.  Every other entry is
** NULL except mprintf and errstr (the real ones), so calling anything else
** would crash:
**
**   3.30.1  must fail with "coins: needs SQLite 3.31.0 or later; this is
**           3.30.1";
**   3.31.0  must get past the check: it asks whether coins is there already
**           (prepare_v2 is a stub that says no, finalize one that says
**           fine), then fails registering its first function
**           (create_function and create_function_v2 are stubs that say
**           SQLITE_ERROR, errmsg one that says what SQLite says then;
**           malloc and free are the real ones).
**
**   old_sqlite build/coins.so      (tests/packaging/install.sh runs it)
*/
#define SQLITE_CORE 1 /* the real names, not sqlite3_api-> macros */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3ext.h>

#include "coins_sqlite.h"

typedef int (*entry_point)(sqlite3 *, char **, const sqlite3_api_routines *);

static int fake_version;
static int libversion_number(void) { return fake_version; }

static int refuse_create_function(sqlite3 *db, const char *name, int argc, int flags, void *data,
                                  void (*xFunc)(sqlite3_context *, int, sqlite3_value **),
                                  void (*xStep)(sqlite3_context *, int, sqlite3_value **),
                                  void (*xFinal)(sqlite3_context *)) {
  (void)db, (void)name, (void)argc, (void)flags, (void)data;
  (void)xFunc, (void)xStep, (void)xFinal;
  return SQLITE_ERROR;
}

/* create_function_v2 refuses as SQLite does: the data is destroyed. */
static int refuse_create_function_v2(sqlite3 *db, const char *name, int argc, int flags, void *data,
                                     void (*xFunc)(sqlite3_context *, int, sqlite3_value **),
                                     void (*xStep)(sqlite3_context *, int, sqlite3_value **),
                                     void (*xFinal)(sqlite3_context *), void (*xDestroy)(void *)) {
  (void)db, (void)name, (void)argc, (void)flags;
  (void)xFunc, (void)xStep, (void)xFinal;
  if (xDestroy) xDestroy(data);
  return SQLITE_ERROR;
}

static int no_statement(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **stmt,
                        const char **tail) {
  (void)db, (void)sql, (void)bytes, (void)tail;
  *stmt = NULL;
  return SQLITE_ERROR;
}

static int finalize_nothing(sqlite3_stmt *stmt) { return stmt ? SQLITE_MISUSE : SQLITE_OK; }

static const char *logic_error(sqlite3 *db) {
  (void)db;
  return "SQL logic error";
}

/* Calls init as an SQLite of the given version; 0 if the message matches. */
static int check(entry_point init, int version, const char *want) {
  sqlite3_api_routines api;
  char *err = NULL;
  memset(&api, 0, sizeof api);
  api.libversion_number = libversion_number;
  api.mprintf = sqlite3_mprintf;
  api.errstr = sqlite3_errstr;
  api.create_function = refuse_create_function;
  api.create_function_v2 = refuse_create_function_v2;
  api.malloc = sqlite3_malloc;
  api.free = sqlite3_free;
  api.prepare_v2 = no_statement;
  api.finalize = finalize_nothing;
  api.errmsg = logic_error;
  fake_version = version;
  int rc = init(NULL, &err, &api);
  int ok = rc == SQLITE_ERROR && err != NULL && strcmp(err, want) == 0;
  if (!ok)
    printf("FAIL as SQLite %d: rc %d, message \"%s\", wanted \"%s\"\n", version, rc,
           err ? err : "(none)", want);
  sqlite3_free(err);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: old_sqlite path/to/coins.so\n");
    return 2;
  }
  void *so = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (so == NULL) {
    printf("FAIL dlopen: %s\n", dlerror());
    return 1;
  }
  entry_point init = (entry_point)dlsym(so, "sqlite3_coins_init");
  if (init == NULL) {
    printf("FAIL dlsym: %s\n", dlerror());
    return 1;
  }
  int fail = check(init, 3030001,
                   "coins: needs SQLite " COINS_SQLITE_MIN_VERSION " or later; this is 3.30.1");
  fail += check(init, COINS_SQLITE_MIN_VERSION_NUMBER,
                "coins: cannot register functions: SQL logic error");
  dlclose(so);
  return fail ? 1 : 0;
}
