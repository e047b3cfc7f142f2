"""A busy evening on one instance, for Locust: people sign in, upload what their watch
recorded, look at their runs and browse the routes others published.

Each simulated person registers and signs in (two bcrypt checks at the server's cost),
uploads one real device file as a public run and publishes it as a route, then, every
1–3 s, does what the app does: lists their runs, opens one (run, track, series), uploads
another file now and then, browses the map around a route at the zoom of a city and of a
street, opens a route, searches by name, and reads their statistics and the feed.

Each person comes from an address of their own (`X-Forwarded-For`, the server trusting a
proxy as it would behind nginx): 200 phones, not one machine that the per-address limits
of sign-ups and sign-ins would stop.

Requests are named by route template (`/runs/{id}/track`), so Locust's table has one row
per endpoint. Run it with `Benchmarks/load/run.sh`, which starts the server and seeds the
files; it sets PACELINE_LOAD_TRACKS (the corpus folder) and PACELINE_LOAD_FILES (the files,
comma separated, each one that uploads as a run).
"""

import itertools
import os
import random
import uuid

from locust import HttpUser, between, task

TRACKS = os.environ.get("PACELINE_LOAD_TRACKS", "../shared/data/tracks")
FILES = [name for name in os.environ.get("PACELINE_LOAD_FILES", "gpx/run.gpx").split(",") if name]
CONTENT_TYPES = {
    ".gpx": "application/gpx+xml",
    ".tcx": "application/vnd.garmin.tcx+xml",
    ".fit": "application/vnd.ant.fit",
}
PASSWORD = "load test password"
_numbers = itertools.count()


def _file(name):
    with open(os.path.join(TRACKS, name), "rb") as handle:
        return handle.read(), CONTENT_TYPES[os.path.splitext(name)[1]]


BODIES = {name: _file(name) for name in FILES}
# The places the corpus's runs start, as the server reads them; filled as people upload.
STARTS = []
ROUTES = []


class Runner(HttpUser):
    """One person with the app open."""

    wait_time = between(1, 3)

    def on_start(self):
        number = next(_numbers)
        self.client.headers["X-Forwarded-For"] = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"
        self.email = f"load-{number}-{uuid.uuid4().hex[:8]}@example.org"
        self.client.post("/api/v1/auth/register", name="/auth/register",
                         json={"email": self.email, "password": PASSWORD, "displayName": f"Runner {number}"})
        with self.client.post("/api/v1/auth/login", name="/auth/login",
                              json={"email": self.email, "password": PASSWORD}, catch_response=True) as answer:
            token = answer.json().get("token") if answer.ok else None
            if not token:
                answer.failure(f"no token: {answer.status_code}")
                raise RuntimeError("could not sign in")
        self.client.headers["Authorization"] = f"Bearer {token}"
        self.runs = []
        run = self._upload(privacy="public")
        if run:
            with self.client.post("/api/v1/routes", name="/routes (publish)", json={"runId": run["id"]},
                                  catch_response=True) as answer:
                if answer.status_code == 201:
                    ROUTES.append(answer.json()["id"])
                else:
                    answer.failure(f"publishing a route: {answer.status_code}")

    def _upload(self, privacy="private"):
        name = random.choice(FILES)
        body, content_type = BODIES[name]
        with self.client.post(f"/api/v1/runs?privacy={privacy}", name="/runs (upload)", data=body,
                              headers={"Content-Type": content_type}, catch_response=True) as answer:
            if answer.status_code != 201:
                answer.failure(f"uploading {name}: {answer.status_code} {answer.text[:200]}")
                return None
            run = answer.json()
        self.runs.append(run["id"])
        if run.get("start"):
            STARTS.append((run["start"]["latitude"], run["start"]["longitude"]))
        return run

    @task(1)
    def upload(self):
        self._upload()

    @task(3)
    def list_runs(self):
        self.client.get("/api/v1/runs?limit=20", name="/runs")

    @task(3)
    def open_run(self):
        if not self.runs:
            return
        run = random.choice(self.runs)
        self.client.get(f"/api/v1/runs/{run}", name="/runs/{id}")
        self.client.get(f"/api/v1/runs/{run}/track", name="/runs/{id}/track")

    @task(1)
    def chart(self):
        if self.runs:
            self.client.get(f"/api/v1/runs/{random.choice(self.runs)}/series", name="/runs/{id}/series")

    @task(4)
    def browse(self):
        if not STARTS:
            return
        latitude, longitude = random.choice(STARTS)
        for zoom, half in ((11, 0.2), (16, 0.005)):
            box = f"{longitude - half:.5f},{latitude - half / 2:.5f},{longitude + half:.5f},{latitude + half / 2:.5f}"
            self.client.get(f"/api/v1/routes?bbox={box}&zoom={zoom}", name="/routes (browse)")

    @task(2)
    def open_route(self):
        if ROUTES:
            self.client.get(f"/api/v1/routes/{random.choice(ROUTES)}", name="/routes/{id}")

    @task(1)
    def search(self):
        self.client.get(f"/api/v1/search?q={random.choice(['Run', 'Morning', 'Walk', 'Ride'])}", name="/search")

    @task(1)
    def statistics(self):
        self.client.get("/api/v1/me/stats", name="/me/stats")

    @task(1)
    def feed(self):
        self.client.get("/api/v1/feed", name="/feed")
