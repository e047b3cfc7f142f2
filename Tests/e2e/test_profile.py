"""The profile (#/profile: totals, records, history with paging, what waits in the outbox,
settings) and the favourites (#/favourites)."""
import re

import pytest

from conftest import PASSWORD, Browser, Server
from synthetic_runs import upload


@pytest.fixture(scope="module")
def runner(server):
    """Cara with 23 runs on 23 days, the newest on 23 March (a page is 20)."""
    cara = server.register("Cara")
    runs = [upload(server, cara[0], meters=1100 + 100 * day, speed=3.0, step=4, phase=day,
                   begin=f"2026-03-{day:02d}T07:30:00+00:00", name=f"Day {day}")
            for day in range(1, 24)]
    return {"cara": cara, "runs": runs}


def text(b, css):
    """The text of the first element matching `css` ("" when there is none); never stale."""
    return b.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", css)


def history(b):
    """The runs listed (read in one go: the list is drawn again as it syncs)."""
    return b.js("return [...document.querySelectorAll('.history li[data-run]')].map((e) => e.dataset.run)")


def test_totals_records_and_paging(runner, browser):
    b = browser(phone=True)
    b.log_in(runner["cara"])
    b.open("/#/profile")
    b.visible(".history li[data-run]")
    b.wait(lambda: len(b.finds(".stats-card .figure")) == 6, message="no totals")
    figures = {e.get_attribute("data-name"): e.text for e in b.finds(".stats-card .figure")}
    assert figures["runs"].startswith("23") and "km" in figures["distance"] and "/km" in figures["average-pace"]
    assert "1 km" in b.find(".records").text
    first_page = history(b)
    assert len(first_page) == 20
    assert first_page[0] == runner["runs"][-1]["id"]  # the newest first
    assert runner["runs"][0]["id"] not in first_page
    assert "Day 23" in b.find(".history li").text
    # Each activity's path is drawn beside it, from its own track: no two runs alike here.
    shapes = b.js("return [...document.querySelectorAll('.history li svg.run-shape path')].map(p => p.getAttribute('d'))")
    assert len(shapes) == 20 and all(shape.startswith("M") and "L" in shape for shape in shapes)
    assert len(set(shapes)) == 20, "each run has its own shape"
    b.shot("profile")
    b.js("document.querySelector('button[name=load-more]').scrollIntoView({block: 'center'})")
    b.shot("profile-history")
    b.click("button[name=load-more]")
    b.wait(lambda: len(history(b)) == 23, message="Load more did not bring the older runs")
    assert history(b)[-1] == runner["runs"][0]["id"]
    assert b.finds("button[name=load-more]") == []
    # An entry opens the analysis.
    b.click(f".history li[data-run='{runner['runs'][0]['id']}'] a")
    b.visible("canvas.analysis-chart[data-mode]")
    assert b.find(".run-title").text == "Day 1"
    assert b.errors() == []


def test_imperial_units_show_miles(server, browser):
    dana = server.register("Dana")
    upload(server, dana[0], meters=2000, step=4, name="Short one")
    b = browser(phone=False)
    b.log_in(dana)
    b.open("/#/profile")
    b.visible(".history li[data-run]")
    assert "/km" in text(b, ".history")
    b.click("button[name=units-imperial]")
    b.wait(lambda: "/mi" in text(b, ".history"), message="the history did not switch to miles")
    assert re.search(r"1\.\d\d mi", text(b, ".history"))
    b.wait(lambda: "/mi" in text(b, ".stats-card"))
    status, profile = server.api("GET", "/me", token=dana[0])
    assert profile["units"] == "imperial"
    assert b.find("button[name=units-imperial]").get_attribute("aria-pressed") == "true"
    b.shot("profile-imperial")
    # The analysis follows the setting too.
    b.click(".history li[data-run] a")
    b.visible("canvas.analysis-chart[data-mode]")
    assert "mi" in b.find(".figure[data-name=distance]").text and "/mi" in b.find(".figure[data-name=pace]").text
    assert "Splits per mi" in b.find(".splits-card h2").text
    b.shot("analysis-imperial")
    # Weight in pounds, saved in kilograms.
    b.open("/#/profile")
    b.type("input[name=weight]", "154")
    b.js("document.querySelector('input[name=weight]').dispatchEvent(new Event('change'))")
    b.wait(lambda: "Weight saved" in b.find(".settings-status").text)
    status, profile = server.api("GET", "/me", token=dana[0])
    assert abs(profile["weightKilograms"] - 69.9) < 0.2
    # Step length in inches (the default 0.73 m shows as 29), saved in metres.
    assert b.find("input[name=step-length]").get_attribute("placeholder") == "29"
    b.type("input[name=step-length]", "31")
    b.js("document.querySelector('input[name=step-length]').dispatchEvent(new Event('change'))")
    b.wait(lambda: "Step length saved" in b.find(".settings-status").text)
    status, profile = server.api("GET", "/me", token=dana[0])
    assert abs(profile["stepLengthMeters"] - 0.787) < 0.001
    b.type("input[name=step-length]", "90")
    b.js("document.querySelector('input[name=step-length]').dispatchEvent(new Event('change'))")
    b.wait(lambda: "between 12 and 59 in" in text(b, "body"), message="no error for a 90 in step")
    assert abs(server.api("GET", "/me", token=dana[0])[1]["stepLengthMeters"] - 0.787) < 0.001
    # Short distances in yards: the discovery radius (30 m).
    b.open("/#/discoveries")
    b.wait(lambda: "pass within 33 yd of a plaque" in text(b, ".discoveries-page"), message="the discovery radius is not in yards")
    assert b.errors() == []


def test_outbox_items_voice_privacy_and_log_out(server, browser):
    erin = server.register("Erin")
    b = browser(phone=True)
    b.log_in(erin)
    b.open("/#/profile")
    b.visible(".history-status .empty")
    assert "No runs yet: press + on the map to record one" in b.find(".history-status").text
    b.shot("profile-empty")
    # One upload waiting (offline), one refused by the server.
    b.offline(True)
    b.js("""return (async () => {
        const { put } = await import('/js/engine/store/db.js');
        const { outbox } = await import('/js/engine/api/outbox.js');
        const owner = JSON.parse(localStorage.getItem('paceline.session')).profile.id;
        await put('outbox', {kind: 'upload', owner, key: 'k1', label: 'Run', state: 'failed', reason: 'The file holds no track points',
                             createdAt: '2026-03-20T08:00:00Z', upload: {fixes: [], sport: 'run'}});
        await outbox.upload({fixes: [{time: '2026-03-21T08:00:00Z', latitude: 55.86, longitude: -4.25}], sport: 'run'});
    })()""")
    b.open("/#/profile")
    b.visible(".outbox-card li.waiting")
    assert "waiting to send" in b.find(".outbox-card").text
    failed = b.find(".outbox-card li.failed")
    assert "The file holds no track points" in failed.text
    b.shot("profile-outbox")
    b.click(".outbox-card li.failed button[name=dismiss]")
    b.wait(lambda: b.finds(".outbox-card li.failed") == [], message="dismiss did not remove the failed upload")
    b.js("""return (async () => { const { all, remove } = await import('/js/engine/store/db.js');
        for (const item of await all('outbox')) await remove('outbox', item.sequence); })()""")
    b.offline(False)
    # Voice is a device setting; default privacy goes to the server.
    b.open("/#/profile")
    voice = b.visible("input[name=voice]")
    assert voice.is_selected()
    b.click("input[name=voice]")
    assert b.js("return localStorage.getItem('paceline.voice')") == "off"
    b.js("const s = document.querySelector('select[name=default-privacy]'); s.value = 'friends'; s.dispatchEvent(new Event('change'))")
    b.wait(lambda: "Default privacy saved" in b.find(".settings-status").text)
    assert server.api("GET", "/me", token=erin[0])[1]["defaultPrivacy"] == "friends"
    assert b.find("a[href='#/import']")
    # The browser's session is the HttpOnly cookie (WebDriver reads it; no script can):
    # log out revokes its token and removes it.
    session = b.driver.get_cookie("paceline_session")
    assert session and session["httpOnly"] and session["sameSite"] == "Strict" and session["path"] == "/", session
    assert b.js("return document.cookie") == ""
    assert server.api("GET", "/me", token=session["value"])[0] == 200
    b.click("button[name=logout]")
    b.wait(lambda: "#/login" in b.driver.current_url, message="log out did not reach the login screen")
    b.wait(lambda: b.driver.get_cookie("paceline_session") is None, message="log out left the cookie")
    status, _ = server.api("GET", "/me", token=session["value"])
    assert status == 401
    assert [m for m in b.errors() if "Failed to fetch" not in m and "ERR_INTERNET_DISCONNECTED" not in m] == []


def test_favourites_list_and_remove(server, browser):
    fay = server.register("Fay", sharing="public")
    own = upload(server, fay[0], meters=2500, step=4, name="Park")
    routes = []
    for name, run in (("Park loop", own), ("River out and back", upload(server, fay[0], meters=4200, step=4, start=(55.95, -4.2)))):
        status, route = server.api("POST", "/routes", {"runId": run["id"], "name": name}, fay[0])
        assert status == 201, route
        assert server.api("PUT", f"/favourites/{route['id']}", token=fay[0])[0] == 204
        routes.append(route)
    for kind in ("phone", "desktop"):
        b = browser(phone=kind == "phone")
        b.log_in(fay)
        b.open("/#/favourites")
        b.visible(".favourites li[data-route]")
        items = b.finds(".favourites li[data-route]")
        assert len(items) == 2
        text = b.find(".favourites").text
        assert "Park loop" in text and "River out and back" in text and "2.50 km" in text and "1 runner" in text
        assert b.find(f"li[data-route='{routes[0]['id']}'] a").get_attribute("href").endswith(f"#/activity?route={routes[0]['id']}")
        shapes = b.js("return [...document.querySelectorAll('.favourites li svg.run-shape path')].map(p => p.getAttribute('d'))")
        assert len(shapes) == 2 and len(set(shapes)) == 2 and all(shape.startswith("M") for shape in shapes), shapes
        b.shot("favourites")
        if kind == "desktop":
            b.click(f"li[data-route='{routes[0]['id']}'] button[name=unfavourite]")
            b.wait(lambda: len(b.finds(".favourites li[data-route]")) == 1, message="the route stayed in the list")
            b.wait(lambda: [r["id"] for r in server.api("GET", "/favourites", token=fay[0])[1]["routes"]] == [routes[1]["id"]],
                   message="the server still has the favourite")
        assert b.errors() == []


@pytest.fixture
def lonely_server():
    """A server of this test's own, which it stops: DevTools' offline switch does not reach
    the service worker, which would still fetch from a running server."""
    server = Server()
    yield server
    server.stop()


def test_favourites_offline_change_shows_at_once_and_empty_state(lonely_server):
    server = lonely_server
    gus = server.register("Gus", sharing="public")
    run = upload(server, gus[0], meters=1500, step=4)
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Hill"}, gus[0])
    server.api("PUT", f"/favourites/{route['id']}", token=gus[0])
    b = Browser(server)
    try:
        b.log_in(gus)
        b.open("/#/favourites")
        b.visible(".favourites li[data-route]")
        server.halt()
        b.click("button[name=unfavourite]")
        b.visible(".favourites-page .empty")
        assert "No favourites yet" in b.find(".favourites-page").text
        # Reopened offline (within the app): the list remembered, the pending removal applied.
        b.js("location.hash = '#/favourites?again=1'")
        b.wait(lambda: "Offline" in text(b, ".favourites-note"), message="no note that the list is from before")
        b.visible(".favourites-page .empty")
        assert "Offline" in b.find(".favourites-note").text
        b.shot("favourites-empty")
        server.start()
        assert [r["id"] for r in server.api("GET", "/favourites", token=gus[0])[1]["routes"]] == [route["id"]]
        b.js("return import('/js/engine/api/outbox.js').then(({ outbox }) => outbox.flush())")
        b.wait(lambda: server.api("GET", "/favourites", token=gus[0])[1]["routes"] == [], message="the removal was not sent")
    finally:
        b.close()


def test_a_runner_hides_home_with_a_privacy_zone(server, browser):
    account = server.register("Zoe")
    b = browser()
    b.locate(55.8700, -4.2900)
    b.log_in(account)
    b.open("/#/profile")
    # A new account's runs are its own until it chooses.
    assert b.visible("select[name=default-privacy]").get_attribute("value") == "private"
    b.click("details.privacy-zones summary")
    b.wait(lambda: "None yet" in b.find("ul.zones").text)
    b.click("button[name=new-zone]")
    b.visible(".zone-map .leaflet-tile-pane")
    b.js("const s = document.querySelector('select[name=zone-radius]'); s.value = '600'; s.dispatchEvent(new Event('change'))")
    b.click("button[name=add-zone]")
    b.wait(lambda: "600 m around" in b.find("ul.zones").text, message="the zone was not saved")
    b.js("document.querySelector('details.privacy-zones').scrollIntoView()")
    b.shot("profile-privacy-zone")
    status, zones = server.api("GET", "/me/privacy-zones", token=account.token)
    assert status == 200 and len(zones["zones"]) == 1, zones
    zone = zones["zones"][0]
    assert zone["radiusMeters"] == 600 and abs(zone["latitude"] - 55.87) < 0.001 and abs(zone["longitude"] + 4.29) < 0.001
    b.click("button[name=remove-zone]")
    b.wait(lambda: "None yet" in b.find("ul.zones").text)
    assert server.api("GET", "/me/privacy-zones", token=account.token)[1]["zones"] == []
    assert b.errors() == []


def test_a_runner_changes_email_downloads_everything_and_deletes_the_account(server, browser):
    account = server.register("Yan")
    fixes = [{"time": f"2026-11-20T09:{i // 60:02d}:{i % 60:02d}Z", "latitude": 55.87 + i * 3 / 111_320, "longitude": -4.29}
             for i in range(300)]
    status, run = server.api("POST", "/runs", {"fixes": fixes, "name": "Last one"}, token=account.token)
    assert status == 201, run
    b = browser()
    b.log_in(account)
    b.open("/#/profile")
    b.click("details.email-change summary")
    new_email = f"yan-{run['id'][:8]}@example.net"
    b.type("input[name=new-email]", new_email)
    b.type("input[name=email-password]", "wrong password here")
    b.click("button[name=change-email]")
    b.wait(lambda: "wrong" in b.find(".email-status").text, message="a wrong password was not refused")
    b.find("input[name=email-password]").clear()
    b.type("input[name=email-password]", PASSWORD)
    b.click("button[name=change-email]")
    b.wait(lambda: new_email in b.find(".email-status").text, message="the email did not change")
    assert server.api("POST", "/auth/login", {"email": new_email, "password": PASSWORD})[0] == 200

    # The archive the link downloads, fetched as the browser would (its session cookie).
    b.click("details.your-data summary")
    link = b.visible("a[name=export]")
    assert link.get_attribute("download").startswith("paceline-") and link.get_attribute("download").endswith(".zip")
    head = b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(document.querySelector('a[name=export]').href).then(async (response) => {
          const bytes = new Uint8Array(await response.arrayBuffer());
          done([response.status, response.headers.get('content-type'), String.fromCharCode(...bytes.slice(0, 2)), bytes.length]);
        });""")
    assert head[0] == 200 and head[1] == "application/zip" and head[2] == "PK" and head[3] > 1000, head[:2]
    b.js("document.querySelector('details.your-data').scrollIntoView()")
    b.shot("profile-your-data")

    # Deleting asks for the password, then once more.
    b.type("input[name=delete-password]", PASSWORD)
    b.js("window.confirm = (message) => { window.asked = message; return true; }")
    b.click("button[name=delete-account]")
    b.wait(lambda: "#/login" in b.driver.current_url, message="deleting did not end the session")
    assert "for good" in b.js("return window.asked") and "Download your data first" in b.js("return window.asked")
    assert server.api("POST", "/auth/login", {"email": new_email, "password": PASSWORD})[0] == 401
    assert server.api("GET", f"/runs/{run['id']}")[0] == 404
    assert [error for error in b.errors() if "/me/email" not in error] == []  # the wrong password's 403


def test_totals_and_records_are_per_sport(server, browser):
    account = server.register("Uma")

    def fixes(day, speed, count):
        return [{"time": f"2026-11-{day:02d}T09:{i // 60:02d}:{i % 60:02d}Z", "latitude": 55.87 + i * speed / 111_320, "longitude": -4.29}
                for i in range(count)]
    assert server.api("POST", "/runs", {"fixes": fixes(10, 3, 900), "sport": "run"}, token=account.token)[0] == 201   # 2.7 km
    assert server.api("POST", "/runs", {"fixes": fixes(11, 8, 1500), "sport": "ride"}, token=account.token)[0] == 201  # 12 km
    b = browser()
    b.log_in(account)
    b.open("/#/profile")
    b.visible(".sports-switch button[data-sport=ride]")
    # The sport with the most distance first: the ride's totals alone, its speed, its records.
    assert b.find(".sports-switch button[aria-pressed=true]").get_attribute("data-sport") == "ride"
    figures = {e.get_attribute("data-name"): e.text for e in b.finds(".stats-card .figure")}
    assert figures["runs"].startswith("1") and "RIDES" in figures["runs"].upper() and "km/h" in figures["average-pace"], figures
    assert "10 km" in b.find(".records").text
    b.js("document.querySelector('.stats-card').scrollIntoView()")
    b.shot("profile-totals-ride")
    b.click(".sports-switch button[data-sport=run]")
    b.wait(lambda: "/km" in b.js("return document.querySelector('.figure[data-name=average-pace]')?.textContent ?? ''"),
           message="the run's totals did not show")
    figures = {e.get_attribute("data-name"): e.text for e in b.finds(".stats-card .figure")}
    assert figures["distance"].startswith("2.") and "RUNS" in figures["runs"].upper(), figures
    assert "10 km" not in b.find(".records").text, "the ride's 10 km is no running record"
    assert b.errors() == []


def test_profile_is_ready_within_a_second_of_logging_in(runner, browser):
    """Signed in, loaded with nothing cached (no HTTP cache, no service worker): the totals
    and the first page of a 23-run history show within 1.5 s of the navigation. Prints the
    time for docs/PERFORMANCE.md (about 0.5 s on an idle machine; 0.92-1.15 s on this one on
    2026-11-29, the code of the day before measuring the same: the page's 82 requests, most
    of them modules, against a debug server)."""
    b = browser()
    b.log_in(runner["cara"])
    b.js("return navigator.serviceWorker?.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister())))")
    b.cdp("Network.enable")
    b.cdp("Network.clearBrowserCache")
    b.cdp("Network.setCacheDisabled", {"cacheDisabled": True})
    b.open("/?load=profile#/profile")  # a whole new page load, not a hash change
    b.visible(".history li[data-run]")
    b.wait(lambda: b.js("return performance.getEntriesByName('profile-ready').length") == 1, message="the profile never marked itself ready")
    ready = b.js("return performance.getEntriesByName('profile-ready')[0].startTime")
    b.cdp("Network.setCacheDisabled", {"cacheDisabled": False})
    print(f"profile ready, cold cache, signed in: {round(ready)} ms")
    assert len(history(b)) == 20 and ready < 1500, ready
    assert b.errors() == []
