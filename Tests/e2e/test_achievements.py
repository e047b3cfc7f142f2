"""Achievements in the browser: a recorded run that crosses a badge's target says so on
the summary; the profile shows earned badges (with dates) and the others with their
progress; the feed shows a friend's public run but not their private one; a shared run's
public page carries its link-card tags and its SVG map renders."""
from conftest import Browser
from synthetic_runs import upload
from test_recording import START, record

TARGET = 10_000  # the "10 km in all" badge


def distance_so_far(server, token):
    status, mine = server.api("GET", "/me/achievements", token=token)
    assert status == 200, mine
    return next(badge for badge in mine["badges"] if badge["id"] == "distance-10")["current"]


def test_badges_feed_and_share(server, browser):
    ann = server.register("Ann", sharing="friends")
    bo = server.register("Bo", sharing="friends")
    status, _ = server.api("POST", "/friends/requests", {"userId": bo[1]["id"]}, ann[0])
    assert status == 201
    status, _ = server.api("POST", f"/friends/requests/{ann[1]['id']}/accept", token=bo[0])
    assert status == 200

    # Ann's history brings her within 60–100 m of 10 km on foot.
    for day in range(1, 4):
        remaining = TARGET - 80 - distance_so_far(server, ann[0])
        if remaining < 25:
            break
        upload(server, ann[0], meters=min(remaining, 4000), step=4, begin=f"2026-03-{day:02d}T07:30:00+00:00")
    assert TARGET - 100 < distance_so_far(server, ann[0]) < TARGET - 40

    # She records about 120 m in the browser and saves it: the summary says what it earned.
    b = browser(phone=True)
    b.log_in(ann)
    b.locate(*START)
    b.open("/#/activity")
    record(b, START, 5, 24)
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the run was not saved")
    b.visible("#earned-now")
    assert "You earned" in b.find("#earned-now").text and "10 km in all" in b.find("#earned-now").text
    b.shot("summary-earned")

    # The walk's own page says what it earned too: its points, where from, and the badge.
    status, page = server.api("GET", "/runs?limit=1", token=ann[0])
    assert status == 200
    recorded = page["runs"][0]
    b.open(f"/#/runs/{recorded['id']}")
    card = b.visible(".earned-card")
    b.wait(lambda: "10 km in all" in card.text)
    assert "points" in card.text and "for its distance" in card.text
    status, earned = server.api("GET", f"/runs/{recorded['id']}/badges", token=ann[0])
    total = earned["points"]["total"]
    assert status == 200 and f"{total} point{'' if total == 1 else 's'}" in card.text
    b.js("document.querySelector('.earned-card').scrollIntoView({block: 'center'})")
    b.shot("activity-earned")

    # The profile: the score, earned badges with their dates, the rest with progress and rule.
    b.open("/#/profile")
    b.visible(".award.earned[data-badge='distance-10']")
    assert int(b.find("#score-total").text) > 0
    earned = b.find(".award.earned[data-badge='distance-10']").text
    assert "Earned" in earned and "Cover 10 km on foot" in earned
    # The shelf of each tab (Distance first): what was earned, the next three, and the rest
    # behind "All the other badges".
    assert len(b.finds("#badges-panel-distance .awards-next .award")) == 3
    assert not b.find(".awards-rest").is_displayed(), "a wall of badges at 0 % is folded away"
    b.click(".all-badges summary")
    locked = b.visible(".award.locked[data-badge='distance-50']")
    assert "of 50" in locked.text and "km" in locked.text
    value = float(b.js("return document.querySelector(\".award[data-badge='distance-50'] progress\").value"))
    assert 0.19 < value < 0.22, value
    assert b.finds(".award.locked[data-badge='streak-100']"), "every badge not yet earned is shown"
    names = b.js("return [...document.querySelectorAll('.award')].map((a) => a.querySelector('.award-name').textContent)")
    assert len(names) > 30 and len(set(names)) == len(names), f"two badges by one name: {sorted(n for n in names if names.count(n) > 1)}"
    b.js("document.querySelector('.badges-card').scrollIntoView()")
    b.shot("profile-badges")

    # Bo runs twice: once for everyone, once for himself. Ann's feed shows the first only.
    shared = upload(server, bo[0], meters=3000, step=4, begin="2026-04-02T07:00:00+00:00", name="Bo's <river> run", privacy="public")
    secret = upload(server, bo[0], meters=3000, step=4, begin="2026-04-03T07:00:00+00:00", name="Bo's secret", privacy="private")
    b.open("/#/feed")
    b.visible(f".feed-run[data-run='{shared['id']}']")
    assert b.finds(f".feed-run[data-run='{secret['id']}']") == []
    assert "Bo's secret" not in b.find(".feed").text
    assert "Bo's <river> run" in b.find(".feed").text
    assert b.finds(".feed-badge"), "badges show in the feed"
    b.shot("feed")

    # The leaderboard among friends has both, and names the friend it leaves out, and why:
    # Cy's profile is private (a new account's is).
    cy = server.register("Cy")
    status, _ = server.api("POST", "/friends/requests", {"userId": cy.profile["id"]}, ann.token)
    assert status == 201
    status, _ = server.api("POST", f"/friends/requests/{ann.profile['id']}/accept", token=cy.token)
    assert status == 200
    b.resize(375, 812)
    b.open("/#/profile")
    b.wait(lambda: len(b.finds(".score-board li")) == 2, message="no friends' leaderboard")
    note = b.visible(".friends-board .missing-friends").text
    assert note.startswith("Cy is not shown: their profile is private"), note
    assert "Add friends" not in b.find(".friends-board").text
    b.js("document.querySelector('.friends-board').scrollIntoView()")
    b.shot("profile-friends-board")

    # Bo's public run has a page with its card (a PNG map, which link robots can show); the
    # page's own SVG map renders. The private one has none.
    b.open(f"/share/runs/{shared['id']}")
    meta = b.js("return Object.fromEntries([...document.querySelectorAll('meta[property^=og], meta[name^=twitter]')]"
                ".map(m => [m.getAttribute('property') || m.getAttribute('name'), m.content]))")
    assert meta["og:title"] == "Bo's <river> run"
    assert meta["og:description"].startswith("Run by Bo: 3.0") and "/km" in meta["og:description"]
    assert meta["og:image"].endswith(f"/share/runs/{shared['id']}/map.png")
    assert meta["og:image:type"] == "image/png"
    assert meta["twitter:image"] == meta["og:image"]
    assert meta["og:url"].endswith(f"/share/runs/{shared['id']}")
    assert meta["twitter:card"] == "summary_large_image"
    b.wait(lambda: b.js("const i = document.querySelector('img.map'); return i.complete && i.naturalWidth > 0"),
           message="the map preview did not render")
    b.shot("share-run")
    b.open(f"/share/runs/{shared['id']}/map.svg")
    assert b.js("return document.documentElement.tagName") == "svg"
    assert b.js("return document.querySelectorAll('path').length") == 2
    assert b.js("return document.querySelector('circle.start') !== null")
    b.open(f"/share/runs/{shared['id']}/map.png")  # the card's PNG, shown as an image
    assert b.js("const i = document.querySelector('img'); return i !== null && i.naturalWidth === 1200 && i.naturalHeight === 630")
    b.open(f"/share/runs/{secret['id']}")
    assert "Not shared" in b.js("return document.body.innerText")
    assert "Bo's secret" not in b.js("return document.documentElement.outerHTML")
