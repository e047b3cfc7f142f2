#!/usr/bin/env python3
"""Records a server's answers to a fixed walk through the API, so two builds can be compared
byte for byte across a change that must not change behaviour (a refactor):

    python3 docs/tools/record_answers.py OLD_PACELINE > old.txt
    python3 docs/tools/record_answers.py NEW_PACELINE > new.txt
    diff old.txt new.txt    # nothing: every status, content type and body the same

Each binary serves a fresh SQLite database on a free loopback port. The walk signs up two
runners, uploads real device files and phone fixes, and goes through every area's reads,
writes and refusals (profile, privacy zones, runs and their documents, statistics, goals,
gear, workouts and their log, friends, routes and leaderboards, favourites and likes,
segments, missions, invitations, discoveries, achievements, the feed, deletions). What is
new on every run is written as a placeholder: ids by order of first appearance (`<id 3>`),
tokens, instants within a day of now, cursors and ETags; everything else is as answered.
"""
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
TRACKS = REPOSITORY / "Tests/Fixtures/tracks"
PASSWORD = "a long enough password"
UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
INSTANT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)")
NEW_EACH_TIME = {"token", "nextCursor", "expiresAt"}


class Recorder:
    def __init__(self, binary):
        self.folder = tempfile.TemporaryDirectory()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = open(Path(self.folder.name) / "server.log", "w")
        self.process = subprocess.Popen([binary, "serve", "--port", str(self.port), "--database",
                                         str(Path(self.folder.name) / "answers.sqlite")], stdout=self.log, stderr=self.log)
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/v1/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        self.ids = {}
        self.now = datetime.now(timezone.utc)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.folder.cleanup()

    def call(self, method, path, body=None, token=None, raw=None, content_type="application/json"):
        """Sends one request and prints its answer, normalised; returns the parsed body."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/api/v1{path}", data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                status, kind, text = response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            status, kind, text = error.code, error.headers.get("Content-Type", ""), error.read()
        parsed = None
        if "json" in kind and text:
            parsed = json.loads(text)
        shown = self.normalised(json.dumps(parsed, sort_keys=True) if parsed is not None else f"<{len(text)} bytes>")
        print(f"{method} {self.normalised(path)} -> {status} {kind}\n  {shown}")
        return parsed

    def normalised(self, text):
        def instant(match):
            try:
                moment = datetime.fromisoformat(match.group(0).replace("Z", "+00:00"))
            except ValueError:
                return match.group(0)
            return "<now>" if abs(moment - self.now) < timedelta(days=1) else match.group(0)

        text = UUID.sub(lambda m: f"<id {self.ids.setdefault(m.group(0).lower(), len(self.ids) + 1)}>", text)
        text = INSTANT.sub(instant, text)
        for key in NEW_EACH_TIME:
            text = re.sub(rf'"{key}": "[^"]*"', f'"{key}": "<{key}>"', text)
        return text


def fixes(start=(55.8642, -4.2518), meters=3000, speed=3.0, begin="2026-03-02T08:00:00+00:00"):
    """A straight run north at `speed`, a fix a second."""
    first = datetime.fromisoformat(begin)
    count = int(meters / speed)
    return [{"latitude": start[0] + speed * k / 111_320, "longitude": start[1],
             "time": (first + timedelta(seconds=k)).isoformat().replace("+00:00", "Z"), "horizontalAccuracy": 5}
            for k in range(count + 1)]


def walk(r):
    ann = r.call("POST", "/auth/register", {"email": "ann@example.org", "password": PASSWORD, "displayName": "Ann"})["token"]
    bo = r.call("POST", "/auth/register", {"email": "bo@example.org", "password": PASSWORD, "displayName": "Bo"})["token"]
    r.call("POST", "/auth/register", {"email": "ann@example.org", "password": PASSWORD, "displayName": "Ann again"})
    r.call("POST", "/auth/login", {"email": "ann@example.org", "password": "wrong password!"})
    r.call("POST", "/auth/login", {"email": "bo@example.org", "password": PASSWORD})
    me = r.call("GET", "/me", token=ann)
    bo_id = r.call("GET", "/me", token=bo)["id"]
    r.call("PATCH", "/me", {"units": "metric", "defaultPrivacy": "public", "weightKilograms": 61}, token=ann)
    r.call("PATCH", "/me", {"defaultPrivacy": "friends"}, token=bo)
    # A zone away from the runs: where a zone cuts a track is drawn at random (to hide its centre).
    r.call("PUT", "/me/privacy-zones", {"zones": [{"latitude": 55.9533, "longitude": -3.1883, "radiusMeters": 200}]}, token=ann)
    r.call("GET", "/me/privacy-zones", token=ann)
    # Runs: real device files, and a phone's fixes.
    uploaded = []
    for name in ["gpx/" + p.name for p in sorted((TRACKS / "gpx").glob("*.gpx"))[:3]] + ["fit/garmin-fenix-5-run.fit"]:
        file = TRACKS / name
        kind = "application/gpx+xml" if name.endswith(".gpx") else "application/vnd.ant.fit"
        run = r.call("POST", "/runs?privacy=public", token=ann, raw=file.read_bytes(), content_type=kind)
        if run and "id" in run:
            uploaded.append(run["id"])
    phone = r.call("POST", "/runs", {"fixes": fixes(), "sport": "run", "name": "Canal"}, token=ann)
    r.call("POST", "/runs?skipDuplicates=true", {"fixes": fixes(), "sport": "run"}, token=ann)
    r.call("POST", "/runs", {"fixes": fixes(meters=20)}, token=ann)  # too short
    r.call("POST", "/runs", raw=b"<gpx", token=ann, content_type="application/gpx+xml")
    bo_run = r.call("POST", "/runs", {"fixes": fixes(speed=3.3, begin="2026-03-03T08:00:00+00:00"), "sport": "run"}, token=bo)
    run = phone["id"]
    r.call("GET", "/runs", token=ann)
    r.call("GET", "/runs?limit=2", token=ann)
    for path in [f"/runs/{run}", f"/runs/{run}/track", f"/runs/{run}/series", f"/runs/{run}/best-efforts",
                 f"/runs/{run}/segment-efforts", f"/runs/{run}/badges", f"/runs/{run}/discoveries", f"/runs/{run}/missions",
                 f"/runs/{run}/export?format=gpx", f"/runs/{run}/export?format=tcx", f"/runs/{run}/original"]:
        r.call("GET", path, token=ann)
    r.call("GET", f"/runs/{run}", token=bo)
    r.call("GET", f"/runs/{bo_run['id']}", token=ann)
    r.call("PATCH", f"/runs/{run}", {"name": "  Canal loop  ", "description": "easy"}, token=ann)
    r.call("PATCH", f"/runs/{run}", {"name": "   "}, token=ann)
    r.call("PATCH", f"/runs/{run}", {"sport": "walk"}, token=ann)
    r.call("PATCH", f"/runs/{run}", {"sport": "run", "privacy": "public"}, token=ann)
    r.call("PATCH", f"/runs/{run}", {"name": "mine"}, token=bo)
    for path in ["/me/stats", "/me/records", "/me/heatmap", "/me/achievements", "/me/achievements/leaderboard", "/feed",
                 f"/users/{me['id']}/achievements"]:
        r.call("GET", path, token=ann)
    # Goals, gear, workouts.
    goal = r.call("POST", "/me/goals", {"sport": "run", "period": "week", "metric": "distance", "target": 20000}, token=ann)
    r.call("POST", "/me/goals", {"sport": "run", "period": "week", "metric": "distance", "target": 30000}, token=ann)
    r.call("GET", "/me/goals", token=ann)
    r.call("DELETE", f"/me/goals/{goal['id']}", token=ann)
    shoes = r.call("POST", "/me/gear", {"name": "Trail shoes", "kind": "shoes", "sport": "run", "isDefault": True}, token=ann)
    r.call("PATCH", f"/me/gear/{shoes['id']}", {"name": "Old trail shoes"}, token=ann)
    r.call("PATCH", f"/runs/{run}", {"gearId": shoes["id"]}, token=ann)
    r.call("GET", "/me/gear", token=ann)
    r.call("DELETE", f"/me/gear/{shoes['id']}", token=bo)
    workout = r.call("POST", "/workouts", {"name": "Tempo", "steps": [{"seconds": 600, "target": "easy"}, {"meters": 1000, "target": "fast"}]}, token=ann)
    r.call("POST", "/workouts", {"name": "Bad", "steps": []}, token=ann)
    copy = r.call("POST", f"/workouts/{workout['id']}/duplicate", token=ann)
    r.call("PUT", "/workout-order", {"workoutIds": [copy["id"], workout["id"]]}, token=ann)
    r.call("GET", "/workouts", token=ann)
    settings = r.call("GET", "/workout-settings", token=ann)
    r.call("PUT", "/workout-settings", {"paceBands": settings["paceBands"], "activeWorkoutId": workout["id"]}, token=ann)
    logged = r.call("POST", f"/runs?workoutId={workout['id']}", {"fixes": fixes(begin="2026-03-04T08:00:00+00:00"), "sport": "run"}, token=ann)
    r.call("GET", "/workout-log", token=ann)
    r.call("DELETE", f"/workouts/{copy['id']}", token=ann)
    # Friends.
    r.call("POST", "/friends/requests", {"userId": bo_id}, token=ann)
    r.call("GET", "/friends/requests", token=bo)
    r.call("POST", f"/friends/requests/{me['id']}/accept", token=bo)
    r.call("GET", "/friends", token=ann)
    r.call("GET", "/users?search=bo", token=ann)
    # Routes, leaderboards, favourites, likes.
    route = r.call("POST", "/routes", {"runId": run, "name": "Canal loop"}, token=ann)
    r.call("POST", "/routes", {"runId": run, "name": "Again"}, token=ann)
    r.call("POST", f"/routes/{route['id']}/runs", {"runId": bo_run["id"]}, token=bo)
    for path in [f"/routes/{route['id']}", f"/routes/{route['id']}/leaderboard", f"/routes/{route['id']}/pace",
                 f"/routes/{route['id']}/course", f"/routes?bbox=-4.3,55.8,-4.2,55.9&zoom=12", "/search?q=canal", "/popular-routes?latitude=55.87&longitude=-4.25"]:
        r.call("GET", path, token=bo)
    r.call("PUT", f"/favourites/{route['id']}", token=bo)
    r.call("GET", "/favourites", token=bo)
    r.call("PUT", f"/routes/{route['id']}/like", token=bo)
    r.call("DELETE", f"/favourites/{route['id']}", token=bo)
    # Segments.
    segment = r.call("POST", "/segments", {"runId": run, "startDistanceMeters": 500, "endDistanceMeters": 1500, "name": "The straight",
                                           "privacy": "public"}, token=ann)
    r.call("POST", "/segments", {"runId": run, "startDistanceMeters": 500, "endDistanceMeters": 520, "name": "Too short"}, token=ann)
    if segment and "id" in segment:
        r.call("GET", f"/segments/{segment['id']}/leaderboard", token=bo)
        r.call("GET", f"/segments/{segment['id']}/leaderboard?scope=friends&period=year", token=bo)
        r.call("GET", "/me/segments", token=ann)
        r.call("GET", "/segments?bbox=-4.3,55.8,-4.2,55.9", token=ann)
    # Missions, invitations, discoveries.
    missions = r.call("GET", "/missions", token=ann)
    if missions and missions.get("missions"):
        key = missions["missions"][0]["id"]
        r.call("GET", f"/missions/{key}", token=ann)
        r.call("PUT", f"/missions/{key}/journey", {"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 0}}, token=ann)
        r.call("GET", f"/missions/{key}/journeys/{me['id']}", token=bo)
        r.call("DELETE", f"/missions/{key}/journey", token=ann)
    invitation = r.call("POST", "/invitations", {"title": "Sunday walk", "sport": "walk", "startsAt": "2027-01-03T10:00:00Z",
                                                 "place": {"latitude": 55.87, "longitude": -4.28, "name": "Kelvingrove"}, "guestIds": [bo_id]}, token=ann)
    r.call("GET", "/invitations", token=bo)
    if invitation and "id" in invitation:
        r.call("POST", f"/invitations/{invitation['id']}/response", {"response": "accept"}, token=bo)
        r.call("DELETE", f"/invitations/{invitation['id']}", token=ann)
    r.call("GET", "/pois?south=55.8&west=-4.3&north=55.9&east=-4.2", token=ann)
    r.call("GET", "/me/discoveries", token=ann)
    # Deletions, and what remains.
    r.call("DELETE", f"/runs/{logged['id']}", token=bo)
    r.call("DELETE", f"/runs/{logged['id']}", token=ann)
    r.call("DELETE", f"/runs/{run}", token=ann)
    r.call("GET", "/runs", token=ann)
    r.call("GET", "/me/stats", token=ann)
    for upload in uploaded:
        r.call("GET", f"/runs/{upload}", token=ann)
    r.call("POST", "/auth/logout", token=bo)
    r.call("GET", "/me", token=bo)


def main():
    recorder = Recorder(sys.argv[1])
    try:
        walk(recorder)
    finally:
        recorder.stop()


if __name__ == "__main__":
    main()
