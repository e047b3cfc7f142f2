"""Interval workouts in the browser: a runner builds a three-interval workout in the
editor (40 m fast, 10 s rest, 25 s fast), makes it active, runs it on the (overridden)
GPS, too slowly in the last interval, and hears each interval start, the countdowns, a
drift warning and "Workout complete"; the summary shows each interval planned against
actual; saved, the run is in the workout log with the same table and the run's map.
The list's duplicate, reorder and delete work, and another user cannot see the workout."""

START = (55.8700, -4.2900)
METERS_PER_DEGREE = 111_320


def set_value(b, css, value):
    """Sets a form control's value as a person would, with the change event the editor listens to."""
    element = b.visible(css)
    b.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", element, value)


def run(b, phases, covered=0.0):
    """Moves the GPS north one fix a second (of the app's clock) through (seconds, m/s)
    phases; returns metres covered."""
    for seconds, speed in phases:
        for _ in range(seconds):
            covered += speed
            b.step(START[0] + covered / METERS_PER_DEGREE, START[1])
    return covered


def test_a_short_interval_workout_is_built_run_heard_summarised_and_logged(server, browser):
    ann = browser()
    ann.locate(*START)
    email = ann.register("Ann")
    ann.open("/#/profile")
    ann.click("#workouts-link")
    ann.visible("#workout-list li.muted")
    assert not ann.find("button[name=run-workout]").is_displayed(), "no active workout to run: no button to run it"
    ann.click("#new-workout")

    # The editor: one interval to start with (400 m fast); make it 40 m, add two by time.
    ann.visible("#workout-steps")
    set_value(ann, "input[name=workout-name]", "Short intervals")
    set_value(ann, "#workout-steps > li:nth-child(1) input[name=amount]", "0.04")
    ann.click("button[name=add-interval]")
    set_value(ann, "#workout-steps > li:nth-child(2) select[name=by]", "time")
    set_value(ann, "#workout-steps > li:nth-child(2) input[name=amount]", "0:10")
    set_value(ann, "#workout-steps > li:nth-child(2) select[name=target]", "rest")
    ann.click("button[name=add-interval]")
    set_value(ann, "#workout-steps > li:nth-child(3) select[name=by]", "time")
    set_value(ann, "#workout-steps > li:nth-child(3) input[name=amount]", "0:25")
    ann.shot("workout-editor")
    ann.click("button[name=save-workout]")
    ann.visible("#workout-list .workout")
    assert "3 intervals: 40 m fast, 0:10 rest, 0:25 fast" in ann.find("#workout-list .workout").text

    # Duplicate, reorder, delete: the copy goes after the original, moves up, and goes.
    ann.click("#workout-list .workout button[name=duplicate]")
    names = lambda: ann.js("return [...document.querySelectorAll('#workout-list .workout-name')].map((e) => e.textContent)")
    ann.wait(lambda: names() == ["Short intervals", "Short intervals (copy)"])
    ann.click("#workout-list .workout:nth-child(2) button[name=up]")
    ann.wait(lambda: names() == ["Short intervals (copy)", "Short intervals"])
    ann.js("window.confirm = () => true")
    ann.click("#workout-list .workout:nth-child(1) button[name=delete]")
    ann.wait(lambda: names() == ["Short intervals"])
    assert not ann.find("button[name=run-workout]").is_displayed()
    ann.click("#workout-list .workout button[name=activate]")
    ann.visible("#workout-list .active-workout")
    assert ann.find("button[name=run-workout]").is_displayed()
    ann.shot("workouts")

    # Another runner sees none of it.
    status, listing = server.api("GET", "/workouts", token=server.token(email))
    workout_id = listing["workouts"][0]["id"]
    eve = server.register("Eve")
    status, _ = server.api("GET", f"/workouts/{workout_id}", token=eve[0])
    assert status == 404

    # The run: 40 m fast (5 m/s), a 10 s rest walked, then 25 s "fast" at only 2 m/s.
    ann.open("/#/activity")
    ann.locate(*START)
    ann.click("button[name=start]")
    ann.visible("#workout-panel")
    # Its name once, as written (not twice, once in capitals).
    panel = ann.find("#workout-panel").text
    assert panel.count("Short intervals") == 1 and "SHORT INTERVALS" not in panel, panel
    ann.click("button[name=begin]")
    ann.visible("button[name=end]")
    covered = run(ann, [(9, 5.0), (10, 1.5)])
    ann.shot("workout-running")
    assert ann.find("#workout-interval").text.startswith("3 of 3"), ann.find("#workout-interval").text
    assert ann.find("#workout-into").text.startswith("This interval: 0:0"), ann.find("#workout-into").text
    run(ann, [(27, 2.0)], covered)
    ann.wait(lambda: "Workout complete" in ann.spoken(), seconds=10, message=f"never complete: {ann.spoken()}")
    assert ann.find("#workout-interval").text == "Workout complete"
    spoken = ann.spoken()
    assert spoken[0] == "Interval 1 of 3: 40 metres, fast", spoken
    assert "Interval 2 of 3: 10 seconds, rest" in spoken, spoken
    assert "Interval 3 of 3: 25 seconds, fast" in spoken, spoken
    assert any(s.endswith("left, next: 10 seconds, rest") for s in spoken), spoken  # countdowns
    assert any(s.endswith("seconds left, next: 25 seconds, fast") for s in spoken), spoken
    assert "Too slow, speed up" in spoken, spoken
    assert spoken.index("Too slow, speed up") > spoken.index("Interval 3 of 3: 25 seconds, fast")
    ann.click("button[name=end]")

    # The summary: planned against actual, every interval done.
    ann.visible("#workout-table")
    rows = ann.finds("#workout-table tbody tr")
    assert [r.get_attribute("data-status") for r in rows] == ["completed"] * 3
    assert "Workout complete" in ann.find("#workout-outcome").text
    third = rows[2].text
    assert "0:25" in third and "done" in third, third
    assert "Pace /km" in ann.find("#workout-table thead").text
    ann.shot("workout-summary")
    ann.click("button[name=save]")
    ann.wait(lambda: "Uploaded" in ann.find("#saved-status").text, message="the run was not uploaded")

    # The log: the entry the server computed from the stored track.
    status, log = server.api("GET", "/workout-log", token=server.token(email))
    assert status == 200 and len(log["entries"]) == 1, log
    ann.open("/#/workout-log")
    ann.wait(lambda: ann.finds("#workout-log .log-entry"), message=ann.find("#view").text)
    assert "Short intervals" in ann.find("#workout-log .log-entry").text
    assert "3 of 3 intervals" in ann.find("#workout-log .log-entry").text
    ann.click("#workout-log .log-entry")
    ann.visible("#workout-table")
    ann.visible("#workout-map")
    assert len(ann.finds("#workout-table tbody tr")) == 3
    assert "Workout complete" in ann.find("#workout-outcome").text
    ann.shot("workout-log-entry")
    status, log = server.api("GET", "/workout-log", token=eve[0])
    assert status == 200 and log["entries"] == []
    assert ann.errors() == []


def test_a_paused_workout_stops_its_clock_and_the_server_logs_what_the_runner_saw(server, browser):
    account = server.register("Pat")
    token = account.token
    status, workout = server.api("POST", "/workouts", {"name": "Pause test", "steps": [
        {"seconds": 20, "target": "easy"}, {"seconds": 15, "target": "rest"}]}, token=token)
    assert status == 201, workout
    status, settings = server.api("GET", "/workout-settings", token=token)
    status, settings = server.api("PUT", "/workout-settings", {**settings, "activeWorkoutId": workout["id"]}, token=token)
    assert status == 200, settings
    b = browser()
    b.log_in(account)
    b.locate(*START)
    b.open("/#/activity")
    b.click("button[name=start]")
    b.visible("#workout-panel")
    b.click("button[name=begin]")
    covered = run(b, [(8, 3.0)])
    b.click("button[name=pause]")
    b.visible("button[name=resume]")
    left = b.find("#workout-left").text
    into = b.find("#workout-into").text
    covered = run(b, [(8, 4.0)], covered)  # 32 m walked while paused: no time, no way
    assert b.find("#workout-left").text == left, "the interval's clock ran while paused"
    assert b.find("#workout-into").text == into
    b.click("button[name=resume]")
    covered = run(b, [(14, 3.0)], covered)
    b.wait(lambda: "Interval 2 of 2: 15 seconds, rest" in b.spoken(), seconds=10, message=f"no second interval: {b.spoken()}")
    run(b, [(4, 1.0)], covered)
    b.click("button[name=end]")
    b.visible("#workout-table")
    seen = b.find("#workout-table").text
    first = b.finds("#workout-table tbody tr")[0].text
    assert "0:20" in first, first
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the run was not uploaded")
    # The server replays the uploaded segments (pausing between them) into the same table.
    status, log = server.api("GET", "/workout-log", token=token)
    entry = log["entries"][0]
    assert entry["summary"]["intervals"][0]["actualSeconds"] == 20, entry["summary"]
    assert 45 <= entry["summary"]["intervals"][0]["actualMeters"] <= 75, entry["summary"]  # about 20 s at 3 m/s, not 32 m more
    b.open("/#/workout-log")
    b.wait(lambda: b.finds("#workout-log .log-entry"), message=b.find("#view").text)
    b.click("#workout-log .log-entry")
    b.visible("#workout-table")
    assert b.find("#workout-table").text == seen
    assert b.errors() == []
