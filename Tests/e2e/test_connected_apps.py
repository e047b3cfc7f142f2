"""Connected apps in Profile (views/account/connected-apps.js) at phone size: Ann makes an
upload-only token for her GPS logger, sees it once, copies it, with the addresses the apps
take (views/account/app-addresses.js); FitoTrack's address uploads a run as FitoTrack posts
it; the token is refused anything else; the list shows it used; revoked, it is refused."""
import urllib.request
from pathlib import Path

from conftest import Server  # noqa: F401  (the fixtures)

TRACKS = Path(__file__).resolve().parent.parent / "Fixtures" / "tracks"


def test_a_token_for_another_app_is_made_used_and_revoked(server, browser):
    ann = server.register("Ann")
    b = browser(phone=True)
    b.log_in(ann)
    b.open("/#/profile")
    b.click("details.connected-apps summary")
    b.wait(lambda: "None yet" in b.find(".token-list").text, message="the empty list did not show")
    b.type("input[name=token-name]", "GPSLogger on my phone")
    assert b.js("return document.querySelector('select[name=token-scope]').value") == "upload"
    b.click("button[name=make-token]")
    secret = b.visible(".token-secret").text
    assert secret.startswith("plp_") and len(secret) > 40
    assert "It is not shown again" in b.find(".token-shown").text
    b.wait(lambda: "GPSLogger on my phone" in b.find(".token-list").text)
    assert "Upload activities only · never used" in b.find(".token-list").text
    addresses = b.js("return [...document.querySelectorAll('.app-address')].map(e => e.textContent)")
    assert addresses[0].endswith("/api/v1/runs")
    assert "/api/v1/fixes?lat=%LAT&lon=%LON" in addresses[1]
    fitotrack = addresses[2]
    assert fitotrack.endswith(f"/api/v1/runs?token={secret}")
    b.js("document.querySelector('.token-shown').scrollIntoView()")
    b.shot("connected-apps-made")

    # FitoTrack posts a workout to the address shown, as its HTTP export does.
    request = urllib.request.Request(fitotrack, data=(TRACKS / "gpx" / "garmin-activity.gpx").read_bytes(), method="POST", headers={
        "Content-Type": "application/x-www-form-urlencoded", "FitoTrack-Type": "workout-gpx", "FitoTrack-Workout-Type": "running"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201

    # The app uses it: an upload goes in; anything else is refused.
    status, run = server.api("POST", "/runs", (TRACKS / "gpx" / "run.gpx").read_bytes(), token=secret, content_type="application/gpx+xml")
    assert status == 201, run
    status, answer = server.api("GET", "/runs", token=secret)
    assert status == 403 and answer["error"]["code"] == "token_scope"

    # Reopened, the list says when it was used; the secret is never shown again.
    b.driver.refresh()
    b.click("details.connected-apps summary")
    b.wait(lambda: "last used" in b.find(".token-list").text, message="the last use did not show")
    assert secret not in b.js("return document.body.innerText")
    b.js("window.confirm = () => true")
    b.click(".token-list button[name=revoke]")
    b.wait(lambda: "None yet" in b.find(".token-list").text, message="the token was not revoked")
    status, _ = server.api("POST", "/runs", (TRACKS / "gpx" / "run.gpx").read_bytes(), token=secret, content_type="application/gpx+xml")
    assert status == 401
    assert b.errors() == []
