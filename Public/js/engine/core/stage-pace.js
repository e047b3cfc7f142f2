// A mission's stage as a pace to follow: its stretch of the route's line, with the time an
// even pace puts at each point, in the shape of a route's pace (checkpoints every
// NORMALIZATION_SPACING metres, as the server normalizes a run's), so the follow session
// that follows a person's run follows a stage the same way (ahead or behind, off route,
// coverage, the finish).

import { distance } from './geodesy.js';
import { NORMALIZATION_SPACING } from './follow-session.js';

/**
 * The checkpoints of `route`'s stretch from `startMeters` to `endMeters` at an even
 * `secondsPerKm`. The line (`[latitude, longitude]` pairs, simplified by the server) is a
 * little shorter than the route it was made from, so its distances are stretched to the
 * route's `lengthMeters`, where the stages' ends are measured.
 * @param {{path: number[][], lengthMeters: number}} route
 * @param {number} startMeters
 * @param {number} endMeters
 * @param {number} secondsPerKm
 * @returns {{latitude: number, longitude: number, distanceMeters: number, elapsedSeconds: number, speedMetersPerSecond: number}[]}
 * Complexity: O(points of the line + length of the stage / spacing).
 */
export function stageCheckpoints(route, startMeters, endMeters, secondsPerKm) {
  const points = route.path.map(([latitude, longitude]) => ({ latitude, longitude }));
  const along = [0];
  for (let index = 1; index < points.length; index += 1) along.push(along[index - 1] + distance(points[index - 1], points[index]));
  const stretch = along[along.length - 1] > 0 ? route.lengthMeters / along[along.length - 1] : 1;
  const speed = 1000 / secondsPerKm;
  let index = 1;  // the line's leg being walked: the distances asked for only grow
  const at = (meters) => {
    while (index < points.length - 1 && along[index] * stretch < meters) index += 1;
    const [from, to] = [along[index - 1] * stretch, along[index] * stretch];
    const share = to > from ? Math.min(1, Math.max(0, (meters - from) / (to - from))) : 0;
    const [a, b] = [points[index - 1], points[index]];
    return { latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share,
      distanceMeters: meters - startMeters, elapsedSeconds: (meters - startMeters) / speed, speedMetersPerSecond: speed };
  };
  const checkpoints = [];
  for (let meters = startMeters; meters < endMeters; meters += NORMALIZATION_SPACING) checkpoints.push(at(meters));
  checkpoints.push(at(endMeters));
  return checkpoints;
}
