# tests/versions/versions.mk -- coins on a current SQLite beside the
# system's (the Makefile includes this fragment).
#
#   make test-sqlite-new   the SQL-level tests again on SQLite 3.53 (the
#                          pinned amalgamation of wasm/sqlite.pin), and the
#                          interrupts, which only 3.41 and later let a
#                          function see (tests/test_interrupt.c)
#
# Debian 12's SQLite is 3.40.1.  The pinned amalgamation (the one the
# WebAssembly build compiles, fetched and checked by wasm/fetch-sqlite.sh)
# is built here as a native libsqlite3.so.0; a program linked with
# -lsqlite3 (the C tests, /usr/bin/python3's sqlite3 module) runs on it
# when LD_LIBRARY_PATH names its folder.  The sqlite3 shell does not: it
# refuses a library other than its own.
NEW_SQLITE_B    := $(B)/sqlite-new
NEW_SQLITE_LIB  := $(NEW_SQLITE_B)/libsqlite3.so.0
NEW_SQLITE_RUN  := LD_LIBRARY_PATH=$(abspath $(NEW_SQLITE_B))
NEW_SQLITE_DEFS := -DSQLITE_ENABLE_LOAD_EXTENSION -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_ENABLE_COLUMN_METADATA -DSQLITE_ENABLE_DBSTAT_VTAB

.PHONY: test-sqlite-new

# About 15 s, once.
$(NEW_SQLITE_LIB): $(WASM_B)/sqlite/sqlite3.c
	@mkdir -p $(@D)
	$(CC) -O1 -fPIC -shared $(NEW_SQLITE_DEFS) -Wl,-soname,libsqlite3.so.0 -o $@ $< \
	  -lm -lpthread -ldl
	@$(NEW_SQLITE_RUN) $(PYTHON) -c 'import sqlite3, sys; \
	  sys.exit(0 if sqlite3.sqlite_version == "$(NEW_SQLITE_VERSION)" else \
	  "versions.mk: Python does not run on the library just built")'

NEW_SQLITE_VERSION = $(shell sed -n 's/^SQLITE_VERSION=//p' wasm/sqlite.pin)

test-sqlite-new: $(NEW_SQLITE_LIB) $(B)/test_sql $(B)/test_plans $(B)/test_interrupt $(EXT) \
    $(B)/demo.db $(B)/games.db
	$(NEW_SQLITE_RUN) sh tests/run_limited.sh 120 $(B)/test_sql
	$(NEW_SQLITE_RUN) sh tests/run_limited.sh 120 $(B)/test_plans
	$(NEW_SQLITE_RUN) sh tests/run_limited.sh 300 $(B)/test_interrupt $(EXT)
	$(NEW_SQLITE_RUN) $(PYTHON) tests/smoke.py $(EXT)

# The SQLite sources a pin names (tests/versions/sqlite-VERSION.pin),
# fetched from npm and checked: $(B)/sqlite-VERSION/src/sqlite3.c, etc.
$(B)/sqlite-%/src/sqlite3.c: tests/versions/sqlite-%.pin tests/versions/fetch.sh
	sh tests/versions/fetch.sh $< $(@D)
