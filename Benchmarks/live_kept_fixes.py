"""What keeping a live race's unacknowledged fixes in localStorage costs
(Public/js/engine/store/kept-fixes.js): the size of the JSON and the time to write it (stringify
and setItem, as a write does) and to read it back, for 60 to 7,200 fixes (a minute to two
hours in a dead zone), in headless Chromium.
Usage: python3 Benchmarks/live_kept_fixes.py [WRITES]"""
import functools
import http.server
import os
import sys
import tempfile
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WRITES = int(sys.argv[1]) if len(sys.argv) > 1 else 30

MEASURE = """
const [counts, writes] = arguments;
const lines = [];
for (const count of counts) {
  const start = Date.parse('2026-11-22T09:00:00Z');
  const fixes = Array.from({ length: count }, (_, index) => ({ sequence: 1000 + index,
    latitude: 55.85 + index * 1e-5 + Math.random() * 1e-7, longitude: -4.25 + index * 3e-5 + Math.random() * 1e-7,
    time: new Date(start + index * 1000).toISOString(), accuracy: 4.7, elevation: 21.3 + Math.random(), sentAt: Date.now() }));
  let write = 0, read = 0, size = 0;
  for (let round = 0; round < writes; round += 1) {
    fixes[0].latitude += 1e-9;   // a new value each time
    let begun = performance.now();
    const text = JSON.stringify({ userId: 'u', fixes }, (key, value) => (key === 'sentAt' ? undefined : value));
    localStorage.setItem('paceline.live.pending.s', text);
    write += performance.now() - begun;
    size = text.length;
    begun = performance.now();
    JSON.parse(localStorage.getItem('paceline.live.pending.s'));
    read += performance.now() - begun;
  }
  localStorage.removeItem('paceline.live.pending.s');
  lines.push(`${String(count).padStart(5)} fixes: ${(size / 1000).toFixed(0).padStart(5)} kB, write ${(write / writes).toFixed(2)} ms, read ${(read / writes).toFixed(2)} ms`);
}
return lines.join('\\n');
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_):
        pass


def main():
    folder = tempfile.TemporaryDirectory()
    Path(folder.name, "index.html").write_text("<!doctype html><title>kept fixes</title>")
    server = http.server.HTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=folder.name))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("PACELINE_CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("PACELINE_CHROMEDRIVER", "/usr/bin/chromedriver")))
    try:
        driver.get(f"http://127.0.0.1:{server.server_port}/index.html")   # localStorage needs an origin
        print(driver.execute_script(MEASURE, [60, 600, 1000, 3600, 7200], WRITES))
    finally:
        driver.quit()
        server.shutdown()
        folder.cleanup()


if __name__ == "__main__":
    main()
