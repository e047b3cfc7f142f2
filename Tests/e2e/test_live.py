"""Friends and live sessions in the browser: friend requests, a wrong join code, and two
browsers (Ann's and Bo's phones) running a 100 m live session together to the finish,
their GPS moved along straight lines through the DevTools protocol."""
import math
import re
import time

from selenium.webdriver.common.action_chains import ActionChains

START = (55.8500, -4.2500)          # Ann's start; Bo starts 30 m north of her
METERS_PER_DEGREE_LATITUDE = 111_320.0


def east(origin, meters):
    """The point `meters` east of `origin`."""
    latitude, longitude = origin
    return latitude, longitude + meters / (METERS_PER_DEGREE_LATITUDE * math.cos(math.radians(latitude)))


def befriend(server, a, b):
    """Makes users a and b ((token, profile) each) friends through the API."""
    status, _ = server.api("POST", "/friends/requests", {"userId": b[1]["id"]}, a[0])
    assert status == 201
    status, _ = server.api("POST", f"/friends/requests/{a[1]['id']}/accept", None, b[0])
    assert status == 200


def sign_in(b, user):
    """Logs `b` in as `user`. log_in passes through the Activity screen, another test's
    subject: what it logged is set aside, so errors() below are this file's screens'."""
    b.log_in(user)
    # Let the screen "/" opened finish (it could land over the next one), then set its messages aside.
    b.wait(lambda: b.js("return document.querySelector('#view').children.length > 0"), message="the app did not start")
    time.sleep(0.5)
    b.errors()


def connected(b):
    """Waits until the screen's live connection is up (its 'Connecting…' pill is gone)."""
    b.wait(lambda: all(not pill.is_displayed() for pill in b.finds(".friends .live-state")), message="no live connection")


def track_coordinates(geojson):
    """Every [lon, lat] of a GeoJSON object's lines."""
    if geojson.get("type") == "FeatureCollection":
        return [point for feature in geojson["features"] for point in track_coordinates(feature)]
    if geojson.get("type") == "Feature":
        return track_coordinates(geojson["geometry"])
    if geojson.get("type") == "LineString":
        return geojson["coordinates"]
    if geojson.get("type") == "MultiLineString":
        return [point for line in geojson["coordinates"] for point in line]
    return []


SHOWN = """
const element = [...document.querySelectorAll(arguments[0])].find((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
if (!element || element.disabled) return false;
if (arguments[1]) element.click();
return true;
"""


def shown(b, css, seconds=20):
    """Waits until an element matching `css` shows (checked in one script: screens re-render)."""
    b.wait(lambda: b.js(SHOWN, css, False), seconds, f"{css} did not appear")


def press(b, css, seconds=20):
    """Clicks the element matching `css` once it shows and is enabled."""
    b.wait(lambda: b.js(SHOWN, css, True), seconds, f"{css} could not be pressed")


def tap(b, css):
    """Taps the element matching `css` as a finger does: a trusted event, after which the
    page may vibrate the phone (press() clicks from a script, which does not count)."""
    shown(b, css)
    b.find(css).click()


def text(b, css):
    """The text an element shows (read in one go: the screens re-render)."""
    return (b.js("return document.querySelector(arguments[0])?.innerText", css) or "").strip()


def drag_the_map_away_and_back(b):
    """Drags the race map: it stops following the runners and offers to again; tapped, the
    offer goes and the runners are back in view."""
    frame = b.find(".race-map .map")
    ActionChains(b.driver).move_to_element(frame).click_and_hold().move_by_offset(0, 60).move_by_offset(0, 120).release().perform()
    button = b.visible(".race-map button[name=recentre]", seconds=5)
    assert "Follow runners" in button.text
    b.shot("race-map-moved")
    b.click(".race-map button[name=recentre]")
    b.wait(lambda: not button.is_displayed(), seconds=5, message="the re-centre button stayed")
    inside = b.js("""const box = document.querySelector('.race-map .map').getBoundingClientRect();
        return [...document.querySelectorAll('.race-map .runner-label')].map((label) => label.getBoundingClientRect())
          .every((r) => r.left >= box.left - 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1)""")
    assert inside, "the runners are not back in view"


def chart_of_both(b):
    """Waits for the results' chart: two runners, drawn."""
    b.wait(lambda: b.js("const c = document.querySelector('.race-chart-box canvas.race-chart'); return c?.width > 0 && c.dataset.datasets") == "2",
           message="no race chart of both runners")


def read_the_chart_at_half_way(b):
    """Moves the pointer to the middle of the chart: the readout says where each runner was at about half way."""
    canvas = b.find(".race-chart-box canvas.race-chart")
    b.js("arguments[0].scrollIntoView({block: 'center'})", canvas)
    ActionChains(b.driver).move_to_element(canvas).perform()
    b.wait(lambda: len(b.finds(".race-readout-list li")) == 2, seconds=5, message="no readout when the chart is read")
    distance = int(b.find(".race-readout").get_attribute("data-distance"))
    assert 30 <= distance <= 70, distance
    lines = [line.text for line in b.finds(".race-readout-list li")]
    assert all(re.search(r"0:\d\d · \d+:\d\d /km", line) for line in lines), lines


def invite_to_100_m(host, guest_id):
    """On the friends screen, the host picks a 100 m run and ticks the guest's invitation."""
    press(host, ".distances button[data-meters=custom]")
    host.type("input[name=custom-distance]", "0.1")
    press(host, f"input[name=invite][value='{guest_id}']")


def create_session(host, name):
    """The host makes the session chosen; returns its id once in its lobby."""
    press(host, "button[name=create]")
    host.wait(lambda: "#/live/" in host.driver.current_url, message=f"{name} did not reach the lobby")
    return host.driver.current_url.rsplit("/", 1)[1]


def test_friend_request_sent_and_accepted_in_the_ui(server, browser):
    dina, eve = server.register("Dina"), server.register("Eve")
    b = browser()
    sign_in(b, eve)
    b.open("/#/friends")
    shown(b, ".friends-list")
    b.type("input[name=search]", "Dina")
    press(b, f".search-results li[data-user-id='{dina[1]['id']}'] button[name=add-friend]")
    shown(b, f".requests-sent li[data-user-id='{dina[1]['id']}']")

    sign_in(b, dina)
    b.open("/#/friends")
    shown(b, f".requests-received li[data-user-id='{eve[1]['id']}']")
    b.shot("friends-request")
    press(b, f".requests-received li[data-user-id='{eve[1]['id']}'] button[name=accept]")
    shown(b, f".friends-list li[data-user-id='{eve[1]['id']}']")
    assert b.finds(".requests-received li") == []
    status, page = server.api("GET", "/friends", None, dina[0])
    assert [friend["user"]["displayName"] for friend in page["friends"]] == ["Eve"]

    # Removing asks first, in place.
    press(b, f".friends-list li[data-user-id='{eve[1]['id']}'] button[name=remove]")
    press(b, f".friends-list li[data-user-id='{eve[1]['id']}'] button[name=keep]")
    shown(b, f".friends-list li[data-user-id='{eve[1]['id']}'] button[name=remove]")
    assert b.errors() == []


def test_a_wrong_code_says_so_then_too_many_attempts(server, browser):
    fay = server.register("Fay")
    b = browser()
    sign_in(b, fay)
    b.open("/#/friends")
    connected(b)
    b.type("input[name=code]", "12")
    press(b, "button[name=join-code]")
    b.wait(lambda: "4 digits" in text(b, ".join-code .error"))
    # No session is open in this server yet, so every code is wrong.
    for attempt in range(5):
        b.type("input[name=code]", f"000{attempt}")
        press(b, "button[name=join-code]")
        b.wait(lambda: "No open session has that code" in text(b, ".join-code .error"), message=text(b, ".join-code .error"))
        b.wait(lambda: b.find("button[name=join-code]").is_enabled())
        if attempt == 0:
            b.shot("friends-wrong-code")
        b.js("document.querySelector('.join-code .error').textContent = ''")
    b.type("input[name=code]", "0005")
    press(b, "button[name=join-code]")
    b.wait(lambda: "Too many wrong codes" in text(b, ".join-code .error"), message=text(b, ".join-code .error"))
    assert "#/friends" in b.driver.current_url
    assert b.errors() == []


def test_two_browsers_run_a_live_session_to_the_finish(server, browser):
    ann, bo = server.register("Ann"), server.register("Bo")
    befriend(server, ann, bo)
    ann_id, bo_id = ann[1]["id"], bo[1]["id"]
    starts = {"ann": START, "bo": (START[0] + 30 / METERS_PER_DEGREE_LATITUDE, START[1])}
    a, b = browser(), browser()
    for window in (a, b):
        window.record_vibrations()
    a.locate(*starts["ann"])
    b.locate(*starts["bo"])
    sign_in(a, ann)
    sign_in(b, bo)
    # Bo turns "Vibrate on cues" off: his phone stays still.
    b.open("/#/profile")
    b.click("input[name=vibrate]")
    b.wait(lambda: b.js("return localStorage.getItem('paceline.vibrate')") == "off")

    # Bo has the friends screen open: the invitation reaches him there.
    b.open("/#/friends")
    connected(b)

    # Ann makes a 100 m run, inviting Bo.
    a.open("/#/friends")
    connected(a)
    invite_to_100_m(a, bo_id)
    a.shot("friends")
    session_id = create_session(a, "Ann")
    shown(a, ".session-code")
    code = text(a, ".session-code")
    assert len(code) == 4 and code.isdigit()
    assert "Run 100 m together" in text(a, ".lobby h1")

    # Bo sees the invitation; a wrong code first says so clearly.
    shown(b, f".invitation[data-session-id='{session_id}']")
    assert "Ann" in text(b, ".invitation") and "100 m" in text(b, ".invitation")
    b.type("input[name=code]", f"{(int(code) + 1) % 10000:04d}")
    press(b, "button[name=join-code]")
    b.wait(lambda: "No open session has that code" in text(b, ".join-code .error"))
    b.shot("friends-invited")
    press(b, f".invitation[data-session-id='{session_id}'] button[name=join-invitation]")
    b.wait(lambda: session_id in b.driver.current_url, message="Bo did not reach the lobby")

    # The lobby: both in, then both ready.
    for window in (a, b):
        shown(window, f".members li[data-user-id='{bo_id}'][data-status=joined]")
        shown(window, f".members li[data-user-id='{ann_id}'][data-status=joined]")
    tap(a, "button[name=ready]")
    shown(b, f".members li[data-user-id='{ann_id}'][data-status=ready]")
    assert code in text(b, ".session-code")
    b.shot("lobby")
    assert b.layout_problems("lobby") == []
    tap(b, "button[name=ready]")

    # 3-2-1-GO on both screens.
    for window in (a, b):
        window.wait(lambda: window.js("return document.querySelector('.countdown:not([hidden])')?.textContent") in ("3", "2", "1"),
                    seconds=10, message="no countdown")
    a.shot("countdown")
    for window in (a, b):
        window.wait(lambda: window.js("return document.querySelector('.live').dataset.phase") == "race", seconds=10)

    # The race: one fix a second each, Ann at 4.5 m/s, Bo at 5.5 m/s.
    speeds = {"ann": 4.5, "bo": 5.5}
    windows = {"ann": a, "bo": b}
    began = time.time()
    saw_each_other = False
    reconnecting_seen = False
    gps_lost_seen = False
    for second in range(1, 45):
        for who, window in windows.items():
            # Ann's GPS goes silent for three seconds (under a bridge): her screen says so.
            if who == "ann" and 14 <= second < 17:
                window.lose_gps()
            else:
                window.locate(*east(starts[who], speeds[who] * second))
        if second == 15:
            a.wait(lambda: a.js("const p = document.querySelector('.gps-state'); return p.classList.contains('bad') && p.textContent") == "No GPS signal",
                   seconds=5, message="Ann's screen did not say her GPS was lost")
            gps_lost_seen = True
            a.shot("race-gps-lost")
        if second == 17:
            a.wait(lambda: a.js("const p = document.querySelector('.gps-state'); return !p.classList.contains('bad') && p.textContent.startsWith('GPS ±')"),
                   seconds=5, message="Ann's GPS notice stayed after the fixes came back")
        if second == 6:
            drag_the_map_away_and_back(a)
        # Bo's phone loses the network for 4 s: his screen says so, and the fixes it
        # takes meanwhile reach the server after it reconnects.
        if second == 4:
            b.offline(True)
        if 4 <= second < 8:
            reconnecting_seen |= b.js("return document.querySelector('.live-state').textContent") == "Reconnecting…"
            if second == 6:
                b.shot("race-reconnecting")
        if second == 8:
            b.offline(False)
        if second == 12:
            # Each screen shows the other's distance, as the server measured it.
            for window, other in ((a, bo_id), (b, ann_id)):
                seen = window.wait(lambda: window.js(
                    "return document.querySelector(`.board li[data-user-id='${arguments[0]}'] .runner-distance`)?.textContent", other),
                    message="the other runner is not on the board")
                assert seen.endswith(" m") and int(seen[:-2]) > 10, seen
                bar = window.find(f".board li[data-user-id='{other}'] progress.runner-progress")
                assert 0 < float(bar.get_attribute("value")) < float(bar.get_attribute("max")), "no progress bar"
            saw_each_other = True
            a.shot("race")
            b.shot("race-bo")
        if all(window.finds(".results-table") for window in windows.values()):
            break
        time.sleep(max(0, began + second - time.time()))
    assert saw_each_other
    assert gps_lost_seen
    assert reconnecting_seen, "Bo's screen never said it was reconnecting"
    for window in (a, b):
        shown(window, ".results-table", seconds=15)

    # The same results on both screens, Bo first.
    for window in (a, b):
        first = window.find(".results-table thead th[data-user-id]")
        assert first.get_attribute("data-user-id") == bo_id
        assert "Bo wins" in text(window, ".winner") or "You win" in text(window, ".winner")
    assert text(a, ".results-table tbody") == text(b, ".results-table tbody")
    assert "70 kg assumed" in text(a, ".footnote")
    # Who won what, and the race as a chart of distance against time (from the reports seen).
    assert "Bo" in text(a, ".stat-winners li[data-stat=time]") and "You" in text(b, ".stat-winners li[data-stat=time]")
    # Most calories goes to one runner only when their figure, as shown, beats the other's (7 and 7 kcal: no one).
    calories = [cell.text for cell in a.finds(".results-table tbody tr:last-child td")]
    assert bool(a.finds(".stat-winners li[data-stat=calories]")) == (calories[0] != calories[1]), calories
    # The race as each runner's pace along the distance, from the results' own series.
    chart_of_both(a)
    read_the_chart_at_half_way(a)
    # The race was heard: the countdown, and a finish.
    for window in (a, b):
        heard = window.spoken()
        assert "Go" in heard and any(line.startswith("Bo finished in") or line.startswith("You finished in") for line in heard), heard
    # The race was felt by Ann: 3, 2, 1, Go and her finish; Bo turned it off.
    assert a.vibrations() == [[150], [150], [150], [600], [300, 100, 300, 100, 600]], a.vibrations()
    assert b.vibrations() == []
    a.js("document.querySelector('.race-chart-box')?.scrollIntoView()")
    a.shot("results-chart")
    a.js("window.scrollTo(0, 0)")
    a.shot("results")
    b.shot("results-bo")
    assert a.layout_problems("results") == []

    # Bo's saved run has a point for each second, those taken offline too (they were resent).
    times = {}
    for window, who in ((a, "ann"), (b, "bo")):
        cells = window.finds(".results-table tbody tr:nth-child(2) td")
        times[who] = [cell.text for cell in cells]
    bo_seconds = float(times["bo"][0].split(":")[1])
    assert 17 <= bo_seconds <= 20, times    # 100 m at 5.5 m/s: 18.2 s
    status, page = server.api("GET", "/runs", None, bo[0])
    assert status == 200 and len(page["runs"]) == 1, page
    status, track = server.api("GET", f"/runs/{page['runs'][0]['id']}/track", None, bo[0])
    assert status == 200
    coordinates = track_coordinates(track)
    assert len(coordinates) >= 17, len(coordinates)

    # Results stay available to whoever opens the session again, here on a desktop.
    desktop = browser(phone=False)
    sign_in(desktop, ann)
    desktop.open(f"/#/live/{session_id}")
    shown(desktop, ".results-table")
    assert text(desktop, ".results-table tbody") == text(a, ".results-table tbody")
    chart_of_both(desktop)   # from the stored results: no report of the race reached this page
    desktop.shot("results")
    # And on Bo's phone, the results opened again later from Friends.
    b.open("/#/friends")
    connected(b)
    b.open(f"/#/live/{session_id}")
    shown(b, ".results-table")
    chart_of_both(b)
    read_the_chart_at_half_way(b)
    b.shot("results-chart-reopened")

    for window in (a, b, desktop):
        assert window.errors() == []


def test_an_invitation_made_while_offline_shows_on_opening_friends(server, browser):
    jo, kit = server.register("Jo"), server.register("Kit")
    befriend(server, jo, kit)
    j = browser()
    sign_in(j, jo)
    j.open("/#/friends")
    connected(j)
    press(j, f"input[name=invite][value='{kit[1]['id']}']")
    session_id = create_session(j, "Jo")
    shown(j, f".members li[data-user-id='{kit[1]['id']}'][data-status=invited]")

    # Kit opens the app only now: the invitation is on his friends screen, with Join.
    k = browser()
    sign_in(k, kit)
    k.open("/#/friends")
    shown(k, f".invitation[data-session-id='{session_id}']")
    assert "Jo" in text(k, ".invitation") and "5 km" in text(k, ".invitation")
    k.shot("friends-invited-while-offline")
    press(k, f".invitation[data-session-id='{session_id}'] button[name=join-invitation]")
    k.wait(lambda: session_id in k.driver.current_url, message="Kit did not reach the lobby")
    shown(j, f".members li[data-user-id='{kit[1]['id']}'][data-status=joined]")
    for window in (j, k):
        assert window.errors() == []


def test_join_by_code_leave_and_invite_more(server, browser):
    gus, hal, ivy = server.register("Gustavo Fernández-Lindqvist"), server.register("Hal"), server.register("Ivy")
    befriend(server, gus, ivy)
    g, h = browser(), browser()
    sign_in(g, gus)
    sign_in(h, hal)
    g.open("/#/friends")
    connected(g)
    press(g, ".sports button[data-sport=walk]")
    press(g, "button[name=create]")
    shown(g, ".session-code")
    assert "Walk 5 km together" in text(g, ".lobby h1")
    code = text(g, ".session-code")

    # Hal is no friend of Gus's: he joins with the code Gus reads out.
    h.open("/#/friends")
    connected(h)
    h.type("input[name=code]", code)
    press(h, "button[name=join-code]")
    h.wait(lambda: "#/live/" in h.driver.current_url)
    shown(g, f".members li[data-user-id='{hal[1]['id']}'][data-status=joined]")

    # The host invites another friend from the lobby.
    press(g, ".invite-more summary")
    press(g, f".invite-more input[value='{ivy[1]['id']}']")
    press(g, ".invite-more button[name=invite]")
    shown(g, f".members li[data-user-id='{ivy[1]['id']}'][data-status=invited]")
    g.shot("lobby-host")
    # A long name: "(you)" stays whole beside it, the row within the screen.
    g.resize(320, 812)
    assert g.js("return document.querySelector('.members .you').getClientRects().length") == 1, "“(you)” broke across lines"
    assert g.layout_problems("lobby-host") == []

    # Hal leaves: Gus sees him out of the lobby, and Hal's friends screen offers the way back.
    press(h, "button[name=leave]")
    h.wait(lambda: "#/friends" in h.driver.current_url)
    shown(g, f".members li[data-user-id='{hal[1]['id']}'][data-status=invited]")
    press(h, "button[name=join-invitation]")
    h.wait(lambda: "#/live/" in h.driver.current_url)
    shown(g, f".members li[data-user-id='{hal[1]['id']}'][data-status=joined]")
    for window in (g, h):
        assert window.errors() == []


KEPT_FIXES = "return JSON.parse(localStorage.getItem('paceline.live.pending.' + arguments[0]))?.fixes ?? []"


def kill_and_reopen(b, path, position):
    """The phone kills the app (its tab closes, network still off) and the runner opens it
    again at `path`, online, in a new tab, standing at `position`: nothing of the old page
    can reach the server."""
    dead = b.driver.current_window_handle
    b.driver.switch_to.new_window("tab")
    fresh = b.driver.current_window_handle
    b.driver.switch_to.window(dead)
    b.driver.close()
    b.driver.switch_to.window(fresh)
    b.locate(*position)   # the GPS override belongs to a tab
    b.open(path)


def test_fixes_taken_offline_survive_the_app_dying(server, browser):
    """Cy loses the network mid-race and, still out of it, his app dies (the tab is
    closed): the fixes the server never got were kept on the phone; the app, opened
    again at its start page, goes back to the race, which resends them, so his saved run
    has the offline stretch."""
    cy, di = server.register("Cy"), server.register("Di")
    befriend(server, cy, di)
    cy_id = cy[1]["id"]
    starts = {"cy": (START[0] + 0.01, START[1]), "di": (START[0] + 0.01 + 30 / METERS_PER_DEGREE_LATITUDE, START[1])}
    c, d = browser(), browser()
    c.locate(*starts["cy"])
    d.locate(*starts["di"])
    sign_in(c, cy)
    sign_in(d, di)

    # Di makes a 100 m run, inviting Cy; both get ready.
    c.open("/#/friends")
    connected(c)
    d.open("/#/friends")
    connected(d)
    # Di's phone has no room left to keep fixes: her race goes on regardless.
    d.js("""const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('paceline.live.pending.')) throw new DOMException('no room', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };""")
    invite_to_100_m(d, cy_id)
    session_id = create_session(d, "Di")
    press(c, f".invitation[data-session-id='{session_id}'] button[name=join-invitation]")
    c.wait(lambda: session_id in c.driver.current_url, message="Cy did not reach the lobby")
    shown(d, f".members li[data-user-id='{cy_id}'][data-status=joined]")
    press(d, "button[name=ready]")
    press(c, "button[name=ready]")
    for window in (c, d):
        window.wait(lambda: window.js("return document.querySelector('.live').dataset.phase") == "race", seconds=15)

    # The race, a fix a second at 4 m/s (Di at 5 m/s). Cy goes offline from 12 m to 48 m,
    # then his app dies there, and he opens it again, online, at its start.
    speeds = {"cy": 4.0, "di": 5.0}
    windows = {"cy": c, "di": d}
    began = time.time()
    offline = died = False
    while time.time() - began < 60:
        elapsed = time.time() - began
        for who, window in windows.items():
            window.locate(*east(starts[who], speeds[who] * elapsed))
        if not offline and elapsed >= 3:
            c.offline(True)
            offline = True
        if not died and elapsed >= 12:
            # What the server has not acknowledged is on the phone, written by the timer
            # (not only at the page's end): the fixes taken offline, eight at least.
            c.wait(lambda: len(c.js(KEPT_FIXES, session_id)) >= 8, seconds=10,
                   message=f"the offline fixes are not kept: {len(c.js(KEPT_FIXES, session_id))}")
            kill_and_reopen(c, "/#/activity", east(starts["cy"], speeds["cy"] * (time.time() - began)))
            c.wait(lambda: session_id in c.driver.current_url, message="the app did not go back to the race")
            died = True
        if died and all(window.finds(".results-table") for window in windows.values()):
            break
        time.sleep(max(0, 1 - (time.time() - began - elapsed)))
    for window in (c, d):
        shown(window, ".results-table", seconds=20)

    # Both finished; Cy's saved run has the stretch he ran offline, point by point.
    for window in (c, d):
        places = [cell.text for cell in window.finds(".results-table tbody tr:nth-child(1) td")]
        assert places == ["1st", "2nd"], places
    status, page = server.api("GET", "/runs", None, cy[0])
    assert status == 200 and len(page["runs"]) == 1, page
    status, track = server.api("GET", f"/runs/{page['runs'][0]['id']}/track", None, cy[0])
    assert status == 200
    metres_per_degree = METERS_PER_DEGREE_LATITUDE * math.cos(math.radians(starts["cy"][0]))
    offline_stretch = [point for point in track_coordinates(track)
                       if 14 <= (point[0] - starts["cy"][1]) * metres_per_degree <= 46]
    assert len(offline_stretch) >= 7, track_coordinates(track)
    # Nothing is kept once the results are out. Di's phone says at most once that it can
    # keep nothing: it tries only when the 5 s write finds fixes not yet acknowledged,
    # which depends on how fast the server answers (on a loaded machine, often; else never).
    assert c.js("return Object.keys(localStorage).filter((key) => key.startsWith('paceline.live.pending.'))") == []
    logged = d.driver.get_log("browser")
    assert sum("kept in memory only" in entry["message"] for entry in logged) <= 1, logged
    assert [entry for entry in logged if entry["level"] == "SEVERE" and "127.0.0.1:9/" not in entry["message"]] == []
    assert c.errors() == []


def test_a_runner_sees_their_own_dot_inside_their_zone_and_a_tie_awards_no_one(server, browser):
    """Ann races 100 m inside her own privacy zone, level with Bo: her screen shows her own
    dot all the same (a zone hides her from others, never from herself), Bo's does not show
    it, and the calories they tie on (as shown) are awarded to no one (issue 37, item 6)."""
    ann, bo = server.register("Ann"), server.register("Bo")
    befriend(server, ann, bo)
    status, _ = server.api("PUT", "/me/privacy-zones", {"zones": [{"latitude": START[0], "longitude": START[1], "radiusMeters": 400}]}, ann[0])
    assert status == 200
    bo_id = bo[1]["id"]
    starts = {"ann": START, "bo": (START[0] + 30 / METERS_PER_DEGREE_LATITUDE, START[1])}
    a, b = browser(), browser()
    a.locate(*starts["ann"])
    b.locate(*starts["bo"])
    sign_in(a, ann)
    sign_in(b, bo)
    b.open("/#/friends")
    connected(b)
    a.open("/#/friends")
    connected(a)
    invite_to_100_m(a, bo_id)
    session_id = create_session(a, "Ann")
    press(b, f".invitation[data-session-id='{session_id}'] button[name=join-invitation]")
    for window in (a, b):
        shown(window, f".members li[data-user-id='{bo_id}']")
    press(a, "button[name=ready]")
    press(b, "button[name=ready]")
    for window in (a, b):
        window.wait(lambda: window.js("return document.querySelector('.live').dataset.phase") == "race", seconds=15)

    labels = "return [...document.querySelectorAll('.leaflet-tooltip.runner-label')].map((e) => e.textContent)"
    began = time.time()
    seen_myself = seen_by_bo = False
    for second in range(1, 40):
        for who, window in (("ann", a), ("bo", b)):
            window.locate(*east(starts[who], 5 * second))
        if second >= 5:
            seen_myself |= "You" in a.js(labels)
            seen_by_bo |= "Ann" in b.js(labels)
        if second == 10:
            a.shot("race-own-dot-in-zone")
        if all(window.finds(".results-table") for window in (a, b)):
            break
        time.sleep(max(0, began + second - time.time()))
    assert seen_myself, "Ann's own dot never showed on her screen"
    assert not seen_by_bo, "Bo saw Ann inside her zone"
    for window in (a, b):
        shown(window, ".results-table", seconds=15)
    calories = [cell.text for cell in a.finds(".results-table tbody tr:last-child td")]
    assert len(calories) == 2 and calories[0] == calories[1], calories
    assert a.finds(".stat-winners li[data-stat=calories]") == []
    a.js("document.querySelector('.stat-winners')?.scrollIntoView({block: 'center'})")
    a.shot("results-calories-tie")
    for window in (a, b):
        assert window.errors() == []
