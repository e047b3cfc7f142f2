// Where on a route a runner is: on the leg from checkpoint `leg` to `leg + 1`.
// Mirrors Sources/PacelineCore/Pacing/RoutePosition.swift: keep in step with it
// (Tests/e2e/test_follow_port.py compares the follow sessions built on both).
import { offset } from './geodesy.js';

/**
 * A checkpoint of a pace as `GET /api/v1/routes/{id}/pace` gives it.
 * @typedef {{latitude: number, longitude: number, distanceMeters: number, elapsedSeconds: number,
 *   speedMetersPerSecond: number, elevationMeters?: number}} Checkpoint
 */

/** A position on a route: the leg it is on and the metres along the route. */
export class RoutePosition {
  /**
   * @param {number} leg index of the checkpoint the runner has most recently passed
   * @param {number} distance metres along the route
   */
  constructor(leg, distance) {
    this.leg = leg;
    this.distance = distance;
  }

  /**
   * The position of `coordinate` projected onto the legs either side of
   * `checkpoints[index]`, clamped to the legs' ends: of the two, the one that lies nearer
   * to it, counting half the difference from the `expected` route distance as extra
   * metres (so where a route comes back along itself, the pass the runner is on wins).
   * @param {{latitude: number, longitude: number}} coordinate
   * @param {number} index
   * @param {Checkpoint[]} checkpoints
   * @param {number} expected metres along the route where the runner should be
   * @returns {RoutePosition}
   * Complexity: O(1).
   */
  static projecting(coordinate, index, checkpoints, expected) {
    let best = null, bestScore = 0;
    for (const leg of [index - 1, index]) {
      if (!(leg >= 0 && leg + 1 < checkpoints.length)) continue;
      const a = checkpoints[leg], b = checkpoints[leg + 1];
      const end = offset(a, b);
      const point = offset(a, coordinate);
      const squared = end.east * end.east + end.north * end.north;
      const f = squared > 0 ? Math.min(1, Math.max(0, (point.east * end.east + point.north * end.north) / squared)) : 0;
      const dx = point.east - f * end.east, dy = point.north - f * end.north;
      const offsetMeters = Math.sqrt(dx * dx + dy * dy);
      const candidate = f >= 1 && leg + 2 < checkpoints.length
        ? new RoutePosition(leg + 1, b.distanceMeters)
        : new RoutePosition(leg, a.distanceMeters + f * (b.distanceMeters - a.distanceMeters));
      const score = offsetMeters + Math.abs(candidate.distance - expected) / 2;
      if (best === null || score < bestScore) { best = candidate; bestScore = score; }
    }
    return best ?? new RoutePosition(0, 0);
  }

  /**
   * The pace's elapsed seconds at this position, interpolated along the leg.
   * @param {Checkpoint[]} checkpoints
   * @returns {number}
   */
  elapsed(checkpoints) {
    const a = checkpoints[this.leg];
    if (!(this.leg + 1 < checkpoints.length)) return a.elapsedSeconds;
    const b = checkpoints[this.leg + 1];
    const length = b.distanceMeters - a.distanceMeters;
    const f = length > 0 ? (this.distance - a.distanceMeters) / length : 0;
    return a.elapsedSeconds + f * (b.elapsedSeconds - a.elapsedSeconds);
  }
}
