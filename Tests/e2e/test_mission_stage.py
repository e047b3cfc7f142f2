"""A mission's stage opened as a route to follow (views/missions/follow-stage.js): without
an account and without joining the mission, a runner picks a stage and a pace, follows it
on the recording screen (ahead or behind that even pace, spoken), and the summary says how
much of the stage was covered and how far ahead at its end, with no leaderboard to join."""
import json
import subprocess
from pathlib import Path

from conftest import paceline_binary

START = (55.8600, -4.2600)
METERS_PER_DEGREE = 111_320


def north(meters):
    return START[0] + meters / METERS_PER_DEGREE, START[1]


def test_a_visitor_follows_a_stage_at_an_even_pace(server, browser, tmp_path):
    line = [[START[1], START[0]], [START[1], north(1000)[0]]]
    mission = {"type": "FeatureCollection",
               "mission": {"id": "park-loop", "name": "Park Loop", "summary": "A test line in the park.", "attribution": "test"},
               "features": [
                   {"type": "Feature", "geometry": {"type": "LineString", "coordinates": line},
                    "properties": {"kind": "route", "id": "park", "name": "Park path", "order": 1,
                                   "medalDays": {"gold": 1, "silver": 2, "bronze": 3}}},
                   {"type": "Feature", "geometry": None,
                    "properties": {"kind": "stage", "route": "park", "name": "Fountain", "distanceMeters": 200}},
                   {"type": "Feature", "geometry": {"type": "Point", "coordinates": line[1]},
                    "properties": {"kind": "stage", "route": "park", "name": "North gate"}}]}
    file = tmp_path / "park-loop.geojson"
    file.write_text(json.dumps(mission))
    imported = subprocess.run([paceline_binary(), "mission", "import", str(file),
                               "--database", str(Path(server.folder.name) / "e2e.sqlite")], capture_output=True, text=True)
    assert imported.returncode == 0, imported.stderr

    b = browser(phone=True)
    b.locate(*START)
    b.open("/#/missions/park-loop")
    card = b.visible(".follow-stage")
    assert "Walk a stage" in card.text
    options = [o.text for o in b.finds("select[name=follow-stage] option")]
    assert options == ["Stage 1: to Fountain (0.2 km)", "Stage 2: to North gate (0.8 km)"], options
    # A walk offers 12:00 /km (5 km/h) first; a run 6:00 /km.
    assert b.js("return document.querySelector('select[name=follow-pace]').selectedOptions[0].textContent") == "12:00 /km"
    b.js("const s = document.querySelector('select[name=follow-sport]'); s.value = 'run'; s.dispatchEvent(new Event('change'))")
    assert b.js("return document.querySelector('select[name=follow-pace]').selectedOptions[0].textContent") == "6:00 /km"
    b.js("document.querySelector('.follow-stage').scrollIntoView()")
    b.shot("mission-follow-stage")
    b.click("button[name=follow-stage]")

    b.visible("button[name=begin]")
    assert "following Park path, stage 1: to Fountain" in b.js("return document.body.innerText")
    assert "vs 6:00 /km" in b.js("return document.body.textContent")
    b.click("button[name=begin]")
    # 200 m at 5 m/s: 40 s where the pace takes 72 s.
    for second in range(1, 41):
        b.step(*north(5 * second))
    gap = b.find("#gap").text
    assert gap.endswith("ahead"), gap
    b.shot("mission-stage-following")
    assert any("ahead" in line for line in b.spoken()), b.spoken()
    b.click("button[name=end]")
    coverage = b.visible("#coverage").text
    assert coverage.startswith("You covered 100 % of Park path, stage 1: to Fountain,") and "ahead at the finish" in coverage, coverage
    assert b.finds("input[name=add-to-route]") == []
    assert "class" not in (b.find("#coverage").get_attribute("class") or "") or "error" not in b.find("#coverage").get_attribute("class")
    b.shot("mission-stage-summary")
    assert b.errors() == []
