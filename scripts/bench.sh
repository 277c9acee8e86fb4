#!/usr/bin/env bash
# `make bench`: every benchmark against the release binary, on SQLite and on a throwaway PostgreSQL
# cluster started here and stopped on exit. Prints `bench <name> <value> <unit>` lines.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
benches=(bench-sitting)

cargo build --release --locked --bin olympiad $(printf -- '--bin %s ' "${benches[@]}")

pg_dir=$(mktemp -d /tmp/olympiad-bench-pg.XXXXXX)
trap 'scripts/postgres-cluster.sh stop "$pg_dir"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export TEST_DATABASE_URL=$(scripts/postgres-cluster.sh start "$pg_dir" "$port")
export OLYMPIAD_BIN="$target_dir/release/olympiad"

for bench in "${benches[@]}"; do
  "$target_dir/release/$bench"
done
