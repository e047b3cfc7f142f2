"""Felt without looking: a workout's cues vibrate the phone, each kind with its own pattern
(Public/js/haptics.js), one vibration for each cue said; "Vibrate on cues" in the
profile's settings, on by default, turned off stops them. navigator.vibrate is replaced
by a recorder before the app loads (conftest's VIBRATION_RECORDER). The race's countdown,
start and finish are felt in test_live.py's race."""
from test_workouts import START, run

# The patterns (ms on, off, on…) of Public/js/haptics.js: a contract with the runner's hand.
PATTERNS = {
    "start": [400, 150, 400], "countdown": [150], "tooSlow": [100, 80, 100, 80, 100], "tooFast": [700],
    "complete": [300, 100, 300, 100, 600],
}


def kind_of(sentence):
    """The workout cue a sentence says (WorkoutSpeaker's words)."""
    if sentence.startswith("Interval "):
        return "start"
    if " left" in sentence:
        return "countdown"
    return {"Too slow, speed up": "tooSlow", "Too fast, ease off": "tooFast", "Workout complete": "complete"}[sentence]


def workout_for(server, name):
    """A new user whose active workout is 40 m fast, 10 s rest, 25 s fast (as test_workouts.py's)."""
    account = server.register(name)
    status, workout = server.api("POST", "/workouts", {"name": "Short intervals", "steps": [
        {"meters": 40, "target": "fast"}, {"seconds": 10, "target": "rest"}, {"seconds": 25, "target": "fast"}]}, token=account.token)
    assert status == 201, workout
    status, settings = server.api("GET", "/workout-settings", token=account.token)
    status, settings = server.api("PUT", "/workout-settings", {**settings, "activeWorkoutId": workout["id"]}, token=account.token)
    assert status == 200, settings
    return account


def start_workout(b):
    b.locate(*START)
    b.open("/#/activity")
    b.click("button[name=start]")
    b.visible("#workout-panel")
    # Tapped with a finger (a trusted event): a browser lets a page vibrate only after one.
    begin = b.visible("button[name=begin]")
    b.wait(lambda: begin.is_enabled(), message="Begin stayed disabled")
    begin.click()
    b.visible("button[name=end]")


def test_each_workout_cue_is_felt_with_its_own_pattern(server, browser):
    b = browser()
    b.record_vibrations()
    b.log_in(workout_for(server, "Ann"))
    b.open("/#/profile")
    switch = b.visible("input[name=vibrate]")
    assert switch.is_selected() and switch.is_enabled(), "vibration is on by default where the phone can"
    start_workout(b)
    # 40 m fast, a 10 s rest walked, then the 25 s "fast" at only 2 m/s: too slow.
    run(b, [(9, 5.0), (10, 1.5), (27, 2.0)])
    b.wait(lambda: "Workout complete" in b.spoken(), seconds=10, message=f"never complete: {b.spoken()}")
    heard = b.spoken()
    kinds = [kind_of(sentence) for sentence in heard]
    assert {"start", "countdown", "tooSlow", "complete"} <= set(kinds), heard
    felt = b.vibrations()
    assert felt == [PATTERNS[kind] for kind in kinds], (heard, felt)
    b.shot("workout-felt")
    assert b.errors() == []


def test_vibrate_on_cues_turned_off_stops_them(server, browser):
    b = browser()
    b.record_vibrations()
    b.log_in(workout_for(server, "Bo"))
    b.open("/#/profile")
    switch = b.visible("input[name=vibrate]")
    b.js("arguments[0].scrollIntoView({block: 'center'})", switch)
    b.click("input[name=vibrate]")
    b.wait(lambda: "Vibration off." in b.find(".settings-status").text)
    assert b.js("return localStorage.getItem('paceline.vibrate')") == "off"
    b.shot("profile-vibrate-off")
    assert b.layout_problems("profile-settings") == []
    start_workout(b)
    run(b, [(9, 5.0), (4, 1.5)])
    b.wait(lambda: "Interval 2 of 3: 10 seconds, rest" in b.spoken(), seconds=10, message=f"no second interval: {b.spoken()}")
    assert b.vibrations() == [], "vibrated with the setting off"
    # The setting stays off on the next visit to the profile.
    b.open("/#/profile")
    assert not b.visible("input[name=vibrate]").is_selected()
    assert b.errors() == []
