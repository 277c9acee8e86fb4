#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and benchmarks: `start DIR PORT` prints the server URL,
# `replica PRIMARY_DIR DIR PORT` starts a streaming replica (hot standby) of the cluster running in
# PRIMARY_DIR and prints its URL, `stop DIR` stops either and removes DIR. For the fault tests:
# `crash DIR` stops a cluster at once as a lost machine would (keeping DIR), `promote DIR` makes a
# replica the primary, `restart DIR` restarts a cluster with its fast shutdown. Uses the PostgreSQL 15 binaries of Debian's packages; as root
# the server runs as the postgres user, since PostgreSQL refuses to run as root.
set -euo pipefail

pg_bin() {
  for dir in "${PG_BIN:-}" /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    [ -n "$dir" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return; }
  done
  command -v pg_ctl >/dev/null && { dirname "$(command -v pg_ctl)"; return; }
  echo "PostgreSQL server binaries not found: install Debian's postgresql-15 package (apt-get install -y postgresql-15) or set PG_BIN" >&2
  exit 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    dir=$2 port=$3 bin=$(pg_bin)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # A replica may stream from it (`replica`): WAL for replication, and an entry that lets the
    # replica's connection in over loopback (initdb's defaults have one; this does not rely on it).
    echo "host replication postgres 127.0.0.1/32 trust" >>"$dir/data/pg_hba.conf"
    # Durability stays on (fsync) so the benchmarks measure what production would see.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=300 -c shared_buffers=256MB -c wal_level=replica -c max_wal_senders=10" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  replica)
    primary=$2 dir=$3 port=$4 bin=$(pg_bin)
    # The primary's port is the fourth line of its postmaster.pid.
    primary_port=$(sed -n 4p "$primary/data/postmaster.pid" 2>/dev/null) \
      || { echo "no cluster runs in $primary" >&2; exit 1; }
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    # A copy of the primary that writes standby.signal and primary_conninfo (-R), with the WAL
    # made during the copy streamed beside it, then replays the primary's WAL as it comes.
    as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$dir/data" -R -X stream \
      >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    # Hot standby answers reads while it replays; its feedback keeps the primary from removing
    # rows a long report on the replica still reads, so reports are not cancelled by replay.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=300 -c hot_standby=on -c hot_standby_feedback=on" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  crash)
    as_owner "$(pg_bin)/pg_ctl" -D "$2/data" -m immediate stop >/dev/null
    ;;
  promote)
    as_owner "$(pg_bin)/pg_ctl" -D "$2/data" -w -t 60 promote >/dev/null
    ;;
  restart)
    # pg_ctl starts it again with the options it was started with (postmaster.opts).
    as_owner "$(pg_bin)/pg_ctl" -D "$2/data" -l "$2/server.log" -m fast -w -t 60 restart >/dev/null
    ;;
  stop)
    dir=$2 bin=$(pg_bin)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start DIR PORT | replica PRIMARY_DIR DIR PORT | crash DIR | promote DIR | restart DIR | stop DIR" >&2
    exit 2
    ;;
esac
