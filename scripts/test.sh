#!/usr/bin/env bash
# Everything `make test` checks. With `rust` or `apps`, only that half.
# The Rust tests run twice: on SQLite, then on a throwaway PostgreSQL cluster started here and
# stopped on exit, whatever happens. Between the two, the tests of the shared files run again with
# their files in a bucket of a real S3-compatible server (moto's), started and stopped likewise.
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}
bash scripts/doctor.sh test
# Absolute: the browser tests run from e2e/, where a relative target/ would name another folder.
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-target}")

rust() {
  echo "== cargo fmt and clippy"
  cargo fmt --all --check
  cargo clippy --all-targets --locked -- -D warnings
  bash scripts/deny.sh

  echo "== Rust tests on SQLite"
  TEST_DATABASE=sqlite cargo test --workspace --locked

  echo "== Rust tests on PostgreSQL"
  pg_dir=$(mktemp -d /tmp/olympiad-pg.XXXXXX)
  s3_dir=$(mktemp -d /tmp/olympiad-s3.XXXXXX)
  trap 'scripts/postgres-cluster.sh stop "$pg_dir"; scripts/s3-server.sh stop "$s3_dir"' EXIT
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  url=$(scripts/postgres-cluster.sh start "$pg_dir" "$port")
  TEST_DATABASE=postgres TEST_DATABASE_URL="$url" cargo test --workspace --locked

  echo "== file tests against an S3-compatible bucket, on PostgreSQL"
  endpoint=$(scripts/s3-server.sh start "$s3_dir")
  # moto takes any keys; each test's files get a prefix of their own under run/. Two nodes on one
  # PostgreSQL and one bucket: tests/all/files.rs. Each crate's integration tests are one
  # binary, `all`, a module per area: a filter of `<module>::` runs one area.
  (
    export TEST_DATABASE=postgres TEST_DATABASE_URL="$url"
    export TEST_STORAGE_URL=s3://olympiad-tests/run AWS_ENDPOINT_URL="$endpoint"
    export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_REGION=us-east-1
    cargo test --locked -p olympiad-storage --lib
    cargo test --locked -p olympiad-http --test all -- files:: payments:: paper:: \
      certificates:: results_certificate_lease::
    cargo test --locked -p olympiad-server --test all \
      email::each_message_of_a_mass_mail_carries_its_files
  )
  scripts/s3-server.sh stop "$s3_dir"
  scripts/postgres-cluster.sh stop "$pg_dir"
  trap - EXIT

  echo "== schema fuzzing of the API"
  bash scripts/fuzz-api.sh
}

apps() {
  echo "== apps: install, type check, lint, unit tests"
  npm ci --no-audit --no-fund
  npm run typecheck
  npm run lint
  npm test

  echo "== apps: build, first-load budgets and browser tests"
  npm run build
  # Each page's first load of gzipped JavaScript, against its budget (public pages 120 KB).
  npm run size
  if [ ! -x /usr/bin/chromium ]; then
    echo "installing Debian's chromium for the browser tests"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else
      echo "chromium is missing: run 'sudo apt-get install -y chromium'" >&2
      exit 1
    fi
  fi
  cargo build --locked --bin olympiad
  OLYMPIAD_BIN="$target_dir/debug/olympiad" npm run e2e

  echo "== make run, walked as the README has it"
  bash scripts/walk-run.sh
}

case "$part" in
  rust) rust ;;
  apps) apps ;;
  all) rust; apps ;;
  *) echo "usage: $0 [rust|apps]" >&2; exit 2 ;;
esac
