"""Club events at phone size: Ann, the owner, plans one with its meeting point on the map;
Bo, a member, says he is going and the count moves for both; the event's .ics downloads as
an iCalendar file, and Bo's private calendar feed address is shown to copy. Ann plans one
with a route found by name and pace groups typed in min/km (a malformed pace is refused in
words). Once an event's time has come, it is under Past events, where Ran together shows
Bo's activity that began at its meeting point, and an event elsewhere says nobody's did."""
import datetime
import time

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def text(window, css):
    """The text of the first element `css` selects now ('' when there is none)."""
    return window.js("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def test_an_event_planned_answered_and_downloaded(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")
    status, club = server.api("POST", "/clubs", {"name": "Tuesday Runners", "admission": "invitation"}, token=ann.token)
    assert status == 201, club
    status, joined = server.api("POST", f"/clubs/{club['id']}/join", {"secret": club["invitationSecret"]}, token=bo.token)
    assert status == 200, joined

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/clubs/{club['id']}")
    a.wait(lambda: "No events planned" in text(a, ".club-events-card"))
    a.click("button[name=new-event]")
    a.type("input[name=event-title]", "Tuesday intervals")
    tomorrow = (datetime.datetime.now() + datetime.timedelta(days=1)).replace(hour=19, minute=0)
    a.js("const input = document.querySelector('input[name=event-time]'); input.value = arguments[0]",
         tomorrow.strftime("%Y-%m-%dT%H:%M"))
    a.type("input[name=event-place]", "The park gates")
    a.wait(lambda: a.js("return !!document.querySelector('.meeting-map.leaflet-container')"), message="no map to pick the meeting point")
    a.shot("club-event-new")
    a.click("button[name=create-event]")
    a.wait(lambda: "Tuesday intervals" in text(a, ".club-events"), message="the event was not planned")
    assert "Meet at The park gates" in text(a, ".club-events") and "0 going" in text(a, ".club-events")
    a.shot("club-event-planned")
    assert a.layout_problems("club-event-planned") == []
    assert a.errors() == []

    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/clubs/{club['id']}")
    b.wait(lambda: "Tuesday intervals" in text(b, ".club-events"))
    b.click("button[name=answer-yes]")
    b.wait(lambda: "1 going" in text(b, ".club-events"), message="Bo's answer was not counted")
    assert b.js("return document.querySelector('button[name=answer-yes]').getAttribute('aria-pressed')") == "true"
    b.shot("club-event-going")
    href = b.js("return document.querySelector('a[name=event-ics]').href")
    b.js("window.__ics = null; fetch(arguments[0]).then(async (r) => { window.__ics = [r.status, r.headers.get('content-type'), await r.text()]; })", href)
    b.wait(lambda: b.js("return window.__ics"), message="the .ics did not download")
    status, kind, body = b.js("return window.__ics")
    assert status == 200 and kind.startswith("text/calendar"), (status, kind)
    assert body.startswith("BEGIN:VCALENDAR\r\n") and "SUMMARY:Tuesday intervals" in body and "LOCATION:The park gates" in body
    assert b.js("return document.querySelector('a[name=event-ics]').getAttribute('download')") == "event.ics"
    b.click("button[name=show-calendar-feed]")
    feed = b.visible("input[name=calendar-feed]").get_attribute("value")
    assert "/api/v1/calendar/cf_" in feed and feed.endswith(".ics")
    b.shot("club-event-feed")
    assert b.layout_problems("club-event-feed") == []
    assert b.errors() == []

    a.driver.refresh()
    a.wait(lambda: "1 going" in text(a, ".club-events"), message="Ann does not see Bo going")


def club_of(server, owner, member):
    """A club by invitation of `owner`, which `member` has joined."""
    status, club = server.api("POST", "/clubs", {"name": "Canal Harriers", "admission": "invitation"}, token=owner.token)
    assert status == 201, club
    status, joined = server.api("POST", f"/clubs/{club['id']}/join", {"secret": club["invitationSecret"]}, token=member.token)
    assert status == 200, joined
    return club


def test_an_event_with_a_route_and_pace_groups(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")
    club = club_of(server, ann, bo)
    run = upload(server, ann.token, name="Towpath", privacy="public", meters=3000)
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Towpath loop"}, token=ann.token)
    assert status == 201, route

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/clubs/{club['id']}")
    a.wait(lambda: "No events planned" in text(a, ".club-events-card"))
    a.click("button[name=new-event]")
    a.type("input[name=event-title]", "Long run on the towpath")
    tomorrow = (datetime.datetime.now() + datetime.timedelta(days=1)).replace(hour=9, minute=30)
    a.js("document.querySelector('input[name=event-time]').value = arguments[0]", tomorrow.strftime("%Y-%m-%dT%H:%M"))
    a.type("input[name=event-place]", "The lock gates")
    a.wait(lambda: a.js("return !!document.querySelector('.meeting-map.leaflet-container')"), message="no map to pick the meeting point")
    a.type(".route-search input[name=name-search]", "towpath")
    a.click(f".route-search .search-hit[data-route-id='{route['id']}']")
    assert a.js("return document.querySelector('select[name=event-route]').value") == route["id"]
    a.type("input[name=event-paces]", "5:00, 5.30")
    a.click("button[name=create-event]")
    a.wait(lambda: "“5.30” is not a pace" in text(a, ".event-form .error"), message="a malformed pace was not refused in words")
    a.js("document.querySelector('input[name=event-paces]').scrollIntoView({block: 'center'})")
    a.shot("club-event-pace-error")
    a.type("input[name=event-paces]", "6:00, 5:00 5:30")
    a.js("document.querySelector('.route-choice').scrollIntoView({block: 'start'})")
    a.shot("club-event-route-new")
    a.click("button[name=create-event]")
    a.wait(lambda: "Long run on the towpath" in text(a, ".club-events"), message="the event was not planned")
    assert "Pace groups: 5:00, 5:30, 6:00 /km" in text(a, ".club-events")
    a.wait(lambda: "Route: Towpath loop · 3." in text(a, ".club-event a[name=event-route]"), message="the route is not named")
    assert a.js("return document.querySelector('.club-event a[name=event-route]').getAttribute('href')") == f"#/activity?route={route['id']}"
    status, listed = server.api("GET", f"/clubs/{club['id']}/events", token=bo.token)
    assert status == 200 and listed["events"][0]["routeId"] == route["id"] and listed["events"][0]["paceGroups"] == [300, 330, 360], listed
    a.js("document.querySelector('.club-events-card').scrollIntoView({block: 'start'})")
    a.shot("club-event-route")
    assert a.layout_problems("club-event-route") == []
    assert a.errors() == []
    a.click(".club-event a[name=event-route]")
    a.wait(lambda: "route=" in a.driver.current_url and "Towpath loop" in text(a, "#view"), message="the route's page did not open")


def test_past_events_show_who_ran_together(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")
    club = club_of(server, ann, bo)
    # Two events a few seconds ahead (the API plans none in the past): one at the canal
    # basin, one far away. Bo ran from the basin ten minutes before: within 30 minutes.
    starts = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=4)
    basin, away = (55.8600, -4.2500), (55.9500, -3.1900)
    for title, (latitude, longitude) in [("Basin social run", basin), ("Meadows tempo", away)]:
        status, event = server.api("POST", f"/clubs/{club['id']}/events", {
            "title": title, "startsAt": starts.isoformat().replace("+00:00", "Z"),
            "place": {"latitude": latitude, "longitude": longitude, "name": title.split()[0]}}, token=ann.token)
        assert status == 201, event
    began = (starts - datetime.timedelta(minutes=10)).replace(microsecond=0)
    run = upload(server, bo.token, name="Basin with the club", privacy="friends_and_clubs", meters=1500, start=basin,
                 begin=began.isoformat())
    time.sleep(max(0.0, (starts - datetime.datetime.now(datetime.timezone.utc)).total_seconds()) + 0.5)

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/clubs/{club['id']}")
    a.wait(lambda: "No events planned" in text(a, ".club-events-card"), message="started events are still listed as to come")
    a.click(".past-events-part > summary")
    a.wait(lambda: "Basin social run" in text(a, ".past-events"), message="no past events")
    titles = a.js("return [...document.querySelectorAll('.past-events > li strong')].map((e) => e.textContent)")
    assert sorted(titles) == ["Basin social run", "Meadows tempo"], titles
    a.js("""[...document.querySelectorAll('.past-events > li')].forEach((li) => li.querySelector('.ran-together-part > summary').click())""")
    a.wait(lambda: "Basin with the club" in text(a, ".past-events"), message="Bo's activity is not under Ran together")
    together = a.js("""return [...document.querySelectorAll('.past-events > li')].map((li) =>
        [li.querySelector('strong').textContent, li.querySelector('.ran-together-part').innerText])""")
    said = dict(together)
    assert "Bo" in said["Basin social run"] and f"{run['distanceMeters'] / 1000:.2f} km" in said["Basin social run"], said
    assert "Nobody’s activity started here within 30 minutes of the event" in said["Meadows tempo"], said
    href = a.js("return document.querySelector('.ran-together a[href^=\"#/runs/\"]').getAttribute('href')")
    assert href == f"#/runs/{run['id']}"
    a.js("document.querySelector('.past-events-part').scrollIntoView({block: 'start'})")
    a.shot("club-event-ran-together")
    assert a.layout_problems("club-event-ran-together") == []
    assert a.errors() == []
