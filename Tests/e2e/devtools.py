"""Chromium's DevTools protocol with its events, for what Selenium's `execute_cdp_cmd`
can't do: it sends commands but drops the events that carry a service worker's
registration id, and it reaches only the page, never a service worker."""
import json
import urllib.request

import websocket


class DevTools:
    """A connection to the browser behind a Selenium `driver`, attached to its page."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as response:
            url = json.load(response)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=20, suppress_origin=True)
        self.next_id = 0
        self.events = []
        page = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.page = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["sessionId"]

    def send(self, method, params=None, session=None):
        """Sends a command and answers its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method, matches=lambda params: True, attempts=200):
        """The params of the first event `method` whose params `matches`, waiting for it."""
        for _ in range(attempts):
            for event in self.events:
                if event.get("method") == method and matches(event.get("params", {})):
                    return event["params"]
            self.events.append(json.loads(self.socket.recv()))
        raise TimeoutError(method)

    def service_worker_registration(self, origin):
        """The id of the service worker registered for `origin`'s app."""
        self.send("ServiceWorker.enable", session=self.page)
        params = self.wait_event("ServiceWorker.workerRegistrationUpdated",
                                 lambda p: any(r["scopeURL"].startswith(origin) and not r.get("isDeleted") for r in p["registrations"]))
        return next(r["registrationId"] for r in params["registrations"] if r["scopeURL"].startswith(origin))

    def service_worker_session(self):
        """A session attached to the running service worker, to evaluate in it."""
        worker = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "service_worker")
        return self.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": True})["sessionId"]

    def evaluate(self, session, expression):
        """The value of `expression` (awaited) in `session`'s context."""
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def close(self):
        self.socket.close()
