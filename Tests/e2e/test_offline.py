"""Offline: the outbox keeps a run saved without a network (a paused one, so in segments)
and sends it exactly once when the network returns; the service worker opens the app with no server at all and shows the
routes and runs seen before; and it caches every file of the app."""
import re
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import REPOSITORY, Browser, Server
from test_recording import START, move, north

METERS_PER_DEGREE = 111_320


def runs_of(server, token):
    status, page = server.api("GET", "/runs", token=token)
    assert status == 200, page
    return page["runs"]


def test_a_run_saved_offline_is_uploaded_once_when_the_network_returns(server, browser):
    account = server.register("Eve")
    token = account.token
    b = browser()
    b.log_in(account)
    b.start_recording(*START)
    covered = move(b, START, 5, 8)  # 40 m
    b.click("button[name=pause]")
    covered = move(b, START, 10, 5, offset=covered)  # 50 m while paused
    b.click("button[name=resume]")
    move(b, START, 5, 4, offset=covered)  # 20 m
    b.offline(True)
    b.wait(lambda: b.js("return navigator.onLine") is False)
    b.click("button[name=end]")
    b.click("button[name=save]")
    assert "upload when you are back online" in b.visible("#saved-status").text
    badge = b.visible("#outbox-status")
    assert badge.text == "1 waiting to send"
    b.shot("saved-offline")
    time.sleep(2)
    assert runs_of(server, token) == []  # nothing got through

    b.offline(False)
    b.wait(lambda: len(runs_of(server, token)) == 1, 30, "the queued run did not land")
    b.wait(lambda: not b.find("#outbox-status").is_displayed(), message="the badge did not clear")
    assert "Uploaded" in b.visible("#saved-status").text
    b.driver.refresh()
    b.visible("#route-map")
    time.sleep(3)
    runs = runs_of(server, token)
    assert len(runs) == 1, "sent twice"
    assert runs[0].get("routeId") is None and runs[0]["privacy"] == "private", "saving makes no route, and a new account's run is its own"
    assert 45 <= runs[0]["distanceMeters"] <= 75, runs[0]  # 40 + 20 m, not the 50 m while paused
    request = urllib.request.Request(f"{server.url}/api/v1/runs/{runs[0]['id']}/export?format=gpx",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as answer:
        assert answer.read().decode().count("<trkseg>") == 2, "the outbox did not carry the segments"
    assert b.errors() == [] or all("Failed to fetch" in e or "ERR_INTERNET_DISCONNECTED" in e for e in b.errors())


@pytest.fixture
def lonely_server():
    """A server of this test's own, which it stops."""
    server = Server()
    yield server
    server.stop()


def test_the_app_opens_with_no_server_and_shows_what_it_saw(lonely_server):
    server = lonely_server
    account = server.register("Flo", sharing="public")
    token = account.token
    fixes = [{"time": f"2026-11-20T09:{i // 60:02d}:{i % 60:02d}Z", "latitude": START[0] + i * 4 / METERS_PER_DEGREE,
              "longitude": START[1]} for i in range(90)]
    status, run = server.api("POST", "/runs", {"fixes": fixes, "name": "Riverside morning"}, token=token)
    assert status == 201, run
    status, route = server.api("POST", "/routes", {"runId": run["id"], "name": "Riverside"}, token=token)
    assert status == 201, route

    b = Browser(server)
    try:
        b.log_in(account)
        b.locate(*START)
        b.open("/#/activity")
        b.wait(lambda: int(b.find("#route-map").get_attribute("data-markers") or 0) >= 1, message="no route on the map")
        b.wait(lambda: b.js("return !!navigator.serviceWorker.controller"), message="no service worker")
        b.open("/#/profile")
        b.wait(lambda: "Riverside morning" in b.find("#view").text, message="the run is not in the profile")

        server.halt()
        b.open("/#/activity")
        b.driver.refresh()
        b.visible("#route-map")
        b.wait(lambda: int(b.find("#route-map").get_attribute("data-markers") or 0) >= 1, message="the routes seen before are gone")
        b.shot("activity-offline")
        b.open("/#/profile")
        b.wait(lambda: "Riverside morning" in b.find("#view").text, message="the runs seen before are gone")
        b.shot("profile-offline")
    finally:
        b.close()


def test_the_service_worker_caches_every_file_of_the_app():
    source = (REPOSITORY / "Public/sw.js").read_text()
    listed = set(re.findall(r"'(/[^']*)'", source))
    public = REPOSITORY / "Public"
    # The vendor libraries' provenance and licences are for people, not the app.
    files = {"/" + str(path.relative_to(public)) for path in public.rglob("*")
             if path.is_file() and path.name not in ("README.md", "copyright")} - {"/sw.js"}
    missing = sorted(files - listed)
    assert missing == [], f"sw.js does not cache {missing}"
    # A listed file that does not exist would fail the whole install.
    shell = set(re.findall(r"'(/[^']*)'", source[source.index("const SHELL"):source.index("];", source.index("const SHELL"))]))
    absent = sorted(path for path in shell if path != "/" and not (public / path.lstrip("/")).is_file())
    assert absent == [], f"sw.js lists files that do not exist: {absent}"
