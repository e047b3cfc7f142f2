"""The web app's workout session (Public/js/workout/, a port of the Swift one) against
`paceline workout --json --exact`: the same plan, bands and fixes must give the same cues,
the same sentences and the same summary.

The CLI prints the fixes it read (per segment, times in epoch milliseconds) and its
numbers unrounded; the browser replays exactly those segments. Tolerance 1e-6 (seconds,
metres, s/km) on every number, exact equality on the rest (cue count, kinds, intervals,
sentences, statuses): both sides run the same double operations in the same order, and
only the last bit of sin/cos/atan may differ (see test_follow_port.py).

Run: python3 -m pytest Tests/e2e/test_workout_port.py -q
"""
import json
import math
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from conftest import TRACKS as CORPUS, paceline_binary
from test_follow_port import START, to_coordinate, winding

TOLERANCE = 1e-6
ROUTE = winding(4000)
TRACK = {"name": "Track", "steps": [
    {"seconds": 60, "target": "easy"},
    {"repeat": 3, "intervals": [{"meters": 300, "target": "fast"}, {"seconds": 45, "target": "rest"}]},
    {"meters": 500, "target": "pace", "paceSecondsPerKilometer": 330},
]}
BANDS = {"rest": {"fastest": 480, "slowest": 900}, "easy": {"fastest": 330, "slowest": 420},
         "steady": {"fastest": 280, "slowest": 330}, "fast": {"fastest": 200, "slowest": 260}}


def fix(s, t, wobble):
    latitude, longitude = to_coordinate(*ROUTE.at(s, wobble))
    return {"latitude": float(f"{latitude:.7f}"), "longitude": float(f"{longitude:.7f}"), "accuracy": None, "time": (START + t) * 1000}


def phased(phases, wobble=1.5):
    """Segments of 1 Hz fixes: phases are (seconds, m/s), or ("pause", seconds, metres moved meanwhile)."""
    segments, s, t = [[fix(0, 0, 0)]], 0.0, 0
    for phase in phases:
        if phase[0] == "pause":
            t += phase[1]
            s += phase[2]
            segments.append([fix(s, t, 0)])
            continue
        seconds, speed = phase
        for _ in range(seconds):
            t += 1
            s += speed
            segments[-1].append(fix(s, t, wobble * math.sin(t / 7)))
    return segments


def write_gpx(folder, segments, name="run"):
    def point(f):
        time = datetime.fromtimestamp(f["time"] / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return f'<trkpt lat="{f["latitude"]:.7f}" lon="{f["longitude"]:.7f}"><ele>30.0</ele><time>{time}</time></trkpt>'
    body = "".join("<trkseg>" + "".join(point(f) for f in segment) + "</trkseg>" for segment in segments)
    path = Path(folder) / f"{name}.gpx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test_workout_port" '
                    'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>' + name + "</name><type>running</type>"
                    + body + "</trk></gpx>\n")
    return path


CASES = {
    # On plan, with the warm-up a little quick.
    "on_plan": lambda: (TRACK, phased([(60, 3.2), (75, 4.2), (45, 1.4), (75, 4.1), (45, 1.2), (80, 4.0), (45, 1.5), (170, 3.05), (20, 2)])),
    # Slower than planned in every fast interval: drift warnings, and the workout ends short.
    "slower": lambda: (TRACK, phased([(60, 2.9), (120, 3.0), (45, 1.0), (120, 2.8), (45, 0.0), (60, 3.0)])),
    # A pause (a segment break) in the middle of an interval, having walked 80 m meanwhile.
    "pause": lambda: (TRACK, phased([(60, 2.8), (40, 4.2), ("pause", 90, 80), (40, 4.2), (45, 1.3), (200, 4.0), (300, 3.0)])),
}


def cli_workout(plan_path, run_path, bands_path, units="metric"):
    completed = subprocess.run([paceline_binary(), "workout", "--plan", str(plan_path), "--run", str(run_path),
                                "--bands", str(bands_path), "--json", "--exact", "--units", units],
                               capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


JS_REPLAY = """
const [planJSON, segmentsJSON, sport, bandsJSON, units, done] = arguments;
(async () => {
  const { WorkoutSession } = await import('/js/engine/workout/workout-session.js');
  const { WorkoutSpeaker } = await import('/js/engine/workout/workout-speaker.js');
  const { session, cues } = WorkoutSession.replay(JSON.parse(planJSON), JSON.parse(segmentsJSON), sport, JSON.parse(bandsJSON));
  const speaker = new WorkoutSpeaker(units);
  return { cues: cues.map((cue) => ({ ...cue, spoken: speaker.spoken(cue, session.intervals) })), summary: session.summary };
})().then((answer) => done(JSON.stringify(answer)), (error) => done(JSON.stringify({ error: String(error.stack || error) })));
"""


def js_workout(window, plan, segments, sport, bands, units="metric"):
    window.driver.set_script_timeout(120)
    answer = json.loads(window.driver.execute_async_script(JS_REPLAY, json.dumps(plan), json.dumps(segments), sport,
                                                           json.dumps(bands), units))
    assert "error" not in answer, answer["error"]
    return answer


def close(a, b, label):
    if a is None or b is None:
        assert a is None and b is None, f"{label}: CLI {a}, JS {b}"
        return
    assert abs(a - b) <= TOLERANCE, f"{label}: CLI {a!r}, JS {b!r}"


def assert_same(cli, js):
    assert [(c["kind"], c["interval"], c["spoken"]) for c in cli["cues"]] == \
        [(c["kind"], c["interval"], c["spoken"]) for c in js["cues"]]
    for k, (c, j) in enumerate(zip(cli["cues"], js["cues"])):
        close(c["elapsedSeconds"], j["elapsedSeconds"], f"cue {k} elapsedSeconds")
        close(c["distanceMeters"], j["distanceMeters"], f"cue {k} distanceMeters")
    a, b = cli["summary"], js["summary"]
    assert a["completed"] == b["completed"]
    for key in ("elapsedSeconds", "distanceMeters", "averagePaceSecondsPerKilometer"):
        close(a.get(key), b.get(key), f"summary {key}")
    assert len(a["intervals"]) == len(b["intervals"])
    for x, y in zip(a["intervals"], b["intervals"]):
        for key in ("number", "by", "target", "status"):
            assert x[key] == y[key], (key, x, y)
        for key in ("bandFastestSecondsPerKilometer", "bandSlowestSecondsPerKilometer", "plannedSeconds", "plannedMeters",
                    "plannedPaceSecondsPerKilometer", "actualSeconds", "actualMeters", "actualPaceSecondsPerKilometer"):
            close(x.get(key), y.get(key), f"interval {x['number']} {key}")


@pytest.mark.parametrize("name", CASES)
def test_synthetic_workout_matches_the_cli(name, server, browser, tmp_path):
    plan, segments = CASES[name]()
    plan_path, bands_path = tmp_path / "plan.json", tmp_path / "bands.json"
    plan_path.write_text(json.dumps(plan))
    bands_path.write_text(json.dumps(BANDS))
    cli = cli_workout(plan_path, write_gpx(tmp_path, segments), bands_path)
    assert cli["segments"] == segments, "the CLI read exactly the fixes the test wrote"
    window = browser()
    window.open("/")
    assert_same(cli, js_workout(window, plan, cli["segments"], cli["sport"], BANDS))
    kinds = [c["kind"] for c in cli["cues"]]
    print(f"\n{name}: {sum(len(s) for s in segments)} fixes, {len(kinds)} cues: {[c['spoken'] for c in cli['cues']]}")
    # Each case does what it is named for.
    if name == "on_plan":
        assert cli["summary"]["completed"] and kinds[-1] == "complete" and "tooSlow" not in kinds
    if name == "slower":
        assert "tooSlow" in kinds and not cli["summary"]["completed"]
        assert "current" in [i["status"] for i in cli["summary"]["intervals"]]
    if name == "pause":
        assert len(segments) == 2 and cli["summary"]["completed"]
    assert kinds.count("start") >= 3 and "countdown" in kinds


def test_imperial_sentences_and_a_real_run_match_the_cli(server, browser, tmp_path):
    plan = {"name": "Fartlek", "steps": [{"seconds": 120, "target": "easy"},
                                         {"repeat": 4, "intervals": [{"meters": 400, "target": "fast"}, {"seconds": 60, "target": "rest"}]},
                                         {"meters": 1609.344, "target": "steady"}]}
    plan_path, bands_path = tmp_path / "plan.json", tmp_path / "bands.json"
    plan_path.write_text(json.dumps(plan))
    bands_path.write_text(json.dumps(BANDS))
    cli = cli_workout(plan_path, CORPUS / "gpx/run.gpx", bands_path, units="imperial")
    window = browser()
    window.open("/")
    assert_same(cli, js_workout(window, plan, cli["segments"], cli["sport"], BANDS, units="imperial"))
    spoken = [c["spoken"] for c in cli["cues"]]
    assert spoken[0] == "Interval 1 of 10: 2 minutes, easy", spoken
    assert "Interval 2 of 10: 0.25 miles, fast" in spoken, spoken


JS_LIVE = """
const [planJSON, segmentsJSON, sport, bandsJSON, units, done] = arguments;
(async () => {
  const { RunTracker } = await import('/js/engine/recording/run-tracker.js');
  const segments = JSON.parse(segmentsJSON);
  const header = { startedAt: segments[0][0].time, sport, follow: null,
                   workout: { id: 'w', name: 'w', plan: JSON.parse(planJSON), bands: JSON.parse(bandsJSON) } };
  const tracker = new RunTracker(header, units);
  const spoken = [];
  segments.forEach((segment, i) => {
    // As the running screen does: Pause a second after the last fix, Resume at the next.
    if (i > 0) { tracker.pause(segments[i - 1].at(-1).time + 1000); tracker.resume(segment[0].time); }
    for (const fix of segment) spoken.push(...(tracker.add({ ...fix, segment: i }).sentences ?? []));
  });
  return { spoken, summary: tracker.workout.summary, elapsedSeconds: tracker.elapsedSeconds(segments.at(-1).at(-1).time) };
})().then((answer) => done(JSON.stringify(answer)), (error) => done(JSON.stringify({ error: String(error.stack || error) })));
"""


def test_a_paused_workout_run_live_matches_the_servers_replay(server, browser, tmp_path):
    """The running screen's tracker, paused and resumed between the segments (as the runner
    did), says and sums up what the server's replay of the uploaded segments logs."""
    plan, segments = CASES["pause"]()
    plan_path, bands_path = tmp_path / "plan.json", tmp_path / "bands.json"
    plan_path.write_text(json.dumps(plan))
    bands_path.write_text(json.dumps(BANDS))
    cli = cli_workout(plan_path, write_gpx(tmp_path, segments), bands_path)
    window = browser()
    window.open("/")
    window.driver.set_script_timeout(120)
    live = json.loads(window.driver.execute_async_script(JS_LIVE, json.dumps(plan), json.dumps(cli["segments"]), cli["sport"],
                                                         json.dumps(BANDS), "metric"))
    assert "error" not in live, live["error"]
    assert live["spoken"] == [c["spoken"] for c in cli["cues"]]
    a, b = cli["summary"], live["summary"]
    assert a["completed"] == b["completed"]
    for key in ("elapsedSeconds", "distanceMeters", "averagePaceSecondsPerKilometer"):
        close(a.get(key), b.get(key), f"summary {key}")
    for x, y in zip(a["intervals"], b["intervals"], strict=True):
        assert x["status"] == y["status"], (x, y)
        for key in ("actualSeconds", "actualMeters"):
            close(x.get(key), y.get(key), f"interval {x['number']} {key}")
    # The screen's clock stops for the pause too (but for the second before Pause was pressed).
    pause = (cli["segments"][1][0]["time"] - cli["segments"][0][-1]["time"]) / 1000
    whole = (cli["segments"][-1][-1]["time"] - cli["segments"][0][0]["time"]) / 1000
    assert abs(live["elapsedSeconds"] - (whole - pause + 1)) < 1e-6, (live["elapsedSeconds"], whole, pause)


JS_COST = """
const [count, done] = arguments;
(async () => {
  const { WorkoutSession } = await import('/js/engine/workout/workout-session.js');
  const plan = { name: 'Long', steps: [{ seconds: 600, target: 'easy' },
    { repeat: 500, intervals: [{ meters: 400, target: 'fast' }, { seconds: 90, target: 'rest' }] }] };
  const fixes = [];
  let s = 0;
  for (let t = 0; t < count; t += 1) {
    s += (Math.floor(t / 90) % 2 === 0 ? 4 : 2);
    fixes.push({ latitude: 46.05 + 300 * Math.sin(s / 2000) / 111132.954, longitude: 14.5 + 300 * Math.cos(s / 2000) / 77000,
                 time: 1777622400000 + t * 1000 });
  }
  const best = [];
  let cues = 0;
  for (let run = 0; run < 5; run += 1) {
    const session = new WorkoutSession(plan);
    const started = performance.now();
    for (const fix of fixes) cues += session.add(fix).length;
    best.push(performance.now() - started);
  }
  return { ms: Math.min(...best), cues: cues / 5 };
})().then((answer) => done(JSON.stringify(answer)), (error) => done(JSON.stringify({ error: String(error.stack || error) })));
"""


def test_cost_per_fix_in_the_browser(server, browser):
    """100,000 fixes (28 h at 1 Hz) through the browser's session, best of 5: the running
    screen's cost per fix, which must not grow with the run or the plan."""
    window = browser()
    window.open("/")
    window.driver.set_script_timeout(120)
    answer = json.loads(window.driver.execute_async_script(JS_COST, 100_000))
    assert "error" not in answer, answer
    per_fix = answer["ms"] * 1000 / 100_000
    print(f"\nworkout session in the browser: 100,000 fixes in {answer['ms']:.1f} ms = {per_fix:.2f} µs per fix, {answer['cues']:.0f} cues")
    assert per_fix < 50, per_fix
