"""Walks that discover: a plaque imported with `paceline poi import` shows on the map
during a walk, the walk passes it (about 10 m off the path), and after saving, the
summary says it was discovered and its detail shows the inscription, the person with a
Wikipedia link and when it was discovered. Then "Popular near you" changes with a like."""
import re
import subprocess
import tempfile
from pathlib import Path

from selenium.webdriver.support.ui import Select

from conftest import paceline_binary

START = (55.8600, -4.2600)
METERS_PER_DEGREE = 111_320
PLAQUE = (START[0] + 60 / METERS_PER_DEGREE, START[1] + 10 / (METERS_PER_DEGREE * 0.5616))  # 60 m north, 10 m east

# Ids Open Plaques' London (shipped in data/plaques/, on every new instance) does not use.
CSV = f"""id,title,inscription,latitude,longitude,erected,main_photo,lead_subject_name,lead_subject_wikipedia,subjects
900001,Thomas Lipton green plaque,"Sir Thomas Lipton 1848-1931, grocer and yachtsman, was born near here",{PLAQUE[0]},{PLAQUE[1]},1998,,Thomas Lipton,https://en.wikipedia.org/wiki/Thomas_Lipton,"[""Thomas Lipton|(1848-1931)|man|grocer|""]"
"""


HIKE_START = (56.1000, -4.6000)
HIKE_PLAQUE = (HIKE_START[0] + 60 / METERS_PER_DEGREE, HIKE_START[1] + 10 / (METERS_PER_DEGREE * 0.5580))
HIKE_CSV = f"""id,title,inscription,latitude,longitude,erected,main_photo,lead_subject_name,lead_subject_wikipedia,subjects
900002,Rob Roy's cave plaque,"Rob Roy MacGregor sheltered near here",{HIKE_PLAQUE[0]},{HIKE_PLAQUE[1]},1995,,,,
"""


def import_plaque(server, csv=CSV):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plaques.csv"
        path.write_text(csv)
        done = subprocess.run([paceline_binary(), "poi", "import", str(path), "--database", str(Path(server.folder.name) / "e2e.sqlite")],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "imported 1, updated 0, skipped 0\n"


def walk_north(b, metres, speed, start=START):
    """Walks north, a fix a second of the app's clock."""
    for second in range(1, int(metres / speed) + 1):
        b.step(start[0] + speed * second / METERS_PER_DEGREE, start[1])


def test_a_walk_past_a_plaque_discovers_it(server, browser):
    import_plaque(server)
    ann = browser()
    ann.locate(*START)
    ann.register("Ann")
    # Home's "Walk and discover" opens the recording screen set to a walk.
    ann.click(".home-tile[data-tile=record]")
    ann.wait(lambda: Select(ann.visible("select[name=sport]")).first_selected_option.get_attribute("value") == "walk")
    ann.click("button[name=begin]")
    # The plaque around the walker shows on the map; tapping it opens its detail.
    marker = ann.visible(".poi-marker")
    ann.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", marker)
    sheet = ann.visible(".poi-sheet")
    ann.wait(lambda: "Thomas Lipton" in sheet.text)
    assert "Not discovered yet" in sheet.text
    ann.shot("discovery-walk-plaque")
    ann.click("button[name=close-poi]")
    walk_north(ann, 100, 2.5)
    # Steps as the walk goes: its distance over the default 0.73 m step, as the server will count them.
    ann.wait(lambda: 120 <= int(ann.find("#steps").text.replace(",", "") or 0) <= 150, message="no live steps")
    ann.shot("discovery-walking")
    # Walked past: the sheet says so at once, and leaves Pause and End in reach.
    ann.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", ann.find(".poi-marker"))
    ann.wait(lambda: "Discovered on this walk" in ann.find(".poi-sheet #poi-discovered").text, message="the sheet did not know the walk passed it")
    end = ann.find("button[name=end]").rect
    sheet = ann.find(".poi-sheet").rect
    assert sheet["y"] + sheet["height"] <= end["y"] + 1, (sheet, end)
    ann.shot("discovery-walked-past")
    ann.click("button[name=close-poi]")
    live_steps = int(ann.find("#steps").text.replace(",", ""))
    ann.click("button[name=end]")
    ann.visible("#save-outcome")
    ann.click("button[name=save]")
    found = ann.visible("#run-discoveries", seconds=30)
    assert "You discovered a plaque" in found.text and "Thomas Lipton green plaque" in found.text, found.text
    assert "steps (estimated)" in ann.find("#summary-steps").text
    kept_steps = int(re.sub(r"[^0-9]", "", ann.find("#summary-steps").text.split("steps")[0]))
    assert abs(kept_steps - live_steps) <= 3, (live_steps, kept_steps)
    ann.shot("discovery-summary")

    ann.click("#run-discoveries a")
    ann.visible(".poi-detail")
    ann.wait(lambda: "Discovered" in ann.find("#poi-discovered").text)
    detail = ann.find(".poi-detail")
    assert "grocer and yachtsman" in detail.text
    link = ann.find(".poi-subjects a")
    assert link.text == "Thomas Lipton" and link.get_attribute("href") == "https://en.wikipedia.org/wiki/Thomas_Lipton"
    ann.click("button[name=favourite-poi]")
    ann.wait(lambda: ann.find("button[name=favourite-poi]").get_attribute("aria-pressed") == "true")
    ann.shot("discovery-detail")

    ann.open("/#/discoveries")
    ann.wait(lambda: "Thomas Lipton green plaque" in ann.find(".discoveries").text)
    ann.wait(lambda: "Thomas Lipton green plaque" in ann.find(".favourite-pois").text)
    assert re.search(r"\b\d+ m away", ann.find(".discoveries").text)  # metric: metres (units.shortDistance)
    ann.shot("discoveries")
    # The profile's totals count the walk's steps.
    ann.open("/#/profile")
    ann.wait(lambda: ann.finds(".stats-card .figure[data-name=steps]"), message="no steps on the profile")
    assert int(re.sub(r"[^0-9]", "", ann.find(".stats-card .figure[data-name=steps] strong").text)) == kept_steps
    assert ann.errors() == []


def test_popular_near_you_changes_with_a_like(server, browser):
    # Two public routes near START: Ann's at the start, Bo's 300 m north (farther).
    ids = {}
    for name, offset in (("Ann", 0), ("Bo", 300)):
        token = server.register(name).token
        fixes = [{"time": f"2026-05-01T10:{second // 60:02d}:{second % 60:02d}Z",
                  "latitude": START[0] + (offset + 2 * second) / METERS_PER_DEGREE, "longitude": START[1]} for second in range(0, 100, 2)]
        status, run = server.api("POST", "/runs?privacy=public", {"fixes": fixes, "sport": "walk"}, token=token)
        assert status == 201, run
        status, route = server.api("POST", "/routes", {"runId": run["id"], "name": f"{name}'s walk"}, token=token)
        assert status == 201, route
        ids[name] = route["id"]

    cy = browser()
    cy.log_in(server.register("Cy"))
    cy.locate(*START)
    cy.open("/#/popular")
    # Only these two routes count here (the other test's walk may be a route near START too).
    names = lambda: [n for n in cy.js("return [...document.querySelectorAll('.popular .route-name')].map((e) => e.textContent)")
                     if n in ("Ann's walk", "Bo's walk")]
    cy.wait(lambda: len(names()) == 2)
    assert names() == ["Ann's walk", "Bo's walk"]
    cy.shot("popular-before")
    cy.click(f"li[data-route='{ids['Bo']}'] button[name=like]")
    cy.wait(lambda: names() == ["Bo's walk", "Ann's walk"], message="a like did not move Bo's walk up")
    like = cy.js("const b = document.querySelector(arguments[0]); return [b.textContent, b.getAttribute('aria-pressed')]",
                 f"li[data-route='{ids['Bo']}'] button[name=like]")
    assert like == ["♥ 1", "true"], like
    cy.shot("popular-after")
    cy.click(f"li[data-route='{ids['Bo']}'] button[name=like]")
    cy.wait(lambda: names() == ["Ann's walk", "Bo's walk"], message="unlike did not bring the order back")
    assert cy.errors() == []


def test_a_hike_is_recorded_and_discovers_as_a_walk_does(server, browser):
    import_plaque(server, HIKE_CSV)
    bo = browser()
    bo.locate(*HIKE_START)
    email = bo.register("Bo")
    bo.open("/#/record")
    sport = Select(bo.visible("select[name=sport]"))
    assert [option.text for option in sport.options] == ["Run", "Walk", "Hike"]
    sport.select_by_value("hike")
    bo.shot("record-hike-chosen")
    bo.click("button[name=begin]")
    bo.wait(lambda: bo.find("#sport-label").text == "Hike")
    bo.visible(".poi-marker")
    walk_north(bo, 100, 1.4, start=HIKE_START)
    bo.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", bo.find(".poi-marker"))
    bo.wait(lambda: "Discovered on this hike: it is yours once you save the hike." in bo.find(".poi-sheet #poi-discovered").text,
            message="the sheet did not know the hike passed it")
    bo.shot("discovery-hiked-past")
    bo.click("button[name=close-poi]")
    bo.click("button[name=end]")
    bo.visible("#save-outcome")
    bo.click("button[name=save]")
    found = bo.visible("#run-discoveries", seconds=30)
    assert "Rob Roy's cave plaque" in found.text, found.text
    status, page = server.api("GET", "/runs", token=server.token(email))
    assert status == 200 and [run["sport"] for run in page["runs"]] == ["hike"], page
    bo.shot("discovery-hike-summary")
    assert bo.errors() == []
