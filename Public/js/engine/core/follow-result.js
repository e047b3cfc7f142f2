// The outcome of a follow run: how much of the route it covered and so whether it joins
// the route, and how it finished against the pace.
// Mirrors Sources/PacelineCore/Pacing/FollowResult.swift: keep in step with it.

/** Least coverage that makes a run a `follow` (it joins the route's leaderboard). */
export const FOLLOW_THRESHOLD = 0.8;

/**
 * What a follow run becomes: 'follow' at FOLLOW_THRESHOLD coverage or more, else 'new'
 * (too little in common with the route: it can only become a new route).
 * @param {number} coverage |covered ∩ pace| / |follow ∪ pace| over checkpoints, 0…1
 * @returns {'follow' | 'new'}
 */
export function classification(coverage) {
  return coverage >= FOLLOW_THRESHOLD ? 'follow' : 'new';
}

/**
 * @typedef {object} FollowFinish
 * @property {number} elapsedSeconds when the runner passed the route's last checkpoint, or their last fix if they never did
 * @property {number | null} aheadSeconds seconds ahead of the pace then; null if they ended off the route
 * @property {boolean} completed whether the runner reached the route's last checkpoint
 */

/**
 * @typedef {object} FollowResult
 * @property {number} coverage covered pace checkpoints over all pace checkpoints plus the follow run's checkpoints off the route
 * @property {'follow' | 'new'} classification
 * @property {FollowFinish} finish
 */
