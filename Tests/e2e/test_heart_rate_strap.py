"""A heart-rate strap over Web Bluetooth while recording: the runner taps "Connect heart
rate", the browser's chooser gives a strap, its readings show live and go on the fixes,
and the saved run's heart rate is what the strap sent. There is no Bluetooth radio here:
the strap is a stand-in for navigator.bluetooth that sends real Heart Rate Measurement
bytes (Bluetooth Heart Rate Service: flags, then a uint8 or little-endian uint16), so the
app's parsing, its timing and the upload are what is tested."""
from test_recording import START, north

# navigator.bluetooth as Chrome offers it, with one strap whose notifications the test
# sends: pacelineStrap.send(bytes) → a characteristicvaluechanged with those bytes.
FAKE_STRAP = """
(() => {
  const characteristic = {
    listeners: [], value: null,
    addEventListener(type, listener) { if (type === 'characteristicvaluechanged') this.listeners.push(listener); },
    async startNotifications() { window.pacelineStrap.notifying = true; return this; },
  };
  const device = {
    name: 'Polar H10 0A1B2C3D', listeners: [],
    addEventListener(type, listener) { if (type === 'gattserverdisconnected') this.listeners.push(listener); },
    gatt: {
      connected: false,
      async connect() { this.connected = true; return { async getPrimaryService(name) {
        if (name !== 'heart_rate') throw new DOMException('no such service', 'NotFoundError');
        return { async getCharacteristic(which) {
          if (which !== 'heart_rate_measurement') throw new DOMException('no such characteristic', 'NotFoundError');
          return characteristic; } }; } }; },
      disconnect() { this.connected = false; },
    },
  };
  window.pacelineStrap = {
    notifying: false, asked: null,
    send(bytes) {
      characteristic.value = new DataView(new Uint8Array(bytes).buffer);
      for (const listener of characteristic.listeners) listener({ target: characteristic });
    },
  };
  Object.defineProperty(navigator, 'bluetooth', { configurable: true, value: {
    async requestDevice(options) { window.pacelineStrap.asked = options; return device; },
  } });
})();
"""


def test_a_strap_connected_while_recording_gives_the_run_its_heart_rate(server, browser):
    b = browser()
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_STRAP})
    email = b.register("Hana")
    b.start_recording(*START)
    b.visible("button[name=end]")
    b.click("button[name=heart-rate]")
    b.wait(lambda: b.js("return pacelineStrap.notifying"), message="the app did not subscribe to the strap")
    assert b.js("return pacelineStrap.asked") == {"filters": [{"services": ["heart_rate"]}]}
    sent = []
    for second in range(1, 31):
        bpm = 120 + second
        if second % 3 == 0:
            b.js("pacelineStrap.send(arguments[0])", [0x07, bpm, 0])  # uint16 value, skin contact
        elif second == 10:
            b.js("pacelineStrap.send(arguments[0])", [0x04, 0])  # contact lost: no reading
            bpm = sent[-1]  # the last reading is still fresh
        else:
            b.js("pacelineStrap.send(arguments[0])", [0x06, bpm])  # uint8 value, skin contact
        sent.append(bpm)
        b.step(*north(START, 4 * second))
    assert b.find("button[name=heart-rate]").text.strip() == f"{sent[-1]} bpm"
    b.shot("recording-heart-rate")
    b.click("button[name=end]")
    b.click("button[name=save]")
    b.wait(lambda: "Uploaded" in b.find("#saved-status").text, message="the run was not saved")

    status, page = server.api("GET", "/runs", token=server.token(email))
    assert status == 200
    status, detail = server.api("GET", f"/runs/{page['runs'][0]['id']}", token=server.token(email))
    assert status == 200
    assert detail["heartRate"]["maximum"] == max(sent)
    assert abs(detail["heartRate"]["average"] - sum(sent) / len(sent)) < 1.5, (detail["heartRate"], sent)
    assert b.errors() == []


def test_a_browser_without_bluetooth_offers_no_strap(server, browser):
    b = browser()
    b.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": "Object.defineProperty(navigator, 'bluetooth', { value: undefined });"})
    b.register("Ivo")
    b.start_recording(*START)
    b.visible("button[name=end]")
    assert b.finds("button[name=heart-rate]") == []
