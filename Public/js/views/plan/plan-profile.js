// A plan's route drawn as its elevation, with each kilometre's planned pace above it: where
// the climbs are, and how much slower the plan takes them.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

const WIDTH = 340, HEIGHT = 120, TOP = 22, BOTTOM = 16;

/** The profile of `plan` (its checkpoints' elevations), an SVG; a note when the route has none. */
export function planProfile(plan, unit) {
  const points = plan.checkpoints.filter((checkpoint) => Number.isFinite(checkpoint.elevationMeters));
  if (points.length < 2) return h('p', { class: 'muted small-note' }, 'This route has no elevation: the plan is as on the flat.');
  const length = plan.checkpoints[plan.checkpoints.length - 1].distanceMeters || 1;
  // A loop, not a spread: a long route has more points than a call takes arguments.
  const low = points.reduce((least, point) => Math.min(least, point.elevationMeters), Infinity);
  const high = points.reduce((most, point) => Math.max(most, point.elevationMeters), low + 10);
  const x = (meters) => (meters / length) * WIDTH;
  const y = (elevation) => TOP + (1 - (elevation - low) / (high - low)) * (HEIGHT - TOP - BOTTOM);
  const line = points.map((point, index) => `${index ? 'L' : 'M'}${x(point.distanceMeters).toFixed(1)},${y(point.elevationMeters).toFixed(1)}`).join('');
  const area = `${line}L${x(points[points.length - 1].distanceMeters).toFixed(1)},${HEIGHT - BOTTOM}L${x(points[0].distanceMeters).toFixed(1)},${HEIGHT - BOTTOM}Z`;
  // A label for each kilometre wide enough to hold one (not a last stub of 90 m).
  const labelled = plan.splits.filter((split) => x(split.endMeters - split.startMeters) >= 36);
  const labels = h('div', { class: 'plan-profile-paces', 'aria-hidden': 'true' }, ...labelled.map((split) => h('span', {
    style: `left:${(x(split.startMeters) / WIDTH) * 100}%;width:${(x(split.endMeters - split.startMeters) / WIDTH) * 100}%`,
  }, units.paceClock(split.secondsPerKilometer, unit))));
  const svg = h('svg', { class: 'plan-profile', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', role: 'img',
    'aria-label': `Elevation from ${Math.round(low)} m to ${Math.round(high)} m, with each kilometre's planned pace` },
  h('path', { d: area, class: 'plan-profile-area' }), h('path', { d: line, class: 'plan-profile-line' }),
  ...plan.splits.slice(0, -1).map((split) => h('line', { x1: x(split.endMeters), x2: x(split.endMeters), y1: TOP - 4, y2: HEIGHT - BOTTOM, class: 'plan-profile-km' })));
  return h('div', { class: 'plan-profile-box' }, labels, svg,
    h('p', { class: 'muted small-note' }, `${Math.round(low)}–${Math.round(high)} m · pace per ${units.unitName(unit)} above each kilometre`));
}
