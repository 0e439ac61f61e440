# coins -- a SQLite loadable extension for "coins in a line" games.
#
#   make            build/coins.so (.dylib on macOS): `.load build/coins`
#   make demo       the main job: build, make sql's example database, query it
#   make test       every test (installs or names missing packages first)
#   make asan       the test suite under AddressSanitizer + UBSan
#   make clean      remove build/

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra
CPPFLAGS += -Iinclude -Iext
PYTHON  ?= /usr/bin/python3
SQLITE3 ?= sqlite3
B       ?= build

ifeq ($(shell uname -s),Darwin)
  SO := dylib
  SHARED := -dynamiclib
else
  SO := so
  SHARED := -shared
endif

CORE_SRC := ext/coins_parse.c ext/coins_solve.c ext/coins_line.c ext/coins_review.c ext/coins_play.c
SQL_SRC  := ext/coins_sql.c ext/coins_args.c ext/coins_vtab.c ext/coins_records.c ext/coins_tools.c
HEADERS  := include/coins.h ext/coins_internal.h ext/coins_sql.h
EXT      := $(B)/coins.$(SO)
CORE_OBJ := $(CORE_SRC:ext/%.c=$(B)/obj/%.o)
STATIC_OBJ := $(CORE_SRC:ext/%.c=$(B)/static/%.o) $(SQL_SRC:ext/%.c=$(B)/static/%.o)
CMOCKA_LIBS := -lcmocka
TESTS := $(B)/test_core $(B)/test_diff $(B)/test_sql

.PHONY: all demo test test-unit test-shell test-clients asan deps clean

all: $(EXT)

$(EXT): $(CORE_SRC) $(SQL_SRC) $(HEADERS) | $(B)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -fPIC -fvisibility=hidden $(SHARED) \
	  -o $@ $(CORE_SRC) $(SQL_SRC) $(LDFLAGS)

# The core alone (no SQLite), for the unit and differential tests.
$(B)/obj/%.o: ext/%.c $(HEADERS) | $(B)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

# The same sources built into the program (-DSQLITE_CORE): static embedding.
$(B)/static/%.o: ext/%.c $(HEADERS) | $(B)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -DSQLITE_CORE -c -o $@ $<

$(B)/libcoins.a: $(STATIC_OBJ)
	$(AR) rcs $@ $^

$(B)/test_core: tests/test_core.c tests/reference.c tests/reference.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_core.c tests/reference.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_diff: tests/test_diff.c tests/reference.c tests/reference.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_diff.c tests/reference.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_sql: tests/test_sql.c $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_sql.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) $(LDFLAGS)

$(B):
	@mkdir -p $(B)

deps:
	@sh tests/deps.sh

LOAD := -cmd '.load $(basename $(EXT))'

demo: deps $(EXT) $(B)/demo.db $(B)/games.db
	@$(SQLITE3) -bail $(LOAD) $(B)/demo.db < sql/demo.sql
	@echo; echo "== Reports on $(B)/games.db (3,000 recorded games; sql/reports.sql)"
	@$(SQLITE3) -bail $(LOAD) $(B)/games.db < sql/reports.sql

$(B)/demo.db: sql/demo_db.sql | $(B)
	@rm -f $@
	$(SQLITE3) -bail $@ < sql/demo_db.sql

$(B)/games.db: sql/games_db.sql $(EXT) | $(B)
	@rm -f $@
	$(SQLITE3) -bail $(LOAD) $@ < sql/games_db.sql

test: deps
	@$(MAKE) --no-print-directory test-unit test-shell test-clients
	@echo "all test groups passed"

test-unit: $(TESTS)
	$(B)/test_core
	$(B)/test_diff
	$(B)/test_sql

test-shell: $(EXT)
	@sh tests/golden.sh $(EXT) $(SQLITE3)

test-clients: $(EXT) $(B)/demo.db
	$(PYTHON) tests/smoke.py $(EXT)
	$(PYTHON) tests/readme_examples.py $(EXT) README.md $(B)/demo.db

asan:
	@sh tests/deps.sh
	@$(MAKE) --no-print-directory B=build/asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  LDFLAGS="-fsanitize=address,undefined" test-unit

clean:
	rm -rf build
