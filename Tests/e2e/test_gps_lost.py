"""The GPS goes silent while recording (a tunnel, a bridge): the screen says "No GPS signal"
in red where it showed the GPS's accuracy, and says the accuracy again once fixes come
back; the run goes on from where they resume. The same notice in a live race is checked
in test_live.py's race."""
from test_recording import START, move, north

GPS_PILL = """const pill = document.getElementById('gps-status');
return {text: pill.textContent, bad: pill.classList.contains('bad')};"""


def test_the_gps_lost_notice_comes_and_goes_with_the_fixes(server, browser):
    b = browser()
    b.register("Gail")
    b.start_recording(*START)
    b.visible("button[name=end]")
    covered = move(b, START, 3.0, 10)
    assert b.js(GPS_PILL) == {"text": "GPS ±5 m", "bad": False}
    distance = b.find("#distance").text

    # Silence: the device has no position to give.
    b.lose_gps()
    b.wait(lambda: b.js(GPS_PILL) == {"text": "No GPS signal", "bad": True}, seconds=10,
           message=f"no notice that the GPS was lost: {b.js(GPS_PILL)}")
    b.shot("record-gps-lost")
    assert b.layout_problems("record-gps-lost") == []
    assert b.find("#distance").text == distance, "the distance moved without fixes"

    # Fixes come back, further on: the notice goes and the run counts again.
    b.step(*north(START, covered + 6))
    b.wait(lambda: b.js(GPS_PILL) == {"text": "GPS ±5 m", "bad": False}, seconds=10,
           message=f"the notice stayed after the fixes came back: {b.js(GPS_PILL)}")
    move(b, START, 3.0, 10, offset=covered + 6)
    b.wait(lambda: b.find("#distance").text != distance, message="the run did not go on after the GPS came back")
    b.shot("record-gps-back")
    assert b.errors() == []
