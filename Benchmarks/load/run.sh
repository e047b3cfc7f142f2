#!/usr/bin/env bash
# A load test with Locust: 200 people signing in, uploading, browsing routes and reading
# tracks for 60 s against a live `paceline serve` (Benchmarks/load/locustfile.py).
#
#   Benchmarks/load/run.sh [DATABASE]
#
# DATABASE is what `paceline serve --database` takes: a postgres:// URL (an empty
# database of its own: the test leaves its people and runs there) or a SQLite path; a
# fresh temporary SQLite file when absent or empty. It prints one line per endpoint
# (requests, failures, p50, p90, p99, max in ms) and fails when any request failed.
#
# PACELINE_BIN picks the binary (default .build/release/paceline, else .build/debug);
# LOAD_USERS, LOAD_SPAWN_RATE (people a second) and LOAD_SECONDS change the load;
# PACELINE_LOAD_SERVE_OPTIONS are added to `paceline serve`'s (e.g. --database-connections 4);
# PACELINE_TRACKS the corpus (default ../shared/data/tracks). Needs `pip install locust`.
set -euo pipefail
cd "$(dirname "$0")/../.."

users="${LOAD_USERS:-200}"
spawn_rate="${LOAD_SPAWN_RATE:-10}"
seconds="${LOAD_SECONDS:-60}"
export PACELINE_LOAD_TRACKS="${PACELINE_TRACKS:-../shared/data/tracks}"
# Real device files, each a run with timed positions: a phone's GPX, watches' GPX, TCX
# and FIT, from 30 KB to 590 KB.
export PACELINE_LOAD_FILES="gpx/run.gpx,gpx/garmin-activity.gpx,gpx/blue_hills.gpx,gpx/korita-zbevnica.gpx,gpx/garmin_with_extensions.gpx,tcx/garmin_connect.tcx,fit/garmin-fenix-5-run.fit,fit/garmin-fenix-5-walk.fit,fit/activity-small-fenix2-run.fit"

source .ci/serve.sh
binary="$(serve_binary)"
serve_workdir load
work="$serve_work"
database="${1:-$work/paceline.sqlite}"

kind="sqlite"
case "$database" in postgres://* | postgresql://*) kind="postgres" ;; esac
# Each simulated person has an address of their own in X-Forwarded-For, as behind a proxy.
# shellcheck disable=SC2086 # the options are words
serve_start load "$binary" "$database" "$work/server.log" 120 --trust-proxy ${PACELINE_LOAD_SERVE_OPTIONS:-}
port="$serve_port"
echo "load: $users people for ${seconds}s against $binary on $kind, port $port"

status=0
python3 -m locust --locustfile Benchmarks/load/locustfile.py --headless --only-summary \
    --host "http://127.0.0.1:$port" --users "$users" --spawn-rate "$spawn_rate" --run-time "${seconds}s" \
    --stop-timeout 10 --csv "$work/load" --loglevel WARNING >"$work/locust.log" 2>&1 || status=$?

python3 - "$work/load_stats.csv" "$work/load_failures.csv" "$kind" <<'PY' || status=1
import csv, sys
stats, failures, kind = sys.argv[1:]
rows = list(csv.DictReader(open(stats)))
print(f"| endpoint ({kind}) | requests | failures | p50 ms | p90 ms | p99 ms | max ms |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for row in rows:
    name = row["Name"] if row["Type"] else "all"
    name = f"{row['Type']} {name}".strip() if row["Name"] != "Aggregated" else "**all**"
    print(f"| {name} | {row['Request Count']} | {row['Failure Count']} | {row['50%']} | {row['90%']} | "
          f"{row['99%']} | {float(row['Max Response Time']):.0f} |")
total = next(row for row in rows if row["Name"] == "Aggregated")
print(f"load: {total['Request Count']} requests, {total['Requests/s'][:6]} a second, {total['Failure Count']} failed")
for row in csv.DictReader(open(failures)):
    print(f"load: FAILED {row['Method']} {row['Name']}: {row['Error']} ({row['Occurrences']}x)", file=sys.stderr)
sys.exit(1 if int(total["Failure Count"]) else 0)
PY

if grep -q '\[ ERROR \]' "$work/server.log"; then
    echo "load: the server logged errors:" >&2
    grep '\[ ERROR \]' "$work/server.log" | cut -c1-300 | sort | uniq -c | sort -rn | head -n 10 >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "load: failed on $kind; Locust said:" >&2
    tail -n 30 "$work/locust.log" >&2
    exit "$status"
fi
echo "load: $kind passed"
