#!/usr/bin/env bash
# A live safety link over a long activity: how long each send of the phone's fixes takes
# as the way grows, and how long a viewer's request takes (Benchmarks/beacon/feed.py).
#
#   Benchmarks/beacon/run.sh [HOURS]
#
# PACELINE_BIN picks the binary (default .build/release/paceline, else .build/debug).
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-3}"
binary="${PACELINE_BIN:-}"
if [ -z "$binary" ]; then
    binary=.build/release/paceline
    [ -x "$binary" ] || binary=.build/debug/paceline
fi
work="$(mktemp -d /tmp/paceline-beacon.XXXXXX)"
source .ci/serve.sh
cleanup() {
    serve_stop
    rm -rf "$work"
}
trap cleanup EXIT
serve_start beacon "$binary" "$work/paceline.sqlite" "$work/serve.log" 60
python3 Benchmarks/beacon/feed.py "http://127.0.0.1:$serve_port" "$hours"
