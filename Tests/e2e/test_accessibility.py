"""Accessible as a person with a screen reader, a keyboard or weak eyes would need: axe-core
(WCAG 2.1 A and AA: labels, names, contrast, structure) finds nothing on the screens a
runner uses, at a phone's size; and the home screen works from the keyboard alone."""
from selenium.webdriver.common.keys import Keys

from synthetic_runs import upload

START = (55.8600, -4.2500)
# Leaflet's own controls and tiles are not ours to fix; everything drawn on the map is.
MAP_PARTS = (".leaflet-control-container", ".leaflet-tile-pane")


def test_the_screens_a_runner_uses_pass_axe(server, browser):
    owner = server.register("Rhona", sharing="public")
    run = upload(server, owner.token, name="River loop", privacy="public", meters=1500)
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "River loop"}, owner.token)
    assert status == 201
    b = browser()
    b.locate(*START)
    found = {}

    def check(name, address, ready):
        b.open(address)
        b.visible(ready)
        found[name] = b.accessibility(MAP_PARTS)

    check("home, signed out", "/#/home", ".home-welcome")
    check("route drawer, signed out", f"/#/activity?route={route['id']}", ".drawer .top-runs a")
    check("login", "/#/login", "button[name=submit]")
    b.log_in(owner)
    check("home", "/#/home", "#my-activities li[data-run]")
    check("activity page", f"/#/runs/{run['id']}", ".figure")
    check("profile", "/#/profile", ".badges-card .awards")
    check("friends", "/#/friends", ".friends-list h2")
    check("walk together", "/#/invitations", "#invitations-sent h2")
    check("workouts", "/#/workouts/new", "#workout-steps .interval")
    check("feed", "/#/feed", ".feed-page")
    check("notifications", "/#/notifications", ".notifications-page h1")
    check("missions", "/#/missions", "#view h1")
    check("recording", "/#/record", "button[name=begin]")
    failures = {name: violations for name, violations in found.items() if violations}
    assert failures == {}, "\n".join(f"{name}: {line}" for name, lines in failures.items() for line in lines)


def test_home_works_from_the_keyboard(server, browser):
    b = browser(phone=False)
    b.log_in(server.register("Kim"))
    b.open("/#/home")
    b.visible("#start-run")
    b.shot("home")
    # Tab from the top: the brand, then the two starts, then the tiles, each a focusable link.
    reached = []
    body = b.find("body")
    for _ in range(8):
        body.send_keys(Keys.TAB)
        reached.append(b.js("return document.activeElement.id || document.activeElement.dataset.tile || document.activeElement.textContent.trim()"))
    assert "start-run" in reached and "start-walk" in reached and "activity" in reached, reached
    b.js("document.getElementById('start-walk').focus()")
    b.driver.switch_to.active_element.send_keys(Keys.ENTER)
    b.wait(lambda: "#/record?sport=walk" in b.driver.current_url, message="Enter on Start a walk did nothing")
