"""A run imported from a watch's file, without a workout, is added to the workout log from
its page afterwards: the runner picks the workout, the card links to the entry, the entry
is in the log view with the server's per-interval table; taken out of the log, the run's
page offers to log it again."""
from pathlib import Path

from conftest import TRACKS



def test_an_imported_run_is_added_to_the_workout_log_afterwards(server, browser):
    account = server.register("Hal")
    token = account.token
    for plan in [{"name": "Easy ten", "steps": [{"seconds": 600, "target": "easy"}]},
                 {"name": "Hill repeats", "steps": [{"repeat": 3, "intervals": [{"meters": 400, "target": "fast"},
                                                                              {"seconds": 60, "target": "rest"}]}]}]:
        status, _ = server.api("POST", "/workouts", plan, token=token)
        assert status == 201
    # The watch's file, imported as the import screen does: no workout chosen.
    status, run = server.api("POST", "/runs", (TRACKS / "gpx/run.gpx").read_bytes(), token=token, content_type="application/gpx+xml")
    assert status == 201, run

    b = browser()
    b.log_in(account)
    b.open(f"/#/runs/{run['id']}")
    choice = b.visible("#workout-log-card select[name=log-workout]")
    assert [option.text for option in choice.find_elements("css selector", "option")] == ["Easy ten", "Hill repeats"]
    b.js("arguments[0].value = [...arguments[0].options].find((o) => o.text === 'Hill repeats').value", choice)
    b.js("arguments[0].scrollIntoView()", b.find("#workout-log-card"))
    b.shot("log-after-choose")
    b.click("#workout-log-card button[name=add-to-log]")
    logged = b.visible("#logged-entry")
    assert logged.text.startswith("In your workout log as Hill repeats: ") and "of 6 intervals" in logged.text, logged.text
    b.js("arguments[0].scrollIntoView()", logged)
    b.shot("log-after-logged")

    # The server made the entry from the stored track, and the log view shows it.
    status, page = server.api("GET", f"/workout-log?runId={run['id']}", token=token)
    assert status == 200 and len(page["entries"]) == 1
    entry = page["entries"][0]
    assert entry["workoutName"] == "Hill repeats" and len(entry["summary"]["intervals"]) == 6
    b.click("#logged-entry a")
    b.wait(lambda: f"#/workout-log/{entry['id']}" in b.driver.current_url)
    assert b.visible(".workout-entry h1").text == "Hill repeats"
    b.open("/#/workout-log")
    listed = b.visible("#workout-log .log-entry")
    assert "Hill repeats" in listed.text and "of 6 intervals" in listed.text, listed.text

    # Logged with the wrong workout: taken out, the run's page offers the choice again.
    listed.click()
    b.js("window.confirm = () => true")
    b.click("button[name=remove-entry]")
    b.wait(lambda: b.driver.current_url.endswith("#/workout-log"))
    b.wait(lambda: "No workouts run yet." in b.find("#workout-log").text)
    b.open(f"/#/runs/{run['id']}")
    b.visible("#workout-log-card button[name=add-to-log]")
    assert server.api("GET", "/workout-log", token=token)[1]["entries"] == []
    assert b.errors() == []
