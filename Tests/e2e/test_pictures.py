"""Pictures fetched into the instance: a mission stage's photo and a plaque's, named on a
host of the test's own (127.0.0.1, which only the tests-only setting lets the server reach,
over http), are fetched by the server in the background and shown as <img> served from the
instance, with their credit; the service worker keeps them, so they show with the server
gone; one that does not load gives way to the link, saying why."""
import datetime
import http.server
import json
import sqlite3
import struct
import subprocess
import tempfile
import threading
import zlib
from pathlib import Path

import pytest

from conftest import Server, paceline_binary
from park_mission import park_mission

START = (55.8600, -4.2600)
METERS_PER_DEGREE = 111_320


def png(width, height, top, bottom):
    """A PNG of a vertical gradient from `top` to `bottom` (RGB)."""
    rows = b"".join(b"\x00" + bytes(round(a + (b - a) * y / (height - 1)) for a, b in zip(top, bottom)) * width
                    for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


PICTURES = {"/fountain.png": png(320, 200, (30, 120, 200), (20, 160, 90)),
            "/plaque.png": png(320, 240, (20, 60, 160), (230, 230, 240))}


class PictureHost(http.server.BaseHTTPRequestHandler):
    asked = []

    def do_GET(self):
        PictureHost.asked.append(self.path)
        body = PICTURES.get(self.path)
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "image/png" if body else "text/plain")
        self.send_header("Content-Length", str(len(body or b"")))
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, *arguments):
        pass


@pytest.fixture(scope="module")
def host():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PictureHost)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()


@pytest.fixture(scope="module")
def server():
    """A server that fetches pictures from 127.0.0.1 (tests only), with no shipped missions or
    plaques (whose photos are on the internet)."""
    with tempfile.TemporaryDirectory() as empty:
        server = Server({"PACELINE_FETCH_PICTURES": "1", "PACELINE_TESTS_ONLY_PICTURES_FROM_LOOPBACK": "1",
                         "PACELINE_MISSIONS": empty, "PACELINE_PLAQUES": empty})
        yield server
        server.stop()


def north(meters):
    return START[0] + meters / METERS_PER_DEGREE, START[1]


def load(server, tmp_path, port):
    """A mission whose first stage (80 m) has the fountain's photo, and a plaque with a photo, both on `port`."""
    mission = park_mission(START, mission_id="park-pictures", name="Park Pictures", photo={
        "url": f"https://127.0.0.1:{port}/fountain.png", "attribution": "Test photo, CC0", "page": f"https://127.0.0.1:{port}/fountain"})
    (tmp_path / "park.geojson").write_text(json.dumps(mission))
    plaque = north(60)
    (tmp_path / "plaque.csv").write_text(
        "id,title,inscription,latitude,longitude,erected,main_photo,photo_credit\n"
        f"900003,Park fountain plaque,The fountain was given by the people of the park,{plaque[0]},{plaque[1]},1901,"
        f"http://127.0.0.1:{port}/plaque.png,\"Jane Doe, CC BY 2.0\"\n")
    database = str(Path(server.folder.name) / "e2e.sqlite")
    for command in (["mission", "import", str(tmp_path / "park.geojson")], ["poi", "import", str(tmp_path / "plaque.csv")]):
        done = subprocess.run([paceline_binary(), *command, "--database", database], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr


def test_a_stage_photo_and_a_plaque_photo_are_pictures_from_the_instance(server, browser, host, tmp_path):
    load(server, tmp_path, host)
    ann = server.register("Ann")
    status, journey = server.api("PUT", "/missions/park-pictures/journey",
                                 {"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 1}}, token=ann.token)
    assert status == 201, journey
    begin = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=10)
    fixes = [{"time": (begin + datetime.timedelta(seconds=second)).isoformat(), "latitude": north(3 * second)[0],
              "longitude": START[1], "horizontalAccuracy": 5} for second in range(0, 41)]
    status, run = server.api("POST", "/runs", {"sport": "run", "fixes": fixes}, token=ann.token)
    assert status == 201, run

    # The server fetches both in the background (every 5 s), once each.
    def kept():
        status, journey = server.api("GET", "/missions/park-pictures/journey", token=ann.token)
        return journey["completedStages"] and journey["completedStages"][0]["photo"].get("pictureUrl")
    b = browser()
    b.wait(kept, seconds=30, message="the stage's picture was not fetched within 30 s")
    assert sorted(PictureHost.asked) == ["/fountain.png", "/plaque.png"], PictureHost.asked

    b.log_in(ann)
    b.open("/#/missions/park-pictures")
    image = b.visible(".stage-list .unlocked img")
    assert image.get_attribute("src").startswith(server.url + "/api/v1/pictures/"), image.get_attribute("src")
    b.wait(lambda: b.js("return arguments[0].complete && arguments[0].naturalWidth", image) == 320,
           message="the stage's picture did not load")
    assert image.get_attribute("alt") == "Fountain"
    assert "Test photo, CC0" in b.find(".stage-list .unlocked").text
    assert b.find(".stage-list .unlocked .stage-photo a").get_attribute("href") == f"https://127.0.0.1:{host}/fountain"
    assert b.finds(".stage-list .photo-link") == []
    b.js("arguments[0].scrollIntoView({block: 'center'})", image)
    b.shot("mission-stage-picture")

    # The plaque's page: its photo from the instance, where it came from, and Open Plaques' credit.
    status, answer = server.api("GET", f"/pois?south={north(0)[0]}&west={START[1] - 0.01}&north={north(200)[0]}&east={START[1] + 0.01}")
    plaque = next(point for point in answer["points"] if point["title"] == "Park fountain plaque")
    b.open(f"/#/pois/{plaque['id']}")
    photo = b.visible("img.poi-photo")
    assert photo.get_attribute("src").startswith(server.url + "/api/v1/pictures/")
    b.wait(lambda: b.js("return arguments[0].complete && arguments[0].naturalWidth", photo) == 320,
           message="the plaque's picture did not load")
    assert b.find(".poi-picture figcaption").text == "Photo: Jane Doe, CC BY 2.0"
    assert b.find(".poi-attribution").text == "Plaque data: Open Plaques, public domain"
    assert b.layout_problems("plaque-picture") == []
    b.shot("plaque-picture")

    # The content security policy still loads images from the instance alone.
    csp = b.js("return fetch('/').then(r => r.headers.get('Content-Security-Policy'))")
    image_sources = next(part for part in csp.split(";") if part.strip().startswith("img-src")).split()[1:]
    assert not any(f":{host}" in source or "wikimedia" in source or "flickr" in source for source in image_sources), image_sources

    assert b.errors() == []

    # With the server gone, the service worker still has the stage's picture (the requests
    # to the gone server are the console's errors from here on).
    b.open("/#/missions/park-pictures")
    b.visible(".stage-list .unlocked img")
    server.halt()
    b.driver.refresh()
    image = b.visible(".stage-list .unlocked img", seconds=30)
    b.wait(lambda: b.js("return arguments[0].complete && arguments[0].naturalWidth", image) == 320,
           message="the kept picture did not show offline")
    b.js("arguments[0].scrollIntoView({block: 'center'})", image)
    b.shot("mission-stage-picture-offline")
    server.start()

    # A picture that does not load (here its kept bytes spoilt, on another phone that never
    # saw it): the link to the photo where it is kept stands in, and says why.
    with sqlite3.connect(Path(server.folder.name) / "e2e.sqlite") as database:
        database.execute("UPDATE pictures SET bytes = X'00' WHERE url LIKE '%/plaque.png'")
    other = browser()
    other.open(f"/#/pois/{plaque['id']}")
    line = other.visible(".poi-photo-line", seconds=30)
    assert line.text == "Photo (not loaded: opens where it is kept)", line.text
    assert other.find(".poi-photo-link").get_attribute("href") == f"http://127.0.0.1:{host}/plaque.png"
    assert other.find(".poi-attribution").text == "Plaque data: Open Plaques, public domain"
    other.shot("plaque-picture-not-loaded")
