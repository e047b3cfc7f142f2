"""Missions in the browser: the shipped examples are listed; a runner joins a short test
mission, records a run, and the summary says how far it moved them and which stage it
unlocked; the journey screen then shows the new position and the unlocked stage."""
from park_mission import import_mission, north, park_mission

START = (55.8600, -4.2600)


def test_shipped_missions_are_listed_and_a_run_advances_a_joined_mission(server, browser, tmp_path):
    # A one-route mission starting where the runner stands: a first stage of 80 m, then 920 m.
    imported = import_mission(server, tmp_path, park_mission(START, photo={"url": "https://127.0.0.1:9/fountain.jpg", "attribution": "Test photo, CC0"}))
    assert "added park-loop: Park Loop: 1 routes, 2 stages, 1.0 km" in imported

    b = browser()
    b.locate(*START)
    b.register("Ann")
    b.open("/#/missions")
    b.visible(".missions li")
    names = [element.text for element in b.finds(".missions .mission-name")]
    assert [name.rstrip(" ›") for name in names] == ["Glasgow → Edinburgh by canal", "Hadrian's Wall Path", "Park Loop", "West Highland Way"], names
    b.shot("missions-list")

    # The canal mission before joining: the chooser and the map of both canals.
    b.click("[data-mission=scotland-canals] a")
    b.visible(".journey-chooser")
    b.wait(lambda: len(b.finds(".stage-icon")) == 18, message="the canal mission's 18 stage markers")
    b.shot("mission-choose")

    b.open("/#/missions/park-loop")
    b.click("button[name=join]")
    b.visible("#journey-done")
    assert b.find("#journey-done").text == "0.00 km"
    assert b.find("#journey-to-go").text == "1.00 km"
    assert len(b.finds(".stage-list .locked")) == 2
    assert "stage 1 to Fountain" in b.find("#journey-place").text

    # A 120 m run from the GPS: the screen shows the journey it moves, and says when the
    # first stage's end is reached.
    b.start_recording(*START)
    b.visible("button[name=end]")
    b.wait(lambda: "Park Loop: 80 m to the end of Fountain" in b.find("#journey-line").text
           or "Park Loop: 0.08 km to the end of Fountain" in b.find("#journey-line").text,
           message="the recording did not show the journey")
    for second in range(1, 25):
        b.step(*north(START, 5 * second))
    assert "Fountain done" in b.find("#journey-line").text, b.find("#journey-line").text
    assert "End of stage Fountain, on Park Loop" in b.spoken(), b.spoken()
    b.shot("recording-mission")
    b.click("button[name=end]")
    b.click("button[name=save]")
    advance = b.visible(".mission-advance", seconds=30).text
    assert advance.startswith("+0.1") and "on Park Loop; stage 1 (Fountain) unlocked" in advance, advance
    b.shot("summary-mission-advance")

    b.open("/#/missions/park-loop")
    b.visible("#journey-done")
    done = float(b.find("#journey-done").text.split()[0])
    assert 0.11 <= done <= 0.13, done
    assert "stage 2 to North gate" in b.find("#journey-place").text
    unlocked = b.visible(".stage-list .unlocked")
    assert "Fountain" in unlocked.text and "Unlocked" in unlocked.text
    # A photo on another host is a link to it (the CSP loads images from this server only).
    photo = b.find(".stage-list .unlocked a.photo-link")
    assert photo.get_attribute("href") == "https://127.0.0.1:9/fountain.jpg" and photo.text.startswith("Photo"), photo.text
    assert len(b.finds(".stage-list .locked")) == 1
    b.wait(lambda: b.finds(".me-icon"), message="the runner's position on the journey map")
    assert len(b.finds(".stage-icon.unlocked")) == 1
    b.click(".stage-icon.unlocked")
    popup = b.visible(".leaflet-popup-content").text
    assert popup == "Stage 1: Fountain\nUnlocked", popup
    b.shot("mission-journey")

    # The canal mission joined: its stage list names each leg, as stage numbers restart on the second canal.
    b.open("/#/missions/scotland-canals")
    b.click("button[name=join]")
    b.visible(".stage-leg")
    legs = [element.text for element in b.finds(".stage-leg")]
    assert len(legs) == 2 and legs[0].startswith("Leg 1 of 2: ") and legs[1].startswith("Leg 2 of 2: "), legs
    assert b.find(".stage-legs ol:nth-of-type(2) .stage-title").text.startswith("Stage 1 · "), "the second leg's first stage"
    b.js("document.querySelectorAll('.stage-leg')[1].scrollIntoView()")
    b.shot("mission-legs")
    assert b.errors() == []
