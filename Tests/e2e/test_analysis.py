"""The analysis screen (#/runs/ID): numbers, a chart that pans and moves the map's marker,
the chart's three modes, comparing with another run of the route, renaming."""
import datetime
import math
import pathlib
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from synthetic_runs import upload
from test_accessibility import MAP_PARTS


@pytest.fixture(scope="module")
def world(server):
    """Ann's run (she made the route of it), Bob's slower run of the same route."""
    ann = server.register("Ann")
    bob = server.register("Bob")
    mine = upload(server, ann[0], name="Canal morning", meters=3200, speed=3.1)
    status, route = server.api("POST", "/routes", {"runId": mine["id"], "name": "Canal loop"}, ann[0])
    assert status == 201, route
    theirs = upload(server, bob[0], meters=3200, speed=2.8, phase=1.0, begin="2026-03-03T18:30:00+00:00")
    status, joined = server.api("POST", f"/routes/{route['id']}/runs", {"runId": theirs["id"]}, bob[0])
    assert status == 201, joined
    lone = upload(server, ann[0], meters=1500, speed=3.3, begin="2026-03-05T07:00:00+00:00", start=(55.9, -4.3))
    return {"ann": ann, "bob": bob, "mine": mine, "theirs": theirs, "route": route, "lone": lone}


def marker(b, which="a"):
    """The map marker's screen position and the distance it shows."""
    return b.js("""
        const node = document.querySelector('.run-marker-' + arguments[0]);
        if (!node) return null;
        const box = node.getBoundingClientRect();
        return {x: box.x + box.width / 2, y: box.y + box.height / 2, distance: Number(node.dataset.distance),
                lat: Number(node.dataset.lat), lng: Number(node.dataset.lng)};""", which)


def open_run(b, run_id, query=""):
    b.open(f"/#/runs/{run_id}{query}")
    b.visible("canvas.analysis-chart[data-mode]")
    b.wait(lambda: marker(b) is not None, message="the map marker did not appear")
    b.wait(lambda: b.js("return document.querySelector('.map .leaflet-overlay-pane path') !== null"), message="no track on the map")


def canvas_width(b):
    return b.js("return document.querySelector('canvas.analysis-chart').getBoundingClientRect().width")


def test_summary_and_chart_pans_with_the_mouse_on_desktop(world, browser):
    b = browser(phone=False)
    b.log_in(world["ann"])
    open_run(b, world["mine"]["id"])
    assert b.find(".run-title").text == "Canal morning"
    figures = {e.get_attribute("data-name"): e.text for e in b.finds(".figure")}
    assert re.search(r"3\.\d\d km", figures["distance"])
    assert "/km" in figures["pace"] and "kcal" in figures["calories"] and " m" in figures["ascent"]
    assert len(b.finds(".splits-card table.splits tbody tr")) == 4  # 3 whole km and the last 200 m

    canvas = b.find("canvas.analysis-chart")
    half = canvas_width(b) / 2
    seen = []
    for offset in (-0.8, -0.3, 0.2, 0.7):
        ActionChains(b.driver).move_to_element_with_offset(canvas, int(half * offset), 0).perform()
        b.wait(lambda: len(seen) == 0 or marker(b)["distance"] != seen[-1]["distance"], message="the marker did not move")
        seen.append(marker(b))
    distances = [point["distance"] for point in seen]
    assert distances == sorted(distances) and distances[0] < 800 < 2400 < distances[-1], distances
    # The marker really moved on screen, and the readout says where it is.
    assert abs(seen[0]["x"] - seen[-1]["x"]) + abs(seen[0]["y"] - seen[-1]["y"]) > 40, seen
    readout = b.find(".readout").text
    assert re.search(r"\d\.\d\d km", readout) and "/km" in readout
    assert abs(int(b.find(".readout").get_attribute("data-distance")) - distances[-1]) <= 1
    b.shot("analysis")
    assert b.errors() == []


def test_touch_drag_on_a_phone_moves_the_marker(world, browser):
    b = browser(phone=True)
    b.log_in(world["ann"])
    open_run(b, world["mine"]["id"])
    b.js("document.querySelector('canvas.analysis-chart').scrollIntoView({block: 'center'})")
    canvas = b.find("canvas.analysis-chart")
    half = canvas_width(b) / 2
    before = marker(b)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(b.driver, mouse=finger)
    actions.pointer_action.move_to(canvas, int(-half * 0.7), 0).pointer_down()
    for step in range(1, 8):
        actions.pointer_action.move_to(canvas, int(-half * 0.7 + half * 0.2 * step), 0)
    actions.pointer_action.pointer_up()
    actions.perform()
    b.wait(lambda: marker(b)["distance"] > 1500, message="dragging did not move the marker far")
    after = marker(b)
    assert (after["lat"], after["lng"]) != (before["lat"], before["lng"])
    b.shot("analysis-scrubbed")
    assert b.errors() == []


def test_switching_pace_elevation_time_changes_the_chart(world, browser):
    b = browser(phone=True)
    b.log_in(world["ann"])
    open_run(b, world["mine"]["id"])
    def plotted():
        return b.js("""const chart = Chart.getChart(document.querySelector('canvas.analysis-chart'));
                       return {title: chart.options.scales.y.title.text, ys: chart.data.datasets[0].data.slice(0, 40).map(p => p.y)};""")
    pace = plotted()
    assert pace["title"] == "min/km" and 200 < pace["ys"][10] < 500  # seconds per km
    b.click("button[data-mode=elevation]")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-mode") == "elevation")
    elevation = plotted()
    assert elevation["title"] == "m" and elevation["ys"] != pace["ys"] and 5 < elevation["ys"][10] < 40
    b.shot("analysis-elevation")
    b.click("button[data-mode=time]")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-mode") == "time")
    time = plotted()
    assert time["ys"] == sorted(time["ys"]) and time["ys"][0] == 0
    assert b.find("button[data-mode=time]").get_attribute("aria-pressed") == "true"
    assert b.errors() == []


def test_comparison_loads_the_other_run_on_chart_and_map(world, browser):
    b = browser(phone=False)
    b.log_in(world["ann"])
    open_run(b, world["mine"]["id"])
    pick = b.visible(f".compare-pick[data-run='{world['theirs']['id']}']")
    assert "Bob" in pick.text
    b.click(f".compare-pick[data-run='{world['theirs']['id']}']")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-datasets") == "2", message="no second line")
    b.wait(lambda: marker(b, "b") is not None, message="no second marker")
    assert f"compare={world['theirs']['id']}" in b.driver.current_url
    assert b.js("return document.querySelectorAll('.map .leaflet-overlay-pane path').length") >= 2
    # Pan to 2.4 km: the gap there, and Bob's marker where he was at Ann's time.
    canvas = b.find("canvas.analysis-chart")
    half = canvas_width(b) / 2
    ActionChains(b.driver).move_to_element_with_offset(canvas, int(half * 0.45), 0).perform()
    b.wait(lambda: marker(b)["distance"] > 2000, message="the marker did not follow")
    gap = b.find(".gap-line")
    assert re.match(r"Bob is (\d+ s|\d+:\d\d) behind at \d\.\d\d km", gap.text), gap.text
    assert int(gap.get_attribute("data-gap")) > 0
    ann, bob = marker(b, "a"), marker(b, "b")
    assert bob["distance"] < ann["distance"], (ann, bob)  # slower: not as far at the same time
    b.shot("analysis-comparison")
    b.click("button[name=clear-comparison]")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-datasets") == "1")
    assert marker(b, "b") is None and "compare=" not in b.driver.current_url
    assert b.errors() == []


def test_comparison_from_the_address_on_a_phone(world, browser):
    b = browser(phone=True)
    b.log_in(world["bob"])
    open_run(b, world["theirs"]["id"], f"?compare={world['mine']['id']}")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-datasets") == "2", message="no second line")
    b.wait(lambda: marker(b, "b") is not None)
    assert "Ann" in b.find(".legend").text
    assert b.find(f".compare-pick[data-run='{world['mine']['id']}']").get_attribute("aria-pressed") == "true"
    b.shot("analysis-comparison")
    assert b.errors() == []


def test_owner_edits_title_sport_description_and_visibility_and_a_run_off_route_has_no_comparison(world, browser):
    b = browser(phone=True)
    b.log_in(world["ann"])
    open_run(b, world["lone"]["id"])
    assert b.finds(".compare-card") == []
    b.click("button[name=edit-run]")
    b.visible("input[name=activity-name]")
    b.shot("analysis-edit")
    # An empty title is refused in the form; nothing is sent.
    b.find("input[name=activity-name]").clear()
    b.click("button[name=save-run]")
    assert b.find("form.run-editor").is_displayed()
    b.type("input[name=activity-name]", "Hill reps")
    b.type("textarea[name=activity-description]", "Six times up Gilmorehill")
    b.click(".visibility input[value=friends] + span")
    b.click("button[name=save-run]")
    b.wait(lambda: b.find(".run-title").text == "Hill reps")
    assert "Friends" in b.find(".run-meta").text
    assert b.find(".run-description").text == "Six times up Gilmorehill"
    status, run = b.server.api("GET", f"/runs/{world['lone']['id']}", token=world["ann"][0])
    assert run["name"] == "Hill reps" and run["privacy"] == "friends" and run["description"] == "Six times up Gilmorehill"
    # A new sport measures it again: the page shows the walk's numbers.
    b.click("button[name=edit-run]")
    b.js("const s = document.querySelector('select[name=activity-sport]'); s.value = 'walk'; s.dispatchEvent(new Event('change'))")
    b.click("button[name=save-run]")
    b.wait(lambda: "Walk" in b.find(".run-meta").text, message="the sport did not change")
    status, run = b.server.api("GET", f"/runs/{world['lone']['id']}", token=world["ann"][0])
    assert run["sport"] == "walk" and run["name"] == "Hill reps"
    b.shot("analysis-edited")
    # Bob sees Ann's run but cannot edit it.
    b2 = browser(phone=True)
    b2.log_in(world["bob"])
    open_run(b2, world["mine"]["id"])
    assert b2.finds("button[name=edit-run]") == [] and "by Ann" in b2.find(".run-meta").text
    assert b2.finds("button[name=publish-route]") == []
    assert b.errors() == [] and b2.errors() == []


def test_owner_deletes_a_run_after_confirming(world, browser, server):
    from synthetic_runs import upload as upload_run
    doomed = upload_run(server, world["ann"][0], name="Wrong watch", meters=1200, speed=3, begin="2026-03-07T07:00:00+00:00")
    b = browser(phone=True)
    b.log_in(world["ann"])
    open_run(b, doomed["id"])
    b.click("button[name=edit-run]")
    # Changing her mind: nothing goes.
    b.js("window.confirm = (message) => { window.asked = message; return false; }")
    b.click("button[name=delete-run]")
    b.wait(lambda: b.js("return window.asked") is not None)
    assert "Delete “Wrong watch”" in b.js("return window.asked")
    assert server.api("GET", f"/runs/{doomed['id']}", token=world["ann"][0])[0] == 200
    b.js("window.confirm = () => true")
    b.js("document.querySelector('button[name=delete-run]').scrollIntoView()")
    assert b.js("return window.scrollY") > 200
    b.click("button[name=delete-run]")
    b.wait(lambda: "#/profile" in b.driver.current_url, message="deleting did not go back to the profile")
    b.visible(".profile-head")
    assert b.js("return window.scrollY") == 0, "the profile opened where the run's page was scrolled to"
    assert server.api("GET", f"/runs/{doomed['id']}", token=world["ann"][0])[0] == 404
    assert b.errors() == []


def test_a_missing_run_says_so(world, browser):
    b = browser(phone=True)
    b.log_in(world["ann"])
    b.open("/#/runs/00000000-0000-4000-8000-000000000000")
    message = b.visible(".analysis-page .error")
    assert "does not exist" in message.text
    b.shot("analysis-missing")
    assert [message for message in b.errors() if "404" not in message] == []


def test_the_owner_downloads_the_run_as_fit_tcx_or_gpx(world, browser):
    b = browser(phone=True)
    b.log_in(world["ann"])
    open_run(b, world["lone"]["id"])
    links = {a.get_attribute("data-format"): a for a in b.finds(".downloads a")}
    assert sorted(links) == ["fit", "gpx", "tcx"]
    assert links["fit"].get_attribute("download").endswith(".fit")
    b.shot("analysis-downloads")
    # What each link gives, fetched as the browser would (the session cookie), first bytes.
    heads = b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all([...document.querySelectorAll('.downloads a')].map(async (a) => {
          const response = await fetch(a.href);
          const bytes = new Uint8Array(await response.arrayBuffer());
          return [a.dataset.format, response.status, String.fromCharCode(...bytes.slice(0, 64))];
        })).then(done);""")
    got = {format: (status, head) for format, status, head in heads}
    assert got["fit"][0] == 200 and got["fit"][1][8:12] == ".FIT"
    assert got["tcx"][0] == 200 and "<?xml" in got["tcx"][1]
    assert got["gpx"][0] == 200 and "<?xml" in got["gpx"][1]
    # Someone else's run offers no download.
    b2 = browser(phone=True)
    b2.log_in(world["bob"])
    open_run(b2, world["mine"]["id"])
    assert b2.finds(".downloads") == []
    assert b.errors() == [] and b2.errors() == []


def test_a_watchs_own_distance_says_what_gps_measured(server, browser):
    account = server.register("Wren")
    data = (pathlib.Path(__file__).parents[1] / "Fixtures/tracks/fit/2013-02-06-12-11-14.fit").read_bytes()
    status, run = server.api("POST", "/runs", data, token=account.token, content_type="application/vnd.ant.fit")
    assert status == 201, run
    b = browser(phone=True)
    b.log_in(account)
    b.open(f"/#/runs/{run['id']}")
    note = b.visible(".device-note")
    assert note.text == f"4.84 km as your device counted it; its GPS positions measure {run['gpsDistanceMeters'] / 1000:.2f} km."
    assert b.find(".figure[data-name=distance] strong").text == "4.84 km"
    b.shot("analysis-device-distance")
    assert b.errors() == []


def test_heart_rate_cadence_and_power_show_with_a_chart_of_each(server, browser):
    account = server.register("Vera")
    data = (pathlib.Path(__file__).parents[1] / "Fixtures/tracks/fit/Edge810-Vector-2013-08-16-15-35-10.fit").read_bytes()
    status, run = server.api("POST", "/runs", data, token=account.token, content_type="application/vnd.ant.fit")
    assert status == 201, run
    status, detail = server.api("GET", f"/runs/{run['id']}", token=account.token)
    b = browser(phone=True)
    b.log_in(account)
    open_run(b, run["id"])
    heart = b.find(".figure[data-name=heartRate] strong").text
    assert heart == f"{round(detail['heartRate']['average'])} / {detail['heartRate']['maximum']} bpm", heart
    assert b.find(".figure[data-name=cadence] strong").text.endswith(" rpm"), "a ride's cadence is revolutions"
    assert b.find(".figure[data-name=power] strong").text.endswith(" W")
    assert "bpm" in b.find(".readout").text
    # The figures fit their cells on a phone, the narrowest too.
    assert b.layout_problems("analysis-sensors") == []
    b.click(".segmented button[data-mode=heartRate]")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-mode") == "heartRate")
    b.js("document.querySelector('.chart-card').scrollIntoView()")
    b.shot("analysis-heart-rate")
    b.js("document.querySelector('.segmented button[data-mode=power]').scrollIntoView({inline: 'end', block: 'nearest'})")
    b.click(".segmented button[data-mode=power]")
    b.wait(lambda: b.find("canvas.analysis-chart").get_attribute("data-mode") == "power")
    assert b.errors() == []


def test_best_efforts_mark_the_owners_records_and_nobody_elses(server, browser):
    """The activity page lists the run's fastest 400 m, 1 km and mile; the owner sees which
    are her records (a faster 400 m of another run is not this one's), another runner sees
    the times and only that each was a new record when run (compared with her public runs);
    the feed shows the new records."""
    cy = server.register("Cy")
    dee = server.register("Dee")
    steady = upload(server, cy[0], name="Steady 2 km", meters=2000, speed=3.5, wobble=0, begin="2026-04-01T07:00:00+00:00")
    upload(server, cy[0], meters=600, speed=5, wobble=0, begin="2026-04-02T07:00:00+00:00")

    b = browser()
    b.log_in(cy)
    b.open(f"/#/runs/{steady['id']}")
    b.wait(lambda: len(b.finds(".efforts-card table.efforts tbody tr")) == 3, message="no best efforts")
    rows = [row.text for row in b.finds(".efforts-card tbody tr")]
    # Her 400 m is no longer her record, but it was one when she ran it.
    assert rows[0].startswith("400 m") and "NEW RECORD" in rows[0].upper(), rows
    assert rows[1].startswith("1 km") and "RECORD" in rows[1].upper(), rows
    assert rows[2].startswith("1 mile") and "RECORD" in rows[2].upper(), rows
    assert re.search(r"4:4\d", rows[1]), rows  # 1 km at 3.5 m/s: 4:46 a kilometre
    b.js("document.querySelector('.efforts-card').scrollIntoView()")
    b.shot("best-efforts")
    assert b.accessibility(MAP_PARTS) == []

    other = browser()
    other.log_in(dee)
    other.open(f"/#/runs/{steady['id']}")
    other.wait(lambda: len(other.finds(".efforts-card tbody tr")) == 3, message="no best efforts for another runner")
    # Nothing of her standing now; that each was a new record when run, which her public runs show anyway.
    assert not other.finds(".efforts-card .record-mark:not(.new)")
    assert len(other.finds(".efforts-card .record-mark.new")) == 3

    # Her feed says so too.
    b.open("/#/feed")
    b.visible(f".feed-run[data-run='{steady['id']}'] .new-records")
    assert b.find(f".feed-run[data-run='{steady['id']}'] .new-records").text.upper() == "NEW RECORDS 400 M, 1 KM, 1 MILE"
    b.shot("feed-new-records")


def test_a_few_metres_after_the_last_kilometre_are_a_partial_split_never_the_fastest(server, browser):
    """The last split of a run that ended 15 m past its 2nd kilometre: its own distance and
    the pace over it, not a "kilometre" in 0:03 marked as the fastest (issue 37, item 5)."""
    account = server.register("Pia")
    begin = datetime.datetime.fromisoformat("2026-03-07T07:00:00+00:00")
    latitude, longitude = 55.86, -4.25
    metres_per_degree = 111_320 * math.cos(math.radians(latitude))
    # Straight east at 3.2 m/s, a fix a second, then the last 15 m sprinted.
    fixes = [(second, 3.2 * second) for second in range(0, 626)] + [(626 + k, 2000 + 5 * k) for k in range(1, 4)]
    body = {"sport": "run", "fixes": [{"time": (begin + datetime.timedelta(seconds=t)).isoformat().replace("+00:00", "Z"),
                                       "latitude": latitude, "longitude": round(longitude + x / metres_per_degree, 7),
                                       "horizontalAccuracy": 4} for t, x in fixes]}
    status, run = server.api("POST", "/runs", body, account.token)
    assert status == 201, run
    splits = run["splits"]
    assert [split["distanceMeters"] for split in splits[:-1]] == [1000, 1000] and 1 <= splits[-1]["distanceMeters"] < 50, splits
    b = browser(phone=True)
    b.log_in(account)
    open_run(b, run["id"])
    b.js("document.querySelector('.splits-card').scrollIntoView()")
    rows = b.finds(".splits-card table.splits tbody tr")
    assert len(rows) == 3
    cells = [cell.text for cell in rows[-1].find_elements("css selector", "td")]
    last = splits[-1]
    assert cells[0] == f"{last['distanceMeters'] / 1000:.2f}", cells
    pace = last["seconds"] / (last["distanceMeters"] / 1000)
    assert cells[1].startswith(f"{int(pace // 60)}:") and cells[1].endswith(" /km"), (cells, pace)
    assert "fastest" not in (rows[-1].get_attribute("class") or "")
    assert len(b.finds(".splits-card tr.fastest")) == 1
    b.shot("analysis-partial-split")
    assert b.errors() == []
