"""Feeds one live safety link the fixes of a long run (one a second at 3 m/s, turning
gently), 600 at a time as fast as the link takes them (30 sends a minute), timing each
send as the way grows, then eleven sends of ten fixes as a phone makes them; then times 50
views of it, as a viewer's page asks every 15 s.

    python3 Benchmarks/beacon/feed.py http://127.0.0.1:PORT [HOURS]
"""
import datetime
import json
import math
import statistics
import sys
import time
import urllib.request
import uuid


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + "/api/v1" + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    started = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        data = response.read()
    return (time.perf_counter() - started) * 1000, (json.loads(data) if data else None)


def main():
    base, hours = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 3
    _, session = call(base, "POST", "/auth/register", {"email": f"beacon-{uuid.uuid4().hex[:8]}@example.org",
                                                   "password": "correct horse battery", "displayName": "Bench"})
    token = session["token"]
    _, beacon = call(base, "POST", "/beacons", {"sport": "run"}, token)
    secret = beacon["address"].split("/")[-1]
    seconds = int(hours * 3600)
    start = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=seconds + 60)
    latitude, longitude, heading = 55.86, -4.25, 0.0
    fixes = []
    for second in range(seconds):
        heading += 0.002 * math.sin(second / 300)
        latitude += 3 * math.cos(heading) / 111_132
        longitude += 3 * math.sin(heading) / (111_320 * math.cos(math.radians(latitude)))
        fixes.append({"time": (start + datetime.timedelta(seconds=second)).isoformat().replace("+00:00", "Z"),
                      "latitude": round(latitude, 7), "longitude": round(longitude, 7)})
    sends = []
    for index in range(0, len(fixes), 600):
        milliseconds, _ = call(base, "POST", f"/beacons/{beacon['id']}/fixes", {"fixes": fixes[index:index + 600]}, token)
        sends.append(milliseconds)
        if len(sends) % 30 == 0:
            time.sleep(61)  # 30 sends a minute
    # Then as a phone sends: ten fixes every ten seconds, onto the whole way.
    small = []
    for index in range(11):
        batch = [{**fix, "time": (start + datetime.timedelta(seconds=seconds + index * 10 + k)).isoformat().replace("+00:00", "Z")}
                 for k, fix in enumerate(fixes[-10:])]
        milliseconds, _ = call(base, "POST", f"/beacons/{beacon['id']}/fixes", {"fixes": batch}, token)
        small.append(milliseconds)
    views = []
    for _ in range(50):
        milliseconds, view = call(base, "GET", f"/beacon-views/{secret}")
        views.append(milliseconds)
    size = len(json.dumps(view))
    print(f"{len(fixes)} fixes in {len(sends)} sends of 600: first send {sends[0]:.1f} ms, last {sends[-1]:.1f} ms, "
          f"median {statistics.median(sends):.1f} ms")
    print(f"then a phone's send of 10 fixes onto that way: median {statistics.median(small):.1f} ms, max {max(small):.1f} ms")
    print(f"view of {sum(len(line) for line in view['path'])} points, {size / 1024:.0f} KB of JSON: "
          f"p50 {statistics.median(views):.1f} ms, p99 {sorted(views)[int(len(views) * 0.99) - 1]:.1f} ms; "
          f"distance {view['distanceMeters'] / 1000:.1f} km")


if __name__ == "__main__":
    main()
