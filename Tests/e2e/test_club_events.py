"""A club event at phone size: Ann, the owner, plans one with its meeting point on the map;
Bo, a member, says he is going and the count moves for both; the event's .ics downloads as
an iCalendar file, and Bo's private calendar feed address is shown to copy."""
import datetime

from conftest import Server  # noqa: F401  (the fixtures)


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
