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


# The lines lit on the heat map's canvas: the share of its width and height they span.
LIT_SPAN = """
const c = document.querySelector('canvas.heat-canvas');
const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let left = c.width, right = -1, top = c.height, bottom = -1;
for (let y = 0; y < c.height; y++) for (let x = 0; x < c.width; x++) {
  if (d[(y * c.width + x) * 4 + 3] > 0) { left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y); }
}
return right < 0 ? [0, 0] : [(right - left) / c.width, (bottom - top) / c.height];
"""


def test_an_old_history_reads_right_and_its_heat_map_shows_where_the_runs_are(server, browser):
    """Runs imported from 2019 (none in the last 12 months), and one on holiday far away."""
    olga = server.register("Olga")
    for day in (3, 10, 17):
        upload(server, olga.token, meters=2500, step=4, bearing=60 + 30 * day, begin=f"2019-05-{day:02d}T07:00:00+00:00")
    upload(server, olga.token, meters=2500, step=4, start=(40.7800, -73.9700), begin="2019-08-01T07:00:00+00:00", name="New York")
    b = browser(phone=True)
    b.resize(375, 812)
    b.log_in(olga)
    b.open("/#/profile")
    b.visible(".history li[data-run]")
    b.wait(lambda: len(b.finds(".stats-card .figure")) == 6, message="no totals")
    assert b.stray_values() == [], "a script's value on the profile"
    assert "Your heat map" in b.find(".stats-card").text
    b.wait(lambda: "longest" in b.find("#streak").text)
    assert b.find("#streak").text.endswith("(longest 1 day)."), b.find("#streak").text
    b.shot("profile-old-history")
    assert b.layout_problems("profile-old-history") == []
    # Scrolled down to the history, then to the heat map: it opens at its top, its title in sight.
    b.js("document.querySelector('.history').scrollIntoView()")
    assert b.js("return window.scrollY") > 300
    b.click("a.heat-link")
    b.visible("canvas.heat-canvas[data-draw-ms]")
    assert b.js("return window.scrollY") == 0
    assert b.js("return document.querySelector('.heatmap-page h1').getBoundingClientRect().top") > 0
    b.wait(lambda: b.find(".heat-status").text.startswith("4 activities."), message=b.find(".heat-status").text)
    # All years: the map fits Glasgow's three runs, not the Atlantic with two specks, and
    # says the fourth is elsewhere.
    width, height = b.js(LIT_SPAN)
    assert max(width, height) > 0.4, (width, height)
    assert b.find("canvas.heat-canvas").get_attribute("data-lines") == "3"
    assert "zoom out for the rest" in b.find(".heat-status").text
    b.shot("heatmap-old-history")
    assert b.errors() == []
