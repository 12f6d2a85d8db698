#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: initdb in a temporary directory, listening
# on 127.0.0.1 only, trust authentication for that address, no durability settings (a test
# cluster is thrown away; kill -9 tests kill the store's process, not PostgreSQL).
# PG_DURABLE=1 keeps PostgreSQL's own durability (fsync, synchronous commit, full page
# writes): benchmarks use it, so a PostgreSQL commit costs what it costs in production,
# as SQLite's does (synchronous=FULL).
#
#   tests/helpers/pg-cluster.sh start [port]   prints the directory, then the URL to use
#   tests/helpers/pg-cluster.sh stop <dir>     stops it and removes the directory
#
# Runs the server as the `postgres` user when started as root (initdb refuses root).
set -euo pipefail

bin_dir() {
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$found" ] || { echo "pg-cluster: no PostgreSQL found (apt-get install -y postgresql)" >&2; exit 1; }
  echo "$found"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "${1:-}" in
  start)
    BIN=$(bin_dir)
    PORT=${2:-$(free_port)}
    DIR=$(mktemp -d /tmp/aurum-pg-XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -E UTF8 --locale=C --auth=trust >"$DIR/initdb.log" 2>&1 ||
      { cat "$DIR/initdb.log" >&2; exit 1; }
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${PG_DURABLE:-}" = 1 ] && durability=""
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start -o \
      "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=300 $durability -c shared_buffers=128MB" \
      >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
    echo "$DIR"
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    DIR=${2:?usage: pg-cluster.sh stop <dir>}
    [ -d "$DIR/data" ] || { echo "pg-cluster: $DIR is not a cluster made here" >&2; exit 1; }
    as_owner "$(bin_dir)/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start [port] | stop <dir>" >&2
    exit 2
    ;;
esac
