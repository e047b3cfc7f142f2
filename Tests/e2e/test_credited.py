"""A run's page says what of it was not credited and why (docs/ALGORITHMS.md, "Credited
distance"): an honest run says nothing; one with a stretch whose times can't be trusted
(all within a second: a forged or broken clock) shows recorded against credited. On a
375 × 812 phone."""
import datetime

from synthetic_runs import fixes


def forged(begin="2026-03-01T08:00:00+00:00"):
    """1.5 km at 3 m/s, then a second stretch of 10 km whose fixes all fall within 0.4 s."""
    honest = fixes(meters=1500, speed=3.0, begin=begin)
    last = honest[-1]
    start = datetime.datetime.fromisoformat(last["time"].replace("Z", "+00:00")) + datetime.timedelta(seconds=10)
    teleport = [{"time": (start + datetime.timedelta(milliseconds=4 * i)).isoformat().replace("+00:00", "Z"),
                 "latitude": last["latitude"] + i * 100 / 111320, "longitude": last["longitude"], "horizontalAccuracy": 4}
                for i in range(101)]
    return [honest, teleport]


def phone(b):
    b.cdp("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True})


def test_a_forged_stretch_is_shown_as_not_credited(server, browser):
    ann = server.register("Ann")
    status, run = server.api("POST", "/runs?privacy=private", {"sport": "run", "segments": forged()}, ann[0])
    assert status == 201, run
    assert run["distanceMeters"] > 11_000 and 1_400 < run["creditedDistanceMeters"] < 1_600, run
    assert run["uncredited"]["untimedMeters"] > 9_900 and run["uncredited"]["tooFastMeters"] == 0
    status, honest = server.api("POST", "/runs", {"sport": "run", "fixes": fixes(meters=2000, begin="2026-03-02T08:00:00+00:00")}, ann[0])
    assert status == 201 and honest["creditedDistanceMeters"] == honest["distanceMeters"] and "uncredited" not in honest

    b = browser()
    phone(b)
    b.log_in(ann)
    b.open(f"/#/runs/{run['id']}")
    note = b.visible(".credit-note")
    distance = f"{run['distanceMeters'] / 1000:.2f} km"
    credited = f"{run['creditedDistanceMeters'] / 1000:.2f} km"
    untimed = f"{run['uncredited']['untimedMeters'] / 1000:.2f} km"
    assert note.text.startswith(f"{distance} recorded, {credited} counted. {untimed} came with times that can’t be trusted"), note.text
    assert note.text.endswith(f"count only the {credited}."), note.text
    # Under the numbers, inside the screen's width.
    box = b.js("const r = document.querySelector('.credit-note').getBoundingClientRect(); return [r.left, r.right, r.top]")
    figures = b.js("return document.querySelector('.figures').getBoundingClientRect().bottom")
    assert box[0] >= 0 and box[1] <= 375 and box[2] >= figures, (box, figures)
    b.shot("credited-forged")

    b.open(f"/#/runs/{honest['id']}")
    b.visible(".figures")
    b.visible("canvas.analysis-chart")
    assert not b.finds(".credit-note")
    b.shot("credited-honest")
    assert b.errors() == []


def test_the_note_for_a_stretch_too_fast_names_the_speed(server, browser):
    """The sentence of the example in issue 17, from the module the page uses (a stretch
    faster than the cap can't be made through the fix filter, which drops such steps)."""
    b = browser()
    phone(b)
    b.open("/")
    note = """
        const [done, tooFast] = [arguments[arguments.length - 1], arguments[0]];
        import('/js/views/analysis/credit-note.js').then(({ creditNote }) => done(creditNote({
            sport: 'run', distanceMeters: 12300, creditedDistanceMeters: 12300 - tooFast,
            uncredited: { tooFastMeters: tooFast, untimedMeters: 0, maximumSpeedMetersPerSecond: 12.5 } }, 'metric').textContent));"""
    text = b.driver.execute_async_script(note, 2200)
    assert text.startswith("12.30 km recorded, 10.10 km counted. 2.20 km went faster than 45.0 km/h, too fast for a run: "
                           "a GPS jump, or a stretch in a car or on a train."), text
    # A few metres are said in metres, not "0.02 km".
    text = b.driver.execute_async_script(note, 20)
    assert text.startswith("12.30 km recorded, 12.28 km counted. 20 m went faster than 45.0 km/h"), text
