"""The recording map's modes (js/views/map/map-modes.js), at phone size: Locked, the start,
keeps the runner in the middle, and a drag on it moves nothing and says how to move the
map; Free lets a drag move it and no longer follows; Heading up turns the map so that the
way the phone points (DevTools' emulated absolute-orientation sensor) is up, with the
runner in the middle, the track behind them and the controls upright; where no compass answers, it says "No compass on this
device" and goes back to Locked. The same screen follows a route (?follow=)."""
import math
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains

from test_recording import START, north, straight_run

# Where the runner's dot is from the middle of the visible map, in CSS pixels, and where
# their track lies from the dot (its box's middle): what a runner sees.
WHERE = """
const middle = (box) => [box.left + box.width / 2, box.top + box.height / 2];
const frame = middle(document.querySelector('.map-frame').getBoundingClientRect());
const dot = middle(document.querySelector('#record-map .me-icon').getBoundingClientRect());
const paths = [...document.querySelectorAll('#record-map path.leaflet-interactive')].map((p) => middle(p.getBoundingClientRect()));
const track = paths.length ? paths[paths.length - 1] : dot;
return {dx: dot[0] - frame[0], dy: dot[1] - frame[1], trackDx: track[0] - dot[0], trackDy: track[1] - dot[1]};
"""


def compass(b, alpha):
    """The phone lying flat, turned `alpha` degrees counter-clockwise from north, as DevTools
    emulates its absolute-orientation sensor (`allow_sensors`): Chrome sends it as
    `deviceorientationabsolute`."""
    half = math.radians(alpha) / 2
    b.cdp("Emulation.setSensorOverrideReadings", {"type": "absolute-orientation", "reading": {
        "quaternion": {"x": 0, "y": 0, "z": math.sin(half), "w": math.cos(half)}}})


def turn(b):
    """How the map's pane is turned (CSS `rotate`)."""
    return b.js("return getComputedStyle(document.querySelector('#record-map .leaflet-map-pane')).rotate")


def allow_sensors(b, server, compass=True):
    """Lets the page have the motion sensors (a phone's default; the test windows allow
    geolocation only) and, with `compass`, gives it an emulated one (before the page
    listens, so that its readings are DevTools')."""
    b.cdp("Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation", "sensors"]})
    if compass:
        b.cdp("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "absolute-orientation"})


def mode(b):
    return b.find("button[name=map-mode]").get_attribute("data-mode")


def choose_map_mode(b, wanted):
    """Taps the map's mode button until it says `wanted` (locked, heading or free). A tap
    toward heading up may come back to Locked at once (no compass, or sensors blocked)."""
    for _ in range(5):
        now = mode(b)
        if now == wanted:
            return
        b.click("button[name=map-mode]")
        try:
            b.wait(lambda: mode(b) != now, 3)
        except TimeoutException:
            assert "compass" in b.find("#map-hint").text, f"the map stayed {now}"
    raise AssertionError(f"the map never became {wanted}: it is {mode(b)}")


def drag(b, dx, dy):
    """A finger (the mouse) drags across the map's middle by (dx, dy)."""
    frame = b.find(".map-frame")
    ActionChains(b.driver).move_to_element(frame).click_and_hold().move_by_offset(dx / 2, dy / 2) \
        .move_by_offset(dx / 2, dy / 2).release().perform()


def run_north(b, first, last):
    for second in range(first, last + 1):
        b.step(*north(START, 4 * second))


def test_locked_follows_through_a_drag_free_does_not_and_heading_up_turns(server, browser):
    b = browser()
    b.resize(375, 812)
    allow_sensors(b, server)
    b.log_in(server.register("Maud"))
    b.start_recording(*START)
    b.visible("button[name=end]")
    run_north(b, 1, 15)  # 60 m north
    assert mode(b) == "locked"
    assert b.find("button[name=map-mode]").get_attribute("aria-label") == "Map: Locked"

    # Locked: a drag moves nothing, says how to move the map, and the map goes on following.
    drag(b, 120, 160)
    assert mode(b) == "locked", "a drag unlocked the map"
    hint = b.visible("#map-hint").text
    assert "The map stays on you" in hint and "Free" in hint, hint
    where = b.js(WHERE)
    assert abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2, where
    b.shot("record-map-locked-drag")
    run_north(b, 16, 20)
    where = b.js(WHERE)
    assert abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2, f"the locked map stopped following the runner: {where}"
    assert where["trackDy"] > 10 and abs(where["trackDx"]) <= 3, f"north up, the way run lies below the dot: {where}"

    # Free: the same drag moves the map, and the runner moves on without it.
    choose_map_mode(b, "free")
    assert "Move the map as you like" in b.visible("#map-hint").text
    drag(b, 120, 160)
    run_north(b, 21, 22)
    where = b.js(WHERE)
    assert math.hypot(where["dx"], where["dy"]) > 50, f"the free map did not move with the drag: {where}"
    b.shot("record-map-free")

    # Heading up: the phone points east (a compass reading of alpha 270): north is to the
    # left, so the way run north lies to the right of the dot, which stays in the middle.
    choose_map_mode(b, "locked")
    b.click("button[name=map-mode]")
    b.wait(lambda: mode(b) == "heading", 5, "heading up was not offered")
    compass(b, 270)
    b.wait(lambda: turn(b) == "-90deg",
           5, "the map did not turn to the compass")
    time.sleep(0.5)  # the turn's transition
    run_north(b, 23, 24)
    where = b.js(WHERE)
    assert abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2, f"heading up lost the runner: {where}"
    assert where["trackDx"] > 10 and abs(where["trackDy"]) <= 3, f"east up, the way run north lies to the right: {where}"
    # The controls and the numbers stay upright; the north arrow points left.
    assert b.js("return getComputedStyle(document.querySelector('.controls')).rotate") in ("none", "0deg")
    assert b.find(".north-arrow").is_displayed()
    assert b.js("return getComputedStyle(document.querySelector('.north-arrow')).rotate") == "-90deg"
    # The turned map fills the visible frame's corners: it reaches past the frame's diagonal.
    covers = b.js("""const f = document.querySelector('.map-frame').getBoundingClientRect();
                     const m = document.getElementById('record-map').getBoundingClientRect();
                     return m.width >= Math.hypot(f.width, f.height) - 1 && m.height >= Math.hypot(f.width, f.height) - 1""")
    assert covers, "a turned map would show blank corners"
    # A drag still moves nothing; the phone turns on to the south-west, and the map with it.
    drag(b, -100, 60)
    assert mode(b) == "heading"
    compass(b, 135)  # heading 225°
    b.wait(lambda: turn(b) == "-225deg",
           5, "the map did not turn the short way round (-90° to -225°)")
    compass(b, 270)
    b.wait(lambda: turn(b) == "-90deg", 5)
    time.sleep(0.5)
    b.shot("record-map-heading-up")
    # The button's words fit it down to 320 px ("Heading up" on two lines there).
    assert b.layout_problems("record-map-heading-up") == []

    # Back to Free: north up again, at the frame's size.
    choose_map_mode(b, "free")
    assert turn(b) in ("none", "0deg")
    assert not b.find(".north-arrow").is_displayed()
    assert b.errors() == []


def test_heading_up_without_a_compass_says_so_and_stays_locked(server, browser):
    b = browser()
    b.resize(375, 812)
    b.log_in(server.register("Noor"))
    b.locate(*START)
    # The site's motion sensors blocked (the test window allows geolocation only): it says how to allow them.
    b.open("/#/record")
    b.visible("button[name=begin]")
    b.wait(lambda: mode(b) == "locked", 10)
    b.click("button[name=map-mode]")
    b.wait(lambda: "The compass is blocked" in b.find("#map-hint").text, 5, "no word about the blocked sensors")
    assert "motion sensors" in b.find("#map-hint").text and mode(b) == "locked"
    b.shot("record-map-compass-blocked")

    allow_sensors(b, server, compass=False)
    b.driver.refresh()
    b.visible("button[name=begin]")
    b.wait(lambda: mode(b) == "locked", 10)
    b.click("button[name=map-mode]")
    b.wait(lambda: mode(b) == "heading", 5)
    # No reading comes (a desktop's browser has the events but no compass).
    b.wait(lambda: "No compass on this device" in b.find("#map-hint").text, 10, "no word about the missing compass")
    assert mode(b) == "locked"
    b.shot("record-map-no-compass")
    # From now on the button goes Locked, Free, Locked: heading up is no longer offered.
    b.click("button[name=map-mode]")
    b.wait(lambda: mode(b) == "free", 5)
    b.click("button[name=map-mode]")
    b.wait(lambda: mode(b) == "locked", 5)
    assert b.errors() == []


def test_following_a_route_the_map_is_locked_through_a_drag_and_turns_heading_up(server, browser):
    ann, cy = server.register("Ann"), server.register("Cy")
    status, run = server.api("POST", "/runs?privacy=public", straight_run("2026-03-01T08:00:00+00:00", 600, 3.0), ann.token)
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Straight north"}, ann.token)
    assert status == 201, route
    b = browser()
    b.resize(375, 812)
    allow_sensors(b, server)
    b.log_in(cy)
    b.locate(*START)
    b.open(f"/#/record?follow={route['id']}")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    run_north(b, 1, 10)
    assert mode(b) == "locked"
    drag(b, -90, -140)
    run_north(b, 11, 12)
    where = b.js(WHERE)
    assert mode(b) == "locked" and abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2, f"a drag unlocked the follow map: {where}"
    b.click("button[name=map-mode]")
    b.wait(lambda: mode(b) == "heading", 5)
    compass(b, 0)  # the phone points north: north stays up
    compass(b, 90)  # then west: north is to the right, the way run lies to the left
    b.wait(lambda: turn(b) == "90deg", 5)
    time.sleep(0.5)
    run_north(b, 13, 14)
    where = b.js(WHERE)
    assert abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2 and where["trackDx"] < -10, where
    b.shot("following-heading-up")
    assert b.overflowing() == []
    assert b.errors() == []
