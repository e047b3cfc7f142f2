"""Signing in with a club's accounts (OpenID Connect) on a phone (375×812), against a real
OpenID provider: django-oidc-provider (Tests/OIDCProvider/provider.py) on a free port. A
new runner signs in through the provider's own form and lands in the app signed in; a
runner with an account here links it with its password, once."""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import REPOSITORY, Server, free_port

SMALL_PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True}
ANN = {"username": "ann", "password": "ann-provider-pw", "email": "ann@club.example", "email_verified": True, "name": "Ann Runner"}
BO = {"username": "bo", "password": "bo-provider-pw", "email": "bo@club.example", "email_verified": True, "name": "Bo"}


def provider_python():
    """An interpreter with the provider's packages: this one (CI installs .ci/requirements.txt),
    else the Swift tests' own (.build/peer-python); None when neither has them."""
    for python in [sys.executable, str(REPOSITORY / ".build/peer-python/bin/python3")]:
        if Path(python).exists() and subprocess.run([python, "-c", "import django, oidc_provider, waitress"],
                                                      capture_output=True).returncode == 0:
            return python
    return None


@pytest.fixture(scope="module")
def server():
    """The app on a known port, signing in with a provider started for it (its client's
    redirect URI names that port); password login stays on, for the linking test."""
    python = provider_python()
    if python is None:
        pytest.skip("the OpenID provider's packages are missing: pip install -r .ci/requirements.txt")
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    folder = tempfile.TemporaryDirectory(prefix="paceline-oidc-e2e-")
    config = Path(folder.name) / "provider.json"
    config.write_text(json.dumps({
        "clients": [{"id": "paceline", "secret": "e2e-secret", "redirect_uris": [origin + "/auth/oidc/callback"]}],
        "users": [ANN, BO]}))
    provider = subprocess.Popen([python, str(REPOSITORY / "Tests/OIDCProvider/provider.py"), str(config)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        provider_port = json.loads(provider.stdout.readline())["port"]
        # The secret from a file, as OPERATIONS.md advises (systemd's LoadCredential=).
        secret = Path(folder.name) / "client-secret"
        secret.write_text("e2e-secret\n")
        app = Server({"PACELINE_PUBLIC_URL": origin, "PACELINE_OIDC_ISSUER": f"http://127.0.0.1:{provider_port}/openid",
                      "PACELINE_OIDC_CLIENT_ID": "paceline", "PACELINE_OIDC_CLIENT_SECRET_FILE": str(secret),
                      "PACELINE_OIDC_NAME": "Club accounts", "PACELINE_OIDC_ACCOUNTS": "open"}, port=port)
        yield app
        app.stop()
    finally:
        provider.kill()
        provider.wait()
        folder.cleanup()


def own_errors(server, b):
    """The browser's errors on the app's pages (the provider's have no favicon, which is not ours to mend)."""
    return [error for error in b.errors() if error.startswith(server.url) or "127.0.0.1" not in error]


def sign_in_at_provider(b, account):
    """The provider's own login form, as the runner fills it."""
    b.visible("#username")
    b.type("#username", account["username"])
    b.type("#password", account["password"])
    b.click("#sign-in")


def test_a_new_runner_signs_in_with_the_club_account(server, browser):
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    b.open("/#/login")
    button = b.visible("a.provider-sign-in")
    assert button.text == "Sign in with Club accounts"
    b.shot("oidc-login")
    assert b.layout_problems("oidc-login", widths=(375,)) == []
    b.driver.get(button.get_attribute("href"))
    sign_in_at_provider(b, ANN)
    b.wait(lambda: "#/home" in b.driver.current_url, message="the sign-in did not reach the home screen")
    b.visible(".home-tiles")
    b.shot("oidc-signed-in")
    assert b.js("return JSON.parse(localStorage.getItem('paceline.session')).profile.displayName") == "Ann Runner"
    # The session is the HttpOnly cookie: no script reads it, and it signs the API in.
    assert "paceline_session" not in b.js("return document.cookie")
    assert b.js("return fetch('/api/v1/me').then((r) => r.status)") == 200
    b.open("/#/profile")
    b.visible(".stats-card")
    linked = b.visible(".sign-in-accounts li")
    assert linked.text.split("\n")[0] == "Club accounts · ann@club.example" and "Linked" in linked.text
    b.js("document.querySelector('.sign-in-accounts-section').scrollIntoView({block: 'center'})")
    b.shot("oidc-profile")
    assert own_errors(server, b) == []


def test_a_runner_links_the_account_they_have_with_its_password(server, browser):
    code, _ = server.api("POST", "/auth/register", {"email": BO["email"], "password": "correct horse battery", "displayName": "Bo here"})
    assert code == 201
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    b.open("/#/login")
    b.driver.get(b.visible("a.provider-sign-in").get_attribute("href"))
    sign_in_at_provider(b, BO)
    b.wait(lambda: "oidc=link" in b.driver.current_url, message="no link screen")
    b.wait(lambda: "bo@club.example" in b.find("form.provider-link").text, message="the link screen names no account")
    assert b.finds("input[name=email]") == [], "the password form is not shown beside the link"
    b.shot("oidc-link")
    assert b.layout_problems("oidc-link", widths=(375,)) == []
    b.type("form.provider-link input[name=password]", "not the password")
    b.click("button[name=link]")
    b.wait(lambda: "not this account" in b.find("form.provider-link p.error").text, message="no word of the wrong password")
    b.shot("oidc-link-wrong")
    b.find("form.provider-link input[name=password]").clear()
    b.type("form.provider-link input[name=password]", "correct horse battery")
    b.click("button[name=link]")
    b.wait(lambda: "#/home" in b.driver.current_url, message="linking did not reach the home screen")
    assert b.js("return JSON.parse(localStorage.getItem('paceline.session')).profile.displayName") == "Bo here"
    assert all("403" in error for error in own_errors(server, b)), "only the wrong password failed"


def test_a_failed_sign_in_says_why_in_a_sentence_of_the_app(server, browser):
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    # The provider's answer opened again: the sign-in is used up.
    b.open("/auth/oidc/callback?code=stolen&state=replayed")
    failure = b.visible(".provider-failure")
    assert failure.text.startswith("Sign-in with Club accounts failed: the sign-in was started in another browser")
    b.shot("oidc-failed")
    # An address with words of someone else's choosing says nothing.
    b.open("/#/login?oidc=Call%20this%20number")
    b.visible("a.provider-sign-in")
    assert b.finds(".provider-failure") == []


def test_with_password_login_off_the_login_screen_offers_only_the_provider(server, browser):
    server.halt()
    server.environment["PACELINE_PASSWORD_LOGIN"] = "off"
    server.start()
    try:
        b = browser(phone=True)
        b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
        b.open("/#/login")
        b.visible("a.provider-sign-in")
        assert b.finds("input[name=email]") == [] and b.finds("input[name=password]") == []
        b.shot("oidc-only")
        assert server.api("POST", "/auth/login", {"email": ANN["email"], "password": "whatever it is"})[1]["error"]["code"] == "password_login_off"
        b.driver.get(b.find("a.provider-sign-in").get_attribute("href"))
        sign_in_at_provider(b, ANN)
        b.wait(lambda: "#/home" in b.driver.current_url, message="the sign-in did not reach the home screen")
    finally:
        server.halt()
        del server.environment["PACELINE_PASSWORD_LOGIN"]
        server.start()
