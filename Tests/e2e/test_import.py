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


def strava_export(path):
    """A Strava account export as Strava writes it: activities.csv, and activities/ of the
    original files, some gzipped; one activity entered by hand (no file), one damaged file,
    and a Garmin-style inner archive of FIT files."""
    import gzip
    import io
    import zipfile
    csv = ('Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Filename\n'
           '1,"Oct 24, 2012, 11:29:40 PM",Night loop,Run,"Dark, then ""fast""\nhome",948,activities/1.gpx.gz\n'
           '2,"Feb 6, 2013, 12:11:14 PM",Lunch tempo,Run,,2625,activities/2.fit.gz\n'
           '3,"Mar 1, 2013, 9:00:00 AM",Gym,Weight Training,,3600,\n'
           '4,"Jan 1, 2014, 9:00:00 AM",Broken,Ride,,3600,activities/4.fit\n')
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_DEFLATED) as garmin:
        garmin.writestr("runner_tri.fit", (TRACKS / "fit/sample_mulitple_header.fit").read_bytes())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as export:
        export.writestr("activities.csv", csv)
        export.writestr("activities/1.gpx.gz", gzip.compress((TRACKS / "gpx/run.gpx").read_bytes()))
        export.writestr("activities/2.fit.gz", gzip.compress((TRACKS / "fit/2013-02-06-12-11-14.fit").read_bytes()))
        export.writestr("activities/4.fit", (TRACKS / "malformed/activity-unexpected-eof.fit").read_bytes())
        export.writestr("DI_CONNECT/UploadedFiles_0-_Part1.zip", inner.getvalue())
        export.writestr("profile.csv", "Athlete ID\n1\n")


def test_a_strava_export_moves_in_and_dropping_it_again_makes_nothing_twice(server, browser, tmp_path):
    account = server.register("Ivy")
    b = browser()
    b.log_in(account)
    b.open("/#/import")
    b.visible("#dropzone")
    archive = tmp_path / "export_12345.zip"
    strava_export(archive)
    drop = [{"name": archive.name, "data": base64.b64encode(archive.read_bytes()).decode()}]
    b.driver.execute_async_script(DROP, drop)
    status = lambda: b.find(".archive-import [role=status]").text
    b.wait(lambda: status().startswith("Done"), 60, "the archive import did not finish")
    # The GPX, the FIT and the triathlon's five legs; the damaged file listed with its reason.
    assert status().startswith("Done: 7 new activities, 0 already here, 1 not imported."), status()
    assert "1 activity was entered by hand" in status()
    problems = [row.text for row in b.finds(".archive-import .problems li")]
    # Named as the export names the activity, with its file, what is wrong in words, then the detail.
    assert len(problems) == 1 and problems[0].startswith("Broken · Jan 1, 2014, 9:00:00 AM\nactivities/4.fit"), problems
    assert "The file is damaged or cut short, so it can’t be read." in problems[0], problems
    assert b.find(".archive-import .problems .problem-detail").text.startswith("the FIT file can't be read"), problems
    b.shot("import-archive-done")
    _, page = server.api("GET", "/runs?limit=50", token=account.token)
    runs = {run.get("name"): run for run in page["runs"]}
    assert len(page["runs"]) == 7
    assert runs["Night loop"]["sport"] == "run" and runs["Night loop"]["description"] == 'Dark, then "fast"\nhome'
    assert runs["Lunch tempo"]["distanceMeters"] == 4835.38
    assert sorted(run["sport"] for run in page["runs"]) == ["other", "other", "ride", "run", "run", "run", "swim"]

    # Dropped again (an interrupted import resumed): nothing new.
    b.open("/#/import")
    b.visible("#dropzone")
    b.driver.execute_async_script(DROP, drop)
    b.wait(lambda: status().startswith("Done"), 60, "the second import did not finish")
    assert status().startswith("Done: 0 new activities, 7 already here, 1 not imported."), status()
    _, page = server.api("GET", "/runs?limit=50", token=account.token)
    assert len(page["runs"]) == 7
