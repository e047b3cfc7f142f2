"""Signed in by the sign-in page in front (`--trusted-user-header`), on a phone (375×812):
the proxy names Ann by email in `Remote-Email` on every request (here Chromium adds it, as
nginx's auth_request would); the app opens signed in as Ann without a form, uploads as her,
and Log out says to sign out at the sign-in page. Without the header, no one is signed in."""
import pytest

from conftest import Server


@pytest.fixture(scope="module")
def server():
    app = Server({"PACELINE_TRUST_PROXY": "1", "PACELINE_TRUSTED_USER_HEADER": "Remote-Email"})
    yield app
    app.stop()


def test_the_proxy_signs_the_app_in(server, browser):
    ann = server.register("Ann", proxy_header="Remote-Email")
    b = browser(phone=True)
    b.cdp("Network.enable", {})
    b.cdp("Network.setExtraHTTPHeaders", {"headers": {"Remote-Email": ann.email}})
    b.open("/#/home")
    b.wait(lambda: b.js("return JSON.parse(localStorage.getItem('paceline.session') || 'null')?.profile?.displayName") == "Ann",
           message="the app did not start signed in as Ann")
    b.visible(".home-tiles")
    assert b.js("return document.getElementById('sign-in').hidden") is True
    b.shot("proxy-signed-in")
    # What she does is hers: the profile is hers, the API answers as her.
    assert b.js("return fetch('/api/v1/me').then((r) => r.json()).then((me) => me.email)") == ann.email
    b.open("/#/profile")
    b.visible(".stats-card")
    b.click("button[name=logout]")
    said = b.visible(".logout-area .error").text
    assert said == "you are signed in by the sign-in page in front of this instance: sign out there"
    b.js("document.querySelector('.logout-area').scrollIntoView({block: 'center'})")
    b.shot("proxy-log-out")
    assert b.js("return JSON.parse(localStorage.getItem('paceline.session') || 'null')?.profile?.displayName") == "Ann"
    # The browser notes the 409 Log out was answered with; nothing else went wrong.
    assert [error for error in b.errors() if "auth/logout" not in error] == []


def test_without_the_header_no_one_is_signed_in(server, browser):
    b = browser(phone=True)
    b.open("/#/home")
    b.wait(lambda: b.js("return document.getElementById('sign-in').hidden") is False, message="the sign-in button did not show")
    assert b.js("return localStorage.getItem('paceline.session')") is None


def test_another_member_signed_in_at_the_proxy_ends_the_last_ones_session(server, browser):
    """The same phone, Ann signed in at the proxy, then Bo: the app opens as Bo, Ann's kept
    answers gone, and nothing of Ann's sent as Bo's."""
    ann, bo = server.register("Ann", proxy_header="Remote-Email"), server.register("Bo", proxy_header="Remote-Email")
    b = browser(phone=True)
    b.cdp("Network.enable", {})
    b.cdp("Network.setExtraHTTPHeaders", {"headers": {"Remote-Email": ann.email}})
    b.open("/#/home")
    shown = "return JSON.parse(localStorage.getItem('paceline.session') || 'null')?.profile?.displayName"
    b.wait(lambda: b.js(shown) == "Ann", message="the app did not start as Ann")
    b.cdp("Network.setExtraHTTPHeaders", {"headers": {"Remote-Email": bo.email}})
    b.driver.refresh()
    b.wait(lambda: b.js(shown) == "Bo", message="the app kept Ann's session after the proxy signed Bo in")
    b.visible(".home-tiles")
    b.shot("proxy-switched")
    assert [error for error in b.errors() if "auth/logout" not in error] == []
