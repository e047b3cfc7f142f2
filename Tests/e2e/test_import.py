"""Import by dropping real device files (GPX, TCX, FIT) on the import screen: each becomes a
run, a malformed one gets its reason and costs the others nothing. And ?simulate= replays
a stored run as the GPS."""
import base64
import time
from pathlib import Path

from conftest import TRACKS

FILES = ["gpx/run.gpx", "tcx/garmin_connect.tcx", "fit/garmin-fenix-5-run.fit", "malformed/activity-unexpected-eof.fit"]

DROP = """
const [files, done] = [arguments[0], arguments[arguments.length - 1]];
const transfer = new DataTransfer();
for (const file of files) {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  transfer.items.add(new File([bytes], file.name));
}
const zone = document.getElementById('dropzone');
zone.dispatchEvent(new DragEvent('dragover', {dataTransfer: transfer, bubbles: true, cancelable: true}));
zone.dispatchEvent(new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true}));
done(true);
"""


def test_dropped_device_files_become_runs_and_a_broken_one_says_why(server, browser):
    account = server.register("Gus")
    token = account.token
    b = browser()
    b.log_in(account)
    b.open("/#/import")
    b.visible("#dropzone")
    b.shot("import")
    files = [{"name": Path(name).name, "data": base64.b64encode((TRACKS / name).read_bytes()).decode()} for name in FILES]
    b.driver.execute_async_script(DROP, files)

    def states():
        return {row.get_attribute("data-file"): row.find_element("css selector", ".state").text for row in b.finds("#import-list li")}
    b.wait(lambda: len(states()) == 4 and all(not text.endswith("…") for text in states().values()), 60, "the uploads did not finish")
    result = states()
    assert all(result[Path(name).name] == "uploaded: see it" for name in FILES[:3]), result
    assert "unexpected-eof" not in result["activity-unexpected-eof.fit"] and result["activity-unexpected-eof.fit"], result
    b.shot("import-done")
    status, page = server.api("GET", "/runs", token=token)
    assert len(page["runs"]) == 3
    assert sorted(run["format"] for run in page["runs"]) == ["fit", "gpx", "tcx"]
    # The broken file stays listed, with its reason, until dismissed.
    items = b.driver.execute_async_script("import('/js/engine/api/outbox.js').then(m => m.outbox.items()).then(arguments[0])")
    assert [item["state"] for item in items] == ["failed"]


def test_simulate_replays_a_stored_run_as_the_gps(server, browser):
    account = server.register("Hal")
    token = account.token
    fixes = [{"time": f"2026-11-20T09:00:{i:02d}Z", "latitude": 55.86 + i * 4 / 111_320, "longitude": -4.26} for i in range(40)]
    status, run = server.api("POST", "/runs", {"fixes": fixes}, token=token)
    assert status == 201
    b = browser()
    b.log_in(account)
    b.open(f"/?simulate={run['id']}#/record")
    b.click("button[name=begin]")
    assert "simulated GPS" in b.visible(".status-line").text
    # The series has a point every 20 m (5 s here): after 12 s, two or three steps.
    b.wait(lambda: float(b.find("#distance").text.split()[0]) >= 0.02, 15, "the simulated run did not move")
