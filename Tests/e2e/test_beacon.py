"""The live safety link: a runner recording shares a link from the recording screen; a
friend without an account opens it and sees where they are, their distance and the last
update; when the activity ends, the link says it has ended. Names stay text."""
from conftest import Server  # noqa: F401  (the fixtures)

START = (55.8650, -4.2800)
METERS_PER_DEGREE = 111_320


def north(meters):
    return START[0] + meters / METERS_PER_DEGREE, START[1]


def test_share_a_live_link_while_recording(server, browser):
    runner = server.register("Mia <b>R</b>")
    b = browser(phone=True)
    b.log_in(runner)
    b.locate(*START)
    b.open("/#/record")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    for second in range(1, 21):
        b.step(*north(3.0 * second))
    b.click("button[name=share-live]")
    b.visible("button[name=create-beacon]")
    assert not b.find("input[name=beacon-show-zones]").is_selected(), "zones stay hidden unless the runner says"
    b.shot("beacon-offer")
    b.click("button[name=create-beacon]")
    b.visible("input[name=beacon-address]")
    address = b.find("input[name=beacon-address]").get_attribute("value")
    assert "/#/beacon/bc_" in address
    assert "Sharing live" in b.find("button[name=share-live]").text
    b.shot("beacon-sharing")
    for second in range(21, 45):
        b.step(*north(3.0 * second))

    # A friend with the link, no account.
    friend = browser(phone=True)
    friend.driver.get(address)
    friend.visible(".beacon-page h1")
    assert friend.find(".beacon-page h1").text == "Mia <b>R</b>, live"
    assert friend.finds(".beacon-page h1 b") == []
    friend.visible(".beacon-dot")
    assert friend.find(".beacon-since").text.startswith("Last update")
    distance = friend.finds(".beacon-page .figure strong")[0].text
    assert distance.endswith("km") and float(distance.split()[0]) > 0.05, distance
    friend.shot("beacon-viewer")
    assert friend.accessibility(exclude=()) == []

    # The activity ends: so does the link.
    b.click("button[name=end]")
    b.visible("#save-outcome")
    friend.driver.get(address)
    friend.driver.refresh()
    friend.visible(".beacon-page .error")
    assert "has ended" in friend.find(".beacon-page .error").text
    friend.shot("beacon-ended")
    assert b.errors() == []
    assert [error for error in friend.errors() if "410 (Gone)" not in error] == [], "only the ended link's answer"

