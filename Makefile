# coins -- a SQLite loadable extension for "coins in a line" games.
#
# The targets, one line each (make help prints these lines, and those of
# the fragments included at the end):
#
#   make            build/coins.so (.dylib on macOS): `.load build/coins`
#   make help       this list
#   make demo       the main job: build, make sql's example database, query it
#   make deps       install (as root) or name the packages the build and tests need
#   make test       every test (installs or names missing packages first)
#   make test-unit  the cmocka programs of tests/unit, with each SIMD scanner
#   make test-clang the core's unit, scanner and differential tests built with clang
#   make test-shell the golden SQL files of tests/golden in the sqlite3 shell
#   make test-catalogue  tests/catalogue/bad_inputs.tsv through every function, exact messages
#   make test-clients    Python and Node clients, the docs' SQL examples (tests/clients)
#   make test-node  the Node client alone (better-sqlite3, tests/clients/node)
#   make install    coins.so, libcoins.a, headers, coins.pc, LICENSE under PREFIX (/usr/local)
#   make uninstall  remove exactly what make install put there
#   make test-packaging  make install and uninstall staged, the SQLite API floor (tests/packaging)
#   make dll        cross-build build/coins.dll for Windows (MinGW-w64)
#   make test-dll   check coins.dll's exports and imports
#   make bench      the benchmarks of tests/bench (docs/performance.md)
#   make test-bench every benchmark path at tiny sizes, results compared (bench-smoke)
#   make scan-insns-arm64  instructions a 64-coin row of the arm64 scanners, under qemu
#   make asan       the test suite under AddressSanitizer + UBSan
#   make valgrind   test_sql and the golden files under valgrind memcheck
#   make coverage   line and branch coverage of ext/ (gcovr)
#   make format     apply .clang-format to every C file
#   make lint       C (format, widths, seams), Python (black, flake8, mypy), JavaScript (eslint)
#   make fuzz       the libFuzzer harnesses of tests/fuzz, FUZZ_SECONDS each (60)
#   make fuzz-smoke the same, 10 seconds a harness
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
HEADERS  := include/coins.h include/coins_sqlite.h $(wildcard ext/core/*.h) ext/sqlite/coins_sql.h
EXT      := $(B)/coins.$(SO)
CORE_OBJ := $(CORE_SRC:ext/%.c=$(B)/obj/%.o)
STATIC_OBJ := $(CORE_SRC:ext/%.c=$(B)/static/%.o) $(SQL_SRC:ext/%.c=$(B)/static/%.o)
CMOCKA_LIBS := -lcmocka
RUN := sh tests/tools/run_limited.sh

.PHONY: all help demo test test-unit test-shell test-clients asan deps clean

all: $(EXT)

# The lines of the header comments that name a target (`#   make NAME  what`),
# in this file and in each fragment it includes.
help:
	@sed -n 's/^#   make /  make /p' $(MAKEFILE_LIST)

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

# ------------------------------------------------------------ unit tests
# The cmocka programs: $(B)/NAME from tests/unit/NAME.c, one pattern rule.
# What each adds is in target-specific variables: UNIT_SRC, the helpers it
# is built with; UNIT_LINK, what it links (the core's objects, or
# libcoins.a); UNIT_LIBS, libraries besides cmocka; UNIT_CFLAGS, extra
# compiler flags.
UNIT := tests/unit
UNIT_CORE := test_core test_ties test_jsonb test_diff test_scan test_records test_play \
             test_analysis test_family test_family_play
UNIT_SQL  := test_sql test_analysis_sql test_plans test_faults test_limits test_interrupt \
             test_family_sql test_sum_sql
TESTS := $(addprefix $(B)/,$(UNIT_CORE) $(UNIT_SQL))

$(addprefix $(B)/,$(UNIT_CORE)): UNIT_LINK = $(CORE_OBJ)
$(addprefix $(B)/,$(UNIT_SQL)):  UNIT_LINK = $(B)/libcoins.a
$(addprefix $(B)/,$(UNIT_SQL)):  UNIT_LIBS = -lsqlite3
$(B)/test_core:    UNIT_SRC = $(UNIT)/reference.c
$(B)/test_scan:    UNIT_SRC = $(UNIT)/test_random.c
$(B)/test_scan:    UNIT_CFLAGS = -Iext/core
$(B)/test_diff:    UNIT_SRC = $(UNIT)/test_random.c $(UNIT)/reference.c
$(B)/test_records: UNIT_SRC = $(UNIT)/test_random.c $(UNIT)/reference.c
$(B)/test_play:     UNIT_SRC = $(UNIT)/test_random.c $(UNIT)/reference.c
$(B)/test_play:     UNIT_CFLAGS = -Iext/core
$(B)/test_analysis: UNIT_SRC = $(UNIT)/test_random.c $(UNIT)/reference.c
$(B)/test_analysis: UNIT_LIBS = -lm
$(B)/test_family:   UNIT_CFLAGS = -Iext/core
$(B)/test_sql $(B)/test_analysis_sql $(B)/test_plans $(B)/test_faults $(B)/test_limits \
  $(B)/test_family_sql $(B)/test_sum_sql: \
  UNIT_SRC = $(UNIT)/test_sqlutil.c
$(B)/test_plans:   UNIT_LIBS += -lm
# Interrupts from a timer thread (3.41+), or time bounds (3.40); coins
# loaded from $(EXT) and linked in.
$(B)/test_interrupt: UNIT_LIBS += -lpthread
$(B)/test_interrupt: $(EXT)

.SECONDEXPANSION:
$(TESTS): $(B)/%: $(UNIT)/%.c $$(UNIT_SRC) $$(UNIT_LINK) $(wildcard $(UNIT)/*.h) | $(B)
	$(CC) $(CPPFLAGS) -I$(UNIT) $(UNIT_CFLAGS) $(CFLAGS) $(WARN) -o $@ $< $(UNIT_SRC) \
	  $(UNIT_LINK) $(UNIT_LIBS) $(CMOCKA_LIBS) $(LDFLAGS)

$(B):
	@mkdir -p $(B)

deps:
	@sh tests/tools/deps.sh

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
	$(RUN) 120 $(B)/test_core
	$(RUN) 120 $(B)/test_ties
	$(RUN) 120 $(B)/test_jsonb
	$(RUN) 300 $(B)/test_diff
	$(RUN) 300 $(B)/test_scan
	COINS_SIMD=0 $(RUN) 300 $(B)/test_scan
	COINS_SIMD=0 $(RUN) 300 $(B)/test_diff
	COINS_SIMD=avx2 $(RUN) 300 $(B)/test_scan
	COINS_SIMD=avx2 $(RUN) 300 $(B)/test_diff
	COINS_SIMD=0 $(RUN) 120 $(B)/test_sql
	$(RUN) 300 $(B)/test_records
	$(RUN) 300 $(B)/test_play
	$(RUN) 300 $(B)/test_analysis
	$(RUN) 120 $(B)/test_family
	$(RUN) 120 $(B)/test_family_play
	$(RUN) 120 $(B)/test_sql
	$(RUN) 120 $(B)/test_analysis_sql
	$(RUN) 120 $(B)/test_family_sql
	$(RUN) 120 $(B)/test_plans
	$(RUN) 600 $(B)/test_faults
	$(RUN) 120 $(B)/test_limits
	$(RUN) 120 $(B)/test_interrupt $(EXT)
	COINS_SIMD=0 $(RUN) 120 $(B)/test_interrupt $(EXT)

# The bad-input catalogue: each entry of tests/catalogue/bad_inputs.tsv through every
# function that takes that kind of argument, exact messages.
.PHONY: test-catalogue
test-catalogue: $(EXT)
	$(PYTHON) tests/catalogue/bad_inputs.py $(EXT) tests/catalogue/bad_inputs.tsv
	COINS_SIMD=0 $(PYTHON) tests/catalogue/bad_inputs.py $(EXT) tests/catalogue/bad_inputs.tsv

# The core built with clang (gcc builds everything else): its unit,
# scanner and differential tests, with the AVX2 scanner and without.
CLANG ?= clang
.PHONY: test-clang
test-clang:
	@command -v $(CLANG) >/dev/null 2>&1 || sh tests/tools/deps.sh clang
	@$(MAKE) --no-print-directory B=build/clang CC=$(CLANG) \
	  build/clang/test_core build/clang/test_scan build/clang/test_diff
	$(RUN) 120 build/clang/test_core
	$(RUN) 300 build/clang/test_scan
	$(RUN) 300 build/clang/test_diff
	COINS_SIMD=0 $(RUN) 300 build/clang/test_diff

# The measurement behind the grades' mistake threshold (docs/reference.md).
.PHONY: grade-evidence
grade-evidence: $(CORE_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -o $(B)/grade_evidence tests/bench/grade_evidence.c $(CORE_OBJ)
	$(B)/grade_evidence

test-shell: $(EXT)
	@sh tests/golden/golden.sh $(EXT) $(SQLITE3)

test-clients: $(EXT) $(B)/demo.db $(B)/games.db
	$(PYTHON) tests/clients/smoke.py $(EXT)
	$(PYTHON) tests/clients/report.py $(EXT) $(B)/games.db
	$(PYTHON) tests/clients/readme_examples.py $(EXT) README.md $(sort $(wildcard docs/*.md)) -- $(B)/demo.db $(B)/games.db
	@$(MAKE) --no-print-directory test-node

# Node with better-sqlite3 (pinned in tests/clients/node/package-lock.json), which
# bundles a newer SQLite than the system's.  npm ci builds it from source.
tests/clients/node/node_modules/.package-lock.json: tests/clients/node/package-lock.json
	cd tests/clients/node && npm ci --no-audit --no-fund --loglevel=error

test-node: $(EXT) $(B)/games.db tests/clients/node/node_modules/.package-lock.json
	COINS_EXT=$(EXT) COINS_DB=$(B)/games.db node --test tests/clients/node

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
	  -e 's|@SQLITE_MIN@|$(SQLITE_MIN)|' packaging/coins.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/coins.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/coins.pc

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null

test-packaging: $(EXT) $(B)/libcoins.a
	@MAKE="$(MAKE)" CC="$(CC)" EMBED_CFLAGS="$(CFLAGS) $(WARN)" SQLITE3="$(SQLITE3)" \
	  SQLITE_INCLUDE="$(SQLITE_INCLUDE)" sh tests/packaging/install.sh $(SO) $(EXT)

# Windows: cross-build with MinGW-w64 (Debian: gcc-mingw-w64-x86-64, which
# tests/tools/deps.sh installs when run as root, or names).  SQLite's headers are
# only headers: the ones in SQLITE_INCLUDE serve, copied aside so that the
# cross compiler sees no other host header.  __USE_MINGW_ANSI_STDIO: C99
# snprintf (%zu, %lld, the return value) rather than msvcrt's.
MINGW ?= x86_64-w64-mingw32-
SQLITE_INCLUDE ?= /usr/include

dll: $(B)/coins.dll

$(B)/coins.dll: $(CORE_SRC) $(SQL_SRC) $(HEADERS) | $(B)
	@command -v $(MINGW)gcc >/dev/null 2>&1 || sh tests/tools/deps.sh gcc-mingw-w64-x86-64
	@mkdir -p $(B)/mingw-include
	cp $(SQLITE_INCLUDE)/sqlite3.h $(SQLITE_INCLUDE)/sqlite3ext.h $(B)/mingw-include/
	$(MINGW)gcc -Iinclude -I$(B)/mingw-include -D__USE_MINGW_ANSI_STDIO=1 \
	  $(CFLAGS) $(WARN) -shared -static-libgcc \
	  -o $@ $(CORE_SRC) $(SQL_SRC)

test-dll: $(B)/coins.dll
	@sh tests/packaging/dll.sh $(B)/coins.dll $(MINGW)objdump

# Benchmarks (tests/bench): ratios measured side by side in one process.
# bench-smoke runs every path at tiny sizes and checks the results agree.
.PHONY: bench bench-smoke test-bench

$(B)/bench: tests/bench/bench.c $(UNIT)/reference.c $(UNIT)/reference.h $(B)/libcoins.a
	$(CC) $(CPPFLAGS) -I$(UNIT) -Iext/core $(CFLAGS) $(WARN) -o $@ tests/bench/bench.c $(UNIT)/reference.c \
	  $(B)/libcoins.a -lsqlite3 $(LDFLAGS)

bench: $(B)/bench $(EXT)
	$(B)/bench
	$(PYTHON) tests/bench/udf_bench.py $(EXT)

bench-smoke: $(B)/bench $(EXT)
	$(B)/bench --smoke
	$(PYTHON) tests/bench/udf_bench.py --smoke $(EXT)

test-bench: bench-smoke

# The arm64 scanners cannot be timed under qemu: scan-insns-arm64 counts
# the instructions a 64-coin row of each (tests/bench/scan_insns.sh).
.PHONY: scan-insns-arm64
A64_CC ?= aarch64-linux-gnu-gcc

$(B)/arm64/scan_rows: tests/bench/scan_rows.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(A64_CC) -static $(CPPFLAGS) -Iext/core $(CFLAGS) $(WARN) -o $@ $< $(CORE_SRC) -lm

scan-insns-arm64: $(B)/arm64/scan_rows
	sh tests/bench/scan_insns.sh $< qemu-aarch64 "neon portable"

# ----------------------------------------------------------- hardening
# make asan: every C test program, and the shell's golden files with the
# extension built the same way, under AddressSanitizer + UBSan (leaks on).
# make valgrind: the SQL-level test program and the golden files under
# valgrind memcheck.  make coverage: line and branch coverage of ext/.
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect

.PHONY: valgrind coverage

asan:
	@sh tests/tools/deps.sh
	@$(MAKE) --no-print-directory B=build/asan CFLAGS="-O1 -g $(SANITIZE)" \
	  LDFLAGS="-fsanitize=address,undefined" test-unit build/asan/coins.$(SO)
	ASAN_OPTIONS=detect_leaks=1 sh tests/golden/golden.sh build/asan/coins.$(SO) "sh tests/tools/asan-sqlite3.sh"

valgrind: $(B)/test_sql $(EXT)
	@sh tests/tools/deps.sh valgrind
	$(VALGRIND) $(B)/test_sql
	GOLDEN_TIMEOUT=600 sh tests/golden/golden.sh $(EXT) "$(VALGRIND) $(SQLITE3)"

coverage:
	@sh tests/tools/deps.sh gcovr
	@rm -rf build/cov
	@$(MAKE) --no-print-directory B=build/cov CFLAGS="-O0 -g --coverage" \
	  LDFLAGS="--coverage" test-unit build/cov/coins.$(SO)
	@sh tests/golden/golden.sh build/cov/coins.$(SO) >/dev/null
	@$(PYTHON) tests/clients/smoke.py build/cov/coins.$(SO) >/dev/null
	gcovr -r . --filter 'ext/' --object-directory build/cov --print-summary \
	  --txt build/cov/coverage.txt --exclude-unreachable-branches --exclude-throw-branches
	@echo "per-file report: build/cov/coverage.txt"

clean:
	rm -rf build

# ------------------------------------------------------------ formatting
# make format rewrites every C source and header with clang-format (the
# style is .clang-format), every Python file with black and every
# JavaScript file with prettier.  make lint fails, naming the files, when
# a C file is not formatted, has a line over 100 columns, or includes
# across the seam (a core file a SQLite header; a SQL-layer file a
# core-private header), or when the sites a throwaway variant (or
# notation) makes gcc name differ from the "Add a variant" list of
# docs/architecture.md (tests/tools/variant_sites.py), or when a sentence
# of the docs runs past four lines (tests/tools/sentences.py); then
# lint-python and lint-js.
C_FILES := $(sort $(wildcard ext/*/*.[ch] include/*.h tests/*/*.[ch] bindings/*/*.[ch]))
CLANG_FORMAT ?= clang-format
# No file under a node_modules folder.
no_deps = $(foreach f,$(1),$(if $(findstring node_modules,$(f)),,$(f)))
PY_FILES := $(sort setup.py $(call no_deps,$(wildcard bindings/python/*/*.py \
  bindings/python/*/*/*.py packaging/*.py web/*.py tests/*/*.py tests/*/*/*.py)))
JS_FILES := $(sort $(call no_deps,$(foreach e,js cjs mjs,$(wildcard web/*.$(e) \
  bindings/*/*.$(e) tests/*/*.$(e) tests/*/*/*.$(e)))))
# eslint and prettier, pinned by tests/tools/js/package-lock.json.
JS_TOOLS := tests/tools/js
JS_BIN   := $(JS_TOOLS)/node_modules/.bin
PY_TOOLS := black flake8 mypy
# The docs whose sentences make lint measures.
DOC_FILES := $(sort $(wildcard *.md docs/*.md bindings/*/README.md tests/*/README.md))

.PHONY: format lint lint-python lint-js python-tools
format: python-tools $(JS_TOOLS)/node_modules/.package-lock.json
	@command -v $(CLANG_FORMAT) >/dev/null 2>&1 || sh tests/tools/deps.sh clang-format
	$(CLANG_FORMAT) -i $(C_FILES)
	black -q $(PY_FILES)
	$(JS_BIN)/prettier --config $(JS_TOOLS)/prettier.json --write --log-level warn $(JS_FILES)

lint: lint-python lint-js | $(B)
	@command -v $(CLANG_FORMAT) >/dev/null 2>&1 || sh tests/tools/deps.sh clang-format
	@$(CLANG_FORMAT) --dry-run --Werror $(C_FILES) 2>&1 | grep -o '^[^:]*\.[ch]' | sort -u > $(B)/lint.txt || true
	@awk 'length > 100 { print FILENAME ":" FNR ": over 100 columns" }' $(C_FILES) >> $(B)/lint.txt
	@grep -Hn '#include.*sqlite3' ext/core/*.[ch] | sed 's/$$/: the core includes no SQLite header/' >> $(B)/lint.txt || true
	@grep -Hn '#include' ext/sqlite/*.[ch] | grep -v '<[a-z0-9]*\.h>\|"coins.h"\|"coins_sql.h"\|"coins_sqlite.h"' \
	  | sed 's/$$/: the SQL layer includes only the public headers and coins_sql.h/' >> $(B)/lint.txt || true
	@if [ -s $(B)/lint.txt ]; then cat $(B)/lint.txt; \
	  echo "lint: fix the lines above (make format formats)"; exit 1; fi
	@$(PYTHON) tests/tools/variant_sites.py
	@$(PYTHON) tests/tools/sentences.py $(DOC_FILES)
	@echo "lint: $(words $(C_FILES)) C files formatted, no line over 100 columns, no include across the seam"

# Debian's black, flake8 and mypy (settings: pyproject.toml and .flake8).
python-tools:
	@for t in $(PY_TOOLS); do command -v $$t >/dev/null 2>&1 || missing=1; done; \
	  [ -z "$$missing" ] || sh tests/tools/deps.sh $(PY_TOOLS)

lint-python: python-tools | $(B)
	@black --check -q $(PY_FILES) || { black --check $(PY_FILES) 2>&1 | grep '^would reformat'; \
	  echo "lint: black would reformat the files above (make format formats)"; exit 1; }
	@flake8 $(PY_FILES)
	@mypy --config-file pyproject.toml --cache-dir $(B)/mypy --no-error-summary
	@echo "lint: $(words $(PY_FILES)) Python files formatted (black), flake8 clean, sqlite_coins typed (mypy)"

$(JS_TOOLS)/node_modules/.package-lock.json: $(JS_TOOLS)/package-lock.json
	cd $(JS_TOOLS) && npm ci --no-audit --no-fund --loglevel=error

lint-js: $(JS_TOOLS)/node_modules/.package-lock.json
	@$(JS_BIN)/eslint --config $(JS_TOOLS)/eslint.config.mjs $(JS_FILES)
	@$(JS_BIN)/prettier --config $(JS_TOOLS)/prettier.json --check --log-level warn $(JS_FILES) \
	  || { echo "lint: prettier would reformat the files above (make format formats)"; exit 1; }
	@echo "lint: $(words $(JS_FILES)) JavaScript files clean (eslint) and formatted (prettier)"

# ------------------------------------------------------------------ fuzzing
# make fuzz [FUZZ_SECONDS=60]: the libFuzzer harnesses of tests/fuzz (clang,
# -fsanitize=fuzzer,address,undefined), built into $(B)/fuzz/: fuzz_parse
# (the core's parsers on raw bytes), fuzz_scan (the row scanners against
# the general parser, the bytes moved across the SIMD blocks), fuzz_sql
# (every SQL function through an in-memory database) and fuzz_diff (the
# core against tests/unit/reference.c).
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
	  || sh tests/tools/deps.sh clang libclang-rt-14-dev
	@rm -f $(B)/fuzz-probe $(B)/fuzz-probe.c

fuzz-build: fuzz-deps $(FUZZ_BINS)
$(FUZZ_BINS): | fuzz-deps

$(B)/fuzz/fuzz_parse: tests/fuzz/fuzz_parse.c tests/fuzz/fuzz_check.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_parse.c $(CORE_SRC)

$(B)/fuzz/fuzz_scan: tests/fuzz/fuzz_scan.c tests/fuzz/fuzz_check.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -Iext/core $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_scan.c $(CORE_SRC)

$(B)/fuzz/fuzz_diff: tests/fuzz/fuzz_diff.c $(UNIT)/reference.c $(UNIT)/reference.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -I$(UNIT) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_diff.c \
	  $(UNIT)/reference.c $(CORE_SRC)

$(B)/fuzz/fuzz_sql: tests/fuzz/fuzz_sql.c $(CORE_SRC) $(SQL_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) -DSQLITE_CORE $(FUZZ_CFLAGS) $(FUZZ_SAN) $(WARN) -o $@ tests/fuzz/fuzz_sql.c $(CORE_SRC) $(SQL_SRC) -lsqlite3

# fuzz_scan without libFuzzer (tests/fuzz/replay.c), built with $(CC): it
# replays the files or folders it is given, e.g. cross-built, under qemu.
$(B)/replay/fuzz_scan: tests/fuzz/replay.c tests/fuzz/fuzz_scan.c tests/fuzz/fuzz_check.h $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Iext/core $(CFLAGS) $(WARN) -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_scan.c \
	  $(CORE_OBJ)

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

# ------------------------------------------------------------ fragments
# Each fragment's header lists its targets (make help prints them):
# the WebAssembly build, the playground, the packages, and every test
# group with a fragment of its own (tests/NAME/NAME.mk: SQLite 3.53 beside
# the system's, the fan-out on Dask, and those added later).
include bindings/wasm/wasm.mk
include web/web.mk
include packaging/packaging.mk
include $(sort $(wildcard tests/*/*.mk))
