"""The live safety link: a runner recording shares a link from the recording screen; a
friend without an account opens it and sees where they are, their distance and the last
update; when the activity ends, the link says it has ended. Names stay text."""
from conftest import Server  # noqa: F401  (the fixtures)
from test_recording_map_modes import choose_map_mode

START = (55.8650, -4.2800)
METERS_PER_DEGREE = 111_320


def north(meters):
    return START[0] + meters / METERS_PER_DEGREE, START[1]


# Where the runner's dot and the end of their track are on the screen, and whether
# something other than the map (the numbers, their panels, the controls) covers them.
DOT_AND_TRACK = """
const dot = document.querySelector('#record-map .me-icon').getBoundingClientRect();
const x = dot.left + dot.width / 2, y = dot.top + dot.height / 2;
const track = [...document.querySelectorAll('#record-map path.leaflet-interactive')].map((p) => p.getBoundingClientRect());
const top = track.reduce((least, box) => Math.min(least, box.top), Infinity);
const map = document.getElementById('record-map');
const on = (px, py) => map.contains(document.elementFromPoint(px, py));
return {dot: on(x, y), trackEnd: track.length > 0 && on(x, top + 2)};
"""


def dot_and_track_in_sight(b):
    seen = b.js(DOT_AND_TRACK)
    return seen["dot"] and seen["trackEnd"], seen


def test_share_a_live_link_while_recording(server, browser):
    runner = server.register("Mia <b>R</b>")
    status, workout = server.api("POST", "/workouts", {"name": "4 x 400 m", "steps": [
        {"meters": 400, "target": "fast"}, {"seconds": 60, "target": "rest"}]}, token=runner.token)
    assert status == 201, workout
    b = browser(phone=True)
    b.resize(375, 812)
    b.log_in(runner)
    b.locate(*START)
    b.open(f"/#/record?workout={workout['id']}")
    b.visible("#workout-panel")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    for second in range(1, 21):
        b.step(*north(3.0 * second))
    b.click("button[name=share-live]")
    b.visible("button[name=create-beacon]")
    assert not b.find("input[name=beacon-show-zones]").is_selected(), "zones stay hidden unless the runner says"
    b.shot("beacon-offer")
    b.click("button[name=create-beacon]")
    b.visible("input[name=beacon-address]")
    address = b.find("input[name=beacon-address]").get_attribute("value")
    assert "/#/beacon/bc_" in address
    assert "Sharing live" in b.find("button[name=share-live]").text
    for second in range(21, 45):
        b.step(*north(3.0 * second))
    # With the workout and the live link open, the runner still sees where they are and
    # the way they came, whether the map follows them or not.
    b.wait(lambda: dot_and_track_in_sight(b)[0], 5, f"the dot or the track is hidden: {dot_and_track_in_sight(b)[1]}")
    b.shot("beacon-sharing")
    choose_map_mode(b, "free")
    b.step(*north(3.0 * 46))
    choose_map_mode(b, "locked")
    b.wait(lambda: dot_and_track_in_sight(b)[0], 5, f"the dot or the track is hidden: {dot_and_track_in_sight(b)[1]}")
    assert b.overflowing() == []

    # A friend with the link, no account.
    friend = browser(phone=True)
    friend.driver.get(address)
    friend.visible(".beacon-page h1")
    assert friend.find(".beacon-page h1").text == "Mia <b>R</b>, live"
    assert friend.finds(".beacon-page h1 b") == []
    friend.visible(".beacon-dot")
    assert friend.find(".beacon-since").text.startswith("Moving · last update")
    distance = friend.finds(".beacon-page .figure strong")[0].text
    assert distance.endswith("km") and float(distance.split()[0]) > 0.05, distance
    friend.shot("beacon-viewer")
    assert friend.accessibility(exclude=()) == []

    # The activity ends: so does the link.
    b.click("button[name=end]")
    b.visible("#save-outcome")
    friend.driver.get(address)
    friend.driver.refresh()
    friend.visible(".beacon-page .error")
    assert "has ended" in friend.find(".beacon-page .error").text
    friend.shot("beacon-ended")
    assert b.errors() == []
    assert [error for error in friend.errors() if "410 (Gone)" not in error] == [], "only the ended link's answer"



def test_watching_a_runner_who_starts_at_home(server, browser):
    """A privacy zone at the start: the watcher gets time, distance and average pace since
    the runner was first seen, labelled so; a pause shows as "Paused", never a pace."""
    runner = server.register("Ann")
    status, _ = server.api("PUT", "/me/privacy-zones", {"zones": [{"latitude": START[0], "longitude": START[1], "radiusMeters": 200}]},
                           token=runner.token)
    assert status == 200
    b = browser(phone=True)
    b.resize(375, 812)
    b.log_in(runner)
    # The run below takes 160 s of the app's clock: begun 150 s ago, its fixes are never
    # ahead of the server's (which drops those over 2 minutes ahead).
    b.js("pacelineTestClock.advance(-150000)")
    b.locate(*START)
    b.open("/#/record")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    b.click("button[name=share-live]")
    b.click("button[name=create-beacon]")
    b.visible("input[name=beacon-address]")
    address = b.find("input[name=beacon-address]").get_attribute("value")
    # 3 m/s north for 160 s: out of the zone (its hidden circle reaches at most 400 m) at the end.
    for step in range(1, 81):
        b.step(*north(6.0 * step), seconds=2)
    b.wait(lambda: b.js("return localStorage.getItem('paceline.beacon') !== null"), 2, "the link is kept")

    friend = browser(phone=True)
    friend.resize(375, 812)
    friend.driver.get(address)
    friend.visible(".beacon-dot")
    figures = friend.js("return Object.fromEntries([...document.querySelectorAll('.beacon-page .figure')]"
                        ".map((f) => [f.querySelector('span').textContent, f.querySelector('strong').textContent]))")
    assert figures["Time"] != "–" and figures["Average pace"] != "–", figures
    distance = float(figures["Distance"].split()[0])
    assert 0.05 < distance < 0.3, f"counted from where Ann left the zone, not from home: {figures}"
    assert figures["Current pace"].endswith("/km"), figures
    assert "Since leaving a private area" in friend.find(".beacon-counted").text
    assert friend.find(".beacon-since").text.startswith("Moving")
    friend.shot("beacon-since-leaving")

    b.click("button[name=pause]")
    b.visible("#paused")
    friend.wait(lambda: (friend.driver.refresh(), friend.visible(".beacon-since"),
                         friend.find(".beacon-since").text.startswith("Paused"))[-1], 10, "the watcher sees the pause")
    current = friend.js("return [...document.querySelectorAll('.beacon-page .figure')]"
                        ".filter((f) => f.querySelector('span').textContent === 'Current pace').map((f) => f.querySelector('strong').textContent)")
    assert current == ["paused"], current
    friend.shot("beacon-paused")
    assert friend.overflowing() == []
    assert b.errors() == [] and friend.errors() == []
