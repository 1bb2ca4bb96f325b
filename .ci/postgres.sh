#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for the tests that need one.
#   .ci/postgres.sh up NAME     installs Debian's postgresql if missing (as root), creates and
#                               starts cluster NAME on a free loopback port, prints its URL
#   .ci/postgres.sh down NAME   stops and drops it
set -euo pipefail
cmd=${1:?up or down}
name=${2:?cluster name}

version() { ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1; }

case "$cmd" in
up)
    if [ -z "$(version)" ] || ! command -v pg_createcluster >/dev/null 2>&1; then
        if [ "$(id -u)" != 0 ]; then
            echo "PostgreSQL tests need Debian's postgresql: apt-get install postgresql (as root)" >&2
            exit 1
        fi
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        # The package may start its default cluster; only our own cluster is wanted.
        pg_ctlcluster "$(version)" main stop >/dev/null 2>&1 || true
    fi
    ver=$(version)
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    pg_dropcluster --stop "$ver" "$name" >/dev/null 2>&1 || true
    pg_createcluster "$ver" "$name" -p "$port" >/dev/null
    conf="/etc/postgresql/$ver/$name/postgresql.conf"
    {
        echo "listen_addresses = '127.0.0.1'"
        echo "max_connections = 200"
        echo "fsync = off"                 # a test cluster: speed over durability
        echo "synchronous_commit = off"
    } >>"$conf"
    pg_ctlcluster "$ver" "$name" start
    su postgres -c "psql -q -p $port -c \"CREATE USER factcheck PASSWORD 'factcheck' CREATEDB\"" >/dev/null
    su postgres -c "createdb -p $port -O factcheck factcheck"
    echo "postgresql+psycopg://factcheck:factcheck@127.0.0.1:$port/factcheck"
    ;;
down)
    ver=$(version)
    [ -n "$ver" ] && pg_dropcluster --stop "$ver" "$name" >/dev/null 2>&1 || true
    ;;
*)
    echo "usage: $0 up|down NAME" >&2
    exit 2
    ;;
esac
