"""A mission's stage opened as a route to follow (views/missions/follow-stage.js): without
an account and without joining the mission, a runner picks a stage and a pace, follows it
on the recording screen (ahead or behind that even pace, spoken), and the summary says how
much of the stage was covered and how far ahead at its end, with no leaderboard to join."""
from park_mission import import_mission, north, park_mission

START = (55.8600, -4.2600)


def test_a_visitor_follows_a_stage_at_an_even_pace(server, browser, tmp_path):
    import_mission(server, tmp_path, park_mission(START, first_stage=200))

    b = browser(phone=True)
    b.locate(*START)
    b.open("/#/missions/park-loop")
    card = b.visible(".follow-stage")
    assert "Walk a stage" in card.text
    options = [o.text for o in b.finds("select[name=follow-stage] option")]
    assert options == ["Stage 1: to Fountain (0.2 km)", "Stage 2: to North gate (0.8 km)"], options
    # A walk offers 12:00 /km (5 km/h) first; a run 6:00 /km.
    assert b.js("return document.querySelector('select[name=follow-pace]').selectedOptions[0].textContent") == "12:00 /km"
    b.js("const s = document.querySelector('select[name=follow-sport]'); s.value = 'run'; s.dispatchEvent(new Event('change'))")
    assert b.js("return document.querySelector('select[name=follow-pace]').selectedOptions[0].textContent") == "6:00 /km"
    b.js("document.querySelector('.follow-stage').scrollIntoView()")
    b.shot("mission-follow-stage")
    b.click("button[name=follow-stage]")

    b.visible("button[name=begin]")
    assert "following Park path, stage 1: to Fountain" in b.js("return document.body.innerText")
    assert "vs 6:00 /km" in b.js("return document.body.textContent")
    b.click("button[name=begin]")
    # 200 m at 5 m/s: 40 s where the pace takes 72 s.
    for second in range(1, 41):
        b.step(*north(START, 5 * second))
    gap = b.find("#gap").text
    assert gap.endswith("ahead"), gap
    b.shot("mission-stage-following")
    assert any("ahead" in line for line in b.spoken()), b.spoken()
    b.click("button[name=end]")
    coverage = b.visible("#coverage").text
    assert coverage.startswith("You covered 100 % of Park path, stage 1: to Fountain,") and "ahead at the finish" in coverage, coverage
    assert b.finds("input[name=add-to-route]") == []
    assert "class" not in (b.find("#coverage").get_attribute("class") or "") or "error" not in b.find("#coverage").get_attribute("class")
    b.shot("mission-stage-summary")
    assert b.errors() == []
