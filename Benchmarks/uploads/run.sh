#!/usr/bin/env bash
# Uploads at the limits (issue 35): files made to cost the server as much as they can
# within the body limit, and the largest honest ones, each sent to a `paceline serve` of
# its own; how long each answer takes and the server's peak resident memory, then two
# at once while /health is asked every 100 ms (Benchmarks/uploads/limits.py).
#
#   Benchmarks/uploads/run.sh
#
# PACELINE_BIN picks the binary (default .build/release/paceline, else .build/debug).
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/serve.sh
binary="$(serve_binary)"
serve_workdir uploads
python3 Benchmarks/uploads/limits.py make "$serve_work"
for file in records.fit.gz laps.fit.gz stops.fit.gz points.gpx.gz zeros.json honest.gpx.gz honest.json; do
    serve_start uploads "$binary" "$serve_work/$file.sqlite" "$serve_work/serve.log" 60
    python3 Benchmarks/uploads/limits.py send "http://127.0.0.1:$serve_port" "$serve_pid" "$serve_work/$file"
    serve_stop
done
serve_start uploads "$binary" "$serve_work/both.sqlite" "$serve_work/serve.log" 60
python3 Benchmarks/uploads/limits.py both "http://127.0.0.1:$serve_port" "$serve_pid" "$serve_work/records.fit.gz" "$serve_work/zeros.json"
python3 Benchmarks/uploads/limits.py both "http://127.0.0.1:$serve_port" "$serve_pid" "$serve_work/honest.gpx.gz" "$serve_work/honest.json"
