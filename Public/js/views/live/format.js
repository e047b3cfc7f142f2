// Distances of a live session for people: a short race reads in metres (or yards), a
// longer one in km (or mi) with only the decimals it needs ("5 km", "2.5 km").
import { distance, shortDistance, unitMeters } from '../../engine/core/units.js';

/** "100 m", "5 km", "3.1 mi": a session's distance. */
export function sessionDistance(meters, units) {
  const per = unitMeters(units);
  if (meters < per) return shortDistance(meters, units);
  const value = meters / per;
  const digits = Math.abs(value - Math.round(value)) < 0.005 ? 0 : Math.abs(value * 10 - Math.round(value * 10)) < 0.05 ? 1 : 2;
  return distance(meters, units, digits);
}

/** A distance run in a session to `target` metres: metres (yards) when the race is short. */
export function raceDistance(meters, target, units) {
  return target < unitMeters(units) ? shortDistance(meters, units) : distance(meters, units);
}
