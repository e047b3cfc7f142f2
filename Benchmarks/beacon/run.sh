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
source .ci/serve.sh
binary="$(serve_binary)"
serve_workdir beacon
serve_start beacon "$binary" "$serve_work/paceline.sqlite" "$serve_work/serve.log" 60
python3 Benchmarks/beacon/feed.py "http://127.0.0.1:$serve_port" "$hours"
