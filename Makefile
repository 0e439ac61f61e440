# coins -- a SQLite loadable extension for "coins in a line" games.
#
#   make            build/coins.so (.dylib on macOS): `.load build/coins`
#   make demo       the main job: build, make sql's example database, query it
#   make test       every test (installs or names missing packages first)
#   make asan       the test suite under AddressSanitizer + UBSan
#   make install    coins.so, libcoins.a, headers, coins.pc, LICENSE under PREFIX (/usr/local)
#   make uninstall  remove exactly what make install put there
#   make dll        cross-build build/coins.dll for Windows (MinGW-w64); make test-dll checks it
#   make test-fanout  sqlite_coins.fanout on Dask (Debian python3-distributed); make bench-scale: docs/scale.md
#   make format     apply .clang-format to every C file; make lint checks it
#   make clean      remove build/

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra
CPPFLAGS += -Iinclude
PYTHON  ?= /usr/bin/python3
SQLITE3 ?= sqlite3
B       ?= build

ifeq ($(OS),Windows_NT)
  SO := dll
  SHARED := -shared
else ifeq ($(shell uname -s),Darwin)
  SO := dylib
  SHARED := -dynamiclib
else
  SO := so
  SHARED := -shared
endif

# ext/core: the pure core (no SQLite, no allocation; include/coins.h).
# ext/sqlite: the SQL layer, which includes only the public headers.
CORE_SRC := $(sort $(wildcard ext/core/*.c))
SQL_SRC  := $(sort $(wildcard ext/sqlite/*.c))
HEADERS  := include/coins.h include/coins_sqlite.h ext/core/internal.h ext/core/scan.h ext/sqlite/coins_sql.h
EXT      := $(B)/coins.$(SO)
CORE_OBJ := $(CORE_SRC:ext/%.c=$(B)/obj/%.o)
STATIC_OBJ := $(CORE_SRC:ext/%.c=$(B)/static/%.o) $(SQL_SRC:ext/%.c=$(B)/static/%.o)
CMOCKA_LIBS := -lcmocka
TESTS := $(B)/test_core $(B)/test_ties $(B)/test_jsonb $(B)/test_diff $(B)/test_scan $(B)/test_records \
         $(B)/test_sql $(B)/test_plans $(B)/test_faults $(B)/test_limits $(B)/test_interrupt

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
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/test_core: tests/test_core.c tests/test_check.h tests/reference.c tests/reference.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_core.c tests/reference.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

# The tie rules, move by move (tests/golden/ties.sql is their SQL side).
$(B)/test_ties: tests/test_ties.c tests/test_check.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_ties.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

# JSONB blobs, built by hand, against the text parser.
$(B)/test_jsonb: tests/test_jsonb.c tests/test_check.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_jsonb.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_scan: tests/test_scan.c tests/test_random.c tests/test_random.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests -Iext/core $(CFLAGS) $(WARN) -o $@ tests/test_scan.c tests/test_random.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_diff: tests/test_diff.c tests/test_random.c tests/test_random.h tests/reference.c tests/reference.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_diff.c tests/test_random.c tests/reference.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_records: tests/test_records.c tests/test_random.c tests/test_random.h tests/reference.c tests/reference.h $(CORE_OBJ)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_records.c tests/test_random.c tests/reference.c $(CORE_OBJ) $(CMOCKA_LIBS) $(LDFLAGS)

$(B)/test_sql: tests/test_sql.c tests/test_sqlutil.c tests/test_sqlutil.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_sql.c tests/test_sqlutil.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) $(LDFLAGS)

# How SQLite plans the table-valued functions: OR, extreme bounds.
$(B)/test_plans: tests/test_plans.c tests/test_sqlutil.c tests/test_sqlutil.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_plans.c tests/test_sqlutil.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) -lm $(LDFLAGS)

# Every SQL function with each allocation failing in turn.
$(B)/test_faults: tests/test_faults.c tests/test_sqlutil.c tests/test_sqlutil.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_faults.c tests/test_sqlutil.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) $(LDFLAGS)

# Length limits, 10^7 coins, deep nesting, 2^63-1, interrupts.
$(B)/test_limits: tests/test_limits.c tests/test_sqlutil.c tests/test_sqlutil.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_limits.c tests/test_sqlutil.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) $(LDFLAGS)

# Interrupts from a timer thread on every long call (3.41+), or time
# bounds (3.40); coins loaded from $(EXT) and linked in.
$(B)/test_interrupt: tests/test_interrupt.c $(B)/libcoins.a $(EXT)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/test_interrupt.c $(B)/libcoins.a -lsqlite3 $(CMOCKA_LIBS) -lpthread $(LDFLAGS)

$(B):
	@mkdir -p $(B)

deps:
	@sh tests/deps.sh

LOAD := -cmd '.load $(basename $(EXT))'

demo: deps $(EXT) $(B)/demo.db $(B)/games.db
	@$(SQLITE3) -bail $(LOAD) $(B)/demo.db < sql/demo.sql
	@echo; echo "== Reports on $(B)/games.db (3,000 recorded games; sql/reports.sql)"
	@$(SQLITE3) -bail $(LOAD) $(B)/games.db < sql/reports.sql
	@echo
	@echo "== What next"
	@echo "  Query the 3,000 games yourself:  $(SQLITE3) -cmd '.load $(basename $(EXT))' $(B)/games.db"
	@echo "  then, for instance:  SELECT * FROM reviewed_moves LIMIT 5;"
	@echo "                       SELECT coins_diagram(variant, coins, moves, max_take) FROM games WHERE id = 15;"
	@echo "  Every function: docs/reference.md.  Every test: make test."

$(B)/demo.db: sql/demo_db.sql | $(B)
	@rm -f $@
	$(SQLITE3) -bail $@ < sql/demo_db.sql

$(B)/games.db: sql/games_db.sql $(EXT) | $(B)
	@rm -f $@
	$(SQLITE3) -bail $(LOAD) $@ < sql/games_db.sql

test: deps
	@$(MAKE) --no-print-directory lint test-unit test-clang test-shell test-svg test-clients test-packaging test-channels test-fanout test-bench test-catalogue test-sqlite-new
	@echo "all test groups passed"

test-unit: $(TESTS)
	sh tests/run_limited.sh 120 $(B)/test_core
	sh tests/run_limited.sh 120 $(B)/test_ties
	sh tests/run_limited.sh 120 $(B)/test_jsonb
	sh tests/run_limited.sh 300 $(B)/test_diff
	sh tests/run_limited.sh 300 $(B)/test_scan
	COINS_SIMD=0 sh tests/run_limited.sh 300 $(B)/test_scan
	COINS_SIMD=0 sh tests/run_limited.sh 300 $(B)/test_diff
	COINS_SIMD=avx2 sh tests/run_limited.sh 300 $(B)/test_scan
	COINS_SIMD=avx2 sh tests/run_limited.sh 300 $(B)/test_diff
	COINS_SIMD=0 sh tests/run_limited.sh 120 $(B)/test_sql
	sh tests/run_limited.sh 300 $(B)/test_records
	sh tests/run_limited.sh 120 $(B)/test_sql
	sh tests/run_limited.sh 120 $(B)/test_plans
	sh tests/run_limited.sh 600 $(B)/test_faults
	sh tests/run_limited.sh 120 $(B)/test_limits
	sh tests/run_limited.sh 120 $(B)/test_interrupt $(EXT)
	COINS_SIMD=0 sh tests/run_limited.sh 120 $(B)/test_interrupt $(EXT)

# The bad-input catalogue: each entry of tests/bad_inputs.tsv through every
# function that takes that kind of argument, exact messages.
.PHONY: test-catalogue
test-catalogue: $(EXT)
	$(PYTHON) tests/bad_inputs.py $(EXT) tests/bad_inputs.tsv
	COINS_SIMD=0 $(PYTHON) tests/bad_inputs.py $(EXT) tests/bad_inputs.tsv

# The core built with clang (gcc builds everything else): its unit,
# scanner and differential tests, with the AVX2 scanner and without.
CLANG ?= clang
.PHONY: test-clang
test-clang:
	@command -v $(CLANG) >/dev/null 2>&1 || sh tests/deps.sh clang
	@$(MAKE) --no-print-directory B=build/clang CC=$(CLANG) \
	  build/clang/test_core build/clang/test_scan build/clang/test_diff
	sh tests/run_limited.sh 120 build/clang/test_core
	sh tests/run_limited.sh 300 build/clang/test_scan
	sh tests/run_limited.sh 300 build/clang/test_diff
	COINS_SIMD=0 sh tests/run_limited.sh 300 build/clang/test_diff

test-shell: $(EXT)
	@sh tests/golden.sh $(EXT) $(SQLITE3)

test-clients: $(EXT) $(B)/demo.db $(B)/games.db
	$(PYTHON) tests/smoke.py $(EXT)
	$(PYTHON) tests/clients/report.py $(EXT) $(B)/games.db
	$(PYTHON) tests/readme_examples.py $(EXT) README.md $(sort $(wildcard docs/*.md)) -- $(B)/demo.db $(B)/games.db
	@$(MAKE) --no-print-directory test-node

# Node with better-sqlite3 (pinned in tests/node/package-lock.json), which
# bundles a newer SQLite than the system's.  npm ci builds it from source.
tests/node/node_modules/.package-lock.json: tests/node/package-lock.json
	cd tests/node && npm ci --no-audit --no-fund --loglevel=error

test-node: $(EXT) $(B)/games.db tests/node/node_modules/.package-lock.json
	COINS_EXT=$(EXT) COINS_DB=$(B)/games.db node --test tests/node

# ----------------------------------------------------------- packaging
# make install [PREFIX=/usr/local] [DESTDIR=/staging]: the loadable extension
# (EXTDIR/coins.so), libcoins.a (-DSQLITE_CORE, to build coins into a
# program), the public headers and coins.pc.  The version comes from
# COINS_VERSION in include/coins.h, nowhere else.
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
EXTDIR     ?= $(LIBDIR)
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DOCDIR     ?= $(PREFIX)/share/doc/coins
PUBLIC_HEADERS := include/coins.h include/coins_sqlite.h
COINS_VERSION := $(shell sed -n 's/^.define COINS_VERSION "\(.*\)"/\1/p' include/coins.h)
SQLITE_MIN := $(shell sed -n 's/^.define COINS_SQLITE_MIN_VERSION "\(.*\)"/\1/p' include/coins_sqlite.h)
INSTALLED  := $(EXTDIR)/coins.$(SO) $(LIBDIR)/libcoins.a $(PKGCONFIGDIR)/coins.pc \
              $(addprefix $(INCLUDEDIR)/,$(notdir $(PUBLIC_HEADERS))) \
              $(DOCDIR)/LICENSE $(DOCDIR)/README.md
# In coins.pc, directories under PREFIX are written as ${prefix}/...
pcdir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

.PHONY: install uninstall test-packaging dll test-dll

install: $(EXT) $(B)/libcoins.a
	install -d $(addprefix $(DESTDIR),$(sort $(dir $(INSTALLED))))
	install -m 755 $(EXT) $(DESTDIR)$(EXTDIR)/coins.$(SO)
	install -m 644 $(B)/libcoins.a $(DESTDIR)$(LIBDIR)/libcoins.a
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 LICENSE README.md $(DESTDIR)$(DOCDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pcdir,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(call pcdir,$(INCLUDEDIR))|' -e 's|@VERSION@|$(COINS_VERSION)|' \
	  -e 's|@SQLITE_MIN@|$(SQLITE_MIN)|' coins.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/coins.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/coins.pc

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null

test-packaging: $(EXT) $(B)/libcoins.a
	@MAKE="$(MAKE)" CC="$(CC)" EMBED_CFLAGS="$(CFLAGS) $(WARN)" SQLITE3="$(SQLITE3)" \
	  SQLITE_INCLUDE="$(SQLITE_INCLUDE)" sh tests/packaging.sh $(SO) $(EXT)

# Windows: cross-build with MinGW-w64 (Debian: gcc-mingw-w64-x86-64, which
# tests/deps.sh installs when run as root, or names).  SQLite's headers are
# only headers: the ones in SQLITE_INCLUDE serve, copied aside so that the
# cross compiler sees no other host header.  __USE_MINGW_ANSI_STDIO: C99
# snprintf (%zu, %lld, the return value) rather than msvcrt's.
MINGW ?= x86_64-w64-mingw32-
SQLITE_INCLUDE ?= /usr/include

dll: $(B)/coins.dll

$(B)/coins.dll: $(CORE_SRC) $(SQL_SRC) $(HEADERS) | $(B)
	@command -v $(MINGW)gcc >/dev/null 2>&1 || sh tests/deps.sh gcc-mingw-w64-x86-64
	@mkdir -p $(B)/mingw-include
	cp $(SQLITE_INCLUDE)/sqlite3.h $(SQLITE_INCLUDE)/sqlite3ext.h $(B)/mingw-include/
	$(MINGW)gcc -Iinclude -I$(B)/mingw-include -D__USE_MINGW_ANSI_STDIO=1 \
	  $(CFLAGS) $(WARN) -shared -static-libgcc \
	  -o $@ $(CORE_SRC) $(SQL_SRC)

test-dll: $(B)/coins.dll
	@sh tests/dll.sh $(B)/coins.dll $(MINGW)objdump

# Benchmarks (tests/bench): ratios measured side by side in one process.
# bench-smoke runs every path at tiny sizes and checks the results agree.
.PHONY: bench bench-smoke test-bench

$(B)/bench: tests/bench/bench.c tests/reference.c tests/reference.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $(WARN) -o $@ tests/bench/bench.c tests/reference.c $(B)/libcoins.a -lsqlite3 $(LDFLAGS)

bench: $(B)/bench $(EXT)
	$(B)/bench
	$(PYTHON) tests/bench/udf_bench.py $(EXT)

bench-smoke: $(B)/bench $(EXT)
	$(B)/bench --smoke
	$(PYTHON) tests/bench/udf_bench.py --smoke $(EXT)

test-bench: bench-smoke

# ----------------------------------------------------------- hardening
# make asan: every C test program, and the shell's golden files with the
# extension built the same way, under AddressSanitizer + UBSan (leaks on).
# make valgrind: the SQL-level test program and the golden files under
# valgrind memcheck.  make coverage: line and branch coverage of ext/.
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect

.PHONY: valgrind coverage

asan:
	@sh tests/deps.sh
	@$(MAKE) --no-print-directory B=build/asan CFLAGS="-O1 -g $(SANITIZE)" \
	  LDFLAGS="-fsanitize=address,undefined" test-unit build/asan/coins.$(SO)
	ASAN_OPTIONS=detect_leaks=1 sh tests/golden.sh build/asan/coins.$(SO) "sh tests/asan-sqlite3.sh"

valgrind: $(B)/test_sql $(EXT)
	@sh tests/deps.sh valgrind
	$(VALGRIND) $(B)/test_sql
	GOLDEN_TIMEOUT=600 sh tests/golden.sh $(EXT) "$(VALGRIND) $(SQLITE3)"

coverage:
	@sh tests/deps.sh gcovr
	@rm -rf build/cov
	@$(MAKE) --no-print-directory B=build/cov CFLAGS="-O0 -g --coverage" \
	  LDFLAGS="--coverage" test-unit build/cov/coins.$(SO)
	@sh tests/golden.sh build/cov/coins.$(SO) >/dev/null
	@$(PYTHON) tests/smoke.py build/cov/coins.$(SO) >/dev/null
	gcovr -r . --filter 'ext/' --object-directory build/cov --print-summary \
	  --txt build/cov/coverage.txt --exclude-unreachable-branches --exclude-throw-branches
	@echo "per-file report: build/cov/coverage.txt"

clean:
	rm -rf build

# ------------------------------------------------------------ formatting
# make format rewrites every C source and header with clang-format (the
# style is .clang-format); make lint fails, naming the files, when one is
# not formatted, has a line over 100 columns, or includes across the seam
# (a core file a SQLite header; a SQL-layer file a core-private header).
C_FILES := $(sort $(wildcard ext/*/*.[ch] include/*.h tests/*.[ch] tests/*/*.c wasm/*.c))
CLANG_FORMAT ?= clang-format

.PHONY: format lint
format:
	@command -v $(CLANG_FORMAT) >/dev/null 2>&1 || sh tests/deps.sh clang-format
	$(CLANG_FORMAT) -i $(C_FILES)

lint: | $(B)
	@command -v $(CLANG_FORMAT) >/dev/null 2>&1 || sh tests/deps.sh clang-format
	@$(CLANG_FORMAT) --dry-run --Werror $(C_FILES) 2>&1 | grep -o '^[^:]*\.[ch]' | sort -u > $(B)/lint.txt || true
	@awk 'length > 100 { print FILENAME ":" FNR ": over 100 columns" }' $(C_FILES) >> $(B)/lint.txt
	@grep -Hn '#include.*sqlite3' ext/core/*.[ch] | sed 's/$$/: the core includes no SQLite header/' >> $(B)/lint.txt || true
	@grep -Hn '#include' ext/sqlite/*.[ch] | grep -v '<[a-z0-9]*\.h>\|"coins.h"\|"coins_sql.h"\|"coins_sqlite.h"' \
	  | sed 's/$$/: the SQL layer includes only the public headers and coins_sql.h/' >> $(B)/lint.txt || true
	@if [ -s $(B)/lint.txt ]; then cat $(B)/lint.txt; \
	  echo "lint: fix the lines above (make format formats)"; exit 1; fi
	@echo "lint: $(words $(C_FILES)) C files formatted, no line over 100 columns, no include across the seam"

# ------------------------------------------------------------------ fuzzing
# make fuzz [FUZZ_SECONDS=60]: the libFuzzer harnesses of tests/fuzz (clang,
# -fsanitize=fuzzer,address,undefined), built into $(B)/fuzz/: fuzz_parse
# (the core's parsers on raw bytes), fuzz_scan (the row scanners against
# the general parser, the bytes moved across the SIMD blocks), fuzz_sql
# (every SQL function through an in-memory database) and fuzz_diff (the
# core against tests/reference.c).
# First every file of tests/fuzz/regressions/<harness>/ is replayed, then
# each harness runs FUZZ_SECONDS seconds on a scratch copy of its seed
# corpus (tests/fuzz/corpus/<harness>, kept and grown in $(B)/fuzz/corpus)
# with the dictionary tests/fuzz/coins.dict.  A crash, leak, sanitizer
# report, disagreement or hang fails the target; the input is left in
# $(B)/fuzz/artifacts/ and the log in $(B)/fuzz/<harness>.log.
# make fuzz-smoke: the same, 10 seconds a harness.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS  ?= -O1 -g
FUZZ_SAN     := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES   := fuzz_parse fuzz_scan fuzz_sql fuzz_diff
FUZZ_BINS    := $(FUZZ_NAMES:%=$(B)/fuzz/%)

.PHONY: fuzz fuzz-build fuzz-regress fuzz-smoke fuzz-deps

# clang and its libFuzzer runtime (Debian: clang, libclang-rt-14-dev)
fuzz-deps:
	@mkdir -p $(B)
	@printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	  > $(B)/fuzz-probe.c
	@$(FUZZ_CC) $(FUZZ_SAN) -o $(B)/fuzz-probe $(B)/fuzz-probe.c >/dev/null 2>&1 \
	  || sh tests/deps.sh clang libclang-rt-14-dev
	@rm -f $(B)/fuzz-probe $(B)/fuzz-probe.c

fuzz-build: fuzz-deps $(FUZZ_BINS)
$(FUZZ_BINS): | fuzz-deps

$(B)/fuzz/fuzz_parse: tests/fuzz/fuzz_parse.c tests/fuzz/fuzz_check.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_parse.c $(CORE_SRC)

$(B)/fuzz/fuzz_scan: tests/fuzz/fuzz_scan.c tests/fuzz/fuzz_check.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -Iext/core $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_scan.c $(CORE_SRC)

$(B)/fuzz/fuzz_diff: tests/fuzz/fuzz_diff.c tests/reference.c tests/reference.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -Itests $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_diff.c tests/reference.c $(CORE_SRC)

$(B)/fuzz/fuzz_sql: tests/fuzz/fuzz_sql.c $(CORE_SRC) $(SQL_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -DSQLITE_CORE $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_sql.c $(CORE_SRC) $(SQL_SRC) -lsqlite3

# Every regression input, once each (a libFuzzer binary given files runs them).
fuzz-regress: fuzz-build
	@for h in $(FUZZ_NAMES); do \
	  dir=tests/fuzz/regressions/$$h; \
	  ls $$dir/* >/dev/null 2>&1 || continue; \
	  echo "== $$h: $$(ls $$dir | wc -l) regression inputs"; \
	  $(B)/fuzz/$$h $$dir/* > $(B)/fuzz/$$h.regress.log 2>&1 \
	    || { tail -n 40 $(B)/fuzz/$$h.regress.log; echo "fuzz: $$h failed on a regression input"; exit 1; }; \
	done

fuzz: fuzz-regress
	@for h in $(FUZZ_NAMES); do \
	  mkdir -p $(B)/fuzz/corpus/$$h $(B)/fuzz/artifacts; \
	  cp tests/fuzz/corpus/$$h/* $(B)/fuzz/corpus/$$h/; \
	  dict=-dict=tests/fuzz/coins.dict; len=4096; \
	  [ $$h != fuzz_diff ] || { dict=; len=512; }; \
	  echo "== $$h: $(FUZZ_SECONDS) s"; \
	  $(B)/fuzz/$$h -max_total_time=$(FUZZ_SECONDS) -timeout=25 -rss_limit_mb=2048 \
	    -max_len=$$len $$dict -print_final_stats=1 \
	    -artifact_prefix=$(B)/fuzz/artifacts/$$h- $(B)/fuzz/corpus/$$h \
	    > $(B)/fuzz/$$h.log 2>&1 \
	    || { tail -n 60 $(B)/fuzz/$$h.log; echo "fuzz: $$h failed; the input is in $(B)/fuzz/artifacts/"; exit 1; }; \
	  grep -E '^#[0-9]+[[:space:]]+(DONE|pulse)' $(B)/fuzz/$$h.log | tail -n 1; \
	  grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec' $(B)/fuzz/$$h.log; \
	done

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10

# coins in the browser: make wasm, web, test-svg, test-wasm, test-web (docs/browser.md)
include web/web.mk
include packaging/packaging.mk
# coins on SQLite 3.53 beside the system's 3.40: make test-sqlite-new
include tests/versions/versions.mk
# one report over many SQLite shards on Dask: make test-fanout, make bench-scale (docs/scale.md)
include tests/fanout/fanout.mk
include tests/platforms/platforms.mk
include tests/hosts/hosts.mk
