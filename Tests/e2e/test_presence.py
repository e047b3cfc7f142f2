"""Presence on the Friends screen at phone size (375x812): a runner who lets friends see
when they are active starts recording, and a friend's Friends screen shows "Active now:
Ann, Recording a run"; a stranger's shows nothing, and it goes when the run ends."""
from conftest import Server  # noqa: F401  (the fixtures)
from test_home import befriend

START = (55.8600, -4.2500)


def test_a_friend_sees_who_is_recording(server, browser):
    ann = server.register("Ann")
    bo = server.register("Bo")
    cy = server.register("Cy")
    befriend(server, ann, bo)

    a = browser(phone=True)
    a.log_in(ann)
    a.open("/#/profile")
    a.click("input[name=shares-presence]")
    a.wait(lambda: server.api("GET", "/me", token=ann.token)[1].get("sharesPresence") is True, message="the setting was not saved")
    a.start_recording(*START)
    a.wait(lambda: server.api("GET", "/friends/presence", token=bo.token)[1]["friends"] != [], message="the recording was not said")

    b = browser(phone=True)
    b.log_in(bo)
    b.open("/#/friends")
    b.wait(lambda: b.find(".friends-active").is_displayed(), message="Active now did not show")
    row = b.find(".friends-active li")
    assert "Ann" in row.text and "Recording a run" in row.text
    b.shot("friends-active-now")
    assert b.errors() == []

    # A stranger sees nothing of it.
    status, present = server.api("GET", "/friends/presence", token=cy.token)
    assert status == 200 and present["friends"] == []

    # Ended: gone from the friend's screen.
    a.click("button[name=end]")
    a.wait(lambda: server.api("GET", "/friends/presence", token=bo.token)[1]["friends"] == [], message="ending did not say so")
    assert a.errors() == []
