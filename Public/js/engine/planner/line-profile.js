// A planned line as its elevation profile: each point's distance from the start and its
// height. Each leg is measured along its points and stretched to the length the server
// gave it, so the profile ends at the distance the planner shows.
import { distance } from '../core/geodesy.js';

/**
 * The profile of `legs` (PlannedLegs, in order): `{distanceMeters, elevationMeters}` for each
 * point with a height; a leg without heights adds its length and no point.
 * @param {{points: {latitude: number, longitude: number, elevation?: number}[], distanceMeters: number}[]} legs
 * @returns {{distanceMeters: number, elevationMeters: number}[]}
 * Complexity: O(points).
 */
export function lineProfile(legs) {
  const profile = [];
  let start = 0;
  for (const leg of legs) {
    const points = leg.points ?? [];
    const along = [0];
    for (let index = 1; index < points.length; index += 1) along.push(along[index - 1] + distance(points[index - 1], points[index]));
    const measured = along[along.length - 1];
    const stretch = measured > 0 ? leg.distanceMeters / measured : 0;
    points.forEach((point, index) => {
      if (Number.isFinite(point.elevation)) profile.push({ distanceMeters: start + along[index] * stretch, elevationMeters: point.elevation });
    });
    start += leg.distanceMeters;
  }
  return profile;
}
