# The olympiad platform. `make run` serves it on http://127.0.0.1:8080 with demo data; `make test`
# runs every check on SQLite and on a throwaway PostgreSQL, then the apps' tests in Chromium.

SHELL := /bin/bash
CARGO ?= cargo
NPM ?= npm
BIN_DIR = $(or $(CARGO_TARGET_DIR),target)
export REQUIRE_STAFF_2FA ?= false
# `make run PROFILE=debug` serves the debug build (what CI's walk of `make run` uses: no optimised build).
PROFILE ?= release
CARGO_PROFILE_FLAG = $(if $(filter release,$(PROFILE)),--release,)

.PHONY: run build apps apps-deps server dist doctor doctor-run test test-rust test-apps fuzz lint snapshots size bench soak clean

run: doctor-run build
	$(BIN_DIR)/$(PROFILE)/olympiad migrate
	$(BIN_DIR)/$(PROFILE)/olympiad seed-demo --if-empty
	@echo "Staff two-factor is $(if $(filter true,$(REQUIRE_STAFF_2FA)),on,off) (REQUIRE_STAFF_2FA=$(REQUIRE_STAFF_2FA))."
	$(BIN_DIR)/$(PROFILE)/olympiad serve

build: apps server

server:
	$(CARGO) build $(CARGO_PROFILE_FLAG) --bin olympiad

# What `make run` and `make test` need on this machine, and how to install what is missing (Debian).
doctor:
	bash scripts/doctor.sh test

doctor-run:
	@bash scripts/doctor.sh run

# One archive to install from: the release binary, the built apps beside it, .env.example, a systemd
# unit and a Caddy configuration (deploy/). Written to dist/.
dist:
	bash scripts/dist.sh release

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

# Schemathesis against the served OpenAPI document, without a token and as each role.
fuzz:
	bash scripts/fuzz-api.sh

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --all-targets -- -D warnings
	bash scripts/deny.sh
	$(NPM) run typecheck
	$(NPM) run lint

# Writes the OpenAPI document and the access matrix anew, and the apps' client from them.
snapshots:
	UPDATE_SNAPSHOTS=1 $(CARGO) test -p olympiad-http --test all snapshots::
	$(NPM) run gen:api

size: apps
	$(NPM) run size

# Benchmarks against the release binary, on SQLite and a throwaway PostgreSQL: `bench <name> <value> <unit>`.
bench:
	bash scripts/bench.sh

# One node of the release binary at a steady mixed load (learners sitting in waves, staff reading the
# monitor, a grid and an export, the mail worker sending) for SOAK_MINUTES, on a throwaway PostgreSQL
# as production runs (SOAK_DATABASE=sqlite for SQLite): its memory, open files and pool connections
# each minute, then `soak flat` or `soak growing: <what>` (and a failure).
SOAK_MINUTES ?= 20
SOAK_DATABASE ?= postgres
soak:
	SOAK_MINUTES=$(SOAK_MINUTES) BENCH_BACKENDS=$(SOAK_DATABASE) bash scripts/bench.sh soak

clean:
	rm -rf apps/*/dist e2e/artifacts dist
