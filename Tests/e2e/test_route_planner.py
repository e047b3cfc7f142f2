"""The route planner (views/planner/) at phone size, on a server whose host imported a small
town's map while it ran (an elevation tile with a hill, then `paceline map import` on the
extract Tests/maps/town_extract.py makes): Ann opens Plan a route from the Routes map, sets
her start, asks for a loop, another, undoes it and reloads, the distance, ascent and
descent shown being the server's; saves it (private unless she says), opens its page and
course, makes a pace plan on it and follows the plan live, ahead of it. Bo plans against a
one-way street on foot and by bike, out and back, drags a point, taps across the water to
the island (no path joins them: said, and drawn straight when asked), saves it under a name
meant to run as HTML, which Cy sees as text, then renames, shares with friends and deletes
it. A late answer never overwrites a newer one. On a server with no map, the planner says
so, legs are straight and measured all the same, and a map imported then is used without a
restart."""
import array
import gzip
import json
import math
import subprocess
import sys
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from conftest import REPOSITORY, Browser, Server, paceline_binary

EXTRACT_SCRIPT = REPOSITORY / "Tests/maps/town_extract.py"
# A route's name meant to run as HTML: it must show as itself.
HOSTILE = "Island <img src=x onerror=window.__pwned=1>"
# Leaflet's own controls and tiles are not ours to fix; everything drawn on the map is.
MAP_PARTS = (".leaflet-control-container", ".leaflet-tile-pane")


# A hill in the town's east (the extract lies about 51.5 N, 0.1 W): its top, height and radius.
HILL = (51.5, -0.094, 60.0, 400.0)


def hill_tile(folder):
    """An elevation model's tile over the town (N51W001, 3 arc-seconds, 1201 × 1201 big-endian
    heights from its north-west corner), flat at 20 m but for HILL; its path, gzipped."""
    samples = array.array("h", [20]) * (1201 * 1201)
    top_lat, top_lon, rise, radius = HILL
    for row in range(1201):
        latitude = 52 - row / 1200
        if abs(latitude - top_lat) > 0.01:
            continue
        for column in range(1201):
            longitude = -1 + column / 1200
            if abs(longitude - top_lon) > 0.015:
                continue
            north, east = (latitude - top_lat) * 111_132, (longitude - top_lon) * 111_320 * math.cos(math.radians(top_lat))
            samples[row * 1201 + column] = round(20 + rise * math.exp(-(north * north + east * east) / (radius * radius)))
    if sys.byteorder == "little":
        samples.byteswap()
    path = folder / "N51W001.hgt.gz"
    path.write_bytes(gzip.compress(samples.tobytes()))
    return path


def import_town(server, folder, heights=True):
    """Makes the town's extract and imports it into the running `server` (after an elevation
    model with a hill, so its ways have heights, unless `heights` is false), as its host
    would; returns its named places."""
    extract = folder / "town.osm.pbf"
    made = subprocess.run([sys.executable, str(EXTRACT_SCRIPT), str(extract)], check=True, capture_output=True, text=True, timeout=600)
    places = json.loads(made.stdout)["places"]
    if heights:
        subprocess.run([paceline_binary(), "dem", "import", str(hill_tile(folder)), "--database", str(server.database)],
                       check=True, capture_output=True, timeout=600)
    subprocess.run([paceline_binary(), "map", "import", str(extract), "--database", str(server.database)],
                   check=True, capture_output=True, timeout=600)
    status, info = server.api("GET", "/map")
    assert status == 200 and info["imported"] and info["edges"] > 0 and info["elevation"] == heights, info
    return places


@pytest.fixture(scope="module")
def town(server, tmp_path_factory):
    return import_town(server, tmp_path_factory.mktemp("town"))


def mercator(latitude, longitude, zoom):
    """Web Mercator pixels at `zoom` (256 px tiles), as Leaflet places things."""
    scale = 256 * 2 ** zoom
    sine = math.sin(math.radians(latitude))
    return (longitude + 180) / 360 * scale, (0.5 - math.log((1 + sine) / (1 - sine)) / (4 * math.pi)) * scale


def tap(b, latitude, longitude):
    """Taps the planner's map at a place: its pixel from the map's centre and zoom (data-centre, data-zoom)."""
    element = b.find("#planner-map")
    centre, zoom = b.js("const m = arguments[0]; return [m.dataset.centre, Number(m.dataset.zoom)]", element)
    here = mercator(*map(float, centre.split(",")), zoom)
    there = mercator(latitude, longitude, zoom)
    dx, dy = round(there[0] - here[0]), round(there[1] - here[1])
    size = element.size
    assert abs(dx) < size["width"] / 2 - 10 and abs(dy) < size["height"] / 2 - 10, f"({latitude}, {longitude}) is off the map"
    ActionChains(b.driver).move_to_element_with_offset(element, dx, dy).click().perform()


def shown(b, name):
    """A figure of the planner's stats bar: (its text, its metres)."""
    element = b.find(f"#planner-{name}")
    return element.text, float(element.get_attribute("data-meters") or "nan")


def distance_text(meters):
    """As the app writes a distance for a metric runner: "3.02 km"."""
    return f"{meters / 1000:.2f} km"


def settled(b):
    """Waits until no leg is being asked any more."""
    b.wait(lambda: not b.finds(".planner-leg.leg-loading") and "measuring" not in b.find(".planner-stats").get_attribute("class"),
           message="legs still being drawn")


def open_planner(b, account, at):
    b.locate(*at)
    b.log_in(account)
    b.open("/#/activity")
    b.click("button[name=plan-route]")
    b.wait(lambda: "#/planner" in b.driver.current_url)
    b.wait(lambda: b.js("return document.getElementById('planner-map')?.dataset.zoom") is not None, message="no planner map")


def start_marker(b):
    element = b.visible(".planner-point.planner-start")
    return {"latitude": float(element.get_attribute("data-lat")), "longitude": float(element.get_attribute("data-lng"))}


def test_plan_a_loop_save_it_and_follow_its_pace(server, browser, town):
    ann = server.register("Ann")
    b = browser(phone=True)
    open_planner(b, ann, town["west_start"])
    assert b.find("button[name=snap]").get_attribute("aria-pressed") == "true"
    assert not b.find(".planner-note").is_displayed(), "the server has a map: no note about one"
    assert "Tap the map where you will start" in b.find(".planner-message").text
    b.shot("planner-empty")

    # The start, then a loop of 3 km from it: what the planner shows is what the server measured.
    tap(b, *town["west_start"])
    start = start_marker(b)
    b.click("button[name=loop]")
    b.type("input[name=loop-distance]", "3")
    b.click("button[name=make-loop]")
    b.wait(lambda: len(b.finds(".planner-leg.leg-ready")) >= 2, message="no loop drawn")
    settled(b)
    status, loop = server.api("POST", "/map/loop", {"start": start, "distanceMeters": 3000, "mode": "foot", "variant": 0}, token=ann.token)
    assert status == 200, loop
    meters = sum(leg["distanceMeters"] for leg in loop["legs"])
    text, value = shown(b, "distance")
    assert abs(value - meters) < 0.1 and text == distance_text(meters), (text, value, meters)
    assert 1500 < meters < 4500, meters
    # The hill: the loop climbs and comes down again, and the profile shows it.
    assert shown(b, "ascent")[1] > 5 and shown(b, "descent")[1] > 5, (shown(b, "ascent"), shown(b, "descent"))
    assert abs(shown(b, "ascent")[1] - sum(leg.get("ascentMeters", 0) for leg in loop["legs"])) < 0.1
    assert b.visible(".planner-profile .line-profile")
    b.shot("planner-loop")
    problems = b.layout_problems("planner-loop", widths=(375, 320))
    assert problems == [], problems
    assert b.accessibility(MAP_PARTS) == []

    # Another loop (variant 1), then Undo brings the first back.
    b.click("button[name=another-loop]")
    b.wait(lambda: abs(shown(b, "distance")[1] - meters) > 1, message="another loop did not come")
    settled(b)
    status, other = server.api("POST", "/map/loop", {"start": start, "distanceMeters": 3000, "mode": "foot", "variant": 1}, token=ann.token)
    assert status == 200
    assert abs(shown(b, "distance")[1] - sum(leg["distanceMeters"] for leg in other["legs"])) < 0.1
    b.click("button[name=undo]")
    b.wait(lambda: abs(shown(b, "distance")[1] - meters) < 0.1, message="undo did not bring the first loop back")
    # A reload (a phone's browser put away and back) finds the route as it was.
    b.driver.refresh()
    b.wait(lambda: b.finds("#planner-distance") and abs(shown(b, "distance")[1] - meters) < 0.1, message="the route was lost on a reload")

    # Save: private unless chosen, and said so.
    b.click("button[name=save]")
    sheet = b.visible(".save-sheet")
    assert b.js("return document.querySelector('.save-sheet input[value=private]').checked")
    assert "Only you can see this route" in sheet.text
    b.type("input[name=route-name]", "Canal loop")
    b.shot("planner-save")
    b.click("button[name=save-route]")
    b.wait(lambda: "#/planned/" in b.driver.current_url, message="saving did not open the route")
    route_id = b.driver.current_url.split("#/planned/")[1]
    status, saved = server.api("GET", f"/planned-routes/{route_id}", token=ann.token)
    assert status == 200 and saved["privacy"] == "private" and saved["name"] == "Canal loop", saved
    assert abs(saved["distanceMeters"] - meters) < 1, (saved["distanceMeters"], meters)
    b.wait(lambda: b.find(".planned-figures [data-name=distance] strong").text == distance_text(saved["distanceMeters"]))
    b.wait(lambda: b.find("#planned-map").get_attribute("data-settled"), message="the map did not settle on the route")
    assert "Only me" in b.find(".planned-meta").text
    formats = [link.get_attribute("data-format") for link in b.finds(".course-links a")]
    assert formats == ["fit", "tcx", "gpx"], formats
    request = urllib.request.Request(f"{server.url}/api/v1/planned-routes/{route_id}/course?format=gpx", headers={"Authorization": f"Bearer {ann.token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert b"<gpx" in answer.read(), "the GPX course is not a GPX file"
    b.shot("planned-route")
    assert b.accessibility(MAP_PARTS) == []
    b.open("/#/planned")
    b.visible(f".planned-list li[data-planned-route-id='{route_id}']")
    assert "Canal loop" in b.find(".planned-list").text
    b.shot("planned-list")

    # A pace plan on it, then following it live, quicker than planned.
    b.open(f"/#/planned/{route_id}/plan")
    b.visible(".plan-splits tbody tr")
    b.type("input[name=goal]", "18:00")
    b.click("button[name=make-plan]")
    b.wait(lambda: b.js("return document.querySelector('.plan-splits tbody tr:last-child td:nth-child(4)')?.textContent") == "18:00",
           message="the plan did not end at 18:00")
    b.shot("planned-pace-plan")
    status, plan = server.api("GET", f"/planned-routes/{route_id}/plan?goalSeconds=1080&strategy=evenEffort", token=ann.token)
    assert status == 200, plan
    checkpoints = plan["checkpoints"]
    b.locate(checkpoints[0]["latitude"], checkpoints[0]["longitude"])
    b.click("button[name=follow-plan]")
    b.visible("button[name=begin]")
    assert b.js("return document.getElementById('gap').parentElement.textContent").endswith("vs plan 18:00")
    assert "following Canal loop" in b.js("return document.body.innerText")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    gap = b.run_along(checkpoints)[-1]
    assert gap.endswith(" ahead") and 8 <= int(gap.split(" ")[0]) <= 16, gap
    assert any("ahead" in line for line in b.spoken()), b.spoken()
    b.shot("planned-following")
    assert b.errors() == []


def test_modes_points_dragged_a_leg_across_the_water_and_a_route_changed(server, browser, town):
    bo = server.register("Bo")
    b = browser(phone=True)
    # Far from the town: the planner stays on the server's map, the whole town in view.
    open_planner(b, bo, (51.6, -0.3))

    # Against the one-way street: on foot straight along it, by bike round the block.
    tap(b, *town["oneway_end"])
    tap(b, *town["oneway_start"])
    b.wait(lambda: len(b.finds(".planner-leg.leg-ready")) == 1, message="the leg was not drawn")
    settled(b)
    ends = [{"latitude": float(p.get_attribute("data-lat")), "longitude": float(p.get_attribute("data-lng"))} for p in b.finds(".planner-point")]
    legs = {}
    for mode in ("foot", "bike"):
        status, leg = server.api("POST", "/map/legs", {"from": ends[0], "to": ends[1], "mode": mode, "snap": True}, token=bo.token)
        assert status == 200, leg
        legs[mode] = leg["distanceMeters"]
    assert legs["bike"] > legs["foot"] + 100, legs
    assert abs(shown(b, "distance")[1] - legs["foot"]) < 0.1
    b.click("button[name=mode][value=bike]")
    b.wait(lambda: abs(shown(b, "distance")[1] - legs["bike"]) < 0.1, message="by bike, the leg was not asked again")
    assert b.find("button[name=mode][value=bike]").get_attribute("aria-pressed") == "true"
    b.shot("planner-bike")
    b.click("button[name=undo]")
    b.wait(lambda: abs(shown(b, "distance")[1] - legs["foot"]) < 0.1, message="undo did not bring walking back")
    assert b.find("button[name=mode][value=foot]").get_attribute("aria-pressed") == "true"
    b.click("button[name=clear]")
    b.wait(lambda: not b.finds(".planner-point"), message="Start again left points")

    tap(b, *town["west_start"])
    tap(b, *town["east_end"])
    b.wait(lambda: len(b.finds(".planner-leg.leg-ready")) == 1, message="the leg was not drawn")
    settled(b)
    first = shown(b, "distance")[1]
    assert first > 0
    # Out and back doubles it; Undo takes it back.
    b.click("button[name=outAndBack]")
    b.wait(lambda: len(b.finds(".planner-leg.leg-ready")) == 2)
    settled(b)
    assert abs(shown(b, "distance")[1] - 2 * first) < 0.2 * first
    b.click("button[name=undo]")
    b.wait(lambda: abs(shown(b, "distance")[1] - first) < 0.1)

    # The end dragged: the leg is asked again, and the figures follow.
    end = b.find(".planner-point.planner-end")
    ActionChains(b.driver).drag_and_drop_by_offset(end, 0, 60).perform()
    b.wait(lambda: abs(shown(b, "distance")[1] - first) > 1, message="dragging the end changed nothing")
    settled(b)

    # Across the water to the island: no way joins them.
    tap(b, *town["island"])
    message = b.visible(".planner-message.error")
    b.wait(lambda: "No path on the map joins" in message.text, message="no_way was not said")
    b.shot("planner-no-way")
    assert b.accessibility(MAP_PARTS) == []
    assert not b.find("button[name=save]").is_enabled(), "a route with a refused leg cannot be saved"
    b.click("button[name=straight]")
    b.wait(lambda: len(b.finds(".planner-leg.leg-straight")) == 1, message="the leg was not drawn straight")
    settled(b)
    assert not b.finds(".planner-message.error")
    assert b.find("button[name=save]").is_enabled()
    b.shot("planner-straight-leg")

    # Saved for everyone (its name shown as text, whatever it holds), seen by another
    # runner, then renamed, made friends-only, and deleted (asked first).
    b.click("button[name=save]")
    b.type("input[name=route-name]", HOSTILE)
    b.js("document.querySelector('.save-sheet input[value=public]').click()")
    assert "Anyone can see this route" in b.find(".save-sheet").text
    b.click("button[name=save-route]")
    b.wait(lambda: "#/planned/" in b.driver.current_url, message="saving did not open the route")
    route_id = b.driver.current_url.split("#/planned/")[1]
    b.visible("button[name=save-changes]")
    assert b.find("h1").text == HOSTILE and b.js("return window.__pwned") is None
    other = browser(phone=True)
    other.log_in(server.register("Cy"))
    other.open(f"/#/planned/{route_id}")
    other.wait(lambda: other.find("h1").text == HOSTILE, message="another runner could not see the public route")
    assert "by Bo" in other.find(".planned-meta").text and not other.finds("button[name=save-changes]")
    assert other.js("return window.__pwned") is None
    b.type(".planned-edit input[name=route-name]", "Island run")
    b.js("document.querySelector('.planned-edit input[value=friends]').click()")
    b.click("button[name=save-changes]")
    b.wait(lambda: b.find("h1").text == "Island run" and "Friends" in b.find(".planned-meta").text, message="the change did not show")
    status, changed = server.api("GET", f"/planned-routes/{route_id}", token=bo.token)
    assert status == 200 and changed["name"] == "Island run" and changed["privacy"] == "friends", changed
    b.js("window.confirm = () => true")
    b.click("button[name=delete-planned]")
    b.wait(lambda: b.driver.current_url.endswith("#/planned"), message="deleting did not go back to the list")
    b.visible(".planned-list .empty")
    assert server.api("GET", f"/planned-routes/{route_id}", token=bo.token)[0] == 404
    # The refusal was the server's answer (Chromium logs each 422), nothing else went wrong.
    assert [error for error in b.errors() if "/api/v1/map/legs" not in error or "422" not in error] == []


def test_without_a_map_legs_are_straight_until_one_is_imported(tmp_path):
    bare = Server()  # a server of its own: the module's has the town's map
    try:
        ann = bare.register("Ann")
        b = Browser(bare, phone=True)
        try:
            b.locate(55.8600, -4.2600)
            b.log_in(ann)
            b.open("/#/planner")
            note = b.visible(".planner-note")
            assert "This server has no map data yet" in note.text and "paceline map import" in note.text, note.text
            snap = b.find("button[name=snap]")
            assert snap.get_attribute("aria-pressed") == "false" and not snap.is_enabled()
            assert not b.find("button[name=loop]").is_enabled()
            b.wait(lambda: b.js("return document.getElementById('planner-map')?.dataset.zoom") is not None)
            centre = [float(v) for v in b.find("#planner-map").get_attribute("data-centre").split(",")]
            tap(b, centre[0] - 0.002, centre[1] - 0.003)
            tap(b, centre[0] + 0.002, centre[1] + 0.003)
            b.wait(lambda: len(b.finds(".planner-leg.leg-straight")) == 1, message="no straight leg")
            settled(b)
            points = b.finds(".planner-point")
            a, c = ({"latitude": float(p.get_attribute("data-lat")), "longitude": float(p.get_attribute("data-lng"))} for p in points)
            status, leg = bare.api("POST", "/map/legs", {"from": a, "to": c, "mode": "foot", "snap": False}, token=ann.token)
            assert status == 200 and not leg["snapped"], leg
            assert abs(shown(b, "distance")[1] - leg["distanceMeters"]) < 0.1
            b.shot("planner-no-map")
            assert b.accessibility(MAP_PARTS) == []
            assert b.find("button[name=save]").is_enabled()

            # The host imports a map: the planner, opened again, snaps (no restart).
            import_town(bare, tmp_path)
            b.open("/#/home")
            b.open("/#/planner")
            b.wait(lambda: b.find("button[name=snap]").is_enabled(), message="the imported map was not picked up")
            assert not b.find(".planner-note").is_displayed()
            assert b.errors() == []
        finally:
            b.close()
    finally:
        bare.stop()


# The route builder in the page, with the server's answers held back as long as a test says:
# each call of api.plannedLeg waits `delays.shift()` ms and answers a leg whose length says
# which question it answers (the id of the call).
RACE = """
const done = arguments[arguments.length - 1];
(async () => {
  const { api } = await import('/js/engine/api/paceline.js');
  const { RouteBuilder } = await import('/js/engine/planner/route-builder.js');
  const delays = [0, 400, 50, 0];
  let calls = 0;
  api.plannedLeg = (from, to) => {
    const id = ++calls;
    return new Promise((resolve) => setTimeout(() => resolve({ points: [from, to], distanceMeters: id, snapped: true }), delays.shift() ?? 0));
  };
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const shown = [];
  const builder = new RouteBuilder({ onChange: () => shown.push(builder.totals().distanceMeters) });
  builder.add({ latitude: 55.86, longitude: -4.26 }, true);
  builder.add({ latitude: 55.861, longitude: -4.26 }, true);     // call 1: answered at once
  await wait(20);
  builder.move(1, { latitude: 55.862, longitude: -4.26 });       // call 2: answered after 400 ms
  builder.move(1, { latitude: 55.863, longitude: -4.26 });       // call 3: after 50 ms, overtakes call 2
  await wait(600);
  const afterMoves = builder.totals().distanceMeters;
  builder.undo();                                                // back to the first move: its slot holds call 2's answer
  const afterUndo = builder.totals().distanceMeters;
  done({ afterMoves, afterUndo, shown, calls });
})().catch((error) => done({ error: String(error) }));
"""


def test_a_late_answer_never_overwrites_a_newer_one(server, browser):
    b = browser(phone=True)
    b.open("/#/home")
    b.visible("#view *")
    result = b.driver.execute_async_script(RACE)
    assert "error" not in result, result
    # The leg shown is call 3's (the latest move), though call 2 answered after it; undo
    # shows the state of the first move, whose own answer (call 2) is kept with it.
    assert result["afterMoves"] == 3 and result["afterUndo"] == 2, result
    assert 2 not in result["shown"][:-1] and result["shown"][-2:] == [3, 2], result
