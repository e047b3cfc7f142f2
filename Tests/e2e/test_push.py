"""Web Push in headless Chromium at phone size: a notification pushed to the app's service
worker (DevTools' ServiceWorker.deliverPushMessage, as a push service would deliver the
server's message once decrypted) is shown with who did what; tapping it opens the screen
it is about. The Notifications settings offer to turn them on for this phone."""
import json
import time

from conftest import Server  # noqa: F401  (the fixtures)
from devtools import DevTools
from synthetic_runs import upload


def test_a_pushed_notification_is_shown_and_tapping_it_opens_the_activity(server, browser):
    ann = server.register("Ann", sharing="public")
    run = upload(server, ann[0], meters=3000, step=5, name="Canal loop")
    b = browser(phone=True)
    b.cdp("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications", "geolocation"]})
    b.log_in(ann)
    b.open("/#/home")
    b.wait(lambda: b.js("return navigator.serviceWorker.controller !== null"), message="the service worker did not take the page")

    tools = DevTools(b.driver)
    try:
        registration = tools.service_worker_registration(server.url)
        message = {"title": "Bo commented on “Canal loop”", "body": "Lovely <b>pace</b>", "url": f"/#/runs/{run['id']}",
                   "tag": "n1", "unread": 3}
        tools.send("ServiceWorker.deliverPushMessage",
                   {"origin": server.url + "/", "registrationId": registration, "data": json.dumps(message)}, tools.page)
        worker = tools.service_worker_session()
        shown = None
        for _ in range(100):
            shown = tools.evaluate(worker, "self.registration.getNotifications().then((all) => all.map((n) => ({title: n.title, body: n.body, url: n.data.url})))")
            if shown:
                break
            time.sleep(0.1)
        assert shown == [{"title": "Bo commented on “Canal loop”", "body": "Lovely <b>pace</b>", "url": f"{server.url}/#/runs/{run['id']}"}]
        # Tapped: the app's window goes to the activity.
        tools.evaluate(worker, """self.registration.getNotifications().then(([n]) =>
            self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n })))""")
        b.wait(lambda: b.js("return location.hash") == f"#/runs/{run['id']}", message="tapping the notification did not open the activity")
        b.wait(lambda: len(b.finds(".comments-card")) == 1)
        # A message naming another site's address opens the app's home instead.
        tools.send("ServiceWorker.deliverPushMessage",
                   {"origin": server.url + "/", "registrationId": registration,
                    "data": json.dumps({"title": "x", "url": "https://evil.example/#/x", "tag": "n2"})}, tools.page)
        for _ in range(100):
            urls = tools.evaluate(worker, "self.registration.getNotifications().then((all) => all.map((n) => n.data.url))")
            if f"{server.url}/#/home" in (urls or []):
                break
            time.sleep(0.1)
        assert f"{server.url}/#/home" in urls
    finally:
        tools.close()
    assert b.errors() == []


def test_the_settings_say_what_this_phone_gets(server, browser):
    ann = server.register("Ann")
    b = browser(phone=True)
    b.log_in(ann)
    b.open("/#/profile")
    b.click("details.push-settings summary")
    b.wait(lambda: b.find(".push-state").text != "")
    state = b.find(".push-state").text
    # Headless Chromium has the Push API but no push service to subscribe with: the screen
    # offers to turn notifications on, and says the bell has them meanwhile.
    assert "bell" in state or "can't take notifications" in state, state
    # What the user asks to be told: friends' records, a reminder after idle days.
    b.click("input[name=friend-records]")
    b.js("const idle = document.querySelector('select[name=idle-reminder]'); idle.value = '5'; idle.dispatchEvent(new Event('change'))")
    b.wait(lambda: server.api("GET", "/me/notification-settings", token=ann.token)[1] == {
        "pushMuted": [], "pushDevices": 0, "friendRecords": True, "idleReminderDays": 5}, message="the choices were not saved")
    b.js("document.querySelector('details.push-settings').scrollIntoView()")
    b.shot("push-settings")
    assert b.errors() == []
