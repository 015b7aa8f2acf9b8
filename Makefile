# The two commands that matter: `make run` and `make test`. Every target is idempotent: the
# virtualenv in .venv is made when missing, and requirements are installed again only when a
# requirements file changed (stamp files).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
export HOST PORT

.PHONY: run test lint openapi bench browser mutants

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime-installed: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/python -m pip check
	touch $(VENV)/.runtime-installed $@

## Serve the referee with gunicorn on $(HOST):$(PORT).
run: $(VENV)/.runtime-installed
	$(BIN)/gunicorn --config gunicorn.conf.py service.app:app

## Debian's chromium and chromium-driver for the viewer's browser tests (tests/browser),
## installed as root when missing. selenium is given the driver's path: it downloads nothing.
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; \
	fi

## ruff, every pytest test (the browser's too), then schemathesis's CLI against a live gunicorn.
test: $(VENV)/.dev-installed browser
	$(BIN)/ruff check .
	$(BIN)/pytest
	scripts/contract-live.sh

## Mutation testing: every mutant of service/rules against tests/rules, from scratch (mutmut
## keeps results in mutants/ and would otherwise reuse them), then the score per file, the
## mutants that lived and the floor (scripts/mutants.py). One worker per CPU.
mutants: $(VENV)/.dev-installed
	rm -rf mutants
	$(BIN)/mutmut run
	$(BIN)/python scripts/mutants.py

## ruff (lint and format) and hadolint on the Dockerfile.
lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile

## Write openapi.yaml from the app's schemas (commit it: tests check it for drift).
openapi: $(VENV)/.runtime-installed
	$(BIN)/flask --app service.app openapi write --format=yaml openapi.yaml

## The benchmarks that exist (they print figures; nothing is asserted). Run as modules
## (python -m bench.http): as a script, bench/http.py would shadow the standard library's http.
bench: $(VENV)/.runtime-installed
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	@for name in engine analysis http; do \
		if [ -f "bench/$$name.py" ]; then echo "== bench/$$name.py"; $(BIN)/python -m "bench.$$name"; fi; \
	done
