// Pure helpers over a run's series (points every ~20 m, sorted by distance and time):
// interpolation at a distance or an instant, light smoothing, splits per km or mile.
// No DOM, no network: easy to reason about and to test from the console.
import { unitMeters } from '../../engine/core/units.js';

/** Index of the last point whose `key` is <= value (0 when before the first). */
function below(points, key, value) {
  let low = 0, high = points.length - 1;
  if (high < 0 || value <= points[0][key]) return 0;
  if (value >= points[high][key]) return high;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (points[middle][key] <= value) low = middle; else high = middle;
  }
  return low;
}

/**
 * The point at `value` of `key` ("distanceMeters" or "elapsedSeconds"), every numeric field
 * interpolated linearly between its two neighbours; clamped to the first and last point.
 * @returns {object|null}
 */
export function interpolate(points, key, value) {
  if (!points?.length) return null;
  const index = below(points, key, value);
  const a = points[index], b = points[Math.min(index + 1, points.length - 1)];
  const span = b[key] - a[key];
  const f = span > 0 ? Math.min(1, Math.max(0, (value - a[key]) / span)) : 0;
  const result = {};
  for (const field of Object.keys(a)) {
    const x = a[field], y = b[field];
    result[field] = typeof x === 'number' && typeof y === 'number' ? x + (y - x) * f : x;
  }
  result.clamped = value < points[0][key] || value > points[points.length - 1][key];
  return result;
}

/** A centred moving average of `field` over `radius` points each side (nulls skipped). */
export function smooth(points, field, radius = 2) {
  return points.map((_, index) => {
    let sum = 0, count = 0;
    for (let j = Math.max(0, index - radius); j <= Math.min(points.length - 1, index + radius); j += 1) {
      const value = points[j][field];
      if (Number.isFinite(value)) { sum += value; count += 1; }
    }
    return count ? sum / count : null;
  });
}

/** Adds `smoothSpeed` to each point (what the chart and the readout show). */
export function prepare(points) {
  const speeds = smooth(points, 'speedMetersPerSecond', 2);
  return points.map((point, index) => ({ ...point, smoothSpeed: speeds[index] }));
}

/**
 * Splits per km (metric) or mile (imperial) from the series: [{index, meters, seconds}],
 * the last one partial (its `meters` shorter) when the run did not end on a whole unit.
 */
export function splits(points, units) {
  if (!points?.length) return [];
  const unit = unitMeters(units);
  const total = points[points.length - 1].distanceMeters;
  const result = [];
  let previous = 0;
  for (let index = 1; previous < total - 1; index += 1) {
    const end = Math.min(index * unit, total);
    const time = interpolate(points, 'distanceMeters', end).elapsedSeconds;
    const before = interpolate(points, 'distanceMeters', (index - 1) * unit).elapsedSeconds;
    if (end - (index - 1) * unit < 50 && result.length) break;  // a few metres past the last unit: not a split
    result.push({ index, meters: end - (index - 1) * unit, seconds: time - before });
    previous = end;
  }
  return result;
}

/** The p-th percentile (0..1) of the finite values. */
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).sort((x, y) => x - y);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
}
