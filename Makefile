# The olympiad platform. `make run` serves it on http://127.0.0.1:8080 with demo data; `make test`
# runs every check on SQLite and on a throwaway PostgreSQL, then the apps' tests in Chromium.

SHELL := /bin/bash
CARGO ?= cargo
NPM ?= npm
BIN_DIR = $(or $(CARGO_TARGET_DIR),target)
export REQUIRE_STAFF_2FA ?= false

.PHONY: run build apps apps-deps server test test-rust test-apps lint snapshots size bench clean

run: build
	$(BIN_DIR)/release/olympiad migrate
	$(BIN_DIR)/release/olympiad seed-demo --if-empty
	@echo "Staff two-factor is $(if $(filter true,$(REQUIRE_STAFF_2FA)),on,off) (REQUIRE_STAFF_2FA=$(REQUIRE_STAFF_2FA))."
	$(BIN_DIR)/release/olympiad serve

build: apps server

server:
	$(CARGO) build --release --bin olympiad

apps-deps:
	@[ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || $(NPM) ci --no-audit --no-fund

apps: apps-deps
	$(NPM) run build

test:
	bash scripts/test.sh

# Only the Rust checks and tests (SQLite, then PostgreSQL).
test-rust:
	bash scripts/test.sh rust

# Only the apps' checks, unit tests and browser tests.
test-apps:
	bash scripts/test.sh apps

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(NPM) run typecheck
	$(NPM) run lint

# Writes the OpenAPI document and the access matrix anew, and the apps' client from them.
snapshots:
	UPDATE_SNAPSHOTS=1 $(CARGO) test -p olympiad-http --test snapshots
	$(NPM) run gen:api

size: apps
	$(NPM) run size

# Every benchmark binary of crates/bench (bench-schools, ...), optimised, on SQLite (and on
# PostgreSQL too when BENCH_DATABASE_URL names a server). Prints the machine, then only
# `bench <name> <value> <unit>` lines.
bench:
	@$(CARGO) build -q --release -p olympiad-bench
	@echo "machine $$(nproc) cores, $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
	@set -o pipefail; for bench in $(BIN_DIR)/release/bench-*; do \
		[ -x "$$bench" ] || continue; \
		BENCH_DATABASE_URL= "$$bench" 2>/dev/null | sed 's/^bench \([^ ]*\)/bench sqlite_\1/' || exit 1; \
		if [ -n "$$BENCH_DATABASE_URL" ]; then "$$bench" 2>/dev/null | sed 's/^bench \([^ ]*\)/bench postgres_\1/' || exit 1; fi; \
	done

clean:
	rm -rf apps/*/dist e2e/artifacts
