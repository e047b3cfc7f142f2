"""Using Paceline before signing up: a visitor records a run, sees its summary and chart
from the phone's own numbers, and keeps it by making an account (uploaded once, however
often the app reloads or in how many tabs the account signs in); a visitor follows a
public route's pace; on a shared phone, someone else signing in is asked before a run
recorded without an account becomes theirs."""
from conftest import PASSWORD
from test_activity import make_route
from test_recording import START, move


def visitor_records(b, seconds=40):
    """From the welcome screen, records a run of `seconds` at 3 m/s and ends it: the summary."""
    b.locate(*START)
    b.open("/#/home")
    b.click("#start-run")
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    move(b, START, 3.0, seconds)
    b.click("button[name=end]")
    b.visible("#save-outcome")


def fill_login(b, email, name=None):
    """Fills the login's form (Create account when `name` is given) and sends it."""
    b.type("input[name=email]", email)
    b.type("input[name=password]", PASSWORD)
    if name:
        b.type("input[name=displayName]", name)
    b.click("button[name=submit]")


def runs_of(server, token):
    return server.api("GET", "/runs?limit=100", token=token)[1]["runs"]


def history_ids(b):
    return b.js("return [...document.querySelectorAll('.history li[data-run]')].map((e) => e.dataset.run)")


def test_a_visitor_records_a_run_and_keeps_it_by_making_an_account(server, browser):
    b = browser()
    b.resize(375, 812)
    b.open("/#/home")
    b.visible(".home-welcome")
    b.visible("#start-run")
    b.shot("visitor-home")
    visitor_records(b)
    # The summary and its chart, from the phone's own numbers: no account, no server.
    b.visible("#summary-chart")
    assert b.find("#summary-distance").text.startswith("0.12"), b.find("#summary-distance").text
    note = b.visible("#visitor-note").text
    assert "kept on this phone" in note and "nothing lost" in note
    b.shot("visitor-summary")
    b.js("document.querySelector('button[name=keep]').scrollIntoView({block: 'center'})")
    b.shot("visitor-summary-keep")
    assert b.layout_problems("visitor-summary") == []
    b.click("button[name=keep]")
    b.wait(lambda: "#/login" in b.driver.current_url and "why=keep" in b.driver.current_url, message="Keep it did not open the login")
    assert b.visible(".sign-in-reason").text.startswith("To keep what you recorded")
    assert b.find("input[name=displayName]").is_displayed(), "Keep it: make an account did not open Create account"
    b.shot("visitor-keep-register")
    # Nothing is sent before there is an account: the run waits, unowned, on the phone.
    assert b.js("return import('/js/engine/api/outbox.js').then(({ outbox }) => outbox.keptBeforeSigningIn()).then((i) => i.length)") == 1
    email = "vera-keeps@example.org"
    fill_login(b, email, "Vera")
    b.wait(lambda: "#/profile" in b.driver.current_url, message="registering did not go on to the history")
    b.wait(lambda: len(history_ids(b)) == 1, 30, "the kept run is not in the history")
    token = server.token(email)
    runs = runs_of(server, token)
    assert len(runs) == 1 and history_ids(b) == [runs[0]["id"]]
    b.js("document.querySelector('.history-card').scrollIntoView({block: 'start'})")
    b.shot("visitor-kept-in-history")
    # Reloads, and the same account signing in in a second tab, upload nothing again.
    b.driver.refresh()
    b.wait(lambda: len(history_ids(b)) == 1)
    b.driver.switch_to.new_window("tab")
    b.open("/#/login?why=keep&keep=1&next=%23%2Fprofile")
    fill_login(b, email)
    b.wait(lambda: "#/profile" in b.driver.current_url)
    b.wait(lambda: len(history_ids(b)) == 1)
    b.driver.refresh()
    b.wait(lambda: len(history_ids(b)) == 1)
    assert len(runs_of(server, token)) == 1
    assert b.js("return import('/js/engine/api/outbox.js').then(({ outbox }) => outbox.keptBeforeSigningIn()).then((i) => i.length)") == 0
    assert b.errors() == []


def test_a_visitor_follows_a_public_routes_pace_and_logs_in_to_keep_it(server, browser):
    owner = server.register("Rhona", sharing="public")
    route = make_route(server, owner.token, START, "Canal path")
    walker = server.register("Wes")
    b = browser()
    b.resize(375, 812)
    b.locate(*START)
    b.open(f"/#/activity?route={route['id']}")
    b.wait(lambda: "Rhona" in b.find(".top-runs").text, message="the leaderboard did not show")
    b.click("button[name=follow]")
    b.wait(lambda: "#/record?follow=" in b.driver.current_url, message="Follow did not open the running screen")
    b.visible("#gap")
    assert "following Canal path" in b.find(".status-line").text
    b.click("button[name=begin]")
    b.visible("button[name=end]")
    move(b, START, 4.2, 60)
    b.shot("visitor-following")
    b.click("button[name=end]")
    b.visible("#coverage")
    assert b.find("input[name=add-to-route]").is_selected()
    b.visible("#summary-chart")
    b.js("document.querySelector('button[name=keep-log-in]').scrollIntoView({block: 'center'})")
    b.shot("visitor-follow-summary")
    b.click("button[name=keep-log-in]")
    b.wait(lambda: "#/login" in b.driver.current_url)
    b.wait(lambda: b.js("return document.querySelector('button[name=submit]')?.textContent") == "Log in", message="Log in opened Create account")
    fill_login(b, walker.email)
    b.wait(lambda: "#/profile" in b.driver.current_url)
    b.wait(lambda: len(history_ids(b)) == 1, 30, "the followed run is not in the history")
    # It joined the route's leaderboard, as ticked (the walker sees their own private run there).
    board = lambda: server.api("GET", f"/routes/{route['id']}/leaderboard", token=walker.token)[1]["entries"]
    b.wait(lambda: "Wes" in [entry["runner"]["displayName"] for entry in board()], 20, "the run did not join the leaderboard")
    assert b.errors() == []


def test_on_a_shared_phone_someone_else_is_asked_before_a_kept_run_is_theirs(server, browser):
    other = server.register("Sam")
    b = browser()
    b.resize(375, 812)
    visitor_records(b, seconds=30)
    # The visitor leaves the run kept on the phone without making an account.
    b.click("button[name=keep]")
    b.wait(lambda: "#/login" in b.driver.current_url)
    b.open("/#/home")
    card = b.visible("#kept-activities")
    assert "1 run recorded without an account" in card.text
    assert b.find("#keep-register").text == "Keep it: make an account"
    b.shot("visitor-kept-on-phone")
    # Someone else logs in on the same phone: asked, nothing sent meanwhile.
    b.open("/#/login")
    fill_login(b, other.email)
    question = b.visible("#kept-question")
    assert "Add 1 run recorded before signing in to this account?" in question.text
    assert runs_of(server, other.token) == []
    b.shot("shared-phone-question")
    b.click("button[name=not-mine]")
    b.wait(lambda: "#/home" in b.driver.current_url, message="Not mine did not go on")
    b.visible("#start-run")
    assert b.finds("#kept-question") == [], "asked again after Not mine"
    assert runs_of(server, other.token) == []
    # Logged out, the run is still kept for whoever recorded it; they make their account.
    b.open("/#/profile")
    b.click("button[name=logout]")
    b.wait(lambda: "#/login" in b.driver.current_url)
    b.open("/#/home")
    b.click("#keep-register")
    fill_login(b, "vic-shared@example.org", "Vic")
    b.wait(lambda: "#/profile" in b.driver.current_url)
    b.wait(lambda: len(history_ids(b)) == 1, 30, "the kept run did not reach its owner's history")
    assert len(runs_of(server, server.token("vic-shared@example.org"))) == 1
    assert runs_of(server, other.token) == []
    assert [m for m in b.errors() if "401" not in m] == []
