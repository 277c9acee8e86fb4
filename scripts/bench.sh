#!/usr/bin/env bash
# `make bench`: every benchmark binary of crates/bench, optimised, on SQLite and then on a throwaway
# PostgreSQL cluster started here and stopped on exit (or on the server BENCH_DATABASE_URL names).
# Prints the machine, then only `bench <backend>_<name> <value> <unit>` lines.
# `scripts/bench.sh rush sitting` runs only bench-rush and bench-sitting; BENCH_BACKENDS=postgres
# only on PostgreSQL. The soak (bench-soak, `make soak`) is long and runs only when named.
# With the throwaway cluster, bench-rush runs once more with PostgreSQL on a core of its own
# (`bench postgres_own_core_<name>`, below).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}

cargo build -q --release --locked -p olympiad-server -p olympiad-bench
echo "machine $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Whether bench-NAME is among those this run takes (all of them but the soak, when none is named).
wanted() {
  [ "$1" = soak ] && [ "$#" -eq 1 ] && return 1
  [ "$#" -eq 1 ] && return 0
  local name=$1 asked
  shift
  for asked in "$@"; do [ "$asked" = "$name" ] && return 0; done
  return 1
}

backends=${BENCH_BACKENDS:-sqlite postgres}
postgres=${BENCH_DATABASE_URL:-}
if [ -z "$postgres" ] && [[ " $backends " == *" postgres "* ]]; then
  pg_dir=$(mktemp -d /tmp/olympiad-bench-pg.XXXXXX)
  trap 'scripts/postgres-cluster.sh stop "$pg_dir"' EXIT
  postgres=$(scripts/postgres-cluster.sh start "$pg_dir" "$(free_port)")
fi
export OLYMPIAD_BIN="$target_dir/release/olympiad"

for bench in "$target_dir"/release/bench-*; do
  [ -x "$bench" ] && [ ! -d "$bench" ] || continue
  case "$bench" in *.d) continue ;; esac
  name=$(basename "$bench")
  wanted "${name#bench-}" "$@" || continue
  for backend in $backends; do
    url=; [ "$backend" = postgres ] && url=$postgres
    BENCH_DATABASE_URL="$url" "$bench" | sed -u "s/^bench \([^ ]*\)/bench ${backend}_\1/"
  done
done

# In production PostgreSQL has a machine of its own (docs/operations.md) and takes none of the
# server's cores; here it shares them, so the rush above counts PostgreSQL's work against the
# server's bcrypt checks too. Once more, then, with a cluster of its own on the last core and the
# server with the benchmark's client on the others: bench-rush checks bcrypt on the cores it is
# given, so the ratio is the server's side of a start (and the client's) against those cores.
cores=$(nproc)
if [ -n "${pg_dir:-}" ] && [ "$cores" -ge 2 ] && command -v taskset >/dev/null && wanted rush "$@"; then
  apart_dir=$(mktemp -d /tmp/olympiad-bench-pg.XXXXXX)
  trap 'scripts/postgres-cluster.sh stop "$pg_dir"; scripts/postgres-cluster.sh stop "$apart_dir"' EXIT
  apart=$(taskset -c "$((cores - 1))" scripts/postgres-cluster.sh start "$apart_dir" "$(free_port)")
  BENCH_DATABASE_URL="$apart" taskset -c "0-$((cores - 2))" "$target_dir/release/bench-rush" \
    | sed -u "s/^bench \([^ ]*\)/bench postgres_own_core_\1/"
fi
