"""Sharing from the summary once a run is saved, at phone size: a public run has Share,
which hands the phone's share sheet (navigator.share, replaced by a recorder before the app
loads) the address of its public page with its link card; without a share sheet the button
is Copy link and copies that address; a private run says who can see it and that sharing
needs it to be public, and the summary holds no address of a share page at all."""
from test_recording import START, record

# navigator.share as a phone has it, keeping what it was given.
SHARE_SHEET = """
window.__shared = [];
Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
"""
# A browser with no share sheet (desktop Chrome on Linux) and a clipboard that keeps what it was given.
NO_SHARE_SHEET = """
window.__copied = [];
delete Navigator.prototype.share;
Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text) => { window.__copied.push(text); } } });
"""


def saved_run(b, account, server):
    """Records about 120 m from the map and saves it with the profile's default privacy;
    returns the run the server keeps."""
    b.log_in(account)
    b.locate(*START)
    b.open("/#/activity")
    record(b, START, 5, 24)
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the run was not saved")
    b.visible("#activity-share")
    status, page = server.api("GET", "/runs", token=account.token)
    assert status == 200
    return page["runs"][0]


def test_a_public_run_is_shared_through_the_share_sheet_or_its_link_copied(server, browser):
    ann = server.register("Ann", sharing="public")
    b = browser()
    b.resize(375, 812)
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": SHARE_SHEET})
    run = saved_run(b, ann, server)
    assert run["privacy"] == "public"
    button = b.visible("button[name=share-activity]")
    assert button.text == "Share"
    assert "Anyone with the link" in b.find("#activity-share").text
    b.js("document.getElementById('activity-share').scrollIntoView({block: 'center'})")
    b.shot("summary-share")
    b.click("button[name=share-activity]")
    b.wait(lambda: b.js("return window.__shared.length") == 1, 5, "the share sheet was not opened")
    shared = b.js("return window.__shared[0]")
    assert shared["url"] == f"{server.url}/share/runs/{run['id']}", shared
    assert shared["title"] == run["name"]
    assert shared["text"].startswith(f"{run['name']}: 0.1") and " km in " in shared["text"], shared
    assert b.errors() == []

    # No share sheet: Copy link, which copies the same address.
    c = browser()
    c.resize(375, 812)
    c.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": NO_SHARE_SHEET})
    second = saved_run(c, ann, server)
    button = c.visible("button[name=share-activity]")
    assert button.text == "Copy link"
    c.click("button[name=share-activity]")
    c.wait(lambda: c.js("return window.__copied.length") == 1, 5, "nothing was copied")
    assert c.js("return window.__copied[0]") == f"{server.url}/share/runs/{second['id']}"
    c.wait(lambda: "Link copied" in c.find("#toast").text, 5)
    c.js("document.getElementById('activity-share').scrollIntoView({block: 'center'})")
    c.shot("summary-copy-link")
    assert c.errors() == []


def test_a_private_run_says_sharing_needs_it_public_and_gives_no_link(server, browser):
    bo = server.register("Bo")  # a new account's runs are "only me"
    b = browser()
    b.resize(375, 812)
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": SHARE_SHEET})
    run = saved_run(b, bo, server)
    assert run["privacy"] == "private"
    note = b.find("#activity-share").text
    assert note.startswith("Only you can see this run.") and "needs it to be public" in note and "Everyone" in note, note
    assert b.finds("button[name=share-activity]") == []
    assert "/share/" not in b.js("return document.getElementById('view').outerHTML"), "a private run's share address is on the screen"
    b.js("document.getElementById('activity-share').scrollIntoView({block: 'center'})")
    b.shot("summary-share-private")
    assert b.js("return window.__shared.length") == 0
    assert b.errors() == []
