"""The personal heat map (#/heatmap): the runner's activities as one glowing layer, by
sport and year, drawn on a canvas; nobody else's."""
from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload


def test_heat_map_draws_my_activities_by_sport_and_year(server, browser):
    ida = server.register("Ida")
    jon = server.register("Jon", sharing="public")
    for day, bearing in ((1, 60), (2, 60), (3, 150)):
        upload(server, ida[0], meters=3000, step=4, bearing=bearing, begin=f"2025-06-0{day}T07:00:00+00:00", name=f"June {day}")
    walk = upload(server, ida[0], meters=1500, step=4, bearing=240, begin="2026-02-01T09:00:00+00:00", name="Winter walk")
    status, _ = server.api("PATCH", f"/runs/{walk['id']}", {"sport": "walk"}, ida[0])
    assert status == 200
    upload(server, jon[0], meters=3000, step=4, bearing=300, begin="2026-02-02T09:00:00+00:00")

    b = browser(phone=True)
    b.log_in(ida)
    b.open("/#/profile")
    b.click("a.heat-link")
    b.visible("canvas.heat-canvas[data-draw-ms]")
    b.wait(lambda: b.find(".heat-status").text == "4 activities.", message=b.find(".heat-status").text)
    assert b.find("canvas.heat-canvas").get_attribute("data-lines") == "4", "Jon's run is not hers"
    # The lines really are drawn: lit pixels on the canvas.
    lit = b.js("""const c = document.querySelector('canvas.heat-canvas');
                  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;""")
    assert lit > 500, lit
    b.shot("heatmap")

    b.js("const s = document.querySelector('select[name=heat-sport]'); s.value = 'walk'; s.dispatchEvent(new Event('change'))")
    b.wait(lambda: b.find(".heat-status").text == "1 walk.", message=b.find(".heat-status").text)
    b.js("const s = document.querySelector('select[name=heat-sport]'); s.value = ''; s.dispatchEvent(new Event('change'))")
    b.js("const s = document.querySelector('select[name=heat-year]'); s.value = '2025'; s.dispatchEvent(new Event('change'))")
    b.wait(lambda: b.find(".heat-status").text == "3 activities in 2025.", message=b.find(".heat-status").text)
    assert b.find("canvas.heat-canvas").get_attribute("data-lines") == "3"
    assert b.accessibility(exclude=(".leaflet-control-container", ".leaflet-pane")) == []
    assert b.errors() == []
