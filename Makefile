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

# Python's compiled files are written and kept (__pycache__, ignored by git) even where the
# environment says not to: without them each pytest process rewrites the asserts of some 480
# modules again (the test modules' and the pytest plugins' packages), 7 of a collection's 31 s
# here, and every server and tool compiles its modules again.
unexport PYTHONDONTWRITEBYTECODE

NODE_TOOLS := tools/node/node_modules/.installed
# The Node tools say nothing to anyone (no telemetry, no update check).
export REDOCLY_TELEMETRY := off
export REDOCLY_SUPPRESS_UPDATE_NOTICE := true
# Nor does the guide's build (mkdocs-material's notice of its end of life, printed each build).
export NO_MKDOCS_2_WARNING := 1

.PHONY: run test test-setup lint lint-openapi openapi examples bench arena browser mutants native sanitized audit sample-archive docs

# The native search core (service/rules/analysis/native): compiled by the machine's C compiler
# when missing or older than its sources (scripts/build_native.py says what to install when
# the compiler or Python's headers are missing). SANITIZED: the same core built with ASan and
# UBSan (-fsanitize=address,undefined -fno-sanitize-recover=all, scripts/build_native.py's
# SANITIZERS) for tests/native, a prerequisite of `make test` (it loads only with libasan
# preloaded).
NATIVE := service/rules/analysis/native
# Every file of the core a build depends on: the C search's (search_internal.h lists them and
# what each holds; scripts/build_native.py's C_SOURCES, the ones it compiles), the wrapper, the
# build script.
NATIVE_SOURCES := $(addprefix $(NATIVE)/,search.h search_internal.h moves.h bounds.h order.h \
	table.h alphabeta.c search.c _native.pyx) scripts/build_native.py
EXT_SUFFIX := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
NATIVE_MODULE := $(NATIVE)/_native$(EXT_SUFFIX)
SANITIZED_DIR := build/sanitized
SANITIZED_MODULE := $(SANITIZED_DIR)/$(NATIVE_MODULE)
COLVER := colver==0.11.1

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip compiles nothing at install: each module is compiled when first imported, and kept
# (PYTHONDONTWRITEBYTECODE is unexported above), so only the modules something imports are.
# pip's compiling every module of every package (Dask, matplotlib, schemathesis...) took 35
# of the dev install's 95 s from a fresh clone (2026-12-02).
PIP_INSTALL := $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-compile

$(VENV)/.runtime-installed: requirements.txt requirements-build.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt \
		-r requirements-build.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-build.txt requirements-audit.txt \
		requirements-dev.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements-dev.txt
	$(BIN)/python -m pip check
	touch $(VENV)/.runtime-installed $(VENV)/.audit-installed $@

# The archive audit's own (Dask, matplotlib): never the HTTP service's (requirements-audit.txt).
$(VENV)/.audit-installed: requirements.txt requirements-build.txt requirements-audit.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt \
		-r requirements-build.txt -r requirements-audit.txt
	$(BIN)/python -m pip check
	touch $(VENV)/.runtime-installed $@

# The Node tools, pinned by tools/node/package-lock.json (openapi-typescript, typescript,
# redocly, spectral).
$(NODE_TOOLS): tools/node/package.json tools/node/package-lock.json
	cd tools/node && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(NATIVE_MODULE): $(NATIVE_SOURCES) | $(VENV)/.runtime-installed
	$(BIN)/python scripts/build_native.py

$(SANITIZED_MODULE): $(NATIVE_SOURCES) | $(VENV)/.runtime-installed
	$(BIN)/python scripts/build_native.py --sanitize $(SANITIZED_DIR)

## The native search core, compiled in place (make run and make test do it when needed).
native: $(NATIVE_MODULE)

## The native search core with AddressSanitizer and UndefinedBehaviorSanitizer, for tests/native.
sanitized: $(SANITIZED_MODULE)

## Serve the referee with gunicorn on $(HOST):$(PORT).
run: $(VENV)/.runtime-installed $(NATIVE_MODULE)
	$(BIN)/gunicorn --config gunicorn.conf.py service.app:app

## The archive audit: make audit ARGS='INPUT... --out DIR [--review] [--scheduler ADDRESS]
## [--workers N]' (service/audit; the guide's docs/audit.md).
audit: $(VENV)/.audit-installed $(NATIVE_MODULE)
	$(BIN)/python -m service.audit $(ARGS)

## The sample archive the guide's audit page starts with (samples/archive/, committed): 200
## classic and 200 coinche deals played by the referee's advice at every seat, some with
## renonces, and a few bad lines; seeded, the same files again (scripts/sample_archive.py).
sample-archive: $(VENV)/.runtime-installed $(NATIVE_MODULE)
	$(BIN)/python -m scripts.sample_archive

## Debian's chromium and chromium-driver for the viewer's browser tests (tests/browser),
## installed as root when missing. selenium is given the driver's path: it downloads nothing.
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; \
	fi

## The guide (mkdocs.yml, docs/) into build/site, strictly: a broken link or anchor, or a page
## left out of the nav, fails. Read it with build/site/index.html or `.venv/bin/mkdocs serve`.
docs: $(VENV)/.dev-installed
	$(BIN)/mkdocs build --strict --quiet

# What `make test` needs, made side by side where nothing is shared (--output-sync: each
# target's output whole): pip's install beside npm's and chromium's, then the two builds of
# the native core beside the document's linters. On a fresh clone pip takes some 60 s, npm
# 15, each build 10; the whole 92 s (2026-12-02). Two steps, so that no two pips write to the
# venv at once.
test-setup:
	$(MAKE) --jobs=3 --output-sync=target $(VENV)/.dev-installed $(NODE_TOOLS) browser
	$(MAKE) --jobs=3 --output-sync=target $(NATIVE_MODULE) $(SANITIZED_MODULE) lint-openapi

# The tests that start servers of their own (gunicorn, chromium, a generated client against a
# live referee, the guide's curls): run one at a time, after the others, beside schemathesis's
# run against a live gunicorn (scripts/live.sh; each server on a free port). Every other test
# runs in-process, spread over one pytest-xdist worker per CPU (whole files to a worker: a
# file's fixtures are made once), the in-process schemathesis run among them as two files
# (tests/contract/contract.py: its operations share one node id per file, and xdist hands out
# tests by node id). A new folder of tests is in the spread part unless it is named here.
LIVE_TESTS := tests/ops tests/browser tests/clients tests/docs tests/bench
SLOWEST := --durations=15

## ruff, the document's linters, the guide's build, every pytest test (the generated clients,
## the browser's and the guide's examples among them), and schemathesis's CLI against a live
## gunicorn beside the live tests (scripts/live.sh). Each pytest run ends with its 15 slowest
## tests.
test: test-setup
	$(BIN)/ruff check .
	$(BIN)/mkdocs build --strict --quiet
	$(BIN)/pytest -n auto --dist loadfile $(SLOWEST) $(addprefix --ignore=,$(LIVE_TESTS))
	scripts/live.sh $(SLOWEST) $(LIVE_TESTS)

## Mutation testing: every mutant of service/rules against tests/rules, from scratch (mutmut
## keeps results in mutants/ and would otherwise reuse them), then the score per file, the
## mutants that lived and the floor (scripts/mutants.py). One worker per CPU. mutmut runs
## through scripts/mutate.py: each mutant's tests from one pytest session collected once,
## those that killed its function's other mutants first. A listed equivalent whose code is the
## one judged is not run again (tests/rules/mutation.py); of the venv's pytest plugins only
## hypothesis's is loaded (pyproject.toml, [tool.mutmut]).
## The mutants are of the reference search (BELOTE_SOLVER=reference: the native core is not
## what tests/rules prove); tests/native, which compares the core with it, is not run on them.
mutants: $(VENV)/.dev-installed
	rm -rf mutants
	BELOTE_SOLVER=reference PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 $(BIN)/python scripts/mutate.py run
	$(BIN)/python scripts/mutants.py

## ruff (lint and format), hadolint on the Dockerfile, and the document's linters.
lint: $(VENV)/.dev-installed lint-openapi
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile

## openapi.yaml through redocly (recommended rules) and spectral (spectral:oas): no error, no
## warning. The rules turned off are in tools/lint/, each with its reason.
lint-openapi: $(NODE_TOOLS)
	tools/node/node_modules/.bin/redocly lint openapi.yaml --config tools/lint/redocly.yaml
	tools/node/node_modules/.bin/spectral lint openapi.yaml --ruleset tools/lint/spectral.yaml \
		--fail-severity=warn

## Write openapi.yaml from the app's schemas (commit it: tests check it for drift).
openapi: $(VENV)/.runtime-installed $(NATIVE_MODULE)
	$(BIN)/flask --app service.app openapi write --format=yaml openapi.yaml

## Keep the app's own answers to the example requests (service/api/examples.json), then
## rewrite openapi.yaml, which shows them.
examples: $(VENV)/.runtime-installed $(NATIVE_MODULE)
	LOG_LEVEL=warning $(BIN)/python -m scripts.examples
	$(MAKE) openapi

## The arena (bench/arena.py): duplicate coinche boards against colver's bots through the
## service's endpoints; colver goes into the venv here only, as for make bench. ARGS are the
## arena's (python -m bench.arena --help), e.g. ARGS='--boards 1000 --jobs 2 --matches'.
arena: $(VENV)/.runtime-installed $(NATIVE_MODULE)
	$(PIP_INSTALL) $(COLVER)
	LOG_LEVEL=warning $(BIN)/python -m bench.arena $(ARGS)

## The benchmarks that exist (they print figures; nothing is asserted). Run as modules
## (python -m bench.http): as a script, bench/http.py would shadow the standard library's http.
## colver (the Rust solver bench/analysis.py compares with) goes into the venv here only: it is
## no requirement of the referee.
bench: $(VENV)/.audit-installed $(NATIVE_MODULE)
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	$(PIP_INSTALL) $(COLVER)
	@for name in engine analysis http audit table; do \
		if [ -f "bench/$$name.py" ]; then echo "== bench/$$name.py"; $(BIN)/python -m "bench.$$name"; fi; \
	done
