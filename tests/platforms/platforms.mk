# tests/platforms/platforms.mk -- coins built for, and run on, platforms
# other than the host's x86-64 glibc Linux (the Makefile includes this):
#
#   make test-arm64   Linux arm64: cross-built with aarch64-linux-gnu-gcc,
#                     run under qemu-aarch64 against Debian's arm64 SQLite
#                     (multiarch): the C unit, scanner and differential
#                     tests, the golden files and the bad-input catalogue
#   make test-dll     (the Makefile's) also runs the golden files and the
#                     catalogue through build/coins.dll in a Windows
#                     sqlite3 shell under wine (test-wine), and the same
#                     through the 32-bit build/win32/coins.dll in a 32-bit
#                     shell under wine32 (test-dll32), checking each DLL's
#                     width, exports and imports
#   make test-musl    musl libc: coins and a sqlite3 shell built with
#                     musl-gcc, the golden files and the catalogue
#   make test-npm-arm64  make npm's packages on arm64: sqlite-coins picks
#                     sqlite-coins-linux-arm64 and loads it under qemu
#   make test-wheel-arm64  make python's arm64 wheel: tag, glibc symbols,
#                     twine; installed by pip in an arm64 Python under qemu,
#                     the same answers as the x86-64 build
#
# The shells for Windows and musl are SQLite 3.40.0's, from the pinned
# tarball of tests/versions/sqlite-3.40.0.pin: tests/golden/*.out is the
# output of a 3.40 shell, and a newer shell prints some things otherwise.
.PHONY: test-arm64 test-wine test-dll32 test-musl

# ---------------------------------------------------------------- arm64
A64_B     := $(B)/arm64
A64_CC    ?= aarch64-linux-gnu-gcc
A64_RUN   ?= qemu-aarch64
# The scanner modes the scanner and differential tests run in (COINS_SIMD;
# "default" leaves it unset: the fastest scanner the CPU has, on arm64 the
# NEON one, scan_neon.c; 0 the portable one).
A64_SIMD_MODES ?= default 0
# Every C unit test of the Makefile (UNIT_CORE, UNIT_SQL) but two that
# time themselves by the clock, which qemu's pace would fail: test_interrupt
# (CPU-time bounds; it also loads build/coins.so) and test_limits (wall-clock).
A64_TESTS := $(filter-out test_interrupt test_limits,$(UNIT_CORE) $(UNIT_SQL))
A64_SIMD_TESTS := test_scan test_diff

# each mode of A64_SIMD_MODES in turn: $(call a64_modes,COMMAND)
a64_modes = for m in $(A64_SIMD_MODES); do \
  if [ $$m = default ]; then set -- env -u COINS_SIMD; else set -- env COINS_SIMD=$$m; fi; \
  echo "== COINS_SIMD=$$m"; $(1) || exit 1; done

test-arm64:
	@sh tests/platforms/arm64-deps.sh $(A64_B)
	@$(MAKE) --no-print-directory B=$(A64_B) CC=$(A64_CC) AR=aarch64-linux-gnu-ar \
	  $(A64_TESTS:%=$(A64_B)/%) $(A64_B)/coins.so $(A64_B)/replay/fuzz_scan
	sh tests/platforms/elf-check.sh aarch64 $(A64_B)/coins.so $(A64_TESTS:%=$(A64_B)/%)
	@$(call a64_modes,"$$@" $(A64_RUN) $(A64_B)/replay/fuzz_scan tests/fuzz/corpus/fuzz_scan)
	for t in $(filter-out $(A64_SIMD_TESTS),$(A64_TESTS)); do \
	  sh tests/tools/run_limited.sh 300 $(A64_RUN) $(A64_B)/$$t || exit 1; done
	@$(call a64_modes,"$$@" sh tests/tools/run_limited.sh 600 $(A64_RUN) $(A64_B)/test_scan)
	@$(call a64_modes,"$$@" sh tests/tools/run_limited.sh 600 $(A64_RUN) $(A64_B)/test_diff)
	sh tests/golden/golden.sh $(A64_B)/coins.so "$(A64_RUN) $(A64_B)/sqlite3"
	@$(call a64_modes,"$$@" $(PYTHON) tests/catalogue/bad_inputs.py --shell "$(A64_RUN) $(A64_B)/sqlite3" \
	  $(A64_B)/coins.so tests/catalogue/bad_inputs.tsv)

# -------------------------------------------------------------- Windows
# A Windows sqlite3 shell, built with MinGW from SQLite 3.40.0, runs the
# golden files and the catalogue with coins.dll loaded, under wine; both
# are read first: the width wanted, imports KERNEL32 and msvcrt alone.
# 64 bits: build/coins.dll in Debian's wine64.  32 bits: build/win32/coins.dll
# in wine32, Debian's i386 package (deps.sh adds the i386 architecture),
# with a 32-bit wine prefix of its own (WINEARCH=win32).
# tests/platforms/wine-run.sh joins the shell's output and errors and
# turns CR LF into LF.
WIN_B      := $(B)/windows
WIN32_B    := $(B)/windows32
WIN_SQLITE := $(B)/sqlite-3.40.0/src
WINE_RUN   := sh tests/platforms/wine-run.sh
SHELL_DEFS := -DSQLITE_ENABLE_LOAD_EXTENSION -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_ENABLE_COLUMN_METADATA -DSQLITE_ENABLE_DBSTAT_VTAB
# -Wno-type-limits: on 32 bits, ext/core/scan.h's check that a length
# fits is always true.
MINGW32 ?= i686-w64-mingw32-

# $(call win_shell,MINGW-PREFIX,DEBIAN-PACKAGE): the recipe of a sqlite3.exe
define win_shell
@command -v $(1)gcc >/dev/null 2>&1 || sh tests/tools/deps.sh $(2)
@mkdir -p $(@D)
$(1)gcc -O1 $(SHELL_DEFS) -o $@ $(WIN_SQLITE)/shell.c $(WIN_SQLITE)/sqlite3.c
endef

$(WIN_B)/sqlite3.exe: $(WIN_SQLITE)/sqlite3.c
	$(call win_shell,$(MINGW),gcc-mingw-w64-x86-64)
$(WIN32_B)/sqlite3.exe: $(WIN_SQLITE)/sqlite3.c
	$(call win_shell,$(MINGW32),gcc-mingw-w64-i686)

$(B)/win32/coins.dll: $(CORE_SRC) $(SQL_SRC) $(HEADERS) $(B)/coins.dll
	@command -v $(MINGW32)gcc >/dev/null 2>&1 || sh tests/tools/deps.sh gcc-mingw-w64-i686
	@mkdir -p $(@D)
	$(MINGW32)gcc -Iinclude -I$(B)/mingw-include -D__USE_MINGW_ANSI_STDIO=1 \
	  $(CFLAGS) $(WARN) -Wno-type-limits -shared -static-libgcc -o $@ $(CORE_SRC) $(SQL_SRC)

# $(call wine_tests,DLL,SHELL,pe32|pe32+,OBJDUMP,WINE-ENV): the recipe
# that reads DLL and SHELL, then runs the golden files and the catalogue
# (test-dll of the Makefile runs dll.sh on the 64-bit DLL)
define wine_tests
sh tests/platforms/dll-check.sh $(1) $(3) $(4)
sh tests/platforms/dll-check.sh $(2) $(3) $(4)
$(5) sh tests/golden/golden.sh $(1) "$(WINE_RUN) $(2)"
$(5) $(PYTHON) tests/catalogue/bad_inputs.py --shell "$(WINE_RUN) $(2)" $(1) tests/catalogue/bad_inputs.tsv
endef

test-dll: test-wine test-dll32

test-wine: $(B)/coins.dll $(WIN_B)/sqlite3.exe
	@sh tests/tools/deps.sh wine wine64
	$(call wine_tests,$(B)/coins.dll,$(WIN_B)/sqlite3.exe,pe32+,$(MINGW)objdump,\
	  WINEPREFIX=$(abspath $(B))/wine)

test-dll32: $(B)/win32/coins.dll $(WIN32_B)/sqlite3.exe
	@sh tests/tools/deps.sh wine32:i386
	@sh tests/packaging/dll.sh $(B)/win32/coins.dll $(MINGW32)objdump
	$(call wine_tests,$(B)/win32/coins.dll,$(WIN32_B)/sqlite3.exe,pe32,$(MINGW32)objdump,\
	  WINEARCH=win32 WINEPREFIX=$(abspath $(B))/wine32)

# ----------------------------------------------------------------- musl
# coins and a sqlite3 shell (SQLite 3.40.0) built with musl-gcc
# (musl-tools): the golden files and the catalogue with the musl build,
# then the golden files with the glibc build ($(EXT)) in the musl shell,
# which is what an Alpine user of the Linux x86-64 archive meets; that
# build must need no fortified (_chk) symbol and nothing past glibc 2.17.
MUSL_B  := $(B)/musl
MUSL_CC ?= musl-gcc

$(MUSL_B)/sqlite3: $(WIN_SQLITE)/sqlite3.c
	@command -v $(MUSL_CC) >/dev/null 2>&1 || sh tests/tools/deps.sh musl-tools
	@mkdir -p $(@D)
	$(MUSL_CC) -O1 $(SHELL_DEFS) -DSQLITE_OMIT_READLINE -o $@ $(WIN_SQLITE)/shell.c \
	  $(WIN_SQLITE)/sqlite3.c -lm -lpthread -ldl

# musl-gcc sees no /usr/include: SQLite's headers come from the pinned tree.
$(MUSL_B)/coins.so: $(CORE_SRC) $(SQL_SRC) $(HEADERS) $(WIN_SQLITE)/sqlite3.c
	@command -v $(MUSL_CC) >/dev/null 2>&1 || sh tests/tools/deps.sh musl-tools
	@mkdir -p $(@D)
	$(MUSL_CC) -Iinclude -I$(WIN_SQLITE) $(CFLAGS) $(WARN) -fPIC -fvisibility=hidden -shared \
	  -o $@ $(CORE_SRC) $(SQL_SRC)

test-musl: $(MUSL_B)/coins.so $(MUSL_B)/sqlite3 $(EXT)
	sh tests/golden/golden.sh $(MUSL_B)/coins.so $(MUSL_B)/sqlite3
	$(PYTHON) tests/catalogue/bad_inputs.py --shell $(MUSL_B)/sqlite3 $(MUSL_B)/coins.so tests/catalogue/bad_inputs.tsv
	sh tests/platforms/glibc-symbols.sh $(EXT) 2.17
	sh tests/golden/golden.sh $(EXT) $(MUSL_B)/sqlite3

# ------------------------------------------------------------ npm arm64
# make npm's packages on arm64: sqlite-coins chooses sqlite-coins-linux-arm64
# and loads it from an arm64 Node under qemu (tests/platforms/npm-arm64.sh).
.PHONY: test-npm-arm64
tests/platforms/npm/node_modules/.package-lock.json: tests/platforms/npm/package-lock.json
	cd tests/platforms/npm && npm ci --force --ignore-scripts --no-audit --no-fund --loglevel=error

test-npm-arm64: npm tests/platforms/npm/node_modules/.package-lock.json
	@sh tests/platforms/arm64-deps.sh $(A64_B)
	sh tests/platforms/npm-arm64.sh $(COINS_VERSION) $(DIST)

# ---------------------------------------------------------- wheel arm64
# make python's arm64 wheel: its tag, its library (ELF64 AArch64, glibc
# 2.17), twine; then installed by pip in Debian's arm64 Python under qemu,
# which answers games as the x86-64 build does (tests/platforms/wheel-arm64.sh).
.PHONY: test-wheel-arm64
test-wheel-arm64: python $(EXT)
	@sh tests/platforms/arm64-deps.sh $(A64_B) python
	sh tests/platforms/wheel-arm64.sh $(COINS_VERSION) $(DIST) $(EXT)
