// Where fixes come from: the device's GPS (navigator.geolocation), or with
// ?simulate=<run id or file URL> in the address a recorded track replayed in real time
// as if it were the GPS (for demos and tests). Every consumer gets the same fix shape:
// {latitude, longitude, accuracy, elevation, time} with `time` in milliseconds; the way the
// device moves (its GPS heading, where it gives one) comes beside it, not in it, so what
// is kept and sent of a fix stays the same.
import { simulatedTrack } from './simulator.js';
import { now, fixTime } from '../clock.js';

const simulate = new URLSearchParams(location.search).get('simulate');

/** Whether the fixes are a replay (the screen says so). */
export const isSimulated = simulate !== null;

/** The GPS's heading (degrees clockwise from north) of a position, when it gives one: only while moving. */
function headingOf(coords) {
  const still = Number.isFinite(coords.speed) && coords.speed < 0.5;
  return Number.isFinite(coords.heading) && !still ? coords.heading : undefined;
}

/**
 * Calls `onFix(fix, {heading})` for every position and `onStatus(status, message)` when
 * the GPS state changes (`waiting`, `ok`, `denied`, `unavailable`). Returns a function that stops.
 */
export function watchPosition(onFix, onStatus = () => {}) {
  if (isSimulated) return simulatedTrack(simulate, onFix, onStatus);
  if (!('geolocation' in navigator)) {
    onStatus('unavailable', 'This browser has no GPS access');
    return () => {};
  }
  onStatus('waiting', 'Waiting for GPS');
  const id = navigator.geolocation.watchPosition(
    (position) => {
      onStatus('ok', `GPS ±${Math.round(position.coords.accuracy)} m`);
      onFix({
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        accuracy: position.coords.accuracy,
        elevation: position.coords.altitude ?? undefined,
        time: position.timestamp ? fixTime(position.timestamp) : now(),
      }, { heading: headingOf(position.coords) });
    },
    (error) => onStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
      error.code === error.PERMISSION_DENIED ? 'Location permission denied' : 'No GPS signal'),
    { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
  );
  return () => navigator.geolocation.clearWatch(id);
}

/** The current position once (for centring the map), or null. */
export function currentPosition(timeoutMs = 8000) {
  return new Promise((resolve) => {
    let stop = null;
    const timer = setTimeout(() => { stop?.(); resolve(null); }, timeoutMs);
    stop = watchPosition((fix) => { clearTimeout(timer); queueMicrotask(() => stop?.()); resolve(fix); });
  });
}
