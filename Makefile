# One command to run the bot, one to run the tests; both build the venv they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev

.PHONY: test run play lint typecheck bench clean activity-sdk

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

# The Activity's page loads Discord's Embedded App SDK as one ES module kept in the repo, so
# `make run` and `make test` need no Node.js. This refreshes it (needs Node.js and the npm
# registry): the SDK and esbuild go into a temporary folder, esbuild bundles the SDK (and the
# libraries it ships inside it) into one file, and its licence is copied beside it.
ACTIVITY_SDK_VERSION := 2.5.0
ACTIVITY_VENDOR := bot/activity/static/vendor
activity-sdk:
	set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	cd "$$tmp"; npm init -y >/dev/null; \
	npm install --no-audit --no-fund --silent @discord/embedded-app-sdk@$(ACTIVITY_SDK_VERSION) esbuild@0.25; \
	echo "export { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';" > entry.js; \
	npx esbuild entry.js --bundle --format=esm --platform=browser --target=es2020 \
	  --legal-comments=inline --log-level=warning \
	  --banner:js="/* @discord/embedded-app-sdk $(ACTIVITY_SDK_VERSION), MIT (LICENSE.md beside this file). Made by make activity-sdk: do not edit. */" \
	  --outfile="$(CURDIR)/$(ACTIVITY_VENDOR)/embedded-app-sdk.js"; \
	cp node_modules/@discord/embedded-app-sdk/LICENSE.md "$(CURDIR)/$(ACTIVITY_VENDOR)/LICENSE.md"
