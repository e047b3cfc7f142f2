"""A club's life at phone size: Ann makes a club from the Friends screen and copies its
invitation link; Bo opens the link, joins, and sees the members; Bo's upload shared with
"Friends and my clubs" moves the club's leaderboard for both and shows in its feed; Bo
leaves and the club is gone from his list."""
import datetime

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def recent():
    """Two hours ago (UTC), or the start of this ISO week if that is later: within this week's board."""
    now = datetime.datetime.now(datetime.timezone.utc)
    monday = (now - datetime.timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    return max(monday + datetime.timedelta(minutes=1), now - datetime.timedelta(hours=2)).isoformat()


def text(window, css):
    """The text of the first element `css` selects now ('' when there is none): read in one
    script, as the screens redraw their parts while loading."""
    return window.js("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def test_a_club_made_joined_by_link_and_moved_by_an_upload(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")

    a = browser(phone=True)
    a.log_in(ann)
    a.open("/#/friends")
    a.click("#clubs-link")
    a.wait(lambda: "No club yet" in text(a, ".clubs-mine"))
    a.shot("clubs-empty")
    a.click("#new-club")
    a.type("input[name=club-name]", "Tuesday Runners")
    a.type("textarea[name=club-description]", "Tuesdays 7 pm at the park gates. All paces welcome.")
    a.shot("club-new")
    a.click("button[name=create-club]")
    link = a.visible("input[name=invitation-link]").get_attribute("value")
    assert "/#/clubs/" in link and "secret=cl_" in link
    a.wait(lambda: "Ann (you)" in text(a, ".club-members"))
    a.wait(lambda: "No run yet this week" in text(a, ".club-board"))
    a.shot("club-owner")
    assert a.layout_problems("club-owner") == []
    assert a.errors() == []

    b = browser(phone=True)
    b.log_in(bo)
    b.open(link.replace(server.url, ""))
    b.wait(lambda: text(b, "h1") == "Tuesday Runners")
    b.shot("club-invited")
    b.click("button[name=join-club]")
    b.wait(lambda: "Bo (you)" in text(b, ".club-members"), message="joining did not make Bo a member")
    assert "Ann" in text(b, ".club-members") and "Owner" in text(b, ".club-members")
    assert b.finds("input[name=invitation-link]") == []  # the link is the admins'

    # Bo's run, shared with his clubs, moves the board for both.
    upload(server, bo[0], name="Park loop", privacy="friends_and_clubs", meters=5000, step=5, begin=recent())
    b.open("/#/clubs")
    b.click(".clubs-mine a")
    b.wait(lambda: "You" in text(b, ".club-board"), message="Bo's run did not reach the board")
    b.wait(lambda: "Park loop" in text(b, ".club-feed"))
    b.shot("club-member")
    assert b.layout_problems("club-member") == []

    a.driver.refresh()
    a.wait(lambda: "Bo" in text(a, ".club-board"), message="Ann's board did not move")
    assert "5.0" in text(a, ".club-board .value")
    a.click("select[name=board-measure]")
    a.js("const s = document.querySelector('select[name=board-measure]'); s.value = 'activities'; s.dispatchEvent(new Event('change'))")
    a.wait(lambda: "1 activity" in text(a, ".club-board"))
    a.shot("club-board-activities")
    assert a.errors() == []

    # Bo leaves: the club is no longer his.
    b.js("window.confirm = () => true")
    b.click("button[name=leave-club]")
    b.wait(lambda: "No club yet" in text(b, ".clubs-mine"))
    assert b.errors() == []


def test_the_privacy_pickers_offer_friends_and_my_clubs(server, browser):
    cy = server.register("Cy")
    run = upload(server, cy[0], meters=2000, step=5, privacy="private")
    c = browser(phone=True)
    c.log_in(cy)
    c.open("/#/profile")
    labels = "return [...document.querySelectorAll('option')].map((o) => o.value + '=' + o.textContent)"
    c.wait(lambda: "friends_and_clubs=Friends and my clubs" in c.js(labels), message="the profile's default offers no clubs")
    c.open(f"/#/runs/{run['id']}")
    c.click("button[name=edit-run]")
    c.wait(lambda: "Friends and my clubs" in text(c, ".visibility"), message="the activity's editor offers no clubs")
    c.js("document.querySelector('.visibility input[value=friends_and_clubs]').click()")
    c.wait(lambda: "members of your clubs" in text(c, ".visibility-note"))
    c.shot("activity-visibility-clubs")
    assert c.layout_problems("activity-visibility-clubs") == []
    assert c.errors() == []
