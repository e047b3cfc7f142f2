"""The history and the favourites kept on the phone and synced: a second load asks only for
what changed since the last (`updatedSince`), shows a run deleted elsewhere gone and one
added elsewhere there, and reads far fewer bytes than the first."""
import sqlite3
from pathlib import Path

from synthetic_runs import upload
from test_activity import make_route
from test_recording import START

DAY = 86_400
RUNS = 30


def age_everything(server, days=1):
    """Makes every run and favourite a day older, as a history synced yesterday is: the sync
    asks again for the last minute before its answer, which would otherwise hold them all."""
    with sqlite3.connect(Path(server.folder.name) / "e2e.sqlite") as database:
        database.execute("UPDATE runs SET updated_at = updated_at - ?", (days * DAY,))
        database.execute("UPDATE favourites SET updated_at = updated_at - ?", (days * DAY,))


def reads(b, path):
    """The app's reads of `path` (e.g. "/api/v1/runs") since the page loaded: [(query, bytes)]."""
    return b.js("""return performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === arguments[0])
                   .map((e) => [new URL(e.name).search, e.decodedBodySize])""", path)


def history_ids(b):
    return b.js("return [...document.querySelectorAll('.history li[data-run]')].map((e) => e.dataset.run)")


def test_the_history_and_favourites_sync_only_what_changed(server, browser):
    account = server.register("Sia", sharing="public")
    runs = [upload(server, account.token, name=f"Day {day}", meters=2500, begin=f"2026-03-{day:02d}T08:00:00+00:00")
            for day in range(1, RUNS + 1)]
    routes = [make_route(server, account.token, (START[0] + i * 0.01, START[1]), f"Loop {i}") for i in range(3)]
    for route in routes:
        assert server.api("PUT", f"/favourites/{route['id']}", token=account.token)[0] == 204
    age_everything(server)
    b = browser()
    b.resize(375, 812)
    b.log_in(account)
    b.open("/#/profile")
    b.wait(lambda: len(history_ids(b)) == 20, message="the history's first page did not show")
    first = [read for read in reads(b, "/api/v1/runs") if read[0] != "?limit=3"]  # not the home's latest three
    assert [query for query, _ in first] == ["?limit=20"], first
    # Made elsewhere meanwhile: one run deleted, one added; a favourite removed.
    deleted = runs[-1]["id"]
    assert server.api("DELETE", f"/runs/{deleted}", token=account.token)[0] == 204
    added = upload(server, account.token, name="Elsewhere", begin="2026-11-25T08:00:00+00:00")
    # The second load: the kept history at once, then only what changed.
    b.driver.refresh()
    b.wait(lambda: added["id"] in history_ids(b), message="the run added elsewhere did not show")
    assert deleted not in history_ids(b)
    assert len(history_ids(b)) == 20 and history_ids(b)[0] == added["id"]
    second = reads(b, "/api/v1/runs")
    assert len(second) == 1 and "updatedSince=" in second[0][0], second
    before, after = first[0][1], second[0][1]
    print(f"history: first load {before} bytes, second {after} bytes ({100 * after / before:.0f} %)")
    assert after < before / 5, (before, after)
    b.js("document.querySelector('.history-card').scrollIntoView({block: 'start'})")
    b.shot("sync-history")
    # Load more reads on from where the kept pages end, and what is kept is shown offline too.
    b.js("document.querySelector('button[name=load-more]').scrollIntoView({block: 'center'})")
    b.click("button[name=load-more]")
    everything = RUNS + len(routes)  # each route was made of a run; one deleted, one added
    b.wait(lambda: len(history_ids(b)) == everything, message="Load more did not bring the rest")
    assert deleted not in history_ids(b) and len(set(history_ids(b))) == everything

    b.open("/#/favourites")
    b.wait(lambda: len(b.finds(".favourites li[data-route]")) == 3, message="the favourites did not show")
    assert server.api("DELETE", f"/favourites/{routes[0]['id']}", token=account.token)[0] == 204
    b.driver.refresh()
    b.wait(lambda: len(b.finds(".favourites li[data-route]")) == 2, message="the favourite removed elsewhere stayed")
    favourites = reads(b, "/api/v1/favourites")
    assert len(favourites) == 1 and "updatedSince=" in favourites[0][0], favourites
    b.shot("sync-favourites")
    assert b.errors() == []
