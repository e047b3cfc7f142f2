"""Segments (the activity page's "Segments" card and #/segments/ID): a runner makes a
segment from a stretch of their run with two sliders, a friend's later run on the same way
gets a time on it, and the segment's page ranks them; names stay text."""
import datetime
import re

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def slide(b, name, meters):
    """Moves the slider `name` to `meters`, as a finger would (an input event)."""
    b.js("const s = document.querySelector(`input[name=${arguments[0]}]`); s.value = String(arguments[1]);"
         " s.dispatchEvent(new Event('input'))", name, meters)


def test_make_a_segment_and_race_it(server, browser):
    ivy = server.register("Ivy", sharing="public")
    jon = server.register("Jon", sharing="public")
    run = upload(server, ivy[0], meters=3000, speed=3.0, step=2, name="Riverside loop")

    b = browser(phone=True)
    b.log_in(ivy)
    b.open(f"/#/runs/{run['id']}")
    b.visible(".segments-card .empty")
    assert "passed no segment yet" in b.find(".segments-card .empty").text
    b.click("button[name=make-segment]")
    b.visible(".segment-maker")
    slide(b, "segment-start", 500)
    slide(b, "segment-end", 1500)
    b.wait(lambda: b.find(".segment-stretch").text == "From 0.50 km to 1.50 km: 1.00 km", message=b.find(".segment-stretch").text)
    b.visible(".stretch-line")
    b.type("input[name=segment-name]", "River <i>stretch</i>")
    b.js("const s = document.querySelector('select[name=segment-privacy]'); s.value = 'public'; s.dispatchEvent(new Event('change'))")
    b.js("document.querySelector('.segments-card').scrollIntoView({block: 'start'})")
    b.shot("segment-maker")
    b.click("button[name=save-segment]")
    b.visible(".segment-table tbody tr")
    row = b.find(".segment-table tbody tr")
    assert row.find_element("css selector", "a").text == "River <i>stretch</i>"
    assert b.finds(".segment-table i") == [], "a name is text, never markup"
    assert row.find_element("css selector", ".record-mark").text == "PR"
    assert b.finds(".stretch-line") == [], "the maker's stretch goes with the maker"
    b.click("button[name=show-effort]")
    b.visible(".stretch-line")
    b.shot("segment-efforts")

    # Jon runs the same way, faster, two hours later: his run gets a time on the segment.
    faster = upload(server, jon[0], meters=3000, speed=3.5, step=2, begin="2026-03-01T10:00:00+00:00")
    # Ivy runs it again: three efforts, and the board's two rows are each runner's best.
    upload(server, ivy[0], meters=3000, speed=2.8, step=2, begin="2026-03-02T10:00:00+00:00")
    b.log_in(jon)
    b.open(f"/#/runs/{faster['id']}")
    b.visible(".segment-table tbody tr")
    b.click(".segment-table tbody tr a")
    b.visible(".segment-board tbody tr")
    names = [cell.text for cell in b.finds(".segment-board tbody td:nth-child(2) a")]
    assert names == ["You", "Ivy"]
    efforts = b.js("return document.querySelector('[data-name=efforts]').textContent")
    assert efforts == "3Efforts by 2 runners", efforts
    assert "Each runner’s best" in b.find(".segment-board").find_element("xpath", "..").text
    assert "1.00 km" in b.find(".segment-head .muted").text and "made by Ivy" in b.find(".segment-head .muted").text
    assert b.find("[data-name=your-best] span").text.lower().startswith("your best, mar 1")
    b.js("window.scrollTo(0, 0)")
    b.shot("segment-page")
    assert "null" not in b.find(".segment-page").text
    b.click("button[data-scope=friends]")
    b.wait(lambda: [cell.text for cell in b.finds(".segment-board tbody td:nth-child(2) a")] == ["You"],
           message="friends: Jon alone (Ivy is not his friend)")
    assert b.finds("button[name=delete-segment]") == [], "only its maker may delete it"
    assert b.accessibility(exclude=()) == []
    assert b.errors() == []

    # Jon runs it again and pauses two minutes on it: the time counts the pause, and says so.
    from synthetic_runs import fixes
    track = fixes(meters=3000, speed=3.2, step=2, begin="2026-03-03T10:00:00+00:00")
    split = next(i for i in range(len(track)) if i * 3.2 * 2 > 1000)
    later = [dict(fix, time=(datetime.datetime.fromisoformat(fix["time"].replace("Z", "+00:00")) + datetime.timedelta(seconds=120))
                  .isoformat().replace("+00:00", "Z")) for fix in track[split:]]
    status, paused = server.api("POST", "/runs?privacy=public", {"sport": "run", "segments": [track[:split], later]}, jon[0])
    assert status == 201, paused
    b.open(f"/#/runs/{paused['id']}")
    note = b.visible(".segment-table .effort-paused").text
    assert note == "incl. 2:02 paused", note
    b.js("document.querySelector('.segments-card').scrollIntoView({block: 'center'})")
    b.shot("segment-effort-paused")

    # Its maker finds it on her profile, and deletes it.
    b.log_in(ivy)
    b.open("/#/profile")
    b.visible(".own-segments li[data-segment-id] a")
    assert b.find(".own-segments strong").text == "River <i>stretch</i>"
    b.js("document.querySelector('.own-segments-card').scrollIntoView({block: 'center'})")
    b.shot("segments-profile")
    b.click(".own-segments li[data-segment-id] a")
    b.visible("button[name=delete-segment]")
    b.js("window.confirm = () => true")
    b.click("button[name=delete-segment]")
    b.wait(lambda: b.js("return location.hash") == "#/profile", message="did not leave the deleted segment")
    status, efforts = server.api("GET", f"/runs/{run['id']}/segment-efforts", token=ivy[0])
    assert status == 200 and efforts["efforts"] == []
    b.visible(".own-segments .empty")
    assert b.errors() == []


START = (55.8700, -4.2900)
METERS_PER_DEGREE = 111_320


def north(meters):
    return START[0] + meters / METERS_PER_DEGREE, START[1]


def test_recording_says_a_segment_and_the_time_on_it(server, browser):
    """While recording, the app says when a segment starts and, at its end, the time on it
    against the runner's best; the saved run gets the segment's official time."""
    kim = server.register("Kim", sharing="public")
    lee = server.register("Lee", sharing="public")
    # Kim's run: 1.5 km due north at 3 m/s; her segment is its 300-700 m.
    fixes = [{"time": f"2026-03-02T08:{second // 60:02d}:{second % 60:02d}Z", "latitude": round(north(3.0 * second)[0], 7),
              "longitude": START[1], "horizontalAccuracy": 4} for second in range(0, 500)]
    status, run = server.api("POST", "/runs?privacy=public", {"fixes": fixes, "sport": "run"}, kim[0])
    assert status == 201, run
    status, segment = server.api("POST", "/segments", {"runId": run["id"], "startDistanceMeters": 300, "endDistanceMeters": 700,
                                                       "name": "North mile <b>dash</b>", "privacy": "public"}, kim[0])
    assert status == 201, segment

    # Lee records the same way at 4 m/s: the segment's 400 m take him 100 s.
    b = browser(phone=True)
    b.log_in(lee)
    b.locate(*START)
    b.open("/#/record")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    for second in range(1, 200):
        b.step(*north(4.0 * second))
        if second == 120:
            b.visible("#segment-line")
            assert b.find("#segment-line").text.startswith("North mile <b>dash</b>:"), b.find("#segment-line").text
            b.shot("segment-live")
    spoken = b.spoken()
    assert "Segment North mile <b>dash</b> starts" in spoken, spoken
    finish = [line for line in spoken if line.startswith("North mile <b>dash</b>, about")]
    assert finish and "Your first time on it" in finish[0], spoken
    # 100 s of the app's clock, plus the moments each step takes in the browser.
    said = re.search(r"about 1 minute (\d+) seconds", finish[0])
    assert said and 39 <= int(said.group(1)) <= 46, finish
    assert b.finds("#segment-line b") == []
    b.click("button[name=end]")
    b.visible("#save-outcome")
    b.click(".visibility input[value=public] + span")
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the run was not saved")
    status, page = server.api("GET", "/runs", token=lee[0])
    status, efforts = server.api("GET", f"/runs/{page['runs'][0]['id']}/segment-efforts", token=lee[0])
    assert [effort["segment"]["id"] for effort in efforts["efforts"]] == [segment["id"]]
    assert abs(efforts["efforts"][0]["elapsedSeconds"] - (60 + int(said.group(1)))) <= 2, "the time said is the time kept, about"
    assert b.errors() == []
