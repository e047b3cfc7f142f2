"""A one-route test mission for the browser tests: a 1 km line north from `start`, a
first stage ending `first_stage` metres along (with a photo, when given), then the North
gate at its end; written as a mission file and imported into the test server's database
with `paceline mission import`, as an operator would."""
import json
import subprocess
from pathlib import Path

from conftest import paceline_binary

METERS_PER_DEGREE = 111_320


def north(origin, meters):
    """The point `meters` north of `origin`."""
    return origin[0] + meters / METERS_PER_DEGREE, origin[1]


def park_mission(start, first_stage=80, photo=None, mission_id="park-loop", name="Park Loop"):
    """The mission as GeoJSON (`photo`: the first stage's {url, attribution, page?})."""
    line = [[start[1], start[0]], [start[1], north(start, 1000)[0]]]
    fountain = {"kind": "stage", "route": "park", "name": "Fountain", "distanceMeters": first_stage}
    if photo:
        fountain["photo"] = photo
    return {"type": "FeatureCollection",
            "mission": {"id": mission_id, "name": name, "summary": "A test line in the park.", "attribution": "test"},
            "features": [
                {"type": "Feature", "geometry": {"type": "LineString", "coordinates": line},
                 "properties": {"kind": "route", "id": "park", "name": "Park path", "order": 1,
                                "medalDays": {"gold": 1, "silver": 2, "bronze": 3}}},
                {"type": "Feature", "geometry": None, "properties": fountain},
                {"type": "Feature", "geometry": {"type": "Point", "coordinates": line[1]},
                 "properties": {"kind": "stage", "route": "park", "name": "North gate"}}]}


def import_mission(server, folder, mission):
    """Writes `mission` into `folder` and imports it; the command's output."""
    file = Path(folder) / f"{mission['mission']['id']}.geojson"
    file.write_text(json.dumps(mission))
    imported = subprocess.run([paceline_binary(), "mission", "import", str(file),
                               "--database", str(Path(server.folder.name) / "e2e.sqlite")], capture_output=True, text=True)
    assert imported.returncode == 0, imported.stderr
    return imported.stdout
