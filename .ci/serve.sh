# Sourced by .ci/schemathesis.sh and the benchmarks' run.sh (load, heat map, beacon): a
# `paceline serve` of their own.
#
# serve_binary prints the paceline to serve: $PACELINE_BIN, else the release build, else
# the debug one. serve_workdir NAME makes a temporary directory ($serve_work) that the
# script's exit removes, after stopping the server.
#
# serve_start NAME BINARY DATABASE LOG SECONDS [OPTION...] starts BINARY's `serve` on
# DATABASE (with the options) on a free loopback port ($serve_port, pid $serve_pid), its
# output in LOG, and waits at most SECONDS for /api/v1/health; a server that exits or is
# not healthy by then has its LOG printed, and the script exits 1. serve_stop stops it
# (from the script's EXIT trap).
serve_port=""
serve_pid=""
serve_work=""

serve_binary() {
    if [ -n "${PACELINE_BIN:-}" ]; then
        echo "$PACELINE_BIN"
    elif [ -x .build/release/paceline ]; then
        echo .build/release/paceline
    else
        echo .build/debug/paceline
    fi
}

serve_workdir() {
    serve_work="$(mktemp -d "/tmp/paceline-$1.XXXXXX")"
    trap 'serve_stop; rm -rf "$serve_work"' EXIT
}

serve_start() {
    local name="$1" binary="$2" database="$3" log="$4" seconds="$5"
    shift 5
    serve_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "$binary" serve --hostname 127.0.0.1 --port "$serve_port" --database "$database" "$@" >"$log" 2>&1 &
    serve_pid=$!
    local deadline=$((SECONDS + seconds))
    until curl -fsS "http://127.0.0.1:$serve_port/api/v1/health" >/dev/null 2>&1; do
        if ! kill -0 "$serve_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
            echo "$name: the server did not start (port $serve_port); it said:" >&2
            cat "$log" >&2
            exit 1
        fi
        sleep 0.5
    done
}

serve_stop() {
    [ -n "$serve_pid" ] || return 0
    kill "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
    serve_pid=""
}
