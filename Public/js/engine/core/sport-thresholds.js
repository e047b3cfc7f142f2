// The per-sport constants a follow session uses: the fastest believable speed.
// Mirrors the `maximumSpeed` of each sport in Sources/PacelineCore/Analysis/SportThresholds.swift
// (the rest of that file's thresholds are for analysis, which the server does): keep in step with it.

/** Faster than this (m/s) from the last kept fix is a GPS spike, not movement; by sport. */
export const MAXIMUM_SPEEDS = Object.freeze({
  run: 12.5,  // faster than any human sprint
  walk: 5,
  hike: 5,
  ride: 35,
  swim: 4,
  other: 70,
});

/** Fixes whose horizontal accuracy is worse than this (metres) are dropped (every sport). */
export const MAXIMUM_ACCURACY = 50;

/**
 * The maximum speed (m/s) of `sport` ("run", "walk", "hike", "ride", "swim", "other").
 * @param {string} sport
 * @returns {number}
 */
export function maximumSpeed(sport) {
  const speed = MAXIMUM_SPEEDS[sport];
  if (speed === undefined || !Object.hasOwn(MAXIMUM_SPEEDS, sport)) throw new RangeError(`unknown sport: ${sport}`);
  return speed;
}
