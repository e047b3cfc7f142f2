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
# No 5xx; status, content type and body as the spec says; an operation the spec says
# needs a token refuses a request without one (ignored_auth); and a request the spec
# forbids (a value out of its bounds, of the wrong type, null, a missing required member:
# the negative examples of `--mode all`) is refused with a 4xx (negative_data_rejection).
checks="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,ignored_auth,negative_data_rejection"


binary="${PACELINE_BIN:-.build/debug/paceline}"
if [ ! -x "$binary" ]; then
    swift build --product paceline
fi

source .ci/serve.sh
serve_workdir schemathesis
work="$serve_work"
database="${1:-$work/paceline.sqlite}"
extra_options=("${@:2}")

kind="sqlite"
case "$database" in postgres://* | postgresql://*) kind="postgres" ;; esac
serve_start schemathesis "$binary" "$database" "$work/server.log" 60
port="$serve_port"
base="http://127.0.0.1:$port/api/v1"
echo "schemathesis: paceline serve on $kind, port $port"

# Two users: one whose token every operation carries, and one for log out alone (log
# out revokes the token it is called with, which would leave the rest unauthenticated).
# new_user NAME prints the new user's token and id (`${user% *}` and `${user#* }`).
new_user() {
    curl -fsS -X POST "$base/auth/register" -H 'Content-Type: application/json' \
        -d "{\"email\": \"$1-$port-$(date +%s%N)@example.org\", \"password\": \"schemathesis password\", \"displayName\": \"$1\"}" |
        python3 -c 'import json, sys; session = json.load(sys.stdin); print(session["token"], session["profile"]["id"])'
}
fuzz="$(new_user fuzz)"
token="${fuzz% *}" fuzz_id="${fuzz#* }"
logout="$(new_user logout)"
logout_token="${logout% *}"

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

# The people .ci/schemathesis.toml hands to the operations on one friend or request:
# `friend` stays the fuzzing user's friend (and guest); `former` is a friend for
# removeFriend to unfriend; `asker` and `decliner` asked the fuzzing user to be friends,
# for acceptFriendRequest and declineFriendRequest.
# ask FROM_TOKEN TO_ID; accept TOKEN REQUESTER_ID
ask() {
    curl -fsS -o /dev/null -X POST "$base/friends/requests" -H "Authorization: Bearer $1" \
        -H 'Content-Type: application/json' -d "{\"userId\": \"$2\"}"
}
accept() { curl -fsS -o /dev/null -X POST "$base/friends/requests/$2/accept" -H "Authorization: Bearer $1"; }
friend="$(new_user friend)"
former="$(new_user former)"
asker="$(new_user asker)"
decliner="$(new_user decliner)"
friend_token="${friend% *}" friend_id="${friend#* }" former_token="${former% *}" former_id="${former#* }"
asker_token="${asker% *}" asker_id="${asker#* }" decliner_token="${decliner% *}" decliner_id="${decliner#* }"
ask "$friend_token" "$fuzz_id"
accept "$token" "$friend_id"
ask "$former_token" "$fuzz_id"
accept "$token" "$former_id"
ask "$asker_token" "$fuzz_id"
ask "$decliner_token" "$fuzz_id"
export PACELINE_SCHEMATHESIS_FORMER_FRIEND_ID="$former_id" PACELINE_SCHEMATHESIS_ASKER_ID="$asker_id"
export PACELINE_SCHEMATHESIS_DECLINER_ID="$decliner_id"

# Invitations a week ahead: one the friend hosts with the fuzzing user as guest (to read
# and answer), and one the fuzzing user hosts, for cancelInvitation.
invite() {
    curl -fsS -X POST "$base/invitations" -H "Authorization: Bearer $1" -H 'Content-Type: application/json' \
        -d "{\"startsAt\": \"$(date -u -d '+7 days' +%Y-%m-%dT%H:%M:%SZ)\", \"place\": {\"latitude\": 55.86, \"longitude\": -4.25},
             \"guestIds\": [\"$2\"]}" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'
}
export PACELINE_SCHEMATHESIS_INVITATION_ID PACELINE_SCHEMATHESIS_CANCELLABLE_INVITATION_ID
PACELINE_SCHEMATHESIS_INVITATION_ID="$(invite "$friend_token" "$fuzz_id")"
PACELINE_SCHEMATHESIS_CANCELLABLE_INVITATION_ID="$(invite "$token" "$friend_id")"

# A point of interest for the operations on one (the sample Open Plaques export, imported
# with the CLI into the running server's database).
"$binary" poi import Tests/Fixtures/poi/open-plaques-sample.csv --database "$database" >/dev/null
export PACELINE_SCHEMATHESIS_POI_ID
PACELINE_SCHEMATHESIS_POI_ID="$(curl -fsS "$base/pois?south=51.46&west=-0.15&north=51.47&east=-0.14" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["points"][0]["id"])')"
# Achievements: the friend, whose achievements getUserAchievements reads.
export PACELINE_SCHEMATHESIS_FRIEND_ID="$friend_id"
# Workouts: one for the operations on a workout, one of its own for deleteWorkout, a
# workout log entry (a JSON run uploaded with the first workout), and one of its own for
# deleteWorkoutLogEntry (the TCX run, logged afterwards).
workout() {
    curl -fsS -X POST "$base/workouts" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d '{"name": "Fuzz", "steps": [{"meters": 400, "target": "fast"}, {"repeat": 2, "intervals": [{"seconds": 60, "target": "rest"}, {"meters": 200, "target": "pace", "paceSecondsPerKilometer": 300}]}]}' | route_id
}
export PACELINE_SCHEMATHESIS_WORKOUT_ID PACELINE_SCHEMATHESIS_DELETABLE_WORKOUT_ID PACELINE_SCHEMATHESIS_WORKOUT_LOG_ID
export PACELINE_SCHEMATHESIS_DELETABLE_WORKOUT_LOG_ID
PACELINE_SCHEMATHESIS_WORKOUT_ID="$(workout)"
PACELINE_SCHEMATHESIS_DELETABLE_WORKOUT_ID="$(workout)"
curl -fsS -o /dev/null -X POST "$base/runs?workoutId=$PACELINE_SCHEMATHESIS_WORKOUT_ID" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/gpx+xml' --data-binary "@$tracks/gpx/run.gpx"
PACELINE_SCHEMATHESIS_WORKOUT_LOG_ID="$(curl -fsS "$base/workout-log" -H "Authorization: Bearer $token" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["entries"][0]["id"])')"
PACELINE_SCHEMATHESIS_DELETABLE_WORKOUT_LOG_ID="$(curl -fsS -X POST "$base/workout-log" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d "{\"runId\": \"$other_run\", \"workoutId\": \"$PACELINE_SCHEMATHESIS_WORKOUT_ID\"}" | route_id)"

# A club the fuzzing user owns, with a challenge to read and one of its own for
# deleteClubChallenge (createClubChallenge is fuzzed on the club, so its body is checked).
club_challenge() {
    curl -fsS -X POST "$base/clubs/$1/challenges" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"title\": \"Fuzz\", \"sport\": \"run\", \"kind\": \"distance\", \"goal\": 10000,
             \"startsAt\": \"$(date -u -d '-1 day' +%Y-%m-%dT%H:%M:%SZ)\", \"endsAt\": \"$(date -u -d '+7 days' +%Y-%m-%dT%H:%M:%SZ)\"}" | route_id
}
export PACELINE_SCHEMATHESIS_CLUB_ID PACELINE_SCHEMATHESIS_CHALLENGE_ID PACELINE_SCHEMATHESIS_DELETABLE_CHALLENGE_ID
PACELINE_SCHEMATHESIS_CLUB_ID="$(curl -fsS -X POST "$base/clubs" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name": "Fuzz club", "admission": "invitation"}' | route_id)"
PACELINE_SCHEMATHESIS_CHALLENGE_ID="$(club_challenge "$PACELINE_SCHEMATHESIS_CLUB_ID")"
PACELINE_SCHEMATHESIS_DELETABLE_CHALLENGE_ID="$(club_challenge "$PACELINE_SCHEMATHESIS_CLUB_ID")"

excluded=(--exclude-operation-id logOut)

run() {
    local bearer="$1"
    shift
    timeout --kill-after 30 "$time_limit" schemathesis --config-file .ci/schemathesis.toml run "$base/openapi.yaml" \
        --url "$base" \
        --header "Authorization: Bearer $bearer" \
        --checks "$checks" \
        --mode all \
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
