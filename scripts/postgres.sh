#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `source scripts/postgres.sh` starts one in a
# temporary directory on a free loopback port, exports ADMIRAL_TEST_POSTGRES (the server's URL;
# each test makes its own database there) and stops and removes the cluster when the shell
# that sourced it exits, on failure too. Needs PostgreSQL's server programs (Debian:
# postgresql-15); as root they run as the `postgres` user, which initdb and pg_ctl require.

pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "scripts/postgres.sh: PostgreSQL server programs not found (install postgresql)" >&2
    return 1 2>/dev/null || exit 1
fi

pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_dir="$(mktemp -d /tmp/admiral-pg.XXXXXX)"
if [ "$(id -u)" = 0 ]; then chown postgres "$pg_dir"; fi
# A free port: ask the kernel for one.
pg_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

pg_stop() {
    pg_as_owner "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
}
trap pg_stop EXIT

pg_as_owner "$pg_bin/initdb" --no-sync -A trust -U postgres -D "$pg_dir/data" >"$pg_dir/initdb.log"
# fsync off and no synchronous commit: the cluster dies with the run, and durability is not
# what these tests measure. max_connections covers the tests' pools running in parallel.
pg_as_owner "$pg_bin/pg_ctl" -D "$pg_dir/data" -w -l "$pg_dir/server.log" -o \
    "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" \
    start >/dev/null
export ADMIRAL_TEST_POSTGRES="postgres://postgres@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') for the tests at $ADMIRAL_TEST_POSTGRES"
