"""The profile's badges in tabs at phone size (js/views/achievements/badge-tabs.js): Distance,
Time, Stages and Missions, each saying how many of its badges are earned, the earned ones
first in each; the tabs are the WAI-ARIA pattern, worked from the keyboard (the arrow keys,
Home and End choose; Tab goes on to the chosen panel)."""
from selenium.webdriver.common.keys import Keys

from synthetic_runs import upload

# Each panel's badges in the order shown: earned (True) or not.
ORDER = """
return Object.fromEntries([...document.querySelectorAll('.badges-card [role=tabpanel]')].map((panel) =>
  [panel.dataset.tab, [...panel.querySelectorAll('.award')].map((award) => award.classList.contains('earned'))]));
"""


def chosen(b):
    return b.js("return [...document.querySelectorAll('.badges-card [role=tab]')]"
                ".filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.dataset.tab)")


def focused(b):
    return b.js("return document.activeElement.id")


def test_badges_in_tabs_earned_first_and_by_keyboard(server, browser):
    kim = server.register("Kim")
    # 12.5 km and over an hour in two runs: distance, longest, record and time badges.
    upload(server, kim.token, meters=5500, speed=3.0, begin="2026-03-01T08:00:00+00:00")
    upload(server, kim.token, meters=7000, speed=3.0, begin="2026-03-03T08:00:00+00:00")
    b = browser()
    b.resize(375, 812)
    b.log_in(kim)
    b.open("/#/profile")
    b.visible(".badges-card [role=tablist]")

    tabs = b.js("return [...document.querySelectorAll('.badges-card [role=tab]')].map((t) => "
                "[t.dataset.tab, t.querySelector('.tab-label').textContent, t.getAttribute('aria-controls')])")
    assert [t[:2] for t in tabs] == [["distance", "Distance"], ["time", "Time"], ["stages", "Stages"], ["missions", "Missions"]], tabs
    for key, _, panel in tabs:
        assert b.find(f"#{panel}").get_attribute("role") == "tabpanel"
        assert b.find(f"#{panel}").get_attribute("aria-labelledby") == f"badges-tab-{key}"
    assert chosen(b) == ["distance"]
    assert b.find("#badges-panel-distance").is_displayed() and not b.find("#badges-panel-time").is_displayed()

    # Every badge is in one tab; in each, the earned ones come first.
    order = b.js(ORDER)
    status, mine = server.api("GET", "/me/achievements", token=kim.token)
    assert sum(len(badges) for badges in order.values()) == len(mine["badges"])
    for tab, earned in order.items():
        assert earned == sorted(earned, reverse=True), f"{tab}: a badge to earn before an earned one: {earned}"
    assert order["distance"][:2] == [True, True] and order["time"][0] is True, order
    assert not any(order["stages"]) and not any(order["missions"])
    assert b.find("[data-tab=distance] .tab-note").text == f"{sum(order['distance'])} of {len(order['distance'])}"
    assert b.find("#badges-panel-distance .award.earned[data-badge='distance-10']")

    # The keyboard: only the chosen tab is in the Tab order; the arrows move and choose.
    assert b.js("return [...document.querySelectorAll('.badges-card [role=tab]')].map((t) => t.tabIndex)") == [0, -1, -1, -1]
    b.js("document.getElementById('badges-tab-distance').focus()")
    b.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert chosen(b) == ["time"] and focused(b) == "badges-tab-time"
    assert b.find("#badges-panel-time").is_displayed() and not b.find("#badges-panel-distance").is_displayed()
    assert "1 h moving" in b.find("#badges-panel-time .award.earned").text
    b.driver.switch_to.active_element.send_keys(Keys.END)
    assert chosen(b) == ["missions"] and focused(b) == "badges-tab-missions"
    b.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert chosen(b) == ["distance"], "the arrows go round"
    b.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert chosen(b) == ["missions"]
    assert "None earned yet" in b.find("#badges-panel-missions").text
    b.driver.switch_to.active_element.send_keys(Keys.HOME)
    assert chosen(b) == ["distance"]
    b.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    b.driver.switch_to.active_element.send_keys(Keys.TAB)
    assert focused(b) == "badges-panel-time", "Tab goes on to the chosen panel"
    # A tap chooses too.
    b.click("#badges-tab-stages")
    assert chosen(b) == ["stages"]
    assert "None earned yet: finish a mission stage" in b.find("#badges-panel-stages").text
    b.click("#badges-tab-distance")
    b.js("document.querySelector('.badges-card').scrollIntoView()")
    assert b.layout_problems("profile-badge-tabs-distance") == []  # the chosen tab's word is bold: the widest
    b.click("#badges-tab-time")
    b.js("document.querySelector('.badges-card').scrollIntoView()")
    assert b.layout_problems("profile-badge-tabs") == []
    b.shot("profile-badge-tabs")
    assert b.errors() == []
