// SI inside, the user's units at the edges: km or mi, min/km or min/mi.
export const METERS_PER_MILE = 1609.344;
export const METERS_PER_YARD = 0.9144;

/** Metres in the user's distance unit: a kilometre or a mile. */
export const unitMeters = (units) => (units === 'imperial' ? METERS_PER_MILE : 1000);
/** The distance unit's short name: "km" or "mi". */
export const unitName = (units) => (units === 'imperial' ? 'mi' : 'km');

/** "5.02 km", "3.12 mi"; under 1 km (or mi) in metres (or yards) is still km with 2 decimals. */
export function distance(meters, units = 'metric', digits = 2) {
  if (meters === null || meters === undefined || !Number.isFinite(meters)) return '–';
  return `${(meters / unitMeters(units)).toFixed(digits)} ${unitName(units)}`;
}

/** A short distance as people say it: "30 m", or "33 yd" for imperial users. */
export function shortDistance(meters, units = 'metric') {
  if (meters === null || meters === undefined || !Number.isFinite(meters)) return '–';
  return units === 'imperial' ? `${Math.round(meters / METERS_PER_YARD)} yd` : `${Math.round(meters)} m`;
}

/** "5:07 /km" from seconds per kilometre; "–" when there is no pace. */
export function pace(secondsPerKilometer, units = 'metric') {
  const text = paceClock(secondsPerKilometer, units);
  return text === '–' ? text : `${text} /${unitName(units)}`;
}

/** Pace per km or mile without the unit ("5:00"), for tables and inputs that name it once; "–" beyond 1 h per km. */
export function paceClock(secondsPerKilometer, units = 'metric') {
  if (!Number.isFinite(secondsPerKilometer) || secondsPerKilometer <= 0 || secondsPerKilometer > 3600) return '–';
  return clock(secondsPerKilometer * unitMeters(units) / 1000);
}

/** Pace from a speed in m/s. */
export function paceFromSpeed(metersPerSecond, units = 'metric') {
  return metersPerSecond > 0.3 ? pace(1000 / metersPerSecond, units) : '–';
}

/** A speed in km/h or mph, as a number (for chart axes). */
export const speedValue = (metersPerSecond, units) => metersPerSecond * 3600 / unitMeters(units);

/** "12.3 km/h" or "7.6 mph". */
export function speed(metersPerSecond, units = 'metric') {
  if (!Number.isFinite(metersPerSecond)) return '–';
  return `${speedValue(metersPerSecond, units).toFixed(1)} ${units === 'imperial' ? 'mph' : 'km/h'}`;
}

/** "4:05", "1:02:03" from seconds. */
export function clock(seconds) {
  if (!Number.isFinite(seconds)) return '–';
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600), minutes = Math.floor((whole % 3600) / 60), rest = whole % 60;
  const two = (n) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** "25:00" or "1:05:00" as seconds; null when it is not such a time. */
export function parseClock(text) {
  const match = /^(?:(\d{1,3}):)?(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return seconds > 0 ? seconds : null;
}

/** "12 s ahead", "1:05 behind", "on pace": the word says the side, so no sign is needed. */
export function gap(aheadSeconds) {
  if (aheadSeconds === null || aheadSeconds === undefined) return '–';
  const whole = Math.round(aheadSeconds);
  if (whole === 0) return 'on pace';
  const text = Math.abs(whole) >= 60 ? clock(Math.abs(whole)) : `${Math.abs(whole)} s`;
  return `${text} ${whole > 0 ? 'ahead' : 'behind'}`;
}

/** "21 Nov 2026, 09:00" in the device's time zone. */
export function date(iso) {
  if (!iso) return '–';
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
