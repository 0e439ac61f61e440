# web/web.mk -- the playground, coins in the browser (the Makefile includes
# this fragment after bindings/wasm/wasm.mk; docs/browser.md says more):
#
#   make web        build/web/: the playground, static files (puzzles.js
#                   mined from build/games.db: web/puzzles.py)
#                   serve them: python3 -m http.server -d build/web
#   make test-svg   coins_svg's pictures checked, and docs/game.svg up to date
#                   600 random games, every picture parsed as XML and read
#                   back against the native build (make docs-svg draws
#                   docs/game.svg again)
#   make docs-svg   draw docs/game.svg again
#   make test-wasm  the WASM build against the native build, in Node
#                   a few hundred random games, the documentation's examples
#   make test-web   test-svg, test-wasm, then the playground in headless Chromium
#                   with puppeteer-core: a query from the URL, games played
#                   by clicking, screenshots in build/web-test/
#   make web-screenshot  copy the board's screenshot to docs/playground.png
#
# chromium comes through tests/tools/deps.sh, which installs it when run as
# root; puppeteer-core comes from the npm registry (npm's cache makes the
# second time offline).

WEB_B  := $(B)/web

.PHONY: web test-svg test-wasm test-web web-deps web-screenshot docs-svg

# ------------------------------------------------------------ the playground
WEB_SRC := web/index.html web/style.css web/app.js
WEB_DOCS := README.md docs/reference.md sql/demo_db.sql

web: $(WEB_B)/index.html
	@echo "web: open build/web/ through a server: python3 -m http.server -d $(WEB_B) 8000"

$(WEB_B)/index.html: $(WEB_SRC) $(WEB_DOCS) web/examples.py $(WASM_OUT) $(WEB_B)/puzzles.js
	@mkdir -p $(WEB_B)
	cp web/style.css web/app.js $(WASM_OUT) $(WASM_B)/coins-sqlite.wasm $(WEB_B)/
	$(PYTHON) web/examples.py $(WEB_DOCS) > $(WEB_B)/examples.js
	cp web/index.html $@

# The puzzles, mined natively from build/games.db by the puzzles report of
# sql/reports.sql (web/puzzles.py says why at build time, not in the page).
$(WEB_B)/puzzles.js: web/puzzles.py sql/reports.sql $(B)/games.db $(EXT)
	@mkdir -p $(WEB_B)
	$(PYTHON) web/puzzles.py $(EXT) $(B)/games.db sql/reports.sql > $@.tmp
	mv $@.tmp $@

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
	@command -v chromium >/dev/null 2>&1 || sh tests/tools/deps.sh chromium

test-wasm: $(WASM_OUT) $(EXT)
	COINS_EXT=$(EXT) COINS_WASM=$(WASM_OUT) node tests/browser/wasm_vs_native.js

test-web: test-svg test-wasm web web-deps
	COINS_EXT=$(EXT) COINS_WEB=$(WEB_B) COINS_SHOTS=$(B)/web-test COINS_GAMES_DB=$(B)/games.db \
	  node tests/browser/browser.js

web-screenshot:
	cp $(B)/web-test/board.png docs/playground.png
