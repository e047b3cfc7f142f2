// A line's elevation as a profile: a plan's route with each kilometre's planned pace above
// it (where the climbs are, and how much slower the plan takes them), or a route being
// planned, drawn again as its points move.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { height } from '../shared/format.js';

const WIDTH = 340, HEIGHT = 120, TOP = 22, BOTTOM = 16;

/** The profile of `plan` (its checkpoints' elevations), an SVG; a note when the route has none. */
export function planProfile(plan, unit) {
  const points = plan.checkpoints.filter((checkpoint) => Number.isFinite(checkpoint.elevationMeters));
  if (points.length < 2) return h('p', { class: 'muted small-note' }, 'This route has no elevation: the plan is as on the flat.');
  const length = plan.checkpoints[plan.checkpoints.length - 1].distanceMeters || 1;
  const { x, low, high, paths } = drawn(points, length, HEIGHT, TOP, BOTTOM);
  // A label for each kilometre wide enough to hold one (not a last stub of 90 m).
  const labelled = plan.splits.filter((split) => x(split.endMeters - split.startMeters) >= 36);
  const labels = h('div', { class: 'plan-profile-paces', 'aria-hidden': 'true' }, ...labelled.map((split) => h('span', {
    style: `left:${(x(split.startMeters) / WIDTH) * 100}%;width:${(x(split.endMeters - split.startMeters) / WIDTH) * 100}%`,
  }, units.paceClock(split.secondsPerKilometer, unit))));
  const svg = h('svg', { class: 'plan-profile', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img',
    'aria-label': `Elevation from ${Math.round(low)} m to ${Math.round(high)} m, with each kilometre's planned pace` },
  ...paths, ...plan.splits.slice(0, -1).map((split) => h('line', { x1: x(split.endMeters), x2: x(split.endMeters), y1: TOP - 4, y2: HEIGHT - BOTTOM, class: 'plan-profile-km' })));
  return h('div', { class: 'plan-profile-box' }, labels, svg,
    h('p', { class: 'muted small-note' }, `${Math.round(low)}–${Math.round(high)} m · pace per ${units.unitName(unit)} above each kilometre`));
}

/**
 * A line's elevation along its `lengthMeters`, from `points` ({distanceMeters,
 * elevationMeters}): an SVG `tall` units high with a line at each kilometre (or mile),
 * named for a screen reader by its lowest and highest points; null under two points.
 */
export function elevationProfile(points, lengthMeters, unit, tall = 64) {
  if (points.length < 2 || !(lengthMeters > 0)) return null;
  const { x, low, high, paths } = drawn(points, lengthMeters, tall, 6, 4);
  const step = units.unitMeters(unit);
  const marks = [];
  for (let at = step; at < lengthMeters && marks.length < 200; at += step) {
    marks.push(h('line', { x1: x(at), x2: x(at), y1: 0, y2: tall, class: 'plan-profile-km' }));
  }
  return h('svg', { class: 'plan-profile line-profile', viewBox: `0 0 ${WIDTH} ${tall}`, preserveAspectRatio: 'none', role: 'img',
    'aria-label': `Elevation along ${units.distance(lengthMeters, unit)}: from ${height(low, unit)} to ${height(high, unit)}`,
    dataset: { low: String(Math.round(low)), high: String(Math.round(high)) } }, ...marks, ...paths);
}

/** The area and line of `points` in a box `height` high with margins `top` and `bottom`, and the scales. */
function drawn(points, length, height, top, bottom) {
  // A loop, not a spread: a long route has more points than a call takes arguments.
  const low = points.reduce((least, point) => Math.min(least, point.elevationMeters), Infinity);
  const high = points.reduce((most, point) => Math.max(most, point.elevationMeters), low + 10);
  const x = (meters) => (meters / length) * WIDTH;
  const y = (elevation) => top + (1 - (elevation - low) / (high - low)) * (height - top - bottom);
  const line = points.map((point, index) => `${index ? 'L' : 'M'}${x(point.distanceMeters).toFixed(1)},${y(point.elevationMeters).toFixed(1)}`).join('');
  const area = `${line}L${x(points[points.length - 1].distanceMeters).toFixed(1)},${height - bottom}L${x(points[0].distanceMeters).toFixed(1)},${height - bottom}Z`;
  return { x, low, high, paths: [h('path', { d: area, class: 'plan-profile-area' }), h('path', { d: line, class: 'plan-profile-line' })] };
}
