"""Finding one's way, as a newcomer would: the home screen (start, the ways out, recent
activities of mine and my friends'), public routes and runs browsed without an account
(recording and following open without an account; favourites ask to sign in, then come back), the back control of inner
screens, the Friends badge when something waits for an answer, walk invitations sent,
answered and seen by the host, and whose pace to follow chosen from a route's leaderboard."""
import datetime
from urllib.parse import unquote

from conftest import PASSWORD
from synthetic_runs import fixes, upload

START = (55.8600, -4.2500)


def befriend(server, a, b):
    status, _ = server.api("POST", "/friends/requests", {"userId": b.profile["id"]}, a.token)
    assert status in (200, 201), status
    status, _ = server.api("POST", f"/friends/requests/{a.profile['id']}/accept", None, b.token)
    assert status in (200, 204), status


def public_route(server, owner, name="River loop"):
    """A public run of `owner` made into a route; returns (route, run)."""
    run = upload(server, owner.token, name=name, privacy="public", meters=1500, speed=3.2)
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": name}, owner.token)
    assert status == 201, route
    return route, run


def test_anyone_browses_public_routes_and_signs_in_to_follow(server, browser):
    owner = server.register("Rhona", sharing="public")
    route, run = public_route(server, owner)
    b = browser()
    b.resize(375, 812)
    # Far from any route, the map says so rather than showing nothing.
    b.locate(START[0] + 1.5, START[1] + 3)
    b.open("/#/activity")
    note = b.visible(".map-empty").text
    assert note.startswith("No public routes here yet"), note
    b.shot("routes-empty")
    # + opens the running screen: no account needed to record (test_visitor.py).
    b.click("button[name=start]")
    b.wait(lambda: "#/record" in b.driver.current_url, message="+ did not open the running screen")
    b.visible("button[name=begin]")
    b.locate(*START)
    b.open("/")
    b.visible(".home-welcome")
    assert b.find("#sign-in").is_displayed()
    b.shot("home-anonymous")
    b.click(".home-tile[data-tile=activity]")
    b.wait(lambda: "#/activity" in b.driver.current_url and "#/login" not in b.driver.current_url)
    b.visible("#route-map")
    # The cluster's count sits in the middle of its green disc (the app's styles win over Leaflet's).
    cluster = b.visible(".cluster-icon")
    style = b.js("const s = getComputedStyle(arguments[0]); return [s.backgroundColor, s.display, s.justifyContent]", cluster)
    assert style == ["rgb(11, 110, 79)", "flex", "center"], style
    # Searching by name finds it (accents and case aside) and opens its drawer.
    b.type("input[name=name-search]", "river LOOP")
    hit = b.visible(f".search-hit[data-route-id='{route['id']}']")
    assert "River loop" in hit.text and "Rhona" in hit.text
    b.shot("search-routes")
    b.click(f".search-hit[data-route-id='{route['id']}']")
    b.wait(lambda: b.find(".drawer").get_attribute("data-route-id") == route["id"], message="the route found did not open")
    b.type("input[name=name-search]", "zzqx")
    b.wait(lambda: "Nothing called" in b.find("#name-search-results").text)
    # A route's drawer, its leaderboard and its run are open to all.
    b.open(f"/#/activity?route={route['id']}")
    b.visible(".drawer")
    b.wait(lambda: "Rhona" in b.find(".top-runs").text, message="the leaderboard did not show")
    assert b.find("#route-map").get_attribute("data-markers") != "0" and not b.find(".map-empty").is_displayed()
    # The whole route shows above the drawer.
    b.wait(lambda: b.js("return document.querySelector('#route-map path.leaflet-interactive') !== null"), message="no route line")
    b.wait(lambda: b.js("""const line = document.querySelector('#route-map path.leaflet-interactive').getBoundingClientRect();
                         const map = document.getElementById('route-map').getBoundingClientRect();
                         return line.top >= map.top && line.bottom <= document.querySelector('.drawer').getBoundingClientRect().top"""),
           5, "the drawer covers the route")
    b.shot("route-anonymous")
    b.click(".top-runs a")
    b.wait(lambda: f"#/runs/{run['id']}" in b.driver.current_url)
    b.visible(".figure")
    assert b.finds("button[name=edit-run]") == [], "a stranger is offered the owner's edit"
    b.shot("run-anonymous")
    # The heart asks to sign in, and comes back to the route afterwards (following needs no
    # account: test_visitor.py).
    b.open(f"/#/activity?route={route['id']}")
    b.click("button[name=favourite]")
    b.wait(lambda: "#/login" in b.driver.current_url, message="the heart did not ask to sign in")
    assert unquote(b.driver.current_url.split("next=")[1]) == f"#/activity?route={route['id']}"
    assert b.visible(".sign-in-reason").text.startswith("To keep favourites, log in or create an account")
    reader = server.register("Reader")
    b.type("input[name=email]", reader.email)
    b.type("input[name=password]", PASSWORD)
    b.click("button[name=submit]")
    b.wait(lambda: f"#/activity?route={route['id']}" in b.driver.current_url, message="signing in did not come back to the route")
    b.visible(".drawer")
    assert not b.find("#sign-in").is_displayed()
    # A screen for the signed in only still asks.
    assert b.errors() == []


def test_home_shows_the_ways_out_and_recent_activities_and_the_back_control(server, browser):
    ann = server.register("Ann", sharing="friends")
    bo = server.register("Bo", sharing="friends")
    befriend(server, ann, bo)
    upload(server, ann.token, name="Canal tempo", privacy="friends")
    upload(server, bo.token, name="Bo's hill reps", privacy="friends")
    status, ride = server.api("POST", "/runs?privacy=friends", {"fixes": fixes(meters=4000, speed=7), "sport": "ride", "name": "Bo's spin"}, bo.token)
    assert status == 201, ride
    b = browser()
    b.log_in(ann)
    b.wait(lambda: "#/home" in b.driver.current_url)
    b.wait(lambda: "Canal tempo" in b.find("#my-activities").text, message="my activity did not show")
    b.wait(lambda: "Bo's hill reps" in b.find("#friends-activities").text, message="a friend's activity did not show")
    # A ride is told by its speed, not a pace.
    spin = b.visible(f"#friends-activities li[data-run='{ride['id']}']").text
    assert "km/h" in spin and "/km" not in spin.replace("km/h", ""), spin
    tiles = [tile.get_attribute("data-tile") for tile in b.finds(".home-tile")]
    for wanted in ("activity", "live", "workouts", "invitations", "record", "missions"):
        assert wanted in tiles, tiles
    assert b.find("#start-run").is_displayed() and b.find("#start-walk").is_displayed()
    assert "2026" in b.find("#my-activities").text, "dates say their year"
    assert not b.find("#back").is_displayed(), "no back on the home screen"
    b.shot("home")
    # An inner screen has a back control: back to where the runner came from…
    b.click(".home-tile[data-tile=workouts]")
    b.wait(lambda: "#/workouts" in b.driver.current_url)
    b.click("#back")
    b.wait(lambda: b.driver.current_url.endswith("#/home"), message="back did not return home")
    # …or, opened from a link, to its parent.
    b.open("/#/missions")
    b.visible("#back")
    b.click("#back")
    b.wait(lambda: b.driver.current_url.endswith("#/home"), message="back did not go to the parent")
    assert b.errors() == []


def test_walk_invitations_with_a_badge_on_the_friends_tab(server, browser):
    ann = server.register("Ann", sharing="friends")
    bo = server.register("Bo", sharing="friends")
    befriend(server, ann, bo)
    host = browser()
    host.locate(*START)
    host.log_in(ann)
    host.open("/#/friends")
    host.click("#walk-together")
    host.click("button[name=new-invitation]")
    host.visible(".meeting-map .leaflet-tile-pane")
    host.type("input[name=invitation-title]", "Saturday stroll")
    host.type("input[name=invitation-place]", "The park gates")
    host.type("input[name=invitation-distance]", "5")
    host.click("input[name=guest] + span")
    host.shot("invitation-form")
    host.click("button[name=send-invitation]")
    host.wait(lambda: "Saturday stroll" in host.find("#invitations-sent").text, message="the invitation was not listed")
    assert "Bo: not answered yet" in host.find("#invitations-sent").text

    guest = browser()
    guest.log_in(bo)
    guest.wait(lambda: guest.find("#friends-badge").is_displayed(), message="no badge on the Friends tab")
    assert guest.find("#friends-badge").text == "1"
    guest.wait(lambda: guest.find(".home-tile[data-tile=invitations] .badge-count").text == "1")
    guest.shot("home-with-invitation")
    guest.click(".home-tile[data-tile=invitations]")
    guest.wait(lambda: "Saturday stroll" in guest.find("#invitations-received").text)
    text = guest.find("#invitations-received").text
    assert "The park gates" in text and "5.00 km" in text and "From Ann" in text, text
    guest.click("button[name=accept]")
    guest.wait(lambda: "Your answer: coming" in guest.find("#invitations-received").text)
    guest.wait(lambda: not guest.find("#friends-badge").is_displayed(), message="the badge stayed after answering")
    guest.shot("invitation-accepted")

    host.open("/#/home")
    host.open("/#/invitations")
    host.wait(lambda: "Coming: Bo" in host.find("#invitations-sent").text, message="the host did not see who is coming")
    # A bad time is refused in the form, nothing sent.
    host.click("button[name=new-invitation]")
    past = (datetime.datetime.now() - datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    host.js("arguments[0].value = arguments[1]", host.find("input[name=invitation-time]"), past)
    host.click("input[name=guest] + span")
    host.click("button[name=send-invitation]")
    host.wait(lambda: "future" in host.find(".invite-form .error").text)
    status, page = server.api("GET", "/invitations?box=sent", token=ann.token)
    assert len(page["invitations"]) == 1
    assert host.errors() == [] and guest.errors() == []


def test_the_pace_to_follow_is_chosen_from_the_leaderboard(server, browser):
    owner = server.register("Rhona", sharing="public")
    route, run = public_route(server, owner)
    fast = server.register("Fiona", sharing="public")
    faster = upload(server, fast.token, name="Quick one", privacy="public", meters=1500, speed=3.8)
    status, answer = server.api("POST", f"/routes/{route['id']}/runs", {"runId": faster["id"]}, fast.token)
    assert status in (200, 201), answer
    b = browser()
    b.locate(*START)
    b.log_in(server.register("Cal"))
    b.open(f"/#/activity?route={route['id']}")
    b.wait(lambda: len(b.finds(".top-runs input[name=pace]")) == 2, message="the leaderboard offers no pace to choose")
    chosen = b.find(".top-runs input[name=pace]:checked").get_attribute("value")
    assert chosen == run["id"], "the route's own pace is chosen first"
    b.click(f".top-runs input[value='{faster['id']}']")
    b.shot("choose-pace")
    b.click("button[name=follow]")
    b.wait(lambda: "#/record" in b.driver.current_url, message="Follow did not open the recording")
    assert f"pace={faster['id']}" in b.driver.current_url
    b.visible("button[name=begin]")
    assert b.errors() == []


def test_home_is_ready_within_a_second_from_a_cold_cache(server, browser):
    """Loaded with nothing cached (no HTTP cache, no service worker), on the phone's
    viewport: the home screen's starts and tiles show within 1 s of the navigation, signed
    out and signed in. Prints the times for docs/PERFORMANCE.md."""
    b = browser()
    account = server.register("Quick")
    timings = {}
    for who in ("signed out", "signed in"):
        if who == "signed in":
            b.log_in(account)
        b.js("return navigator.serviceWorker?.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister())))")
        b.cdp("Network.enable")
        b.cdp("Network.clearBrowserCache")
        b.cdp("Network.setCacheDisabled", {"cacheDisabled": True})
        b.open(f"/?load={len(timings)}#/home")  # another address: a whole new page load, not a hash change
        b.visible("#start-run" if who == "signed in" else ".home-welcome")
        ready = b.js("return performance.getEntriesByName('home-ready')[0]?.startTime")
        assert ready is not None, "the home screen never marked itself ready"
        timings[who] = ready
        b.cdp("Network.setCacheDisabled", {"cacheDisabled": False})
    print("home ready, cold cache, ms:", {who: round(ms) for who, ms in timings.items()})
    assert all(ms < 1000 for ms in timings.values()), timings
