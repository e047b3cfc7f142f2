"""The recording screen at phone size when location is blocked (the browser's permission
denied, as DevTools sets it): it says what is wrong and what to do, Start waits, and Try
again picks the GPS up once the runner has allowed it. And the mute button: tapped, what is
being said stops and nothing more is said until it is tapped again."""
from test_recording import START, north

# Counts what stops the voice (speechSynthesis.cancel), beside the speech recorder.
CANCEL_COUNTER = """
window.__cancelled = 0;
if (window.speechSynthesis) {
  const cancel = window.speechSynthesis.cancel.bind(window.speechSynthesis);
  window.speechSynthesis.cancel = () => { window.__cancelled += 1; cancel(); };
}
"""


def permission(b, server, setting):
    b.cdp("Browser.setPermission", {"origin": server.url, "permission": {"name": "geolocation"}, "setting": setting})


def test_location_blocked_says_what_to_do_and_try_again_recovers(server, browser):
    b = browser()
    b.resize(375, 812)
    b.log_in(server.register("Lena"))
    permission(b, server, "denied")
    b.locate(*START)
    b.open("/#/record")
    help_note = b.visible("#location-help")
    assert "Location is blocked for Paceline" in help_note.text
    assert "Allow" in help_note.text and "Try again" in help_note.text, help_note.text
    assert help_note.get_attribute("role") == "alert"
    assert b.find("#gps-status").text == "Location permission denied"
    assert "bad" in b.find("#gps-status").get_attribute("class")
    b.wait(lambda: not b.find("button[name=begin]").is_enabled(), 5, "Start stayed enabled with no location")
    assert not b.find("#lock-note").is_displayed(), "one note at a time: the blocked location first"
    assert b.layout_problems("record-location-blocked") == []
    b.shot("record-location-blocked")

    # The runner allows it in the browser's settings and taps Try again.
    permission(b, server, "granted")
    b.click("button[name=retry-location]")
    b.wait(lambda: b.find("#gps-status").text.startswith("GPS ±"), 10, "the GPS did not come back")
    assert not b.find("#location-help").is_displayed()
    assert b.find("button[name=begin]").is_enabled()
    assert b.find("#lock-note").is_displayed()
    b.shot("record-location-allowed")
    assert b.errors() == []


def test_mute_stops_the_voice_until_unmuted(server, browser):
    b = browser()
    b.resize(375, 812)
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": CANCEL_COUNTER})
    b.log_in(server.register("Ines"))
    b.start_recording(*START)
    b.visible("button[name=pause]")
    b.wait(lambda: b.spoken() == ["Run started"], 5, f"not said: {b.spoken()}")
    mute = b.find("button[name=mute]")
    assert mute.get_attribute("aria-pressed") == "false"

    b.click("button[name=mute]")
    assert mute.get_attribute("aria-pressed") == "true"
    assert b.js("return window.__cancelled") >= 1, "what was being said went on"
    b.shot("record-muted")
    for second in range(1, 4):
        b.step(*north(START, 4 * second))
    b.click("button[name=pause]")
    b.visible("button[name=resume]")
    b.click("button[name=resume]")
    b.visible("button[name=pause]")
    assert b.spoken() == ["Run started"], f"said while muted: {b.spoken()}"

    # Unmuted, it speaks again.
    b.click("button[name=mute]")
    assert mute.get_attribute("aria-pressed") == "false"
    b.click("button[name=pause]")
    b.wait(lambda: b.spoken()[-1:] == ["Paused"], 5, f"not said after unmuting: {b.spoken()}")
    assert b.errors() == []
