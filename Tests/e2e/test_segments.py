"""Segments (the activity page's "Segments" card and #/segments/ID): a runner makes a
segment from a stretch of their run with two sliders, a friend's later run on the same way
gets a time on it, and the segment's page ranks them; names stay text."""
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
    b.log_in(jon)
    b.open(f"/#/runs/{faster['id']}")
    b.visible(".segment-table tbody tr")
    b.click(".segment-table tbody tr a")
    b.visible(".segment-board tbody tr")
    names = [cell.text for cell in b.finds(".segment-board tbody td:nth-child(2) a")]
    assert names == ["You", "Ivy"]
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
