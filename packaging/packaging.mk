# packaging/packaging.mk -- coins the way extension users install it
# (included by the Makefile; docs/install.md says how each is used):
#
#   make python         build/dist: the sdist and two wheels (py3-none-manylinux2014_x86_64,
#                       and _aarch64, cross-built) of sqlite-coins, all passed by twine check
#   make npm            build/dist: sqlite-coins, sqlite-coins-linux-x64, sqlite-coins-linux-arm64,
#                       sqlite-coins-win32-x64 (.tgz)
#   make deb            build/dist: libsqlite3-mod-coins and libsqlite3-mod-coins-dev (.deb), amd64
#                       and arm64
#   make archives       build/dist: coins-VERSION-linux-x86_64.tar.gz, coins-VERSION-linux-aarch64.tar.gz,
#                       coins-VERSION-windows-x86_64.zip, coins-VERSION-windows-x86.zip,
#                       coins-VERSION.tar.gz (the sources)
#   make dist           all of these, afresh, with sqlpkg.json and SHA256SUMS
#   make sqlpkg.json    the repository's own sqlpkg.json (sqlpkg reads it at the root): the
#                       archives of this version's GitHub release; run it when the version changes
#   make test-channels  make dist, then each channel tested as a user meets it (tests/packaging/)
#
# The version is COINS_VERSION in include/coins.h (the Makefile reads it):
# every package's metadata and every file name is made from it here.
# SQLPKG_ASSETS: where sqlpkg.json says the archives are (a release URL;
# "." by default: sqlpkg install ./sqlpkg.json in build/dist).
DIST ?= $(B)/dist
PKG  ?= $(B)/pkg
SQLPKG_ASSETS ?= .
PACKAGING_DEPS := python3-setuptools python3-wheel python3-pip python3-venv python3-pytest \
                  python3-apsw sqlite-utils dpkg-dev lintian binutils gcc-mingw-w64-x86-64 twine \
                  gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu gcc-mingw-w64-i686

.PHONY: dist python npm deb archives test-channels packaging-deps

# The spec at the root is written by the script that writes the one in
# $(DIST), from the same list of archives (tests/packaging/archives.sh
# compares it with the script's output and with make dist's archives).
sqlpkg.json: include/coins.h packaging/archives.py
	$(PYTHON) packaging/archives.py root $(COINS_VERSION)

# The packages hold the host's build under Linux x86-64 names (and the
# cross-builds under Linux arm64, Windows x64 and x86 ones): built elsewhere
# they would hold the wrong binary.
packaging-deps:
	@[ "$$(uname -sm)" = "Linux x86_64" ] || \
	  { echo "packaging: builds the Linux x86-64 packages, on Linux x86-64 only (this is $$(uname -sm))"; exit 1; }
	@sh tests/tools/deps.sh $(PACKAGING_DEPS)

# Stripped copies of the libraries for the npm packages and the archives.
$(PKG)/coins.so: $(EXT)
	@mkdir -p $(@D)
	strip --strip-unneeded -o $@ $(EXT)
$(PKG)/libcoins.a: $(B)/libcoins.a
	@mkdir -p $(@D)
	strip --strip-debug --enable-deterministic-archives -o $@ $(B)/libcoins.a
# The DLLs, read back first as PE32+ (x64) and PE32 (x86, $(B)/win32/coins.dll
# of tests/platforms/platforms.mk), importing KERNEL32.dll and msvcrt.dll alone.
$(PKG)/coins.dll: $(B)/coins.dll
	@mkdir -p $(@D)
	sh tests/platforms/dll-check.sh $< pe32+ $(MINGW)objdump
	$(MINGW)strip --strip-unneeded -o $@ $<
$(PKG)/win32/coins.dll: $(B)/win32/coins.dll
	@mkdir -p $(@D)
	sh tests/platforms/dll-check.sh $< pe32 $(MINGW32)objdump
	$(MINGW32)strip --strip-unneeded -o $@ $<

# Linux arm64, cross-built (aarch64-linux-gnu-gcc) in $(B)/arm64, and read
# back as ELF64 AArch64 before it goes into any package.
A64_CROSS := aarch64-linux-gnu-
$(B)/arm64/coins.so $(B)/arm64/libcoins.a: $(CORE_SRC) $(SQL_SRC) $(HEADERS)
	@$(MAKE) --no-print-directory B=$(B)/arm64 CC=$(A64_CROSS)gcc AR=$(A64_CROSS)ar \
	  $(B)/arm64/coins.so $(B)/arm64/libcoins.a
$(PKG)/arm64/coins.so: $(B)/arm64/coins.so
	@mkdir -p $(@D)
	sh tests/platforms/elf-check.sh aarch64 $<
	$(A64_CROSS)strip --strip-unneeded -o $@ $<
$(PKG)/arm64/libcoins.a: $(B)/arm64/libcoins.a
	@mkdir -p $(@D)
	$(A64_CROSS)strip --strip-debug --enable-deterministic-archives -o $@ $<

# The wheels: pip builds each from the sdist, as a user's pip would. The
# arm64 one with the cross compiler; _PYTHON_HOST_PLATFORM names its
# platform (linux_aarch64, manylinux2014_aarch64 once setup.py has read the
# library with OBJDUMP and found nothing past glibc 2.17, or it fails).
SDIST_FILE = $(DIST)/sqlite[-_]coins-$(COINS_VERSION).tar.gz
PIP_WHEEL  = $(PYTHON) -m pip wheel -q --disable-pip-version-check --no-cache-dir \
  --no-build-isolation --no-index --no-deps -w $(DIST) $(SDIST_FILE)
A64_WHEEL_ENV = CC=$(A64_CROSS)gcc LDSHARED="$(A64_CROSS)gcc -shared" \
  _PYTHON_HOST_PLATFORM=linux-aarch64 OBJDUMP=$(A64_CROSS)objdump

python: packaging-deps
	@mkdir -p $(DIST) $(PKG)
	@rm -f $(DIST)/sqlite[-_]coins-*.tar.gz $(DIST)/sqlite_coins-*.whl
	$(PYTHON) -c 'from setuptools import build_meta as b; b.build_sdist("$(DIST)")' > $(PKG)/sdist.log 2>&1 \
	  || { cat $(PKG)/sdist.log; exit 1; }
	$(PIP_WHEEL)
	$(A64_WHEEL_ENV) $(PIP_WHEEL)
	@ls $(SDIST_FILE) $(DIST)/sqlite_coins-$(COINS_VERSION)-py3-none-manylinux2014_x86_64.whl \
	  $(DIST)/sqlite_coins-$(COINS_VERSION)-py3-none-manylinux2014_aarch64.whl
	twine check --strict $(SDIST_FILE) \
	  $(DIST)/sqlite_coins-$(COINS_VERSION)-*.whl

npm: packaging-deps $(PKG)/coins.so $(PKG)/arm64/coins.so $(PKG)/coins.dll
	@rm -f $(DIST)/sqlite-coins-*.tgz
	$(PYTHON) packaging/npm.py $(COINS_VERSION) $(PKG)/npm $(DIST) \
	  linux-x64=$(PKG)/coins.so linux-arm64=$(PKG)/arm64/coins.so win32-x64=$(PKG)/coins.dll

deb: packaging-deps
	@rm -f $(DIST)/libsqlite3-mod-coins*.deb
	@MAKE="$(MAKE)" sh packaging/deb.sh $(COINS_VERSION) $(DIST) $(PKG)
	@sh tests/platforms/arm64-deps.sh $(B)/arm64 # libc6:arm64, for dpkg-shlibdeps
	@DEB_ARCH=arm64 MAKE="$(MAKE)" sh packaging/deb.sh $(COINS_VERSION) $(DIST) $(PKG)/arm64
	lintian --fail-on error --pedantic $(DIST)/libsqlite3-mod-coins*_arm64.deb

archives: packaging-deps $(PKG)/coins.so $(PKG)/libcoins.a $(PKG)/coins.dll \
    $(PKG)/arm64/coins.so $(PKG)/arm64/libcoins.a $(PKG)/win32/coins.dll
	$(PYTHON) packaging/archives.py binaries $(COINS_VERSION) $(DIST) \
	  $(PKG)/coins.so $(PKG)/libcoins.a $(PKG)/coins.dll $(PKG)/arm64/coins.so \
	  $(PKG)/arm64/libcoins.a $(PKG)/win32/coins.dll
	$(PYTHON) packaging/archives.py source $(COINS_VERSION) $(DIST)

dist: packaging-deps $(EXT)
	rm -rf $(DIST)
	@$(MAKE) --no-print-directory python
	@$(MAKE) --no-print-directory npm
	@$(MAKE) --no-print-directory deb
	@$(MAKE) --no-print-directory archives
	$(PYTHON) packaging/archives.py describe $(COINS_VERSION) $(DIST) $(EXT) $(SQLPKG_ASSETS)

# Engines for the npm test: libsql and TypeScript, lock-filed and cached
# like tests/clients/node (whose better-sqlite3 12 the test uses too).
tests/packaging/node/node_modules/.package-lock.json: tests/packaging/node/package-lock.json
	cd tests/packaging/node && npm ci --no-audit --no-fund --loglevel=error

# Every channel, even when one fails; then a line per channel script.
test-channels: dist tests/clients/node/node_modules/.package-lock.json \
               tests/packaging/node/node_modules/.package-lock.json
	@passed=0; failed=0; \
	for t in python npm deb archives; do \
	  echo "== channel $$t (tests/packaging/$$t.sh)"; \
	  if sh tests/packaging/$$t.sh $(COINS_VERSION) $(DIST); then passed=$$((passed + 1)); \
	  else failed=$$((failed + 1)); fi; \
	done; \
	echo "channels: $$passed passed, $$failed failed"; [ $$failed -eq 0 ]
