#!/usr/bin/env bash
# Runs a command against a throwaway Debian PostgreSQL 15 server on 127.0.0.1 (the oldest
# server version we support), exporting TEST_DATABASE_URL for it, and removes the server after.
# When TEST_DATABASE_URL is already set (a server started by the caller), it is used as is.
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  exec "$@"
fi

bindir=${PG15_BINDIR:-/usr/lib/postgresql/15/bin}
if [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $bindir." >&2
  echo "On Debian: apt-get install -y postgresql (or run: bash scripts/install-system-deps.sh as root)." >&2
  exit 1
fi

dir=$(mktemp -d /tmp/lexpath-pg15.XXXXXX)
chmod 755 "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres:postgres "$dir"
    su postgres -s /bin/sh -c "$*"
  else
    sh -c "$*"
  fi
}

cleanup() {
  as_pg "'$bindir/pg_ctl' -D '$dir/data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_pg "'$bindir/initdb' -D '$dir/data' -U postgres -A trust -E UTF8 --locale=C.UTF-8" >/dev/null
as_pg "'$bindir/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') started on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
