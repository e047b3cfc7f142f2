"""A club challenge at phone size: Ann, the club's owner, sets "10 km in the month" from the
club page; Bo's upload shared with his clubs moves it at once (his private run does not);
his next one finishes it, with a tick in the standings and a badge on his profile; Ann sets a
goal together and a fastest 1 km, and the form refuses a time that is not one."""
import datetime
import time

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload
from test_clubs import text


def ago(minutes):
    """`minutes` ago (UTC), as the uploads' start."""
    return (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=minutes)).isoformat()


def club_with(server, owner, member):
    """A club of `owner`'s that `member` joined through its link."""
    status, club = server.api("POST", "/clubs", {"name": "Canal Striders", "description": "", "admission": "invitation"}, owner[0])
    assert status == 201, club
    status, joined = server.api("POST", f"/clubs/{club['id']}/join", {"secret": club["invitationSecret"]}, member[0])
    assert status == 200, joined
    return club


def set_dates(window):
    """Today to the day after tomorrow, as a person picks them (set by script: a date field's typing is the browser's locale)."""
    today = datetime.date.today()
    window.js("document.querySelector('input[name=challenge-from]').value = arguments[0];"
              "document.querySelector('input[name=challenge-to]').value = arguments[1];",
              (today - datetime.timedelta(days=1)).isoformat(), (today + datetime.timedelta(days=2)).isoformat())


def test_a_challenge_set_moved_by_an_upload_and_finished(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")
    club = club_with(server, ann, bo)

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/clubs/{club['id']}")
    a.wait(lambda: "No challenge yet" in text(a, ".club-challenges-card"))
    a.click("a[name=new-challenge]")
    a.type("input[name=challenge-title]", "10 km this week")
    a.type("input[name=challenge-goal]", "10")
    set_dates(a)
    a.shot("challenge-new")
    assert a.layout_problems("challenge-new") == []
    a.click("button[name=create-challenge]")
    a.wait(lambda: text(a, "h1") == "10 km this week", message="the challenge was not set")
    assert "10 km each" in text(a, ".challenge-summary")
    assert "Nobody yet" in text(a, ".page.challenge")
    challenge_page = a.driver.current_url

    # Bo's run shared with his clubs counts at once; his private one never does.
    upload(server, bo[0], name="Towpath", privacy="friends_and_clubs", meters=6000, step=5, begin=ago(180))
    upload(server, bo[0], name="Secret loop", privacy="private", meters=8000, step=5, begin=ago(120))
    uploaded = time.monotonic()
    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/clubs/{club['id']}")
    b.wait(lambda: "You: 6." in text(b, ".club-challenges-card"), message="Bo's run did not move the challenge")
    shown = time.monotonic() - uploaded
    assert "1 of 1" in text(b, ".club-challenges-card")
    b.shot("club-challenges")
    b.click(".club-challenge a")
    b.wait(lambda: "You" in text(b, ".challenge-standings"))
    assert "1 activity" in text(b, ".challenge-standings")
    assert "Private and friends-only activities don’t count" in text(b, ".page.challenge")
    b.shot("challenge-moved")
    assert b.layout_problems("challenge-moved") == []
    print(f"standings showed Bo's upload {shown:.1f} s after it was answered, the page's load and sign-in included")

    # A public 5 km finishes it: a tick, and a badge on his profile.
    upload(server, bo[0], name="Evening out", privacy="public", meters=5000, step=5, begin=ago(60))
    b.driver.refresh()
    b.wait(lambda: "You finished" in text(b, ".challenge-progress-card"), message="11 km did not finish 10 km")
    assert b.finds(".challenge-standings .finished svg")
    b.shot("challenge-finished")
    # The badge is stored by the settler's next round (every 2 s), out of the upload.
    finished = time.monotonic()
    b.wait(lambda: len(server.api("GET", "/me/challenge-badges", token=bo[0])[1]["badges"]) == 1, seconds=10,
           message="the badge was not stored within 10 s")
    assert time.monotonic() - finished < 5
    b.open("/#/profile")
    b.wait(lambda: "10 km this week" in text(b, ".challenge-badges-card"), message="no badge on the profile")
    assert "Canal Striders" in text(b, ".challenge-badges-card")
    b.js("document.querySelector('.challenge-badges-card').scrollIntoView()")
    b.shot("challenge-badge")
    assert b.errors() == []

    # Ann reads the same standings, and sets a goal together and a fastest 1 km.
    assert a.driver.current_url == challenge_page
    a.driver.refresh()
    a.wait(lambda: "Bo" in text(a, ".challenge-standings"))
    a.open(f"/#/clubs/{club['id']}/challenges/new")
    a.type("input[name=challenge-title]", "100 km together")
    a.type("input[name=challenge-goal]", "100")
    a.click("input[name=challenge-together]")
    set_dates(a)
    a.click("button[name=create-challenge]")
    a.wait(lambda: "The club:" in text(a, ".challenge-progress-card"))
    assert "of 100 km" in text(a, ".challenge-progress-card")
    a.shot("challenge-together")
    a.open(f"/#/clubs/{club['id']}/challenges/new")
    a.type("input[name=challenge-title]", "Fastest km")
    a.js("const s = document.querySelector('select[name=challenge-kind]'); s.value = 'fastest'; s.dispatchEvent(new Event('change'))")
    a.js("document.querySelector('select[name=challenge-effort]').value = '1000'")
    a.type("input[name=challenge-beat]", "4.30")
    set_dates(a)
    a.click("button[name=create-challenge]")
    a.wait(lambda: "is not a time" in text(a, ".challenge-form .error"))
    a.shot("challenge-bad-time")
    a.find("input[name=challenge-beat]").clear()
    a.type("input[name=challenge-beat]", "4:30")
    a.click("button[name=create-challenge]")
    a.wait(lambda: "Fastest 1 km, under 4:30" in text(a, ".challenge-summary"))
    a.open(f"/#/clubs/{club['id']}")
    a.wait(lambda: "Fastest km" in text(a, ".club-challenges-card") and "100 km together" in text(a, ".club-challenges-card"))
    a.js("document.querySelector('.club-challenges-card').scrollIntoView()")
    a.shot("club-challenges-owner")
    assert a.layout_problems("club-challenges-owner") == []
    assert a.errors() == []
