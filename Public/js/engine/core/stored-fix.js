// A fix at the resolution the server stores it with (CompactTrack.stored in Swift): time to
// the millisecond, latitude and longitude to 1e-7°, elevation and accuracy to the
// centimetre. The recording screen takes every fix through it before it counts, so the
// distance, paces and workout table the runner sees are computed from the very numbers the
// server replays after the upload, to the last bit.

/** `value` × `factor` rounded half away from zero, as Swift's `rounded()`, then scaled back. */
const stored = (value, factor) => Math.sign(value) * Math.round(Math.abs(value) * factor) / factor;

/** `fix` ({time in ms, latitude, longitude, elevation?, accuracy?, …}) as the server keeps it. */
export function storedFix(fix) {
  return {
    ...fix,
    time: stored(fix.time, 1),
    latitude: stored(fix.latitude, 1e7),
    longitude: stored(fix.longitude, 1e7),
    ...(Number.isFinite(fix.elevation) ? { elevation: stored(fix.elevation, 100) } : {}),
    ...(Number.isFinite(fix.accuracy) ? { accuracy: stored(fix.accuracy, 100) } : {}),
  };
}
