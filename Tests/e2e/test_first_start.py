"""The README's run command as a newcomer meets it: `paceline serve` with no options, in an
empty folder, says where to open the app and where to make the first account; following
those lines on a phone makes the account and lands in the app."""
import re
import subprocess
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from conftest import Browser, paceline_binary, free_port

PASSWORD = "first runner here"


def start_in(folder, port):
    """`paceline serve --port PORT` in `folder`, nothing else; returns the process and what
    it printed once it says it is running (within 60 s)."""
    process = subprocess.Popen([paceline_binary(), "serve", "--port", str(port)], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    printed, deadline = [], time.time() + 60
    while time.time() < deadline and process.poll() is None:
        line = process.stdout.readline()
        printed.append(line)
        if line.strip().startswith("Stop"):
            return process, "".join(printed)
    process.kill()
    raise AssertionError("serve never said it was running:\n" + "".join(printed))


def test_serve_with_nothing_says_where_to_begin_and_the_first_account_is_made_there():
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="paceline-first-") as folder:
        process, printed = start_in(folder, port)
        try:
            lines = {m.group(1): m.group(2) for m in re.finditer(r"^\s+(Open|First account|Data)\s+(\S+)", printed, re.M)}
            assert lines["Open"] == f"http://localhost:{port}", printed
            assert lines["First account"] == f"http://localhost:{port}/#/login?register=1", printed
            database = Path(folder) / "paceline.sqlite"
            assert Path(lines["Data"]).resolve() == database.resolve() and database.exists(), printed

            phone = Browser(SimpleNamespace(url=lines["Open"]))
            try:
                phone.driver.get(lines["First account"])
                assert phone.visible("button[name=submit]").text == "Create account"
                phone.type("input[name=email]", "first@example.org")
                phone.type("input[name=password]", PASSWORD)
                phone.type("input[name=displayName]", "First Runner")
                phone.shot("first-start-register")
                phone.click("button[name=submit]")
                phone.wait(lambda: "#/home" in phone.driver.current_url, message="the app did not open after registering")
                phone.visible("#start-run")  # the home screen: start a run
                phone.shot("first-start-app")
                # The default map tiles (OpenStreetMap's) are out of reach here: tests never use the internet.
                assert [e for e in phone.errors() if "https://tile.openstreetmap.org/" not in e] == []
            finally:
                phone.close()
        finally:
            process.terminate()
            process.wait(10)
