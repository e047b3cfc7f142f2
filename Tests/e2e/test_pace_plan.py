"""A pacer made from a goal (views/plan/pace-plan.js) at phone size (375×812): Bo opens Plan
a pace on Ann's public route, asks for 16:40 at even effort, reads the plan kilometre by
kilometre over the route's elevation, and follows it: running quicker than the plan, he hears
that he is ahead of it, against "vs plan 16:40"."""
import re
from pathlib import Path

from conftest import Server  # noqa: F401  (the fixtures)

TRACKS = Path(__file__).resolve().parent.parent / "Fixtures" / "tracks"


def test_a_goal_becomes_a_plan_to_follow(server, browser):
    ann = server.register("Ann", sharing="public")
    status, run = server.api("POST", "/runs", (TRACKS / "gpx" / "run.gpx").read_bytes(), token=ann.token, content_type="application/gpx+xml")
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Hill loop"}, token=ann.token)
    assert status == 201, route
    bo = server.register("Bo")
    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/routes/{route['id']}/plan")
    b.visible(".plan-splits tbody tr")
    assert b.find("h1").text == "Plan a pace"
    b.type("input[name=goal]", "16:40")
    b.js("document.querySelector('select[name=strategy]').value = 'evenEffort'")
    b.click("button[name=make-plan]")
    # Read in one go: the table is made anew when the plan comes.
    b.wait(lambda: b.js("return document.querySelector('.plan-splits tbody tr:last-child td:nth-child(4)')?.textContent") == "16:40",
           message="the plan did not end at 16:40")
    rows = [row.text for row in b.driver.find_elements("css selector", ".plan-splits tbody tr")]
    assert len(rows) == 4 and rows[-1].startswith("3.09"), rows
    # The climbing kilometre is planned slower than the descending one.
    grades = [float(re.sub("[^0-9.+-]", "", row.split()[-1].replace("−", "-"))) for row in rows[:3]]
    paces = [row.split()[1] for row in rows[:3]]
    assert paces[grades.index(max(grades))] > paces[grades.index(min(grades))], (grades, paces)
    assert b.visible(".plan-profile") and len(b.driver.find_elements("css selector", ".plan-profile-paces span")) == 3
    b.shot("pace-plan")
    problems = b.layout_problems("pace-plan", widths=(375, 320))
    assert problems == [], problems

    # Follow it, at the start of the route, running 25 % quicker than the plan.
    status, plan = server.api("GET", f"/routes/{route['id']}/plan?goalSeconds=1000&strategy=evenEffort")
    assert status == 200
    checkpoints = plan["checkpoints"]
    b.locate(checkpoints[0]["latitude"], checkpoints[0]["longitude"])
    b.click("button[name=follow-plan]")
    b.visible("button[name=begin]")
    assert b.js("return document.getElementById('gap').parentElement.textContent").endswith("vs plan 16:40")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    gaps = b.run_along(checkpoints)
    # A minute at 1.25 times the plan's speed: about 15 s ahead, and more with every cue.
    gap = gaps[-1]
    assert gap.endswith(" ahead") and 8 <= int(gap.split(" ")[0]) <= 16, gaps
    seconds = [int(text.split(" ")[0]) for text in gaps if text.endswith(" ahead")]
    assert seconds == sorted(seconds), gaps
    b.shot("pace-plan-following")
    assert b.errors() == []
