#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on a free loopback port (WAYPOINT_LINKS_POSTGRES_PORT to
# choose one) for the link service's scale-out test and prints its URL:
# `eval "$(Scripts/link-service-postgres.sh start)"` sets WAYPOINT_LINKS_POSTGRES and
# WAYPOINT_LINKS_POSTGRES_DATA; `Scripts/link-service-postgres.sh stop` stops it and removes its
# folder. Debian's postgresql package is installed when missing (as root, as CI runs).
set -euo pipefail

# Debian keeps the server's programs off PATH, under /usr/lib/postgresql/VERSION/bin; elsewhere
# (Homebrew's postgresql on a Mac) initdb is on PATH.
bin_folder() {
  local folder
  folder=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)
  [ -z "$folder" ] && command -v initdb > /dev/null && folder=$(dirname "$(command -v initdb)")
  [ -n "$folder" ] && echo "$folder"
}

case "${1:-}" in
  start)
    if ! bin_folder > /dev/null; then
      if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null; then
        echo "link-service-postgres needs PostgreSQL's initdb: install it (Debian: apt-get install postgresql; a Mac: brew install postgresql@17)" >&2
        exit 1
      fi
      apt-get update -qq > /dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql > /dev/null
    fi
    bin=$(bin_folder)
    # A free port on loopback (another server, a developer's own, may hold the usual one).
    port=${WAYPOINT_LINKS_POSTGRES_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
    data=$(mktemp -d /tmp/waypoint-postgres.XXXXXX)
    # The server refuses to run as root: the package's own user runs it.
    run=()
    if [ "$(id -u)" -eq 0 ]; then chown postgres "$data"; run=(runuser -u postgres --); fi
    "${run[@]}" "$bin/initdb" -D "$data/db" -A trust -U waypoint > "$data/initdb.log"
    "${run[@]}" "$bin/pg_ctl" -D "$data/db" -l "$data/server.log" -w \
      -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c fsync=off" start > /dev/null
    echo "export WAYPOINT_LINKS_POSTGRES=postgres://waypoint@127.0.0.1:$port/postgres"
    echo "export WAYPOINT_LINKS_POSTGRES_DATA=$data"
    ;;
  stop)
    data=${WAYPOINT_LINKS_POSTGRES_DATA:?set by start}
    run=()
    if [ "$(id -u)" -eq 0 ]; then run=(runuser -u postgres --); fi
    "${run[@]}" "$(bin_folder)/pg_ctl" -D "$data/db" -m fast stop > /dev/null || true
    rm -rf "$data"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
