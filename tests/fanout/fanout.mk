# tests/fanout/fanout.mk -- one report over many SQLite shards with
# sqlite_coins.fanout, on Dask (the Makefile includes this fragment;
# docs/scale.md says more):
#
#   make test-fanout  the fan-out tests (pytest, tests/fanout), in-process and on Dask
#                     the reports of sql/reports.sql split into map and reduce
#                     halves against one database, for 1, 7 and 32 shards,
#                     in-process and with 1 and 2 Dask workers; a worker
#                     killed mid-run; the command line, its errors and
#                     outputs; a shard under two names (hard link, bind
#                     mount), map queries that write, a schema that differs,
#                     skipped shards in the order listed on workers;
#                     sqlite_coins.dask (two reports in Dask); on dask
#                     scheduler / dask worker processes a scheduler killed
#                     and restarted (--resume), a worker stopped
#                     (--task-timeout), a grown archive; HOST:/PATH shards,
#                     partial results marked in every output
#   make bench-scale  games per second over 10^6 games in 32 shards (docs/scale.md)
#                     dealt once into $(B)/scale; in-process and on dask
#                     scheduler / dask worker processes, three reports, the
#                     DataFrame route, the costs a task, a ranged projection
#
# Both run the package from a copy of bindings/python/sqlite_coins with
# $(EXT) beside it ($(B)/fanout/py, on PYTHONPATH), so nothing is built into
# the source tree.  Dask, pandas and pytest come from Debian
# (tests/tools/deps.sh installs them when run as root, or names them);
# Debian 12 has no python3-pyarrow, so --map-format parquet is tested to
# say so.  Dask's processes listen on 127.0.0.1 only.
FANOUT_PY   := $(B)/fanout/py
FANOUT_PKG  := $(FANOUT_PY)/sqlite_coins
FANOUT_DEPS := python3-distributed python3-dask python3-pandas python3-psutil python3-pytest
FANOUT_ENV  := PYTHONPATH=$(abspath $(FANOUT_PY)) PYTHONDONTWRITEBYTECODE=1
SCALE_GAMES  ?= 1000000
SCALE_SHARDS ?= 32

.PHONY: test-fanout bench-scale fanout-deps

fanout-deps:
	@sh tests/tools/deps.sh $(FANOUT_DEPS)

FANOUT_SRC := $(wildcard bindings/python/sqlite_coins/*.py bindings/python/sqlite_coins/*/*.py)

$(FANOUT_PKG)/.staged: $(FANOUT_SRC) $(EXT)
	@rm -rf $(FANOUT_PKG) && mkdir -p $(FANOUT_PKG)
	cd bindings/python/sqlite_coins && cp --parents $(FANOUT_SRC:bindings/python/sqlite_coins/%=%) \
	  $(abspath $(FANOUT_PKG))/
	cp $(EXT) $(FANOUT_PKG)/
	@touch $@

test-fanout: fanout-deps $(FANOUT_PKG)/.staged $(B)/games.db
	$(FANOUT_ENV) COINS_GAMES_DB=$(B)/games.db \
	  $(PYTHON) -m pytest -q -p no:cacheprovider tests/fanout

bench-scale: fanout-deps $(FANOUT_PKG)/.staged
	$(FANOUT_ENV) $(PYTHON) tests/fanout/bench_scale.py --games $(SCALE_GAMES) \
	  --shards $(SCALE_SHARDS) --dir $(B)/scale
