#!/usr/bin/env bash
# The personal heat map at 2,000 activities: how long GET /me/heatmap takes and weighs,
# and how long a phone-sized Chromium takes to draw the viewport (Benchmarks/heatmap/draw.py).
#
#   Benchmarks/heatmap/run.sh [ACTIVITIES]
#
# PACELINE_BIN picks the binary (default .build/release/paceline, else .build/debug).
# Needs selenium and chromedriver, as the browser tests do.
set -euo pipefail
cd "$(dirname "$0")/../.."
activities="${1:-2000}"
source .ci/serve.sh
binary="$(serve_binary)"
serve_workdir heatmap
serve_start heatmap "$binary" "$serve_work/paceline.sqlite" "$serve_work/serve.log" 60
python3 Benchmarks/heatmap/draw.py "http://127.0.0.1:$serve_port" "$activities"
