# bindings/wasm/wasm.mk -- the WebAssembly build: SQLite with coins
# compiled in, and its JavaScript API (the Makefile includes this fragment;
# docs/browser.md says more):
#
#   make wasm       build/wasm/coins-sqlite.js + .wasm: SQLite with coins, for pages and Node
#                   SQLite is the pinned amalgamation of
#                   bindings/wasm/sqlite.pin, built with Debian's emscripten;
#                   web/ is the playground built on it
#
# emscripten comes through tests/tools/deps.sh, which installs it when run
# as root; the SQLite tarball comes from the npm registry (npm's cache
# makes the second time offline).

wasm_comma := ,
wasm_space := $(subst ,, )
WASM_DIR := bindings/wasm
WASM_B := $(B)/wasm
EMCC   ?= emcc
# Debian's emcc runs its JavaScript tools (acorn) with node and finds them
# in /usr/share/nodejs, where a node not built by Debian does not look.
EMCC_RUN := NODE_PATH=/usr/share/nodejs $(EMCC)
WASM_OPT ?= -Oz
# SQLite for a page: no threads, no files (coins_wasm.c is the OS layer), no
# loading of extensions; coins registered by SQLITE_EXTRA_INIT.
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

.PHONY: wasm

wasm: $(WASM_OUT)
	@echo "wasm: $(WASM_OUT) and $(WASM_B)/coins-sqlite.wasm" \
	  "($$(wc -c < $(WASM_B)/coins-sqlite.wasm) bytes)"

# emcc from Debian's emscripten package (tests/tools/deps.sh installs it as root).
$(WASM_B)/.emcc:
	@mkdir -p $(@D)
	@command -v $(EMCC) >/dev/null 2>&1 || sh tests/tools/deps.sh emscripten
	@$(EMCC_RUN) --version | head -n 1 > $@

$(WASM_B)/sqlite/sqlite3.c: $(addprefix $(WASM_DIR)/,sqlite.pin sqlite.sha256 fetch-sqlite.sh)
	@mkdir -p $(WASM_B)
	sh $(WASM_DIR)/fetch-sqlite.sh $(WASM_B)/sqlite

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

$(WASM_B)/obj/coins_wasm.o: $(WASM_DIR)/coins_wasm.c include/coins_sqlite.h $(WASM_B)/sqlite/sqlite3.c \
    $(WASM_B)/cc.flags | $(WASM_B)/.emcc
	@mkdir -p $(@D)
	$(EMCC_RUN) $(WASM_OPT) $(WARN) $(CPPFLAGS) -I$(WASM_B)/sqlite -c $< -o $@

# Linking runs binaryen's optimiser over the whole module: about 25 s.
$(WASM_OUT): $(WASM_B)/sqlite3.o $(WASM_OBJ) $(WASM_DIR)/api.js $(WASM_B)/link.flags
	$(EMCC_RUN) $(WASM_OPT) $(WASM_LDFLAGS) --extern-post-js $(WASM_DIR)/api.js \
	  -o $@ $(WASM_B)/sqlite3.o $(WASM_OBJ)
