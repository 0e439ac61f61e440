# web/web.mk -- coins in the browser (the Makefile includes this fragment;
# docs/browser.md says more):
#
#   make wasm       build/wasm/coins-sqlite.js + .wasm: SQLite (the pinned
#                   amalgamation of wasm/sqlite.pin) with coins compiled in,
#                   built with Debian's emscripten; for pages and Node
#   make web        build/web/: the playground, static files (serve them:
#                   python3 -m http.server -d build/web)
#   make test-svg   coins_svg on 600 random games, every picture parsed as
#                   XML and read back against the native build; and
#                   docs/game.svg up to date (make docs-svg draws it)
#   make test-wasm  the WASM build against the native build in Node: a few
#                   hundred random games, the documentation's examples
#   make test-web   test-svg, test-wasm, then the playground in headless
#                   Chromium (puppeteer-core): a query from the URL, games
#                   played by clicking, screenshots in build/web-test/
#   make web-screenshot  copies the board's screenshot to docs/playground.png
#
# The packages (emscripten, chromium) come through tests/deps.sh, which
# installs them when run as root; the SQLite tarball and puppeteer-core
# come from the npm registry (npm's cache makes the second time offline).

wasm_comma := ,
wasm_space := $(subst ,, )
WASM_B := $(B)/wasm
WEB_B  := $(B)/web
EMCC   ?= emcc
# Debian's emcc runs its JavaScript tools (acorn) with node and finds them
# in /usr/share/nodejs, where a node not built by Debian does not look.
EMCC_RUN := NODE_PATH=/usr/share/nodejs $(EMCC)
WASM_OPT ?= -Oz
# SQLite for a page: no threads, no files (wasm/coins_wasm.c is the OS
# layer), no loading of extensions; coins registered by SQLITE_EXTRA_INIT.
# A string or BLOB (and an SQL text) is at most 64 MiB, not 10^9 bytes, so
# that one value cannot take the heap (1 GiB at most, WASM_LDFLAGS).
WASM_MAX_LENGTH := 67108864
WASM_SQLITE_DEFS := -DSQLITE_OS_OTHER=1 -DSQLITE_EXTRA_INIT=coins_wasm_init \
  -DSQLITE_THREADSAFE=0 -DSQLITE_TEMP_STORE=3 -DSQLITE_OMIT_LOAD_EXTENSION \
  -DSQLITE_OMIT_SHARED_CACHE -DSQLITE_OMIT_DEPRECATED -DSQLITE_OMIT_UTF16 \
  -DSQLITE_OMIT_WAL -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_MAX_LENGTH=$(WASM_MAX_LENGTH) -DSQLITE_MAX_SQL_LENGTH=$(WASM_MAX_LENGTH)
WASM_EXPORTS := _malloc _free _sqlite3_libversion _sqlite3_open_v2 _sqlite3_close_v2 \
  _sqlite3_errmsg _sqlite3_extended_errcode _sqlite3_prepare_v2 _sqlite3_step \
  _sqlite3_finalize _sqlite3_bind_parameter_count _sqlite3_bind_parameter_name \
  _sqlite3_bind_null _sqlite3_bind_int64 _sqlite3_bind_double _sqlite3_bind_text \
  _sqlite3_bind_blob _sqlite3_column_count _sqlite3_column_name _sqlite3_column_type \
  _sqlite3_column_int64 _sqlite3_column_double _sqlite3_column_text _sqlite3_column_blob \
  _sqlite3_column_bytes _coins_wasm_deadline
WASM_LDFLAGS := -sMODULARIZE=1 -sEXPORT_NAME=CoinsSQLiteModule -sWASM_BIGINT=1 \
  -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16777216 \
  -sMAXIMUM_MEMORY=1073741824 -sENVIRONMENT=web,worker,node \
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 \
  -sINCOMING_MODULE_JS_API=wasmBinary,print,printErr \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString \
  -sEXPORTED_FUNCTIONS=$(subst $(wasm_space),$(wasm_comma),$(strip $(WASM_EXPORTS)))
WASM_OBJ := $(CORE_SRC:ext/%.c=$(WASM_B)/obj/%.o) $(SQL_SRC:ext/%.c=$(WASM_B)/obj/%.o) \
  $(WASM_B)/obj/coins_wasm.o
WASM_OUT := $(WASM_B)/coins-sqlite.js

.PHONY: wasm web test-svg test-wasm test-web web-deps web-screenshot docs-svg

wasm: $(WASM_OUT)
	@echo "wasm: $(WASM_OUT) and $(WASM_B)/coins-sqlite.wasm" \
	  "($$(wc -c < $(WASM_B)/coins-sqlite.wasm) bytes)"

# emcc from Debian's emscripten package (tests/deps.sh installs it as root).
$(WASM_B)/.emcc:
	@mkdir -p $(@D)
	@command -v $(EMCC) >/dev/null 2>&1 || sh tests/deps.sh emscripten
	@$(EMCC_RUN) --version | head -n 1 > $@

$(WASM_B)/sqlite/sqlite3.c: wasm/sqlite.pin wasm/sqlite.sha256 wasm/fetch-sqlite.sh
	@mkdir -p $(WASM_B)
	sh wasm/fetch-sqlite.sh $(WASM_B)/sqlite

# Each step's flags, in a file that changes only when they do: a change of
# flags rebuilds what they make, and nothing else does.
wasm_flags = @mkdir -p $(@D); printf '%s\n' '$(strip $(1))' | cmp -s - $@ \
  || printf '%s\n' '$(strip $(1))' > $@
.PHONY: wasm-flags
$(WASM_B)/sqlite3.flags: wasm-flags
	$(call wasm_flags,$(WASM_OPT) $(WASM_SQLITE_DEFS))
$(WASM_B)/cc.flags: wasm-flags
	$(call wasm_flags,$(WASM_OPT) $(WARN) $(CPPFLAGS))
$(WASM_B)/link.flags: wasm-flags
	$(call wasm_flags,$(WASM_OPT) $(WASM_LDFLAGS))

# The amalgamation: the slow step (about half a minute), done once.
$(WASM_B)/sqlite3.o: $(WASM_B)/sqlite/sqlite3.c $(WASM_B)/sqlite3.flags | $(WASM_B)/.emcc
	$(EMCC_RUN) $(WASM_OPT) $(WASM_SQLITE_DEFS) -c $< -o $@

$(WASM_B)/obj/%.o: ext/%.c $(HEADERS) $(WASM_B)/sqlite/sqlite3.c $(WASM_B)/cc.flags \
    | $(WASM_B)/.emcc
	@mkdir -p $(@D)
	$(EMCC_RUN) $(WASM_OPT) $(WARN) -DSQLITE_CORE $(CPPFLAGS) -I$(WASM_B)/sqlite -c $< -o $@

$(WASM_B)/obj/coins_wasm.o: wasm/coins_wasm.c include/coins_sqlite.h $(WASM_B)/sqlite/sqlite3.c \
    $(WASM_B)/cc.flags | $(WASM_B)/.emcc
	@mkdir -p $(@D)
	$(EMCC_RUN) $(WASM_OPT) $(WARN) $(CPPFLAGS) -I$(WASM_B)/sqlite -c $< -o $@

# Linking runs binaryen's optimiser over the whole module: about 25 s.
$(WASM_OUT): $(WASM_B)/sqlite3.o $(WASM_OBJ) wasm/api.js $(WASM_B)/link.flags
	$(EMCC_RUN) $(WASM_OPT) $(WASM_LDFLAGS) --extern-post-js wasm/api.js \
	  -o $@ $(WASM_B)/sqlite3.o $(WASM_OBJ)

# ------------------------------------------------------------ the playground
WEB_SRC := web/index.html web/style.css web/app.js
WEB_DOCS := README.md docs/reference.md sql/demo_db.sql

web: $(WEB_B)/index.html
	@echo "web: open build/web/ through a server: python3 -m http.server -d $(WEB_B) 8000"

$(WEB_B)/index.html: $(WEB_SRC) $(WEB_DOCS) web/examples.py $(WASM_OUT)
	@mkdir -p $(WEB_B)
	cp web/style.css web/app.js $(WASM_OUT) $(WASM_B)/coins-sqlite.wasm $(WEB_B)/
	$(PYTHON) web/examples.py $(WEB_DOCS) > $(WEB_B)/examples.js
	cp web/index.html $@

# ------------------------------------------------------------------- tests
# docs/game.svg, the picture of a game the README shows: make docs-svg
# draws it again; make test-svg checks that it is what coins_svg draws.
GAME_SVG_SQL := SELECT coins_svg(3, '[8,15,3,7,12,4,9,1]', 'RRLLLLLL')

docs-svg: $(EXT)
	$(SQLITE3) :memory: -cmd '.load $(basename $(EXT))' "$(GAME_SVG_SQL)" > docs/game.svg

test-svg: $(EXT)
	$(PYTHON) tests/browser/svg_check.py $(EXT)
	@$(SQLITE3) :memory: -cmd '.load $(basename $(EXT))' "$(GAME_SVG_SQL)" | cmp -s - docs/game.svg \
	  || { echo "test-svg: docs/game.svg is not what coins_svg draws: make docs-svg"; exit 1; }

# puppeteer-core, pinned by tests/browser/package-lock.json (no browser is
# downloaded: the tests drive Debian's chromium).
tests/browser/node_modules/.package-lock.json: tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error

web-deps: tests/browser/node_modules/.package-lock.json
	@command -v chromium >/dev/null 2>&1 || sh tests/deps.sh chromium

test-wasm: $(WASM_OUT) $(EXT)
	COINS_EXT=$(EXT) COINS_WASM=$(WASM_OUT) node tests/browser/wasm_vs_native.js

test-web: test-svg test-wasm web web-deps
	COINS_EXT=$(EXT) COINS_WEB=$(WEB_B) COINS_SHOTS=$(B)/web-test node tests/browser/browser.js

web-screenshot:
	cp $(B)/web-test/board.png docs/playground.png
