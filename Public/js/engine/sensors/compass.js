// The phone's compass, through the DeviceOrientation events: where the top of the screen
// points, in degrees clockwise from north. Chrome on Android sends the compass as
// `deviceorientationabsolute`; Safari on iOS sends `deviceorientation` with its own
// `webkitCompassHeading` (after the runner allows it, `askCompass`). A relative
// orientation (Chrome's plain `deviceorientation`, a desktop's) is no compass: it is
// ignored, so a device without one never reports a heading.

/** Whether this browser has the DeviceOrientation events at all (a reading may still never come). */
export const mayHaveCompass = typeof globalThis.DeviceOrientationEvent === 'function';

/** The screen's own turn (a phone in landscape), degrees clockwise. */
function screenAngle() {
  return globalThis.screen?.orientation?.angle ?? 0;
}

/** The heading an orientation event gives, or null when it is not a compass's. */
export function headingOf(event) {
  if (Number.isFinite(event.webkitCompassHeading)) return (event.webkitCompassHeading + screenAngle()) % 360;
  if (!event.absolute || !Number.isFinite(event.alpha)) return null;
  // alpha turns counter-clockwise from north; the screen's top points the other way round.
  return ((360 - event.alpha + screenAngle()) % 360 + 360) % 360;
}

/**
 * Asks for the compass where the browser has a permission for it (iOS Safari asks the
 * person, from a tap; Chrome answers from the site's motion sensors setting).
 * @returns {Promise<'granted'|'denied'|'absent'>} whether readings may come
 */
export async function askCompass() {
  if (!mayHaveCompass) return 'absent';
  const ask = globalThis.DeviceOrientationEvent.requestPermission;
  if (typeof ask !== 'function') return 'granted';
  try {
    return (await ask.call(globalThis.DeviceOrientationEvent)) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/** Calls `onHeading(degrees)` for each compass reading. Returns a function that stops. */
export function watchCompass(onHeading) {
  const listener = (event) => {
    const heading = headingOf(event);
    if (heading !== null) onHeading(heading);
  };
  globalThis.addEventListener('deviceorientationabsolute', listener);
  globalThis.addEventListener('deviceorientation', listener);
  return () => {
    globalThis.removeEventListener('deviceorientationabsolute', listener);
    globalThis.removeEventListener('deviceorientation', listener);
  };
}
