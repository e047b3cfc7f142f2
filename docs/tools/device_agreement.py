#!/usr/bin/env python3
"""How Paceline's distance agrees with the device's own, on every FIT and TCX file of the
corpus that carries one: the FIT sessions' total_distance and the TCX laps' DistanceMeters
(as Tests/Fixtures/tracks/reference-gpxpy.json has them, read by fitdecode and raw XML),
summed over a file's activities.

    swift build && python3 docs/tools/device_agreement.py [.build/debug/paceline]

Prints one row per file (the device's, Paceline's and the GPS measure, in metres, with the
differences) and how many are within 2 %; docs/ALGORITHMS.md ("The device's own distance")
quotes it.
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TRACKS = ROOT / "Tests" / "Fixtures" / "tracks"


def device_distance(key, reference):
    """The device's total for `key`, or None when the file has none (or says 0)."""
    total = reference.get("session_total_distance_sum") if key.endswith(".fit") else reference.get("lap_distance_meters_sum")
    return total if total else None


def main():
    paceline = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "paceline")
    references = json.loads((TRACKS / "reference-gpxpy.json").read_text())["files"]
    rows, refused = [], []
    for key, reference in sorted(references.items()):
        device = device_distance(key, reference)
        if device is None or not key.endswith((".fit", ".tcx")):
            continue
        answer = subprocess.run([paceline, "analyze", "--json", str(TRACKS / key)], capture_output=True, text=True)
        if answer.returncode != 0:
            refused.append(key)  # a malformed file the corpus keeps for its error
            continue
        # A file of several activities (a triathlon) prints one each; the device's total is their sum.
        summaries = [json.loads(line) for line in answer.stdout.splitlines()]
        gps = [summary.get("gpsDistanceMeters") for summary in summaries]
        rows.append((key, device, sum(summary["distanceMeters"] for summary in summaries),
                     None if all(value is None for value in gps) else sum(value or 0 for value in gps)))

    def difference(ours, device):
        return "–" if ours is None else f"{(ours - device) / device * 100:+.2f} %"

    print("| file | device m | Paceline m | | GPS m | |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for key, device, ours, gps in rows:
        print(f"| {key} | {device:.0f} | {ours:.0f} | {difference(ours, device)} | "
              f"{'–' if gps is None else f'{gps:.0f}'} | {difference(gps, device)} |")
    within = lambda value, device: value is not None and abs(value - device) / device <= 0.02
    print(f"\nwithin 2 % of the device: Paceline {sum(within(o, d) for _, d, o, _ in rows)} of {len(rows)}, "
          f"GPS alone {sum(within(g if g is not None else o, d) for _, d, o, g in rows)} of {len(rows)}")
    if refused:
        print(f"refused as malformed (as they should be): {', '.join(refused)}")


if __name__ == "__main__":
    main()
