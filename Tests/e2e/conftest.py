"""Browser tests of the web app: headless Chromium (Debian's chromium and
chromium-driver) driven by selenium, against a real `paceline serve` on a real SQLite
database, started fresh for each test module.

Fixtures:
- `server`: the running server (`server.url`, `server.api(...)` for direct REST calls).
- `browser`: a factory, `browser(phone=True)`, of new Chromium windows (closed after the
  test); each records what the app speaks in `window.__spoken`.
- helpers on the returned driver wrapper: `open(path)`, `locate(lat, lon)`, `shot(name)`;
  `step(lat, lon)` moves the app's clock a second on and the GPS with it (TEST_CLOCK);
  `lose_gps()` makes the GPS report no position; `record_vibrations()` before opening the
  app, then `vibrations()`, what it asked the phone to vibrate.

Screenshots go to Tests/e2e/screenshots/ (not committed), or $PACELINE_E2E_SCREENSHOTS.
"""
import json
import os
import re
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import NamedTuple

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPOSITORY = Path(__file__).resolve().parents[2]
# The track corpus, found as the Swift tests find it (PacelineTestSupport's
# Fixtures.swift): $PACELINE_TRACKS, or the repository's Tests/Fixtures/tracks.
TRACKS = Path(os.environ.get("PACELINE_TRACKS", REPOSITORY / "Tests/Fixtures/tracks"))
SCREENSHOTS = Path(os.environ.get("PACELINE_E2E_SCREENSHOTS", REPOSITORY / "Tests/e2e/screenshots"))
PHONE = (390, 844)
DESKTOP = (1366, 900)
# Tiles from a port nothing listens on: the app must work without them, and tests never
# reach the internet.
NO_TILES = "http://127.0.0.1:9/{z}/{x}/{y}.png"
# Every test user's password.
PASSWORD = "correct horse"


class Account(NamedTuple):
    """A user registered through the API: a bearer token for the test's own API calls, the
    profile, and the email the browser logs in with (through the form)."""
    token: str
    profile: dict
    email: str

# Records what the app says through the Web Speech API (headless Chromium has no voices).
SPEECH_RECORDER = """
window.__spoken = [];
if (window.speechSynthesis) {
  const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
  window.speechSynthesis.speak = (utterance) => {
    window.__spoken.push({text: utterance.text, at: Date.now()});
    try { speak(utterance); } catch (e) {}
    setTimeout(() => utterance.onend && utterance.onend(new Event('end')), 10);
  };
}
"""

# Records what the app asks the phone to vibrate (headless Chromium has no vibrator), each
# pattern as a list of ms; navigator.vibrate exists then whatever the browser.
VIBRATION_RECORDER = """
window.__vibrations = [];
Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true, writable: true, value(pattern) {
  window.__vibrations.push(Array.isArray(pattern) ? [...pattern] : [pattern]);
  return true;
} });
"""

# The app's clock in tests (Public/js/engine/clock.js): the device's time plus an offset
# the test moves on (kept in sessionStorage, so a reload keeps it), so a minute of
# running takes a moment. Installed through the DevTools protocol before the app's first
# script, where no page can put it. `fixes` counts the GPS fixes the app has taken.
TEST_CLOCK = """
(() => {
  const key = 'pacelineTestClock.offset';
  const offset = () => { try { return Number(sessionStorage.getItem(key)) || 0; } catch (e) { return 0; } };
  window.pacelineTestClock = {
    fixes: 0,
    now: () => Date.now() + offset(),
    fixTime(timestamp) { this.fixes += 1; return timestamp + offset(); },
    advance(ms) { sessionStorage.setItem(key, String(offset() + ms)); },
  };
})();
"""


# Every visible text node in the view: its box must lie within each box around it (its
# cell, the cell's row, the card …), inside the card's padding, and within the screen's
# width; a box that scrolls sideways on purpose excuses its contents, and a
# `text-overflow: ellipsis` cut is a choice, not a spill.
LAYOUT_CHECK = """
const found = [];
const view = document.getElementById('view');
const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
const name = (e) => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.textContent.trim()) continue;
  const parent = node.parentElement;
  if (!parent || parent.closest('.leaflet-container, svg, select, option, [hidden]')) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  const text = range.getBoundingClientRect();
  if (!text.width || !text.height) continue;
  const said = node.textContent.trim();
  let problem = null, excused = false;
  for (let e = parent; e && e !== view.parentElement && !problem; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') { excused = true; break; }
    if (style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex') continue;
    const box = e.getBoundingClientRect();
    if (text.left < box.left - 1 || text.right > box.right + 1) problem = said + ': out of ' + name(e);
    else if (e.classList.contains('card')) {
      const left = box.left + parseFloat(style.paddingLeft), right = box.right - parseFloat(style.paddingRight);
      if (text.left < left - 1 || text.right > right + 1) problem = said + ': on the edge of its card, in ' + name(parent);
    }
  }
  if (!problem && !excused && (text.left < -1 || text.right > window.innerWidth + 1)) problem = said + ': off the screen in ' + name(parent);
  if (problem) found.push(problem);
}
return found;
"""

# Values a person should never read: a script's null, undefined, NaN or an object, as text.
STRAY_VALUES = """
const found = [];
const walker = document.createTreeWalker(document.getElementById('view'), NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (/\\b(null|undefined|NaN)\\b|\\[object /.test(node.textContent)) found.push(node.textContent);
}
return found;
"""


def paceline_binary():
    path = os.environ.get("PACELINE_BIN") or str(REPOSITORY / ".build/debug/paceline")
    if not Path(path).exists():
        subprocess.run(["swift", "build", "--product", "paceline"], cwd=REPOSITORY, check=True)
    return path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A `paceline serve` child on a fresh SQLite file. It fetches no pictures from the
    internet unless `environment` (added to the server's) says so; it listens on `port`
    (a free one when none is given)."""

    def __init__(self, environment=None, port=None):
        self.environment = {**os.environ, "PACELINE_FETCH_PICTURES": "0", **(environment or {})}
        self.folder = tempfile.TemporaryDirectory(prefix="paceline-e2e-")
        # The SQLite file it serves from, for the operator's commands (`paceline admin`, `paceline map import`).
        self.database = Path(self.folder.name) / "e2e.sqlite"
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(Path(self.folder.name) / "server.log", "a")
        self.start()

    def start(self):
        """Starts the server process (again, after `halt`: same port, same database)."""
        self.process = subprocess.Popen(
            [paceline_binary(), "serve", "--port", str(self.port),
             "--database", str(self.database),
             "--public", str(REPOSITORY / "Public"), "--tile-url", NO_TILES],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.environment)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/v1/health", timeout=1)
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        raise RuntimeError("the server did not start:\n" + (Path(self.folder.name) / "server.log").read_text())

    def grant_admin(self, email):
        """Makes the account with `email` an admin, as an operator does: `paceline admin grant`."""
        subprocess.run([paceline_binary(), "admin", "grant", email, "--database", str(self.database)],
                       check=True, capture_output=True, timeout=60)

    def halt(self):
        """Stops the server process: for the browser, the network is gone."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def api(self, method, path, body=None, token=None, content_type="application/json", headers=None):
        """Calls the REST API; returns (status, decoded JSON or None)."""
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        request = urllib.request.Request(self.url + "/api/v1" + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        if token:
            request.add_header("Authorization", "Bearer " + token)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read()
            return error.code, (json.loads(text) if text else None)

    def register(self, name, sharing=None, proxy_header=None):
        """A new user, registered through the API: an Account (token, profile, email). With
        `sharing` ("public", "friends"), their runs get that privacy unless they say otherwise
        (a new account's are "private" until it chooses). Behind a trusted proxy's header
        (`proxy_header`, its name), the registration carries it naming the email."""
        email = f"{re.sub(r'[^a-z0-9]', '', name.lower())[:20]}-{uuid.uuid4().hex[:8]}@example.org"
        status, answer = self.api("POST", "/auth/register", {"email": email, "password": PASSWORD, "displayName": name},
                                  headers={proxy_header: email} if proxy_header else None)
        assert status == 201, answer
        if sharing:
            status, profile = self.api("PATCH", "/me", {"defaultPrivacy": sharing}, token=answer["token"])
            assert status == 200, profile
            answer["profile"] = profile
        return Account(answer["token"], answer["profile"], email)

    def token(self, email):
        """A bearer token of the user with `email` (say, one who registered through the
        browser, whose own session is a cookie no script reads), for the test's API calls."""
        status, answer = self.api("POST", "/auth/login", {"email": email, "password": PASSWORD})
        assert status == 200, answer
        return answer["token"]

    def stop(self):
        self.halt()
        self.log.close()
        self.folder.cleanup()


@pytest.fixture(scope="module")
def server():
    server = Server()
    yield server
    server.stop()


class Browser:
    """One Chromium window on the app, with a phone's or a desktop's size."""

    def __init__(self, server, phone=True):
        self.server = server
        self.size = PHONE if phone else DESKTOP
        self.kind = "phone" if phone else "desktop"
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("PACELINE_CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={self.size[0]},{self.size[1]}", "--lang=en-GB",
                         "--autoplay-policy=no-user-gesture-required"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(os.environ.get("PACELINE_CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_window_size(*self.size)
        self.cdp("Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation"]})
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": SPEECH_RECORDER})
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": TEST_CLOCK})
        if phone:
            self.cdp("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})

    def resize(self, width, height):
        """Makes the window a phone of `width` × `height` CSS pixels (375 × 812, 320 × 640 …)."""
        self.size = (width, height)
        self.cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})

    def overflowing(self):
        """The texts on the screen that spill out of their cell (wider than the box they are
        in, or past the screen's edge), as "text: where" lines; maps and boxes that scroll
        sideways on purpose are left out."""
        return self.js(LAYOUT_CHECK)

    def layout_problems(self, name, widths=(375, 320)):
        """The screen as it is, at each phone width (812 px high): a screenshot NAME-WIDTH
        each, and the texts that spill out of their cells (`overflowing`) or are a script's
        stray value, as "WIDTH px: text: where" lines; the window's size is restored after."""
        before = self.size
        problems = []
        for width in widths:
            self.resize(width, 812)
            self.shot(f"{name}-{width}")
            problems += [f"{width} px: {problem}" for problem in self.overflowing() + self.stray_values()]
        self.resize(*before)
        return problems

    def stray_values(self):
        """Texts on the screen holding a script's null, undefined, NaN or [object …]."""
        return self.js(STRAY_VALUES)

    def cdp(self, command, arguments=None):
        return self.driver.execute_cdp_cmd(command, arguments or {})

    def open(self, path="/"):
        self.driver.get(self.server.url + path)

    def locate(self, latitude, longitude, accuracy=5):
        """Moves the device's GPS (what navigator.geolocation reports)."""
        self.cdp("Emulation.setGeolocationOverride", {"latitude": latitude, "longitude": longitude, "accuracy": accuracy})

    def lose_gps(self):
        """The device's GPS goes silent: it has no position to give (as in a tunnel, or
        under a bridge), which the app hears as an error of its watch; `locate` or `step`
        brings positions back."""
        self.cdp("Emulation.setGeolocationOverride", {})

    def record_vibrations(self):
        """From the next page opened on, navigator.vibrate records instead (`vibrations`)."""
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": VIBRATION_RECORDER})

    def vibrations(self):
        """The patterns the app asked to vibrate on this page, in order."""
        return self.js("return window.__vibrations || []")

    def now(self):
        """The time on the app's clock, in seconds (the device's, plus what `step` added)."""
        return self.js("return pacelineTestClock.now()") / 1000

    def step(self, latitude, longitude, seconds=1):
        """Moves the app's clock `seconds` on and the GPS to (latitude, longitude), and
        waits until the app has taken the fix: a second of running, in a moment."""
        taken = self.js("return pacelineTestClock.fixes")
        self.js("pacelineTestClock.advance(arguments[0])", seconds * 1000)
        self.locate(latitude, longitude)
        self.wait(lambda: self.js("return pacelineTestClock.fixes") > taken, 10, "the app did not take the fix")

    def run_along(self, checkpoints, speed=1.25, seconds=60):
        """Runs `seconds` one second at a time along a pace's `checkpoints` (a plan's or a
        runner's), `speed` times as fast as they were run; the gap shown after each second."""
        index, gaps = 0, []
        for second in range(1, seconds + 1):
            planned = second * speed
            while index < len(checkpoints) - 2 and checkpoints[index + 1]["elapsedSeconds"] <= planned:
                index += 1
            a, c = checkpoints[index], checkpoints[index + 1]
            share = min(1, max(0, (planned - a["elapsedSeconds"]) / (c["elapsedSeconds"] - a["elapsedSeconds"])))
            self.step(a["latitude"] + (c["latitude"] - a["latitude"]) * share, a["longitude"] + (c["longitude"] - a["longitude"]) * share)
            gaps.append(self.find("#gap").text)
        return gaps

    def offline(self, offline=True):
        """Cuts (or restores) the page's network, as a phone in a tunnel. The service
        worker is not covered (it still reaches a running server): to test what it serves
        offline, `server.halt()` instead."""
        self.cdp("Network.enable")
        self.cdp("Network.emulateNetworkConditions", {"offline": offline, "latency": 0,
                                                      "downloadThroughput": -1, "uploadThroughput": -1})

    def wait(self, condition, seconds=20, message=""):
        return WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(lambda _: condition(), message)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def visible(self, css, seconds=20):
        """Waits until an element matching `css` is displayed; returns it."""
        def shown():
            try:
                for element in self.finds(css):
                    if element.is_displayed():
                        return element
            except StaleElementReferenceException:
                pass  # redrawn meanwhile: look again
            return None
        return self.wait(shown, seconds, f"{css} did not appear")

    def click(self, css, seconds=20):
        element = self.visible(css, seconds)
        self.wait(lambda: element.is_enabled(), seconds, f"{css} stayed disabled")
        self.driver.execute_script("arguments[0].click()", element)
        return element

    def type(self, css, text):
        element = self.visible(css)
        element.clear()
        element.send_keys(text)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def spoken(self):
        return [entry["text"] for entry in (self.js("return window.__spoken || []") or [])]

    def shot(self, name):
        """Saves a screenshot as screenshots/NAME-phone.png (or -desktop)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}-{self.kind}.png"))

    def errors(self):
        """Severe console messages (uncaught errors, failed loads) since the last call, but
        for the map tiles, which fail on purpose (NO_TILES)."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE" and "127.0.0.1:9/" not in entry["message"]]

    def accessibility(self, exclude=()):
        """The WCAG 2 A and AA violations axe-core finds on the page as it is now (the copy
        PyPI's axe-playwright-python ships, injected by WebDriver), as "rule: target" lines.
        `exclude`: CSS selectors of parts not ours (the map's tiles and controls)."""
        import axe_playwright_python
        source = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
        if not self.js("return Boolean(window.axe)"):
            self.js(source)
        result = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            axe.run({ exclude: arguments[0].map((css) => [css]) }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })
              .then((r) => done(r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | '))),
                    (e) => done(['axe failed: ' + e]));""", list(exclude))
        return result

    def start_recording(self, latitude, longitude):
        """From the map, starts recording a run with the GPS at (latitude, longitude): the
        map's + opens the recording screen, Begin starts the clock."""
        self.locate(latitude, longitude)
        self.open("/#/activity")
        self.click("button[name=start]")
        self.click("button[name=begin]")

    def log_in(self, account):
        """Logs in as `account` (from server.register) through the login screen, as a
        person would: the session is then the server's HttpOnly cookie."""
        self.open("/#/login")
        self.type("input[name=email]", account.email)
        self.type("input[name=password]", PASSWORD)
        self.click("button[name=submit]")
        self.wait(lambda: "#/login" not in self.driver.current_url, message="logging in did not leave the login screen")

    def register(self, name):
        """Registers through the login screen; returns the email used."""
        email = f"{name.lower()}-{uuid.uuid4().hex[:8]}@example.org"
        self.open("/#/login")
        self.click("button[name=switch]")
        self.type("input[name=email]", email)
        self.type("input[name=password]", PASSWORD)
        self.type("input[name=displayName]", name)
        self.click("button[name=submit]")
        self.wait(lambda: "#/home" in self.driver.current_url, message="registration did not reach the home screen")
        return email

    def close(self):
        self.driver.quit()


@pytest.fixture
def browser(server):
    opened = []

    def make(phone=True):
        window = Browser(server, phone)
        opened.append(window)
        return window

    yield make
    for window in opened:
        window.close()
