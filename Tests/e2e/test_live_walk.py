"""A shared live walk finds plaques together (views/live/live.js): Ann and Bo walk 100 m
side by side from the friends screen; the plaque Ann passes is told on both phones ("Ann
found …"), marked on the race map and listed under "Found on this walk", and again on the
results. Their GPS moves through the DevTools protocol, a fix a second."""
import subprocess
import tempfile
import time
from pathlib import Path

from conftest import paceline_binary
from test_live import (METERS_PER_DEGREE_LATITUDE, befriend, connected, create_session, east, invite_to_100_m, press, shown, sign_in,
                       tap, text)

START = (55.8700, -4.2900)
# 40 m east of Ann's start, 2 m to the north: she passes it; Bo, 60 m north, passes nothing.
PLAQUE = (START[0] + 2 / METERS_PER_DEGREE_LATITUDE, east(START, 40)[1])
CSV = f"""id,title,inscription,latitude,longitude,erected,main_photo,lead_subject_name,lead_subject_wikipedia,subjects
900101,Walkers' well plaque,"A well for walkers stood here",{PLAQUE[0]},{PLAQUE[1]},1901,,,,
"""


def test_two_walkers_find_a_plaque_together(server, browser):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plaques.csv"
        path.write_text(CSV)
        done = subprocess.run([paceline_binary(), "poi", "import", str(path), "--database", str(Path(server.folder.name) / "e2e.sqlite")],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

    ann, bo = server.register("Ann"), server.register("Bo")
    befriend(server, ann, bo)
    ann_id, bo_id = ann[1]["id"], bo[1]["id"]
    starts = {"ann": START, "bo": (START[0] + 60 / METERS_PER_DEGREE_LATITUDE, START[1])}
    a, b = browser(phone=True), browser(phone=True)
    a.locate(*starts["ann"])
    b.locate(*starts["bo"])
    sign_in(a, ann)
    sign_in(b, bo)
    b.open("/#/friends")
    connected(b)
    a.open("/#/friends")
    connected(a)
    press(a, ".sports button[data-sport=walk]")
    invite_to_100_m(a, bo_id)
    session_id = create_session(a, "Ann")
    shown(b, f".invitation[data-session-id='{session_id}']")
    press(b, f".invitation[data-session-id='{session_id}'] button[name=join-invitation]")
    b.wait(lambda: session_id in b.driver.current_url, message="Bo did not reach the lobby")
    for window in (a, b):
        shown(window, f".members li[data-user-id='{bo_id}'][data-status=joined]")
    tap(a, "button[name=ready]")
    shown(b, f".members li[data-user-id='{ann_id}'][data-status=ready]")
    tap(b, "button[name=ready]")
    for window in (a, b):
        window.wait(lambda: window.js("return document.querySelector('.live').dataset.phase") == "race", seconds=15)

    # A brisk 4 m/s, so the test is short: Ann passes the plaque 10 s in.
    windows = {"ann": a, "bo": b}
    began = time.time()
    found_on_both = False
    for second in range(1, 40):
        for who, window in windows.items():
            window.locate(*east(starts[who], 4 * second))
        if not found_on_both and all("Walkers' well plaque" in text(w, ".found-card") for w in windows.values()):
            found_on_both = True
            for window in windows.values():
                assert text(window, ".found-card").startswith("Found on this walk · 1"), text(window, ".found-card")
                assert "by " + ("you" if window is a else "Ann") in text(window, ".found-card")
            assert a.js("return [...document.querySelectorAll('.race-map .leaflet-interactive')].length") >= 3  # two walkers and the plaque
            b.shot("live-walk-found")
        if all(window.finds(".results-table") for window in windows.values()):
            break
        time.sleep(max(0, began + second - time.time()))
    assert found_on_both, "the plaque Ann passed was not told on both phones"
    assert any("Ann found Walkers' well plaque" in line for line in b.spoken()), b.spoken()
    for window in windows.values():
        shown(window, ".results-table", seconds=15)
        assert "Walkers' well plaque" in text(window, ".results-page .found-card")
    # Only Ann passed it.
    assert "by you" in text(a, ".results-page .found-card") and "Bo" not in text(a, ".results-page .found-card")
    a.js("document.querySelector('.results-page .found-card').scrollIntoView()")
    a.shot("live-walk-results-found")
    for window in windows.values():
        assert window.errors() == []
