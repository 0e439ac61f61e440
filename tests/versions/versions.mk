# tests/versions/versions.mk -- coins on SQLites other than the system's
# (the Makefile includes this fragment).
#
#   make test-sqlite-new   the SQL-level tests again on SQLite 3.53 (the
#                          pinned amalgamation of bindings/wasm/sqlite.pin), and the
#                          interrupts, which only 3.41 and later let a
#                          function see (tests/unit/test_interrupt.c); the golden
#                          files and the catalogue through a shell on 3.53
#   make test-sqlite-old   3.29.0 (older than the minimum, 3.31.0): coins
#                          refuses to load, with its message; 3.31.1: the
#                          golden files through its own shell (those that
#                          need a newer one are named, and must fail), the
#                          catalogue, Python's smoke test (make test runs it)
#   make test-versions     both
#
# Debian 12's SQLite is 3.40.1.  The pinned amalgamation (the one the
# WebAssembly build compiles, fetched and checked by
# bindings/wasm/fetch-sqlite.sh) is built here as a native libsqlite3.so.0; a program linked with
# -lsqlite3 (the C tests, /usr/bin/python3's sqlite3 module) runs on it
# when LD_LIBRARY_PATH names its folder.  The sqlite3 shell does not: it
# refuses a library other than its own.
NEW_SQLITE_B    := $(B)/sqlite-new
NEW_SQLITE_LIB  := $(NEW_SQLITE_B)/libsqlite3.so.0
NEW_SQLITE_RUN  := LD_LIBRARY_PATH=$(abspath $(NEW_SQLITE_B))
NEW_SQLITE_DEFS := -DSQLITE_ENABLE_LOAD_EXTENSION -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_ENABLE_COLUMN_METADATA -DSQLITE_ENABLE_DBSTAT_VTAB

.PHONY: test-sqlite-new test-sqlite-old test-versions

# About 15 s, once.
$(NEW_SQLITE_LIB): $(WASM_B)/sqlite/sqlite3.c
	@mkdir -p $(@D)
	$(CC) -O1 -fPIC -shared $(NEW_SQLITE_DEFS) -Wl,-soname,libsqlite3.so.0 -o $@ $< \
	  -lm -lpthread -ldl
	@$(NEW_SQLITE_RUN) $(PYTHON) -c 'import sqlite3, sys; \
	  sys.exit(0 if sqlite3.sqlite_version == "$(NEW_SQLITE_VERSION)" else \
	  "versions.mk: Python does not run on the library just built")'

NEW_SQLITE_VERSION = $(shell sed -n 's/^SQLITE_VERSION=//p' bindings/wasm/sqlite.pin)

test-sqlite-new: $(NEW_SQLITE_LIB) $(NEW_SQLITE_B)/sqlite3 $(B)/test_sql $(B)/test_plans $(B)/test_interrupt $(EXT) \
    $(B)/demo.db $(B)/games.db
	$(NEW_SQLITE_RUN) sh tests/tools/run_limited.sh 120 $(B)/test_sql
	$(NEW_SQLITE_RUN) sh tests/tools/run_limited.sh 120 $(B)/test_plans
	$(NEW_SQLITE_RUN) sh tests/tools/run_limited.sh 300 $(B)/test_interrupt $(EXT)
	$(NEW_SQLITE_RUN) $(PYTHON) tests/clients/smoke.py $(EXT)
	$(NEW_SQLITE_RUN) $(PYTHON) tests/catalogue/bad_inputs.py $(EXT) tests/catalogue/bad_inputs.tsv
	sh tests/golden/golden.sh $(EXT) $(NEW_SQLITE_B)/sqlite3
	$(PYTHON) tests/catalogue/bad_inputs.py --shell $(NEW_SQLITE_B)/sqlite3 $(EXT) tests/catalogue/bad_inputs.tsv

# SQLite 3.40.0's shell (the one tests/golden/*.out records) on 3.53: its
# source is copied aside, away from the 3.40.0 sqlite3.h beside it.
$(NEW_SQLITE_B)/sqlite3: $(NEW_SQLITE_LIB) $(B)/sqlite-3.40.0/src/sqlite3.c
	cp $(B)/sqlite-3.40.0/src/shell.c $(NEW_SQLITE_B)/shell.c
	$(CC) -O1 $(NEW_SQLITE_DEFS) -I$(WASM_B)/sqlite -o $@ $(NEW_SQLITE_B)/shell.c \
	  $(NEW_SQLITE_LIB) -Wl,--disable-new-dtags,-rpath,'$$ORIGIN' -lm
	@[ "$$($@ :memory: 'SELECT sqlite_version()')" = "$(NEW_SQLITE_VERSION)" ]

# The SQLite sources a pin names (tests/versions/sqlite-VERSION.pin),
# fetched from npm and checked: $(B)/sqlite-VERSION/src/sqlite3.c, etc.
$(B)/sqlite-%/src/sqlite3.c: tests/versions/sqlite-%.pin tests/versions/fetch.sh
	sh tests/versions/fetch.sh $< $(@D)

# An older SQLite, built as a native libsqlite3.so.0 with a sqlite3 shell
# (when the pin has shell.c) that runs on it.  DESERIALIZE: Python's
# sqlite3 module needs sqlite3_deserialize, optional before 3.36.
OLD_SQLITE_DEFS := $(NEW_SQLITE_DEFS) -DSQLITE_ENABLE_DESERIALIZE -DSQLITE_ENABLE_JSON1

.PRECIOUS: $(B)/sqlite-%/src/sqlite3.c $(B)/sqlite-%/libsqlite3.so.0

$(B)/sqlite-%/libsqlite3.so.0: $(B)/sqlite-%/src/sqlite3.c
	$(CC) -O1 -fPIC -shared $(OLD_SQLITE_DEFS) -Wl,-soname,libsqlite3.so.0 -o $@ $< \
	  -lm -lpthread -ldl

$(B)/sqlite-%/sqlite3: $(B)/sqlite-%/libsqlite3.so.0
	$(CC) -O1 $(OLD_SQLITE_DEFS) -I$(@D)/src -o $@ $(@D)/src/shell.c $< \
	  -Wl,--disable-new-dtags,-rpath,'$$ORIGIN' -lm

test-sqlite-old: $(B)/sqlite-3.29.0/libsqlite3.so.0 $(B)/sqlite-3.31.1/sqlite3 $(EXT)
	LD_LIBRARY_PATH=$(B)/sqlite-3.29.0 $(PYTHON) tests/versions/refuses.py $(EXT) 3.29.0 \
	  $(SQLITE_MIN)
	sh tests/versions/golden_old.sh $(EXT) $(B)/sqlite-3.31.1/sqlite3 \
	  tests/versions/golden-3.31.1.needs
	$(PYTHON) tests/catalogue/bad_inputs.py --shell $(B)/sqlite-3.31.1/sqlite3 $(EXT) tests/catalogue/bad_inputs.tsv
	LD_LIBRARY_PATH=$(B)/sqlite-3.31.1 $(PYTHON) tests/clients/smoke.py $(EXT)
	LD_LIBRARY_PATH=$(B)/sqlite-3.31.1 $(PYTHON) tests/catalogue/bad_inputs.py $(EXT) tests/catalogue/bad_inputs.tsv

test-versions: test-sqlite-old test-sqlite-new

# make test runs the old SQLites too (test-sqlite-new is in its list)
test: test-sqlite-old
