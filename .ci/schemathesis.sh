#!/usr/bin/env bash
# Fuzzes a live `paceline serve` with schemathesis against its own openapi.yaml: no 5xx,
# every answer's status, content type and body as the spec says, and no token-less
# access to what the spec says needs a token.
#
#   .ci/schemathesis.sh [DATABASE [SCHEMATHESIS_OPTION...]]
#
# DATABASE is what `paceline serve --database` takes (a postgres:// URL or a SQLite
# path); a fresh temporary SQLite file when absent or empty. Further options go to
# `schemathesis run` (e.g. `--report har` to see every request and answer).
#
# The binary is .build/debug/paceline (built when missing; PACELINE_BIN overrides).
# SCHEMATHESIS_SEED, SCHEMATHESIS_EXAMPLES (per operation) and SCHEMATHESIS_TIMEOUT
# (seconds, each schemathesis run) tune it. Settings per operation are in
# .ci/schemathesis.toml.
set -euo pipefail
cd "$(dirname "$0")/.."

seed="${SCHEMATHESIS_SEED:-20240601}"
examples="${SCHEMATHESIS_EXAMPLES:-30}"
time_limit="${SCHEMATHESIS_TIMEOUT:-900}"
# No 5xx; status, content type and body as the spec says; and an operation the spec
# says needs a token refuses a request without one (ignored_auth).
checks="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,ignored_auth"


binary="${PACELINE_BIN:-.build/debug/paceline}"
if [ ! -x "$binary" ]; then
    swift build --product paceline
fi

work="$(mktemp -d /tmp/paceline-schemathesis.XXXXXX)"
database="${1:-$work/paceline.sqlite}"
extra_options=("${@:2}")
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port/api/v1"

server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

kind="sqlite"
case "$database" in postgres://* | postgresql://*) kind="postgres" ;; esac
echo "schemathesis: paceline serve on $kind, port $port"
"$binary" serve --hostname 127.0.0.1 --port "$port" --database "$database" >"$work/server.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 120); do
    curl -fsS "$base/health" >/dev/null 2>&1 && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "schemathesis: the server exited:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
    sleep 0.5
done
curl -fsS "$base/health" >/dev/null

# Two users: one whose token every operation carries, and one for log out alone (log
# out revokes the token it is called with, which would leave the rest unauthenticated).
token_of_new_user() {
    curl -fsS -X POST "$base/auth/register" -H 'Content-Type: application/json' \
        -d "{\"email\": \"$1-$port-$(date +%s%N)@example.org\", \"password\": \"schemathesis password\", \"displayName\": \"$1\"}" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}
token="$(token_of_new_user fuzz)"
logout_token="$(token_of_new_user logout)"

# The runs .ci/schemathesis.toml hands to the operations on one run: a real GPX file from
# the corpus, and a short run of JSON fixes to be deleted.
run_id() { python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'; }
tracks="${PACELINE_TRACKS:-../shared/data/tracks}"
export PACELINE_SCHEMATHESIS_RUN_ID PACELINE_SCHEMATHESIS_DELETABLE_RUN_ID
PACELINE_SCHEMATHESIS_RUN_ID="$(curl -fsS -X POST "$base/runs?name=Corpus" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/gpx+xml' --data-binary "@$tracks/gpx/run.gpx" | run_id)"
PACELINE_SCHEMATHESIS_DELETABLE_RUN_ID="$(curl -fsS -X POST "$base/runs" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' \
    -d '{"fixes": [{"time": "2024-05-01T07:00:00Z", "latitude": 55.86, "longitude": -4.25},
                   {"time": "2024-05-01T07:01:00Z", "latitude": 55.861, "longitude": -4.25}]}' | run_id)"

# A route of the corpus run for the operations on one route, and a route of its own for
# deleteRoute.
route_id() { python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'; }
export PACELINE_SCHEMATHESIS_ROUTE_ID PACELINE_SCHEMATHESIS_DELETABLE_ROUTE_ID
PACELINE_SCHEMATHESIS_ROUTE_ID="$(curl -fsS -X POST "$base/routes" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d "{\"runId\": \"$PACELINE_SCHEMATHESIS_RUN_ID\"}" | route_id)"
other_run="$(curl -fsS -X POST "$base/runs" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/vnd.garmin.tcx+xml' --data-binary "@$tracks/tcx/garmin_connect.tcx" | run_id)"
PACELINE_SCHEMATHESIS_DELETABLE_ROUTE_ID="$(curl -fsS -X POST "$base/routes" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d "{\"runId\": \"$other_run\"}" | route_id)"

excluded=(--exclude-operation-id logOut)

run() {
    local bearer="$1"
    shift
    timeout --kill-after 30 "$time_limit" schemathesis --config-file .ci/schemathesis.toml run "$base/openapi.yaml" \
        --url "$base" \
        --header "Authorization: Bearer $bearer" \
        --checks "$checks" \
        --max-examples "$examples" \
        --seed "$seed" \
        --request-timeout 30 \
        --generation-database none \
        --continue-on-failure \
        --no-color \
        ${extra_options[@]+"${extra_options[@]}"} \
        "$@"
}

status=0
run "$token" "${excluded[@]}" || status=$?
run "$logout_token" --include-operation-id logOut || status=$?

if [ "$status" -ne 0 ]; then
    echo "schemathesis: failures on $kind; the server logged:" >&2
    grep '\[ ERROR \]' "$work/server.log" | cut -c1-400 | sort | uniq -c | sort -rn | head -n 20 >&2 || true
    exit "$status"
fi
echo "schemathesis: $kind passed"
