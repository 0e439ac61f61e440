/*
** reserve.c -- coins_reserve, the one way the SQL layer grows a buffer of
** words (SQLite's allocator, so its memory limits apply).
*/
#include "coins_sql.h"

SQLITE_EXTENSION_INIT3

int coins_reserve(int64_t **buf, size_t *room, size_t words) {
  if (*buf && words <= *room) return SQLITE_OK;
  if (words < 16) words = 16;
  int64_t *grown = sqlite3_realloc64(*buf, (sqlite3_uint64)words * sizeof **buf);
  if (grown == NULL) return SQLITE_NOMEM;
  *buf = grown;
  *room = words;
  return SQLITE_OK;
}
