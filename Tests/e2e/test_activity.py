"""The Activity map: route clusters from the browse API (a count, `*` above 20), fetched
once when the map stops moving; tapping a cluster zooms in; a spot's routes open in a
drawer that pages through them, with a heart that favourites."""
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains

from test_recording import START

METERS_PER_DEGREE = 111_320


def make_route(server, token, start, name):
    fixes = [{"time": f"2026-11-20T09:{i // 60:02d}:{i % 60:02d}Z", "latitude": start[0] + i * 4 / METERS_PER_DEGREE,
              "longitude": start[1]} for i in range(0, 60, 2)]
    status, run = server.api("POST", "/runs", {"fixes": fixes, "name": name}, token=token)
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": name}, token=token)
    assert status == 201, route
    return route


def browse_requests(b):
    return b.js("return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/routes?')).length")


def test_clusters_zoom_and_the_drawer(server, browser):
    account = server.register("Ida", sharing="public")
    token = account.token
    for number in range(25):
        make_route(server, token, START, f"Park run {number + 1}")
    east = (START[0], START[1] + 0.05)  # about 3 km east
    for number in range(3):
        make_route(server, token, east, f"Canal {number + 1}")

    for phone in (True, False):
        b = browser(phone)
        b.log_in(account)
        b.locate(*START)
        # Logging in lands on the map, which keeps its view when it settles: leave it for a
        # page without a map (a fresh load) before setting the view the map opens with.
        b.open("/#/profile")
        b.driver.refresh()
        b.js("localStorage.setItem('paceline.mapView', JSON.stringify({center: arguments[0], zoom: 12}))", list(START))
        b.open("/#/activity")
        clusters = lambda: sorted(m.text for m in b.finds(".cluster-icon"))
        try:
            b.wait(lambda: clusters() == ["*", "3"])
        except TimeoutException:
            raise AssertionError(f"not the two clusters at zoom 12 but {clusters()}")
        b.shot("activity-clusters")

        # Dragging the map fetches once, when it stops.
        time.sleep(1)
        before = browse_requests(b)
        chain = ActionChains(b.driver).move_to_element(b.find("#route-map")).click_and_hold()
        for _ in range(6):
            chain.move_by_offset(-20, 0).pause(0.05)
        chain.release().perform()
        time.sleep(1.5)
        assert browse_requests(b) == before + 1

        # Tapping the big cluster zooms in until the routes show; they share a start: one marker.
        for _ in range(6):
            stars = [m for m in b.finds(".cluster-icon") if m.text in ("*", "25")]
            if not stars:
                break
            stars[0].click()
            time.sleep(1.2)
        marker = b.wait(lambda: next((m for m in b.finds(".route-icon") if m.text == "25"), None), message="no route marker")
        marker.click()
        drawer = b.visible(".drawer")
        assert "1 of 25" in drawer.text
        assert [a.get_attribute("data-format") for a in b.finds(".drawer .course-links a")] == ["fit", "tcx", "gpx"]
        status = b.driver.execute_async_script(
            "fetch(document.querySelector('.course-links a').href).then((r) => arguments[arguments.length - 1](r.status))")
        assert status == 200
        b.wait(lambda: "Ida" in b.find(".top-runs").text, message="no top runs")
        b.click("button[name=next]")
        b.wait(lambda: "2 of 25" in b.find(".drawer").text)
        b.shot("route-drawer-paging")
        if phone:
            route_id = b.find(".drawer").get_attribute("data-route-id")
            b.click("button[name=favourite]")
            assert b.find("button[name=favourite]").get_attribute("aria-pressed") == "true"

            def favourites():
                return [route["id"] for route in server.api("GET", "/favourites", token=token)[1]["routes"]]
            b.wait(lambda: favourites() == [route_id], message="the favourite did not reach the server")
        assert b.errors() == []
