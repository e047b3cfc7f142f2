"""Kudos on an activity page (#/runs/ID) at phone size: a friend gives kudos to a public run
and takes it back, the owner sees who gave it and has no button of their own, and a
private run's page shows no kudos to anyone else."""
from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def test_a_friend_gives_kudos_and_the_owner_sees_who(server, browser):
    ann = server.register("Ann", sharing="public")
    bo = server.register("Bo")
    run = upload(server, ann[0], meters=3000, step=5, name="Canal loop")

    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/runs/{run['id']}")
    button = b.visible("button[name=kudos]")
    b.wait(lambda: button.text == "Give kudos · 0")
    assert b.find("#kudos").get_attribute("hidden") is None
    b.click("button[name=kudos]")
    b.wait(lambda: b.find("button[name=kudos]").text == "Kudos given · 1", message="the kudos did not count")
    assert b.find("button[name=kudos]").get_attribute("aria-pressed") == "true"
    assert b.find(".kudos-givers").text == "Kudos from Bo"
    b.shot("kudos-given")
    # Taken back, and given again: one per person.
    b.click("button[name=kudos]")
    b.wait(lambda: b.find("button[name=kudos]").text == "Give kudos · 0")
    b.click("button[name=kudos]")
    b.wait(lambda: b.find("button[name=kudos]").text == "Kudos given · 1")
    assert b.errors() == []

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/runs/{run['id']}")
    a.wait(lambda: a.find(".kudos-givers").text == "Kudos from Bo", message="the owner did not see the kudos")
    assert not a.find("button[name=kudos]").is_displayed()  # no kudos to oneself
    a.shot("kudos-owner")
    assert a.errors() == []


def test_a_private_run_shows_no_kudos_to_others(server, browser):
    cy = server.register("Cy")
    dee = server.register("Dee")
    run = upload(server, cy[0], meters=2000, step=5, privacy="private")
    b = browser(phone=True)
    b.log_in(dee)
    b.open(f"/#/runs/{run['id']}")
    b.wait(lambda: "Run not available" in b.js("return document.body.innerText"))
    assert b.finds("button[name=kudos]") == []
