#!/usr/bin/env bash
# Walks the README's `make run` as a newcomer would on this machine (with the debug build, which CI has
# already made): in a scratch DATA_DIR on a free port, until the demo overlord signs in; then stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(mktemp -d /tmp/olympiad-walk.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log="$data/make-run.log"
# Only what a shell of the README has: no DATABASE_URL or other settings from the caller.
env -u DATABASE_URL -u STATIC_DIR DATA_DIR="$data" BIND="127.0.0.1:$port" make run PROFILE=debug >"$log" 2>&1 &
make_pid=$!
stop() {
  pkill -TERM -P "$make_pid" 2>/dev/null || true
  wait "$make_pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$make_pid" 2>/dev/null; then cat "$log"; echo "make run stopped before it served" >&2; exit 1; fi
  sleep 1
done
answer=$(curl -sS -X POST "http://127.0.0.1:$port/api/auth/signin" -H 'content-type: application/json' \
  -d '{"username":"overlord@example.org","password":"demo","loginType":"overlord"}')
if ! grep -q '"success":true' <<<"$answer"; then
  cat "$log"; echo "the demo overlord could not sign in: $answer" >&2; exit 1
fi
curl -fsS "http://127.0.0.1:$port/admin" | grep -q '<div id="root"' || { echo "make run serves no admin app" >&2; exit 1; }
echo "make run served the demo on 127.0.0.1:$port and its overlord signed in"
