"""Changing the password from the profile's settings (#/profile), on a small phone
(375×812): a wrong current password is said so and logs no one out; the right one
changes it and logs out the account's other devices, not this one."""
from conftest import Browser

SMALL_PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True}


def status(b):
    return b.js("const e = document.querySelector('.password-status'); return e ? e.innerText : ''")


def test_change_password_logs_out_other_devices(server, browser):
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    email = b.register("Pat")
    # The account's other device: a token from logging in elsewhere.
    code, other = server.api("POST", "/auth/login", {"email": email, "password": "correct horse"})
    assert code == 200

    b.open("/#/profile")
    b.visible("details.password-change summary")
    b.js("document.querySelector('details.password-change').scrollIntoView({block: 'center'})")
    b.shot("password-closed")
    b.click("details.password-change summary")
    b.visible("input[name=current-password]")
    b.js("document.querySelector('details.password-change').scrollIntoView({block: 'start'})")
    b.shot("password-form")

    b.type("input[name=current-password]", "not my password")
    b.type("input[name=new-password]", "a much longer password")
    b.click("button[name=change-password]")
    b.wait(lambda: "wrong" in status(b), message="no word of the wrong password")
    assert "#/profile" in b.driver.current_url, "a wrong current password logs no one out"
    b.shot("password-wrong")
    assert all("403" in error for error in b.errors()), "only the refused change failed"

    b.find("input[name=current-password]").clear()
    b.type("input[name=current-password]", "correct horse")
    b.find("input[name=new-password]").clear()
    b.type("input[name=new-password]", "a much longer password")
    b.click("button[name=change-password]")
    b.wait(lambda: "Password changed" in status(b), message="the change was not confirmed")
    b.shot("password-changed")
    assert b.find("input[name=current-password]").get_attribute("value") == ""

    # The other device is logged out; this one still works; only the new password logs in.
    assert server.api("GET", "/me", token=other["token"])[0] == 401
    b.open("/#/profile")
    b.visible(".stats-card")
    assert "#/profile" in b.driver.current_url
    assert server.api("POST", "/auth/login", {"email": email, "password": "correct horse"})[0] == 401
    assert server.api("POST", "/auth/login", {"email": email, "password": "a much longer password"})[0] == 200
    assert b.errors() == []


def test_a_new_password_needs_ten_characters(server, browser):
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    b.register("Quinn")
    b.open("/#/profile")
    b.click("details.password-change summary")
    b.type("input[name=current-password]", "correct horse")
    b.type("input[name=new-password]", "too short")
    b.click("button[name=change-password]")
    # The browser's own check (minlength) keeps the form from being sent.
    assert b.js("return document.querySelector('input[name=new-password]').validity.tooShort") is True
    assert status(b) == ""


def test_registering_asks_for_ten_characters_logging_in_does_not(server, browser):
    b = browser(phone=True)
    b.cdp("Emulation.setDeviceMetricsOverride", SMALL_PHONE)
    b.open("/#/login")
    b.visible("input[name=password]")
    password = "document.querySelector('input[name=password]')"
    assert b.js(f"return {password}.minLength") <= 0, "an account from before may have a shorter password"
    b.click("button[name=switch]")
    b.wait(lambda: b.js(f"return {password}.minLength") == 10, message="registering does not ask for 10 characters")
    assert "10 to 256 characters" in b.find("form").text
    b.type("input[name=password]", "too short")
    b.shot("register-password")
    assert b.js(f"return {password}.validity.tooShort") is True
