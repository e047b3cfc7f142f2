// The app's clock: the time now, and the time of a GPS fix, in ms since 1970. It is the
// device's own, unless a browser test installed its clock before the app's first script
// ran (`pacelineTestClock`, put there through the DevTools protocol by
// Tests/e2e/conftest.py): then the test moves time on at will, so a minute of running
// takes no minute to test. Nothing in the app sets it, and no other page can.
const testClock = globalThis.pacelineTestClock;

/** Milliseconds since 1970, now. */
export function now() {
  return testClock ? testClock.now() : Date.now();
}

/** The time of a fix the device stamped `timestamp` (ms): on the test's clock when there is one. */
export function fixTime(timestamp) {
  return testClock ? testClock.fixTime(timestamp) : timestamp;
}
