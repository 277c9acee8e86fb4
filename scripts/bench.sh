#!/usr/bin/env bash
# `make bench`: every benchmark binary of crates/bench, optimised, on SQLite and then on a throwaway
# PostgreSQL cluster started here and stopped on exit (or on the server BENCH_DATABASE_URL names).
# Prints the machine, then only `bench <backend>_<name> <value> <unit>` lines.
# `scripts/bench.sh rush sitting` runs only bench-rush and bench-sitting; BENCH_BACKENDS=postgres
# only on PostgreSQL. The soak (bench-soak, `make soak`) is long and runs only when named.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}

cargo build -q --release --locked -p olympiad-server -p olympiad-bench
echo "machine $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"

backends=${BENCH_BACKENDS:-sqlite postgres}
postgres=${BENCH_DATABASE_URL:-}
if [ -z "$postgres" ] && [[ " $backends " == *" postgres "* ]]; then
  pg_dir=$(mktemp -d /tmp/olympiad-bench-pg.XXXXXX)
  trap 'scripts/postgres-cluster.sh stop "$pg_dir"' EXIT
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  postgres=$(scripts/postgres-cluster.sh start "$pg_dir" "$port")
fi
export OLYMPIAD_BIN="$target_dir/release/olympiad"

for bench in "$target_dir"/release/bench-*; do
  [ -x "$bench" ] && [ ! -d "$bench" ] || continue
  case "$bench" in *.d) continue ;; esac
  if [ $# -gt 0 ]; then
    wanted=
    for name in "$@"; do [ "$(basename "$bench")" = "bench-$name" ] && wanted=1; done
    [ -n "$wanted" ] || continue
  elif [ "$(basename "$bench")" = bench-soak ]; then
    continue
  fi
  for backend in $backends; do
    url=; [ "$backend" = postgres ] && url=$postgres
    BENCH_DATABASE_URL="$url" "$bench" | sed -u "s/^bench \([^ ]*\)/bench ${backend}_\1/"
  done
done
