"""The personal heat map at scale: one runner with ACTIVITIES runs and walks spread over a
city (3-15 km each, a fix every 3 s), then GET /me/heatmap timed (p50 of 5, bytes plain and
gzipped), then the app's #/heatmap in headless Chromium at 375x812: the time from opening
the screen to the first drawing, and each viewport drawing (data-draw-ms) as the map is
zoomed and panned. Prints the numbers docs/PERFORMANCE.md quotes.

    python3 Benchmarks/heatmap/draw.py BASE_URL [ACTIVITIES]
"""
import concurrent.futures
import datetime
import gzip
import json
import math
import os
import random
import statistics
import sys
import time
import urllib.request
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BASE = sys.argv[1].rstrip("/")
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
PASSWORD = "heat map benchmark"


def api(method, path, body=None, token=None, headers=None):
    request = urllib.request.Request(BASE + "/api/v1" + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.status, response.read(), dict(response.headers)


def activity(index):
    """A run or walk from somewhere in a 12 km city, wandering 3-15 km, a fix every 3 s."""
    rng = random.Random(index)
    latitude = 55.86 + rng.uniform(-0.05, 0.05)
    longitude = -4.25 + rng.uniform(-0.09, 0.09)
    metres, speed, step = rng.uniform(3000, 15000), rng.uniform(2.5, 4.0), 3
    heading = rng.uniform(0, 2 * math.pi)
    begin = datetime.datetime(2021, 1, 1, 7, tzinfo=datetime.timezone.utc) + datetime.timedelta(hours=21 * index)
    fixes, covered, t = [], 0.0, begin
    while covered < metres:
        fixes.append({"time": t.isoformat().replace("+00:00", "Z"), "latitude": round(latitude, 6), "longitude": round(longitude, 6)})
        heading += rng.gauss(0, 0.15)
        moved = speed * step
        latitude += moved * math.cos(heading) / 111320
        longitude += moved * math.sin(heading) / (111320 * math.cos(math.radians(latitude)))
        covered += moved
        t += datetime.timedelta(seconds=step)
    return {"fixes": fixes, "sport": "run" if index % 4 else "walk"}


def wait(driver, script, seconds=60, step=0.1):
    """Waits until `script` returns true in the page."""
    deadline = time.time() + seconds
    while not driver.execute_script(script):
        assert time.time() < deadline, f"waited in vain: {script}"
        time.sleep(step)


def main():
    email = f"heat-{uuid.uuid4().hex[:8]}@example.org"
    status, body, _ = api("POST", "/auth/register", {"email": email, "password": PASSWORD, "displayName": "Heat"})
    token = json.loads(body)["token"]
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for done, (status, _, _) in enumerate(pool.map(lambda i: api("POST", "/runs?privacy=private", activity(i), token), range(COUNT)), 1):
            assert status == 201, status
            if done % 500 == 0:
                print(f"  {done} uploaded", file=sys.stderr)
    print(f"uploaded {COUNT} activities in {time.perf_counter() - started:.0f} s")

    times, size, zipped = [], 0, 0
    for _ in range(5):
        begin = time.perf_counter()
        _, plain, _ = api("GET", "/me/heatmap", token=token)
        times.append((time.perf_counter() - begin) * 1000)
        size = len(plain)
    _, wire, headers = api("GET", "/me/heatmap", token=token, headers={"Accept-Encoding": "gzip"})
    zipped = len(wire) if headers.get("Content-Encoding") == "gzip" else len(gzip.compress(wire))
    lines = sum(len(a["lines"]) for a in json.loads(plain)["activities"])
    points = sum(len(line) for a in json.loads(plain)["activities"] for line in a["lines"])
    print(f"GET /me/heatmap: p50 {statistics.median(times):.0f} ms, {size:,} bytes, {zipped:,} gzipped, {lines} lines, {points:,} characters of polyline")

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("PACELINE_CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=375,812"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("PACELINE_CHROMEDRIVER", "/usr/bin/chromedriver")))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True})
    try:
        # Signed in through the login screen, as a person is.
        driver.get(BASE + "/#/login")
        wait(driver, "return document.querySelector('input[name=email]') !== null")
        driver.find_element(By.CSS_SELECTOR, "input[name=email]").send_keys(email)
        driver.find_element(By.CSS_SELECTOR, "input[name=password]").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "button[name=submit]").click()
        wait(driver, "return !location.hash.startsWith('#/login')")
        driver.get(BASE + "/#/profile")
        time.sleep(1)
        opened = driver.execute_script("const t = performance.now(); location.hash = '#/heatmap'; return t")
        wait(driver, "return document.querySelector('canvas.heat-canvas[data-draw-ms]') !== null", step=0.01)
        first = driver.execute_script("return performance.now()") - opened
        draws = [float(driver.execute_script("return document.querySelector('canvas.heat-canvas').dataset.drawMs"))]
        for control in ["in", "in", "in", "out", "out", "out", "out", "in"]:
            driver.execute_script(f"document.querySelector('.leaflet-control-zoom-{control}').click()")
            time.sleep(0.6)
            draws.append(float(driver.execute_script("return document.querySelector('canvas.heat-canvas').dataset.drawMs")))
        shown = driver.execute_script("return document.querySelector('canvas.heat-canvas').dataset.lines")
        print(f"#/heatmap, 375x812 at 2x: opened to first drawing {first:.0f} ms (fetch, decode, project, draw)")
        print(f"  viewport drawings: {', '.join(f'{d:.1f}' for d in draws)} ms; median {statistics.median(draws):.1f}, max {max(draws):.1f}; {shown} lines in the last view")
    finally:
        driver.quit()


main()
