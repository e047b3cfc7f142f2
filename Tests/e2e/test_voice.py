"""Heard without looking: a free run says each kilometre with its split's pace, and the
time, distance and average pace every 5 minutes when chosen in the profile; the screen
stays on while recording and is held again when the page comes back; before the start the
app says a locked phone stops the GPS. Following a route's pace, the gap is said when it
changes, or at every cue (every 5 s) when chosen in the profile. The race's and the run's
words, from the modules the pages use."""
import re

from selenium.webdriver.support.ui import Select

from test_recording import START, north, straight_run

# What the follow says of the gap: "On route, on pace", "12 seconds ahead", "1 minute 5 seconds behind".
GAP = re.compile(r"(On route, )?(on pace|(\d+ minutes? )?(\d+ seconds? )?(ahead|behind))")

# The Screen Wake Lock API as Chrome offers it on a phone, counting requests and releases;
# document.visibilityState follows window.__visible so the test can hide and show the page.
FAKE_WAKE_LOCK = """
(() => {
  window.__locks = { requested: 0, released: 0 };
  window.__visible = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => window.__visible });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__visible !== 'visible' });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { async request(type) {
    window.__locks.requested += 1;
    const lock = { type, released: false, async release() { if (!this.released) { this.released = true; window.__locks.released += 1; } } };
    window.__locks.current = lock;
    return lock;
  } } });
  window.__setVisible = (state) => {
    if (state !== 'visible') window.__locks.current?.release();  // the browser lets go of a hidden page's lock
    window.__visible = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();
"""


def test_a_free_run_says_its_kilometres_and_every_five_minutes(server, browser):
    b = browser()
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_WAKE_LOCK})
    b.register("Vera")
    b.open("/#/profile")
    Select(b.visible("select[name=voice-every]")).select_by_value("5")
    b.locate(*START)
    b.open("/#/record")
    b.visible("button[name=begin]")
    assert "locking the phone would stop the GPS" in b.find("#lock-note").text
    assert "record with a watch or another app and import the file" in b.find("#lock-note").text
    assert b.find("#lock-note a").get_attribute("href").endswith("#/import")
    b.wait(lambda: b.js("return window.__locks.requested") >= 1, message="the screen was not kept on")
    b.shot("record-lock-note")
    b.click("button[name=begin]")
    assert not b.find("#lock-note").is_displayed()
    for second in range(1, 311):
        b.step(*north(START, 4 * second))
    heard = b.spoken()
    assert heard[0] == "Run started", heard
    kilometre = [line for line in heard if line.startswith("1 kilometre")]
    # At 4 m/s a kilometre takes 4:10, and a little more as the meter waits for the GPS to
    # settle: what is said is what the screen's meter counted.
    split = re.fullmatch(r"1 kilometre in 4 minutes (\d+) seconds\. Pace 4 minutes (\d+) seconds per kilometre", kilometre[0]) if len(kilometre) == 1 else None
    assert split and split.group(1) == split.group(2) and 10 <= int(split.group(1)) <= 25, heard
    five = [line for line in heard if line.startswith("5 minutes.")]
    assert len(five) == 1 and re.fullmatch(r"5 minutes\. 1\.[12]\d kilometres\. Average pace 4 minutes \d+ seconds per kilometre", five[0]), heard
    assert f"“{heard[-1]}”" == b.find("#spoken").text
    b.shot("record-voice")

    # The phone locks and comes back: the lock is taken again.
    before = b.js("return window.__locks.requested")
    b.js("window.__setVisible('hidden')")
    b.js("window.__setVisible('visible')")
    b.wait(lambda: b.js("return window.__locks.requested") > before, message="the screen lock was not taken again")
    b.click("button[name=end]")
    b.wait(lambda: b.js("return window.__locks.released") >= 2, message="the screen lock was kept after the recording")
    assert b.errors() == []


def test_the_words_of_a_run_and_a_race(server, browser):
    b = browser()
    b.open("/")
    said = b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all([import('/js/engine/core/run-speaker.js'), import('/js/engine/live/race-speaker.js')]).then(([run, race]) => {
          const miles = new run.RunSpeaker('imperial');
          const out = [miles.spoken(1000, 300), miles.spoken(1700, 510)];
          const speaker = new race.RaceSpeaker('metric', { everySeconds: 30, settleSeconds: 10 });
          const standings = (me, ann, bo) => [['me', 'you', me], ['ann', 'Ann', ann], ['bo', 'Bo', bo]]
            .sort((a, b) => b[2] - a[2]).map(([userId, name, distanceMeters]) => ({ userId, name, distanceMeters, finished: false }));
          out.push(speaker.spoken(standings(100, 120, 80), 'me', 20));   // nothing yet
          out.push(speaker.spoken(standings(300, 320, 280), 'me', 31));  // the first report
          out.push(speaker.spoken(standings(340, 330, 300), 'me', 35));  // overtook Ann
          out.push(speaker.spoken(standings(345, 350, 300), 'me', 38));  // back and forth: held
          out.push(speaker.spoken(standings(1500, 1400, 300), 'me', 70));
          out.push(race.ordinal(1), race.ordinal(2), race.ordinal(3), race.ordinal(11), race.ordinal(22));
          out.push(run.spokenDuration(3725), run.spokenDuration(45));
          done(out);
        });""")
    assert said == [
        None, "1 mile in 8 minutes 3 seconds. Pace 8 minutes 3 seconds per mile",
        None, "2nd of 3, 20 metres behind Ann, 20 metres ahead of Bo", "You are now 1st of 3, 10 metres ahead of Ann", None,
        "1st of 3, 100 metres ahead of Ann",
        "1st", "2nd", "3rd", "11th", "22nd", "1 hour 2 minutes", "45 seconds",
    ], said


def follow_for_forty_seconds(b, route_id):
    """Follows the route at its own pace (3 m/s) for 40 s of the app's clock; returns the gaps heard."""
    b.locate(*START)
    b.open(f"/#/record?follow={route_id}")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    for second in range(1, 41):
        b.step(*north(START, 3.0 * second))
    heard = b.spoken()
    assert heard[0].startswith("Following"), heard
    return [line for line in heard if GAP.fullmatch(line)]


def test_the_gap_to_a_followed_pace_is_said_when_it_changes_or_every_five_seconds(server, browser):
    ann = server.register("Ann")
    status, run = server.api("POST", "/runs?privacy=public", straight_run("2026-03-01T08:00:00+00:00", 600, 3.0), ann.token)
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Canal path"}, ann.token)
    assert status == 201, route

    # By default, said when it changes (and every 30 s): level with the pace, hardly ever.
    b = browser()
    b.log_in(server.register("Bo"))
    b.open("/#/profile")
    assert Select(b.visible("select[name=gap-mode]")).first_selected_option.get_attribute("value") == "changes"
    quiet = follow_for_forty_seconds(b, route["id"])
    assert 1 <= len(quiet) <= 3, quiet

    # Every 5 s when chosen: each cue says where the runner stands.
    c = browser()
    c.log_in(server.register("Cy"))
    c.open("/#/profile")
    Select(c.visible("select[name=gap-mode]")).select_by_value("everyCue")
    c.wait(lambda: c.js("return localStorage.getItem('paceline.gapMode')") == "everyCue")
    c.js("document.querySelector('select[name=gap-mode]').scrollIntoView({block: 'center'})")
    c.shot("profile-gap-every-cue")
    often = follow_for_forty_seconds(c, route["id"])
    assert len(often) >= 7, often   # a cue every 5 s of 40
    c.shot("following-every-cue")
    for window in (b, c):
        assert window.errors() == []
