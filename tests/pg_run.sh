#!/bin/sh
# pg_run.sh COMMAND...: run COMMAND against a PostgreSQL server of its own. The server is made
# with initdb in a new temporary directory, listens on a free 127.0.0.1 port (its socket in that
# directory, never the system's), gets a database brickwood_test owned by the role brickwood
# (trust authentication: nothing outside this machine's loopback reaches it), and is stopped by
# its pid when COMMAND ends, fails or is interrupted; the directory goes with it. COMMAND sees
# BW_PG_CONNINFO (and BW_PG_BINDIR, the server's programs, and BW_PG_CTL, a script that runs
# pg_ctl on this server: `sh "$BW_PG_CTL" stop -m fast`, `sh "$BW_PG_CTL" start`, so that a test
# can take the server away under running bots and bring it back on the same port). Exits 77
# (ctest: skipped), saying why, when the server programs are missing.
# The server runs with fsync off unless BW_PG_FSYNC=on.
set -eu

bindir=""
for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bindir=$d
done
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    bindir=$(dirname "$(command -v initdb)")
fi
if [ -z "$bindir" ]; then
    echo "SKIPPED: the PostgreSQL server programs (initdb, pg_ctl) are not installed;" \
        "contrib/deps.sh installs them (Debian package postgresql)"
    exit 77
fi

tmp=$(mktemp -d /tmp/bw_pg.XXXXXX)
pid=""
# The server refuses to run as root: then it runs as the postgres user (or nobody).
as=""
if [ "$(id -u)" -eq 0 ]; then
    user=postgres
    id "$user" >/dev/null 2>&1 || user=nobody
    chown "$user" "$tmp"
    as="runuser -u $user --"
fi

stop() {
    # The test may have stopped or restarted the server: its pid now is the one in
    # postmaster.pid, and without that file no server runs (an old pid may be another process's).
    if [ -n "$pid" ]; then
        pid=$(head -n 1 "$tmp/data/postmaster.pid" 2>/dev/null || true)
    fi
    if [ -n "$pid" ]; then
        kill -INT "$pid" 2>/dev/null || true # fast shutdown
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap stop EXIT
trap 'exit 1' INT TERM HUP

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
$as "$bindir/initdb" -D "$tmp/data" -U brickwood --auth=trust -E UTF8 --no-sync \
    >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log"; exit 1; }
# fsync off: the tests check what the bot commits, not the disk under the server (a benchmark
# sets BW_PG_FSYNC=on to measure with it).
fsync="-F"
[ "${BW_PG_FSYNC:-off}" = on ] && fsync=""
# The settings go into the server's configuration, so that a start by BW_PG_CTL uses them too.
{
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $port"
    echo "unix_socket_directories = '$tmp'"
    [ -z "$fsync" ] || echo "fsync = off"
} >>"$tmp/data/postgresql.conf"
echo "exec $as \"$bindir/pg_ctl\" -D \"$tmp/data\" -l \"$tmp/server.log\" -w -t 60 \"\$@\"" \
    >"$tmp/pg_ctl.sh"
sh "$tmp/pg_ctl.sh" start >/dev/null || { cat "$tmp/server.log"; exit 1; }
pid=$(head -n 1 "$tmp/data/postmaster.pid")
"$bindir/createdb" -h 127.0.0.1 -p "$port" -U brickwood brickwood_test

BW_PG_CONNINFO="host=127.0.0.1 port=$port dbname=brickwood_test user=brickwood"
BW_PG_BINDIR=$bindir
BW_PG_CTL=$tmp/pg_ctl.sh
export BW_PG_CONNINFO BW_PG_BINDIR BW_PG_CTL
"$@"
