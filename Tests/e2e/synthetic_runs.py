"""Synthetic GPS tracks for the browser tests: a runner going out along a gentle bend,
speed and height rising and falling, one fix every `step` seconds."""
import datetime
import math


def fixes(meters=3000, speed=3.0, step=2, start=(55.8600, -4.2500), begin="2026-03-01T08:00:00+00:00",
          wobble=0.25, phase=0.0, bearing=60):
    """Fixes of a run of about `meters` at `speed` m/s on average (varying by ±`wobble`)."""
    time = datetime.datetime.fromisoformat(begin)
    latitude, longitude = start
    result, covered = [], 0.0
    while covered <= meters:
        result.append({"time": time.isoformat().replace("+00:00", "Z"), "latitude": round(latitude, 7),
                       "longitude": round(longitude, 7), "elevation": round(20 + 15 * math.sin(covered / 600.0), 2),
                       "horizontalAccuracy": 4})
        here = speed * (1 + wobble * math.sin(covered / 400.0 + phase))
        moved = here * step
        heading = math.radians(bearing + 90 * math.sin(covered / 1500.0))
        latitude += moved * math.cos(heading) / 111320
        longitude += moved * math.sin(heading) / (111320 * math.cos(math.radians(latitude)))
        covered += moved
        time += datetime.timedelta(seconds=step)
    return result


def upload(server, token, name=None, privacy="public", **track):
    """Uploads a run; returns the Run the server answered."""
    body = {"fixes": fixes(**track), "sport": "run"}
    if name:
        body["name"] = name
    status, run = server.api("POST", f"/runs?privacy={privacy}", body, token)
    assert status == 201, run
    return run
