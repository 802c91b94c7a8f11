# Two commands on a fresh machine with only Python 3:
#   make run    set up, then start the main job
#   make test   set up, then run the whole test suite (lint and types included)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup run test lint typecheck system-deps web-deps bench lock clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip uv
	$(BIN)/uv pip sync -q --python $(BIN)/python requirements.lock
	$(BIN)/uv pip install -q --python $(BIN)/python --no-deps -e .
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/ballroom serve

system-deps:
	bash scripts/system-deps.sh

# axe-core, which the browser tests inject into every page (from the npm registry).
AXE_VERSION := 4.14.1
AXE := .cache/npm/node_modules/axe-core/axe.min.js
$(AXE):
	npm install --prefix .cache/npm --no-save --no-audit --no-fund axe-core@$(AXE_VERSION)

web-deps: $(AXE)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy

test: setup system-deps web-deps lint typecheck
	$(BIN)/pytest -n 2 --durations=15

bench: setup
	$(BIN)/python benchmarks/bench_dancing_dice.py

lock:
	uv pip compile -q pyproject.toml --all-extras --python-version 3.11 -o requirements.lock

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .cache/npm
