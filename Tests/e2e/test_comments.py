"""Comments, mentions, notifications, blocking and moderation at phone size (375x812): a
friend comments on a run and mentions another, the owner's bell counts it and the list
opens the run; comments switched off; a comment reported and hidden by an admin; a
commenter blocked. Comment text is shown as text, never as HTML."""
from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload
from test_home import befriend


def test_a_comment_with_a_mention_reaches_the_owner_and_the_friend(server, browser):
    ann = server.register("Ann", sharing="public")
    bo = server.register("Bo")
    cy = server.register("Cyrus")
    befriend(server, ann, bo)
    befriend(server, bo, cy)
    run = upload(server, ann[0], meters=3000, step=5, name="Canal loop")

    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/runs/{run['id']}")
    b.visible("textarea[name=comment]")
    b.js("document.querySelector('#comments').scrollIntoView()")
    b.type("textarea[name=comment]", "Great pace <b>today</b> @Cy")
    b.click(".mention-option")
    b.wait(lambda: b.js("return document.querySelector('textarea[name=comment]').value") == "Great pace <b>today</b> @Cyrus ")
    b.shot("comment-mention")
    b.click("button[name=post-comment]")
    b.wait(lambda: len(b.finds(".comment")) == 1, message="the comment was not shown")
    text = b.find(".comment-text")
    assert text.text == "Great pace <b>today</b> @Cyrus"
    assert b.js("return document.querySelector('.comment-text b')") is None  # text, not HTML
    b.shot("comment-posted")
    assert b.errors() == []

    # The owner's bell counts it; the list says who and opens the run.
    a = browser(phone=True)
    a.log_in(ann)
    a.open("/#/home")
    a.wait(lambda: a.find("#bell-count").text == "2", message="the bell did not count the friend request and the comment")
    a.shot("notifications-bell")
    a.click("#bell")
    a.wait(lambda: len(a.finds(".notification")) == 2)
    first = a.find(".notification")
    assert first.get_attribute("data-kind") == "comment"
    assert "Bo commented on “Canal loop”" in first.text and "Great pace <b>today</b> @Cyrus" in first.text
    a.shot("notifications-list")
    a.wait(lambda: not a.find("#bell-count").is_displayed(), message="opening the list did not mark it read")
    a.click(".notification a")
    a.wait(lambda: a.js("return location.hash") == f"#/runs/{run['id']}")
    a.wait(lambda: len(a.finds(".comment")) == 1)
    assert a.errors() == []

    # Cyrus was mentioned.
    c = browser(phone=True)
    c.log_in(cy)
    c.open("/#/notifications")
    c.wait(lambda: any(n.get_attribute("data-kind") == "mention" for n in c.finds(".notification")))
    assert c.errors() == []


def test_comments_off_report_hide_and_block(server, browser):
    ann = server.register("Ann", sharing="public")
    bo = server.register("Bo")
    mod = server.register("Moderator")
    server.grant_admin(mod.email)
    run = upload(server, ann[0], meters=3000, step=5, name="Hill repeats")
    status, comment = server.api("POST", f"/runs/{run['id']}/comments", {"text": "spam spam spam"}, bo.token)
    assert status == 201, comment

    # Ann reports Bo's comment, and blocks him.
    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/runs/{run['id']}")
    a.wait(lambda: len(a.finds(".comment")) == 1)
    a.js("document.querySelector('#comments').scrollIntoView()")
    a.js("window.prompt = () => 'advertising'")
    a.click("button[name=report-comment]")
    a.wait(lambda: "Reported" in a.js("return document.body.innerText"))
    # Ann switches comments off: the box goes, for Bo too.
    a.click("button[name=comments-switch]")
    a.wait(lambda: a.finds(".comments-closed") != [], message="comments did not switch off")
    a.shot("comments-off")
    assert a.errors() == []

    m = browser(phone=True)
    m.log_in(mod)
    m.open("/#/profile")
    m.click("#moderation-link")
    m.wait(lambda: len(m.finds(".report")) == 1)
    assert "spam spam spam" in m.find(".report").text and "“advertising”" in m.find(".report").text
    m.shot("moderation-list")
    m.click(".report button[name=hide]")
    m.wait(lambda: "no open reports" in m.js("return document.body.innerText"))
    assert m.errors() == []

    a.open("/#/home")
    a.open(f"/#/runs/{run['id']}")
    a.wait(lambda: "Comments · 0" in a.find("#comments").text, message="the hidden comment still shows")

    # Blocked from a comment: Bo no longer sees Ann's run.
    befriend(server, ann, bo)
    a.click("button[name=comments-switch]")
    a.wait(lambda: a.finds("textarea[name=comment]") != [])
    server.api("POST", f"/runs/{run['id']}/comments", {"text": "one more"}, bo.token)
    a.open("/#/home")
    a.open(f"/#/runs/{run['id']}")
    a.wait(lambda: len(a.finds(".comment")) == 1)
    a.js("window.confirm = () => true")
    a.click("button[name=block-author]")
    a.wait(lambda: "Bo is blocked" in a.js("return document.body.innerText"))
    status, _ = server.api("GET", f"/runs/{run['id']}", token=bo.token)
    assert status == 404
    a.open("/#/profile")
    a.click("details.blocked-people summary")
    a.wait(lambda: "Bo" in a.find(".blocked-list").text)
    a.shot("blocked-people")
    assert a.errors() == []


def test_a_club_reported_and_hidden_by_an_admin(server, browser):
    owner = server.register("Owner")
    runner = server.register("Runner")
    mod = server.register("Moderator")
    server.grant_admin(mod.email)
    status, club = server.api("POST", "/clubs", {"name": "Cheap shoes club", "description": "Buy shoes here", "admission": "open"}, owner.token)
    assert status == 201, club

    r = browser(phone=True)
    r.log_in(runner)
    r.open(f"/#/clubs/{club['id']}")
    r.js("window.prompt = () => 'selling things'")
    r.click("button[name=report-club]")
    r.wait(lambda: "Reported" in r.js("return document.body.innerText"))
    assert r.errors() == []

    m = browser(phone=True)
    m.log_in(mod)
    m.open("/#/moderation")
    m.wait(lambda: len(m.finds(".report")) == 1)
    assert "Club: Cheap shoes club" in m.find(".report").text and "“selling things”" in m.find(".report").text
    m.shot("moderation-club")
    m.click(".report button[name=hide]")
    m.wait(lambda: "no open reports" in m.js("return document.body.innerText"))
    assert m.errors() == []
    status, _ = server.api("GET", f"/clubs/{club['id']}", token=owner.token)
    assert status == 404
