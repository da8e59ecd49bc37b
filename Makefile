# codelake: `make run` indexes this repository end to end; `make test` runs the suite; `make bench` measures.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.codelake-installed
LAKE   ?= data/lake
# pyproject.toml gives ranges; constraints.txt pins the exact set CI and make test with.
EXTRAS ?= test,report,dask
PIP_INSTALL := $(BIN)/python -m pip install -q -c constraints.txt

# Prefect: a local temporary API server per process, no telemetry, generous start-up on a loaded 2-core machine.
export PREFECT_HOME ?= $(CURDIR)/.prefect
export PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS ?= 90
export PREFECT_SERVER_ANALYTICS_ENABLED ?= false
export DO_NOT_TRACK ?= 1

.PHONY: setup run test test-pythons bench browser constraints clean

# The editable install leaves the project's own modules uncompiled (pip compiles only what it copies), and a
# machine with PYTHONDONTWRITEBYTECODE would recompile them in every cold command: byte-compile them here.
setup: $(STAMP)
	@$(BIN)/python -m compileall -q pipeline extractors flows > /dev/null

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) --upgrade pip
	$(PIP_INSTALL) -e '.[$(EXTRAS)]'
	touch $(STAMP)

run: setup
	$(BIN)/python -m flows.index_repo . --lake $(LAKE)
	$(BIN)/codelake status --lake $(LAKE)
	$(BIN)/codelake blast-radius pipeline/lake.py --depth 3 --lake $(LAKE) --limit 15
	$(BIN)/codelake dead-code --lake $(LAKE) --summary
	@echo "== what an agent sees at session start (codelake digest):"
	@$(BIN)/codelake digest --lake $(LAKE)
	@echo "== and before it reads pipeline/lake.py (codelake snippet):"
	@$(BIN)/codelake snippet pipeline/lake.py --lake $(LAKE)

# The report test opens the HTML in Debian's Chromium (a browser that downloads itself cannot run here).
browser:
	@command -v chromium > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null; }

# The suite on one worker per core, at most four (pytest-xdist; TEST_WORKERS=1 runs it in one process). Work
# stealing evens the workers out: a module's fixtures are built once in each worker that runs its tests.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 4 ] && n=4; echo $$n)

test: setup browser
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

# Python 3.12 and 3.13: build the wheel, install it with the pinned set into a fresh venv per version, index a
# repository and query it (tests/smoke_install.py). CI runs it after `make test`.
PYTHONS ?= 3.12 3.13
test-pythons: setup
	$(BIN)/python tests/smoke_install.py $(PYTHONS)

bench: setup
	$(BIN)/python -m tests.bench.run

constraints: setup
	{ sed -n '1,2p' constraints.txt; $(BIN)/python -m pip list --format=freeze 2>/dev/null \
	  | grep -viE '^(codelake|pip|setuptools|wheel)=='; } > constraints.tmp && mv constraints.tmp constraints.txt

clean:
	rm -rf $(VENV) .prefect data/lake build dist
