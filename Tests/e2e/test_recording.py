"""Recording in the browser: a newcomer records a run from the (overridden) GPS, saves it
for everyone to see (the default is "only me"), and publishes it as a route from its page;
a second runner follows it and hears the cues; a reload mid-run resumes
with the right elapsed time; a paused run counts neither the pause nor the way walked
meanwhile, even across a reload, and uploads as two segments; too short is refused; far
from a route's start, Follow refuses politely."""
import datetime
import re
import urllib.request

START = (55.8600, -4.2600)
METERS_PER_DEGREE = 111_320


def north(origin, meters):
    return origin[0] + meters / METERS_PER_DEGREE, origin[1]


def move(b, origin, speed, seconds, offset=0.0):
    """Moves the GPS north from `origin` at `speed` m/s, one fix a second (of the app's
    clock); returns metres covered."""
    for second in range(1, seconds + 1):
        b.step(*north(origin, offset + speed * second))
    return offset + speed * seconds


def clock_seconds(text):
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + parts[2] if len(parts) == 3 else parts[0] * 60 + parts[1]


def record(b, origin, speed, seconds):
    """Starts recording on the map's +, runs, and ends (✓); leaves the summary open."""
    b.locate(*origin)
    b.click("button[name=start]")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    covered = move(b, origin, speed, seconds)
    b.click("button[name=end]")
    b.visible("#save-outcome")
    return covered


def test_newcomer_records_a_run_and_it_becomes_a_route_that_another_runner_follows(server, browser):
    ann = browser()
    ann.locate(*START)
    email = ann.register("Ann")
    ann.visible("#start-run")
    ann.shot("home-newcomer")
    ann.locate(*START)
    ann.click("#start-run")
    ann.visible("button[name=begin]")
    ann.shot("record-ready")
    assert ann.layout_problems("record-ready") == []
    # The sport is chosen among the numbers, where it shows once running; the bar keeps its
    # buttons apart.
    assert ann.find(".hud select[name=sport]").is_displayed()
    gaps = ann.js("const b = [...document.querySelectorAll('.controls > :not([hidden])')].map((e) => e.getBoundingClientRect());"
                  "return b.slice(1).map((r, i) => r.left - b[i].right)")
    assert min(gaps) >= 8, gaps
    ann.click("button[name=begin]")
    move(ann, START, 5, 24)
    ann.shot("recording")
    assert ann.layout_problems("recording") == []
    assert ann.find("#distance").text.startswith("0.1"), ann.find("#distance").text  # about 120 m
    ann.click("button[name=end]")
    ann.visible("#save-outcome")
    ann.shot("summary-save")
    # Saving asks for a title (from the time of day), the sport and who may see it: "Only me" first.
    assert re.fullmatch(r"(Morning|Afternoon|Evening|Night) run", ann.find("input[name=activity-name]").get_attribute("value"))
    assert ann.find("select[name=activity-sport]").get_attribute("value") == "run"
    assert ann.find(".visibility input:checked").get_attribute("value") == "private"
    assert "Only you" in ann.find(".visibility-note").text
    ann.find("input[name=activity-name]").clear()
    ann.type("input[name=activity-name]", "Park dash")
    ann.type("textarea[name=activity-description]", "First one with the app")
    ann.click(".visibility input[value=public] + span")
    assert "Anyone" in ann.find(".visibility-note").text
    ann.click("button[name=save]")
    ann.wait(lambda: "Uploaded" in ann.find("#saved-status").text, message="the run was not saved")
    status, page = server.api("GET", "/runs", token=server.token(email))
    assert status == 200 and len(page["runs"]) == 1
    run = page["runs"][0]
    assert run.get("routeId") is None, "saving made a route"
    assert run["name"] == "Park dash" and run["description"] == "First one with the app" and run["privacy"] == "public"
    assert 100 < run["distanceMeters"] < 140
    # What the summary shows once saved is what the server keeps, to the second.
    assert ann.find("#summary-figures").get_attribute("data-kept") == "true"
    assert clock_seconds(ann.find("#summary-time").text) == round(run["movingSeconds"])
    assert clock_seconds(ann.find("#summary-elapsed").text) == round(run["elapsedSeconds"])
    ann.shot("summary-saved")

    # Publishing a route is its own choice, on the activity's page.
    ann.click("#saved-status a")
    ann.visible("button[name=publish-route]")
    ann.js("window.confirm = (message) => { window.asked = message; return true; }")
    ann.click("button[name=publish-route]")
    ann.visible(".drawer")
    assert "Anyone will see it on the route map" in ann.js("return window.asked")
    status, page = server.api("GET", "/runs", token=server.token(email))
    route_id = page["runs"][0]["routeId"]
    assert route_id, "the run did not become a route"
    assert ann.errors() == []

    # Bo follows it, slower: he hears where he stands every few seconds.
    bo = browser()
    bo_account = server.register("Bo")
    bo.log_in(bo_account)
    bo.locate(*START)
    bo.open(f"/#/activity?route={route_id}")
    bo.visible(".drawer")
    bo.wait(lambda: "km" in bo.find(".route-distance").text)
    bo.shot("route-drawer")
    bo.click("button[name=follow]")
    bo.visible("button[name=begin]")
    bo.click("button[name=begin]")
    bo.visible("button[name=end]")
    assert not bo.find("button[name=pause]").is_displayed(), "no Pause when following (the gap assumes a running clock)"
    covered = move(bo, START, 4.2, 14)
    # The network goes; the cues do not (they are computed on the phone).
    bo.offline(True)
    heard_online = len(bo.spoken())
    move(bo, START, 4.2, 18, offset=covered)
    assert len(bo.spoken()) > heard_online, bo.spoken()
    assert "offline" in bo.find("#network-status").text
    bo.shot("following")
    bo.offline(False)
    spoken = bo.spoken()
    assert spoken[0].startswith("Following"), spoken
    assert any(re.fullmatch(r"\d+ seconds? behind", s) for s in spoken), spoken  # on the way
    assert re.fullmatch(r"Finished, \d+ seconds? behind", spoken[-1]), spoken  # 134 m run, 120 m route
    assert "behind" in bo.find("#gap").text
    bo.click("button[name=end]")
    joining = bo.visible("input[name=add-to-route]")
    assert joining.is_selected(), "a follow that covered the route is offered its leaderboard"
    assert bo.find("input[name=activity-name]").get_attribute("value") == "Park dash", "a follow is named after its route"
    bo.shot("summary-follow")
    assert "% of" in bo.find("#coverage").text
    bo.click("button[name=save]")
    bo.wait(lambda: "rank 2" in bo.find("#saved-status").text, message="the follow run did not join the route")
    # Bo's run is his own ("only me"): the leaderboard shows it to him, not to everyone.
    status, board = server.api("GET", f"/routes/{route_id}/leaderboard", token=bo_account.token)
    assert [entry["runner"]["displayName"] for entry in board["entries"]] == ["Ann", "Bo"]
    status, board = server.api("GET", f"/routes/{route_id}/leaderboard")
    assert [entry["runner"]["displayName"] for entry in board["entries"]] == ["Ann"]
    assert bo.errors() == []


def test_a_reload_mid_run_resumes_with_the_right_elapsed_time(server, browser):
    b = browser()
    b.log_in(server.register("Cy"))
    b.start_recording(*START)
    pressed = b.now()
    covered = move(b, START, 4, 8)
    b.driver.refresh()
    b.visible("button[name=end]")  # straight back to the running screen
    b.wait(lambda: b.find("#elapsed").text != "0:00")
    shown = clock_seconds(b.find("#elapsed").text)
    assert abs(shown - (b.now() - pressed)) <= 2, (shown, b.now() - pressed)
    move(b, START, 4, 6, offset=covered)
    b.click("button[name=end]")
    b.visible("#summary-distance")
    # All the fixes from before the reload are there: about 56 m in all.
    distance = float(b.find("#summary-distance").text.split()[0]) * 1000
    assert 45 <= distance <= 65, distance


def test_pause_and_resume_counts_neither_the_pause_nor_the_way_meanwhile_even_across_a_reload(server, browser):
    b = browser()
    eve = server.register("Eve")
    b.log_in(eve)
    b.start_recording(*START)
    pressed = b.now()
    covered = move(b, START, 4, 10)  # 40 m
    b.click("button[name=pause]")
    paused = b.now()
    b.visible("button[name=resume]")
    assert b.find("#paused").text == "Paused"
    assert not b.find("button[name=pause]").is_displayed()
    assert b.find("button[name=end]").is_displayed()
    assert b.spoken()[-1:] == ["Paused"], b.spoken()
    distance_before = b.find("#distance").text
    elapsed_before = clock_seconds(b.find("#elapsed").text)
    b.shot("recording-paused")
    # 200 m while paused (a bus ride, say): the marker moves, nothing counts.
    covered = move(b, START, 10, 10, offset=covered)
    assert b.find("#distance").text == distance_before
    assert abs(clock_seconds(b.find("#elapsed").text) - elapsed_before) <= 1, "the clock ran while paused"
    # A reload while paused comes back paused, with the same time and distance.
    b.driver.refresh()
    b.visible("button[name=resume]")
    b.visible("#paused")
    b.wait(lambda: b.find("#elapsed").text != "0:00")
    assert abs(clock_seconds(b.find("#elapsed").text) - elapsed_before) <= 1
    assert b.find("#distance").text == distance_before
    covered = move(b, START, 10, 10, offset=covered)  # 240 m now
    b.click("button[name=resume]")
    resumed = b.now()
    b.visible("button[name=pause]")
    assert not b.find("#paused").is_displayed()
    move(b, START, 4, 10, offset=covered)  # 40 m more
    b.click("button[name=end]")
    ended = b.now()
    b.visible("#summary-distance")
    assert "Resumed" in b.spoken(), b.spoken()
    # 40 + 40 m, not the 280 m from start to end; the time without the ~25 s pause.
    distance = float(b.find("#summary-distance").text.split()[0]) * 1000
    assert 65 <= distance <= 95, distance
    # The time of the two stretches, first fix to last: neither the pause nor the wait for the first fix.
    shown = clock_seconds(b.find("#summary-time").text)
    expected = (ended - pressed) - (resumed - paused)
    assert expected - 4 <= shown <= expected + 1, (shown, expected)
    assert shown < (ended - pressed) - 15
    b.shot("summary-paused")
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the paused run was not saved")
    # Uploaded as two segments: the server agrees, and the GPX export keeps them.
    token = eve.token
    status, page = server.api("GET", "/runs", token=token)
    run = page["runs"][0]
    assert 65 <= run["distanceMeters"] <= 95, run
    assert run["movingSeconds"] <= expected + 2, run
    request = urllib.request.Request(f"{server.url}/api/v1/runs/{run['id']}/export?format=gpx", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as answer:
        assert answer.read().decode().count("<trkseg>") == 2
    assert b.errors() == []


def test_too_short_is_refused_and_far_away_follow_refused_politely(server, browser):
    account = server.register("Di")
    token = account.token
    b = browser()
    b.log_in(account)
    b.locate(*START)
    b.open("/#/activity")
    b.resize(375, 812)
    record(b, START, 1, 3)
    refusal = b.visible("#too-short").text
    assert "at least 20 m" in refusal, refusal
    b.shot("summary-too-short")
    # ✓ tapped too soon: Resume goes back to the run, paused where it ended, all kept.
    distance = b.find("#summary-distance").text
    b.click("button[name=resume-run]")
    b.visible("button[name=resume]")
    assert b.find("#paused").is_displayed()
    b.wait(lambda: b.find("#distance").text == distance, 5, f"{b.find('#distance').text} after Resume, {distance} before")
    b.shot("recording-resumed")
    b.click("button[name=resume]")
    move(b, START, 5, 6, offset=3)
    b.click("button[name=end]")
    b.visible("#save-outcome")
    b.visible("button[name=resume-run]")
    assert b.overflowing() == []
    b.shot("summary-resumable")
    assert 25 <= float(b.find("#summary-distance").text.split()[0]) * 1000 <= 40, b.find("#summary-distance").text
    b.js("window.confirm = () => true")
    b.click("button[name=discard]")
    b.visible("#route-map")

    # A route 5 km away.
    fixes = [{"time": f"2026-11-20T09:{i // 60:02d}:{i % 60:02d}Z", "latitude": START[0] + 0.045 + i * 4 / METERS_PER_DEGREE,
              "longitude": START[1]} for i in range(60)]
    status, run = server.api("POST", "/runs", {"fixes": fixes}, token=token)
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Kelvingrove loop"}, token=token)
    assert status == 201, route
    b.open(f"/#/activity?route={route['id']}")
    b.visible(".drawer")
    b.click("button[name=follow]")
    message = b.wait(lambda: "from the start" in b.find(".follow-message").text and b.find(".follow-message").text)
    assert re.search(r"You are 5\.\d km from the start", message), message
    b.shot("follow-refused")


def straight_run(begin, meters, speed, origin=START):
    """An upload body: north from `origin` at `speed` m/s, a fix a second."""
    start = datetime.datetime.fromisoformat(begin)
    fixes = []
    for second in range(int(meters / speed) + 1):
        latitude, longitude = north(origin, speed * second)
        fixes.append({"time": (start + datetime.timedelta(seconds=second)).isoformat().replace("+00:00", "Z"),
                      "latitude": round(latitude, 7), "longitude": longitude, "horizontalAccuracy": 4})
    return {"sport": "run", "fixes": fixes}


def test_following_a_route_that_starts_in_its_creators_zone_races_the_pace_from_where_it_is_shown(server, browser):
    """Ann's route starts at her door, in her privacy zone; Bo ran it too. Cy follows it
    against Bo's run from where the route is shown, at Bo's speed: level with him, not
    "2 minutes ahead" four seconds in (issue 37, item 3)."""
    ann, bo, cy = server.register("Ann"), server.register("Bo"), server.register("Cy")
    status, zones = server.api("PUT", "/me/privacy-zones", {"zones": [{"latitude": START[0], "longitude": START[1], "radiusMeters": 200}]}, ann.token)
    assert status == 200, zones
    status, mine = server.api("POST", "/runs?privacy=public", straight_run("2026-03-01T08:00:00+00:00", 1500, 3.0), ann.token)
    assert status == 201, mine
    status, route = server.api("POST", "/routes", {"runId": mine["id"], "name": "From the door"}, ann.token)
    assert status == 201, route
    status, theirs = server.api("POST", "/runs?privacy=public", straight_run("2026-03-02T08:00:00+00:00", 1500, 3.0), bo.token)
    assert status == 201, theirs
    status, joined = server.api("POST", f"/routes/{route['id']}/runs", {"runId": theirs["id"]}, bo.token)
    assert status == 201, joined
    status, detail = server.api("GET", f"/routes/{route['id']}", token=cy.token)
    shown = (detail["route"]["start"]["latitude"], detail["route"]["start"]["longitude"])
    away = (shown[0] - START[0]) * METERS_PER_DEGREE
    assert 100 < away < 400, away  # the route is shown from outside the zone

    b = browser()
    b.log_in(cy)
    b.locate(*shown)
    b.open(f"/#/record?follow={route['id']}&pace={theirs['id']}")
    b.visible("button[name=begin]")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    gaps = []
    for second in range(1, 31):
        b.step(*north(shown, 3.0 * second))
        if second in (10, 20, 30):
            gaps.append(b.find("#gap").text)
    b.shot("following-from-a-zone")
    for gap in gaps:
        assert gap == "on pace" or (gap.endswith((" ahead", " behind")) and re.fullmatch(r"\d+ s", gap.rsplit(" ", 1)[0])
                                    and int(gap.split(" ")[0]) <= 10), gaps
    assert b.errors() == []


def test_the_summary_shows_pace_and_elevation_at_once_offline(server, browser):
    """After End, with no network: the summary's chart of pace and elevation along the run,
    from the phone's own numbers; dragging it places the point on the map."""
    from selenium.webdriver.common.action_chains import ActionChains

    b = browser()
    b.register("Eve")
    b.locate(*START)
    b.click("#start-run")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    # 60 s at 5 m/s then 60 s at 2.5 m/s, climbing 20 m (the emulated GPS gives the height).
    covered = 0.0
    for second in range(1, 121):
        covered += 5 if second <= 60 else 2.5
        taken = b.js("return pacelineTestClock.fixes")
        b.js("pacelineTestClock.advance(1000)")
        latitude, longitude = north(START, covered)
        b.cdp("Emulation.setGeolocationOverride", {"latitude": latitude, "longitude": longitude, "accuracy": 5,
                                                   "altitude": 30 + covered / 22.5})
        b.wait(lambda: b.js("return pacelineTestClock.fixes") > taken, 10, "the app did not take the fix")
    b.wait(lambda: b.js("return !!navigator.serviceWorker.controller"), message="no service worker to answer offline")
    b.offline(True)
    b.click("button[name=end]")
    b.visible("#save-outcome")
    canvas = b.visible("canvas#summary-chart")
    b.wait(lambda: canvas.get_attribute("data-mode") == "speed" and canvas.get_attribute("data-datasets") == "1",
           message="no chart on the summary")
    # Faster first: the pace plotted early is quicker (fewer seconds a km) than late.
    early, late = b.js("const chart = Chart.getChart(document.querySelector('#summary-chart'));"
                       "const data = chart.data.datasets[0].data.filter((p) => p.y !== null);"
                       "return [data[Math.floor(data.length * 0.25)].y, data[Math.floor(data.length * 0.85)].y]")
    assert 170 < early < 230 and 360 < late < 440, (early, late)  # about 3:20 and 6:40 /km
    b.js("document.querySelector('#summary-chart').scrollIntoView({block: 'center'})")
    ActionChains(b.driver).move_to_element_with_offset(canvas, 40, 0).click_and_hold().move_by_offset(30, 0).release().perform()
    b.wait(lambda: int(canvas.get_attribute("data-cursor") or 0) > 0, message="dragging did not move the cursor")
    b.shot("summary-chart")
    assert b.layout_problems("summary-chart") == []
    b.click(".summary-chart-card button[data-mode=elevation]")
    b.wait(lambda: canvas.get_attribute("data-mode") == "elevation")
    heights = b.js("return Chart.getChart(document.querySelector('#summary-chart')).data.datasets[0].data.map((p) => p.y).filter((y) => y !== null)")
    assert 28 < heights[0] < 34 and 46 < heights[-1] < 52, (heights[0], heights[-1])  # 30 m up to about 50 m
    b.shot("summary-chart-elevation")
    b.offline(False)
    assert b.errors() == []
