# One command to run the bot, one to run the tests; both build the venv they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev

.PHONY: test run play lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(VENV)/.installed

lint: $(STAMP)
	$(BIN)/ruff check game_core bot cogs tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict game_core bot cogs

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

run: $(VENV)/.installed
	$(BIN)/python -m bot

play: $(VENV)/.installed
	SOLO_MONOPOLY_COMMAND="make play" $(BIN)/solo-monopoly play

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/daily_dice.py
	$(BIN)/python bench/daily_share.py
	$(BIN)/python bench/clicks.py
	$(BIN)/python bench/service.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/interaction.py
	$(BIN)/python bench/advisor.py
	$(BIN)/python bench/capacity.py
	$(BIN)/python bench/cluster.py
	$(BIN)/python bench/click_path.py
	$(BIN)/python bench/metrics_cost.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
