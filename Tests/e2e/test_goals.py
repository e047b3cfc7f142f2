"""Goals on the home screen (set one, see this week's progress fill, delete it) and the
weekly volume over the last year on the profile."""
import datetime

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def this_monday():
    """Monday 00:05 UTC of this week (the browser here runs on UTC)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    monday = (now - datetime.timedelta(days=now.weekday())).replace(hour=0, minute=5, second=0, microsecond=0)
    return monday


def test_weekly_goal_fills_with_this_weeks_runs(server, browser):
    hana = server.register("Hana")
    monday = this_monday()
    first = upload(server, hana[0], meters=3000, step=5, name="Monday easy", begin=monday.isoformat())
    upload(server, hana[0], meters=2000, step=5, name="Old one", begin=(monday - datetime.timedelta(days=9)).isoformat())
    b = browser(phone=True)
    b.log_in(hana)
    b.open("/#/home")
    b.visible(".goals-card .empty")
    b.click("button[name=new-goal]")
    b.js("const s = document.querySelector('select[name=goal-sport]'); s.value = 'run'")
    b.js("const s = document.querySelector('select[name=goal-period]'); s.value = 'week'")
    b.type("input[name=goal-target]", "5")
    b.shot("goals-form")
    b.click("button[name=save-goal]")
    b.visible(".goals-card .goal")
    expected = f"{first['creditedDistanceMeters'] / 1000:.1f} km of 5.0 km"
    b.wait(lambda: b.find(".goal-amount").text == expected, message=f"not {expected}: {b.find('.goal-amount').text}")
    assert b.find(".goals-card .goal strong").text == "Runs this week"
    status, goals = server.api("GET", "/me/goals", token=hana[0])
    assert status == 200 and goals["goals"][0]["target"] == 5000

    # A second goal, already reached: one activity a week of any sport.
    b.click("button[name=new-goal]")
    b.js("const s = document.querySelector('select[name=goal-sport]'); s.value = ''")
    b.js("const s = document.querySelector('select[name=goal-metric]'); s.value = 'activities'; s.dispatchEvent(new Event('change'))")
    b.type("input[name=goal-target]", "1")
    b.click("button[name=save-goal]")
    b.wait(lambda: len(b.finds(".goals-card .goal")) == 2)
    assert b.find(".goal.reached .goal-amount").text == "Reached: 1 activity of 1 activity"
    b.js("document.querySelector('.goals-card').scrollIntoView({block: 'start'})")
    b.shot("goals-home")
    assert b.accessibility() == []

    # The activity shows its training load, from pace (no heart rate).
    b.open(f"/#/runs/{first['id']}")
    b.visible(".figure[data-name=training-load]")
    shown = b.find(".figure[data-name=training-load]").text.upper()  # the label is set in capitals
    assert f"{round(first['trainingLoad']['value'])}\nTRAINING LOAD (FROM PACE)" == shown
    b.open("/#/home")
    b.visible(".goals-card .goal.reached")

    # Deleted, it goes.
    b.click(".goal.reached button[name=delete-goal]")
    b.wait(lambda: len(b.finds(".goals-card .goal")) == 1)

    # The profile draws the year's weekly distance, this week on the right.
    b.open("/#/profile")
    b.visible(".volume-bars rect.this-week")
    this_week = b.find(".volume-bars rect.this-week")
    assert this_week.get_attribute("data-week") == monday.date().isoformat()
    assert int(this_week.get_attribute("data-meters")) == round(first["creditedDistanceMeters"])
    assert len(b.finds(".volume-bars rect")) == 52
    assert "2 active weeks" in b.find(".volume").get_attribute("aria-label")
    load = round(first["trainingLoad"]["value"])
    assert b.find(".volume-load").text == f"Training load this week: {load}"
    b.js("document.querySelector('.volume').scrollIntoView({block: 'center'})")
    b.shot("profile-volume")
    assert b.errors() == []
