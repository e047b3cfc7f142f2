# Sourced by .ci/run: a throwaway PostgreSQL cluster for the tests.
#
# `postgres_start` installs PostgreSQL from Debian packages when it is missing, creates a
# fresh cluster in a temporary directory (so a cluster already running on the machine,
# e.g. Debian's `main` on 5432, is neither used nor disturbed), starts it on 127.0.0.1
# only, on a free port, and creates a role and three databases:
#   PACELINE_TEST_POSTGRES_URL     the server tests (one schema per test)
#   PACELINE_SCHEMATHESIS_POSTGRES_URL   the schemathesis run against a live server
#   PACELINE_LOAD_POSTGRES_URL     the load test (Benchmarks/load)
# `postgres_stop` stops the cluster and removes its directory (.ci/run traps it).
#
# The cluster trades durability for speed (fsync off): it lives for one CI run.

postgres_bin_dir() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# Runs a command as the cluster's owner: `postgres` when we are root (PostgreSQL refuses
# to run as root), ourselves otherwise.
postgres_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

postgres_install() {
    if [ -n "$(postgres_bin_dir)" ] && [ -x "$(postgres_bin_dir)/initdb" ]; then
        return
    fi
    echo "ci: installing PostgreSQL from Debian packages"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

postgres_start() {
    postgres_install
    local bin
    bin="$(postgres_bin_dir)"
    POSTGRES_DIR="$(mktemp -d /tmp/paceline-ci-postgres.XXXXXX)"
    [ "$(id -u)" -ne 0 ] || chown postgres: "$POSTGRES_DIR"
    POSTGRES_PORT="$(free_port)"
    local password
    password="ci-$(python3 -c 'import secrets; print(secrets.token_hex(12))')"

    postgres_as_owner "$bin/initdb" --pgdata "$POSTGRES_DIR/data" --username postgres --encoding UTF8 --no-locale \
        --auth-local trust --auth-host scram-sha-256 >"$POSTGRES_DIR/initdb.log" 2>&1 \
        || { cat "$POSTGRES_DIR/initdb.log" >&2; return 1; }
    local options="-c listen_addresses=127.0.0.1 -c port=$POSTGRES_PORT -c unix_socket_directories=$POSTGRES_DIR"
    options+=" -c max_connections=1000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    postgres_as_owner "$bin/pg_ctl" --pgdata "$POSTGRES_DIR/data" --log "$POSTGRES_DIR/server.log" --wait --silent \
        -o "$options" start \
        || { cat "$POSTGRES_DIR/server.log" >&2; return 1; }

    local psql=("$bin/psql" --quiet --no-psqlrc --set ON_ERROR_STOP=1 --host "$POSTGRES_DIR" --port "$POSTGRES_PORT" --username postgres)
    postgres_as_owner "${psql[@]}" --dbname postgres >/dev/null <<SQL
CREATE ROLE paceline LOGIN PASSWORD '$password';
CREATE DATABASE paceline_test OWNER paceline;
CREATE DATABASE paceline_schemathesis OWNER paceline;
CREATE DATABASE paceline_load OWNER paceline;
SQL
    export PACELINE_TEST_POSTGRES_URL="postgres://paceline:$password@127.0.0.1:$POSTGRES_PORT/paceline_test"
    export PACELINE_SCHEMATHESIS_POSTGRES_URL="postgres://paceline:$password@127.0.0.1:$POSTGRES_PORT/paceline_schemathesis"
    export PACELINE_LOAD_POSTGRES_URL="postgres://paceline:$password@127.0.0.1:$POSTGRES_PORT/paceline_load"
    echo "ci: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$POSTGRES_PORT"
}

postgres_stop() {
    [ -n "${POSTGRES_DIR:-}" ] || return 0
    postgres_as_owner "$(postgres_bin_dir)/pg_ctl" --pgdata "$POSTGRES_DIR/data" --mode fast --wait --silent stop >/dev/null 2>&1 || true
    rm -rf "$POSTGRES_DIR"
    POSTGRES_DIR=""
}
