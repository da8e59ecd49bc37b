# codelake: `make run` indexes this repository end to end; `make test` runs the suite; `make bench` measures.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.codelake-installed
LAKE   ?= data/lake

# Prefect: a local temporary API server per process, no telemetry, generous start-up on a loaded 2-core machine.
export PREFECT_HOME ?= $(CURDIR)/.prefect
export PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS ?= 90
export PREFECT_SERVER_ANALYTICS_ENABLED ?= false
export DO_NOT_TRACK ?= 1

.PHONY: setup run test bench clean

# The editable install leaves the project's own modules uncompiled (pip compiles only what it copies), and a
# machine with PYTHONDONTWRITEBYTECODE would recompile them in every cold command: byte-compile them here.
setup: $(STAMP)
	@$(BIN)/python -m compileall -q pipeline extractors flows > /dev/null

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
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

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python -m tests.bench.run

clean:
	rm -rf $(VENV) .prefect data/lake
