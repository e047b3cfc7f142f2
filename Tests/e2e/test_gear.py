"""Gear (#/profile's "Your gear", the activity page and its editor, the home screen):
shoes added with the distance they had done, named by new runs as the default, moved on
an activity, a reminder past the retire distance, and nothing of it shown to anyone else."""
from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def gear_names(b):
    """The names of the gear in use, read at once (the list is redrawn after each change)."""
    return b.js("return [...document.querySelectorAll('.gear-list:not(.retired) .gear-name')].map((e) => e.textContent)")


def test_add_gear_name_it_on_runs_and_be_reminded(server, browser):
    erin = server.register("Erin")
    b = browser(phone=True)
    b.log_in(erin)
    b.open("/#/profile")
    b.visible(".gear-card .empty")
    b.click("button[name=new-gear]")
    b.type("input[name=gear-name]", "Pegasus <b>40</b>")
    b.type("input[name=gear-start]", "795")
    b.type("input[name=gear-retire]", "800")
    b.js("document.querySelector('.gear-form').scrollIntoView({block: 'center'})")
    b.shot("gear-form")
    b.click("button[name=add-gear]")
    b.wait(lambda: gear_names(b) == ["Pegasus <b>40</b>"], message="the shoes were not listed")
    assert b.finds(".gear-name b") == [], "a name is text, never markup"
    assert "795 km of 800 km" in b.find(".gear-card .gear-distance").text
    assert "Default for runs" in b.find(".gear-card .gear-about").text

    # A run of 6 km names the default shoes, and takes them past 800 km.
    run = upload(server, erin[0], meters=6000, speed=3.2, step=5, name="Long Sunday")
    assert run["gearId"]
    b.open("/#/home")
    b.visible(".gear-reminder")
    assert "801 km, past its 800 km" in b.find(".gear-reminder").text
    b.js("window.scrollTo(0, 0)")
    b.shot("gear-home-reminder")
    b.open("/#/profile")
    b.visible(".gear.due .gear-due")
    b.js("document.querySelector('.gear-card').scrollIntoView({block: 'start'})")
    b.shot("gear-profile")

    # The activity page says so, and its editor moves the run to other gear.
    status, _ = server.api("POST", "/me/gear", {"name": "Trail shoes", "kind": "shoes", "sport": "run"}, erin[0])
    assert status == 201
    b.open(f"/#/runs/{run['id']}")
    b.visible(".run-gear")
    assert b.find(".run-gear").text.startswith("Gear: Pegasus <b>40</b> · 801 km")
    b.click("button[name=edit-run]")
    b.visible("select[name=activity-gear]")
    options = [o.text for o in b.finds("select[name=activity-gear] option")]
    assert options == ["None", "Pegasus <b>40</b>", "Trail shoes"]
    b.js("const s = document.querySelector('select[name=activity-gear]'); s.value = s.options[2].value; s.dispatchEvent(new Event('change'))")
    b.shot("gear-editor")
    b.click("button[name=save-run]")
    b.wait(lambda: b.find(".run-gear").text.startswith("Gear: Trail shoes"), message="the gear line did not follow")
    status, stored = server.api("GET", f"/runs/{run['id']}", token=erin[0])
    assert status == 200 and stored["gearId"] != run["gearId"]

    # Moved off the run, the old pair is back under 800 km: no reminder. Retired, it
    # leaves the list of those in use.
    b.open("/#/profile")
    b.visible(f".gear[data-gear-id='{run['gearId']}']")
    assert b.finds(".gear.due") == []
    b.click(f".gear[data-gear-id='{run['gearId']}'] button[name=retire-gear]")
    b.wait(lambda: gear_names(b) == ["Trail shoes"], message="the retired pair stayed in use")
    assert b.find(".gear-retired summary").text == "Retired (1)"
    b.open("/#/home")
    b.visible("#my-activities li[data-run]")
    assert b.finds(".gear-reminder") == []
    assert b.accessibility(exclude=()) == []
    assert b.errors() == []


def test_others_see_no_gear(server, browser):
    finn = server.register("Finn", sharing="public")
    gus = server.register("Gus", sharing="public")
    status, _ = server.api("POST", "/me/gear", {"name": "Finn's secret shoes", "kind": "shoes", "sport": "run", "isDefault": True}, finn[0])
    assert status == 201
    run = upload(server, finn[0], meters=3000, step=5, name="Public run")
    b = browser(phone=True)
    b.log_in(gus)
    b.open(f"/#/runs/{run['id']}")
    b.visible(".run-title")
    b.visible("canvas.analysis-chart[data-mode]")
    assert b.finds(".run-gear:not([hidden])") == []
    assert "secret shoes" not in b.js("return document.body.innerText")
    assert b.errors() == []
