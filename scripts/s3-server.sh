#!/usr/bin/env bash
# A throwaway S3-compatible object store for the tests: moto's server on a free loopback port.
# `start DIR` starts it (its log and pid in DIR) with one empty bucket, `olympiad-tests`, and prints
# its endpoint URL; `stop DIR` stops it and removes DIR. moto keeps everything in memory and takes
# any key: a stopped server leaves nothing behind.
#
# moto is installed with pip, at a pinned version, into a virtualenv kept in the CI cache folder
# (OLYMPIAD_CI_CACHE, else /var/tmp/olympiad-ci), made once, as scripts/fuzz-api.sh does for
# Schemathesis.
set -euo pipefail

moto_version=5.2.5
cache=${OLYMPIAD_CI_CACHE:-/var/tmp/olympiad-ci}
venv="$cache/moto-$moto_version"

install() {
  if [ ! -e "$venv/.installed" ]; then
    echo "== installing moto $moto_version into $venv" >&2
    rm -rf "$venv"
    mkdir -p "$cache"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$moto_version" >&2
    touch "$venv/.installed"
  fi
}

case "${1:-}" in
  install)
    install
    ;;
  start)
    dir=$2
    install
    mkdir -p "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # setsid: the server outlives this script, in a process group of its own that `stop` ends.
    setsid "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$dir/server.log" 2>&1 </dev/null &
    echo $! >"$dir/pid"
    for _ in $(seq 1 100); do
      # The bucket, made with an unsigned request, which moto accepts.
      if python3 -c "import urllib.request as r; r.urlopen(r.Request('http://127.0.0.1:$port/olympiad-tests', method='PUT'))" 2>/dev/null; then
        echo "http://127.0.0.1:$port"
        exit 0
      fi
      kill -0 "$(cat "$dir/pid")" 2>/dev/null || break
      sleep 0.2
    done
    cat "$dir/server.log" >&2
    echo "moto's server did not start" >&2
    exit 1
    ;;
  stop)
    dir=$2
    if [ -f "$dir/pid" ]; then
      pid=$(cat "$dir/pid")
      kill "$pid" 2>/dev/null || true
      # Gone before this returns, so that nothing outlives the tests that started it.
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 install | start DIR | stop DIR" >&2
    exit 2
    ;;
esac
