// How a segment effort reads: its time, its pace or speed, and its place among the runner's own.
import * as units from '../../engine/core/units.js';
import { usesPace } from '../shared/format.js';

/** "4:12 /km" (or km/h for a ride) over `meters` in `seconds`. */
export function effortPace(meters, seconds, sport, unit) {
  return usesPace(sport) ? units.pace(seconds / (meters / 1000), unit) : units.speed(meters / seconds, unit);
}

/** The mark of a personal rank: "PR", "2nd", "3rd", or nothing. */
export const RANK_MARKS = { 1: 'PR', 2: '2nd', 3: '3rd' };
export const RANK_TITLES = { 1: 'Your fastest on this segment so far', 2: 'Your second fastest so far', 3: 'Your third fastest so far' };
