#!/usr/bin/env bash
# What `make run` and `make test` need on the machine, each checked and, when missing, named with the
# Debian command that installs it. `scripts/doctor.sh run` checks what `make run` needs; `test` (the
# default) adds what `make test` needs. Exits 1 when something is missing.
set -uo pipefail
need=${1:-test}
missing=0

ok() { printf '  ok       %s\n' "$1"; }
lack() {
  printf '  MISSING  %s\n           install: %s\n' "$1" "$2"
  missing=1
}
# Whether version $1 is at least $2 (dotted numbers).
at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

echo "== what make $need needs"
rust_min=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -1)
if command -v cargo >/dev/null && at_least "$(rustc --version | cut -d' ' -f2)" "$rust_min"; then
  ok "Rust $(rustc --version | cut -d' ' -f2) (at least $rust_min, with cargo)"
else
  lack "Rust $rust_min or newer, with cargo, rustfmt and clippy" "curl https://sh.rustup.rs -sSf | sh (or: apt-get install -y rustup && rustup default stable)"
fi
node_min=$(sed -n 's/.*"node": ">=\([0-9.]*\)".*/\1/p' package.json | head -1)
if command -v node >/dev/null && command -v npm >/dev/null && at_least "$(node --version | tr -d v)" "$node_min"; then
  ok "Node.js $(node --version) and npm $(npm --version) (Node $node_min or newer, .nvmrc names the one tested; it only builds the apps)"
else
  lack "Node.js $node_min or newer with npm (only to build and test the apps; the server does not need it)" "apt-get install -y nodejs npm (Debian 13), or the NodeSource packages for Node $(cat .nvmrc)"
fi
if command -v cc >/dev/null && command -v make >/dev/null; then ok "a C compiler and make (SQLite and libpq are built from source)"; else lack "a C compiler and make" "apt-get install -y build-essential"; fi
if command -v pkg-config >/dev/null && pkg-config --exists openssl; then
  ok "OpenSSL's headers, found by pkg-config (libpq's TLS to PostgreSQL)"
else
  lack "pkg-config and OpenSSL's headers (libpq's TLS to PostgreSQL)" "apt-get install -y pkg-config libssl-dev"
fi
if [ "$need" = test ]; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if command -v initdb >/dev/null || [ -x "$pg_bin/initdb" ]; then
    ok "PostgreSQL server binaries (make test starts a throwaway cluster of its own)"
  else
    lack "PostgreSQL 15 server binaries (not running: make test starts its own cluster)" "apt-get install -y postgresql-15 && systemctl disable --now postgresql"
  fi
  if command -v python3 >/dev/null && python3 -c 'import venv, ensurepip' 2>/dev/null; then
    ok "Python 3 with venv (the API fuzzer and the S3-compatible test server are installed into one)"
  else
    lack "Python 3 with venv" "apt-get install -y python3 python3-venv"
  fi
  if [ -x /usr/bin/chromium ]; then
    ok "Debian's Chromium (the browser tests)"
  elif [ "$(id -u)" = 0 ]; then
    ok "Debian's Chromium: missing, make test installs it (running as root)"
  else
    lack "Debian's Chromium (the browser tests)" "apt-get install -y chromium"
  fi
fi
if [ "$missing" = 1 ]; then
  echo "== something make $need needs is missing (above)"
  exit 1
fi
echo "== all there"
