// Formatting the screens need beyond engine/core/units.js: heights in m or ft, short dates,
// names of sports, runs and privacy settings.
import * as units from '../../engine/core/units.js';

export const FEET_PER_METER = 3.28084;
export const POUNDS_PER_KILOGRAM = 2.20462;

/** "123 m" or "404 ft". */
export function height(meters, units = 'metric') {
  if (!Number.isFinite(meters)) return '–';
  return units === 'imperial' ? `${Math.round(meters * FEET_PER_METER)} ft` : `${Math.round(meters)} m`;
}

/** A height in the user's unit, as a number (for chart axes). */
export const heightValue = (meters, units) => (units === 'imperial' ? meters * FEET_PER_METER : meters);

/** "1 Mar 2026". */
export function shortDate(iso) {
  if (!iso) return '–';
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "Sat 1 Mar 2026, 08:00": always with its year (a history imported spans many). */
export function dayAndTime(iso) {
  if (!iso) return '–';
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

const SPORT_NAMES = { run: 'Run', walk: 'Walk', hike: 'Hike', ride: 'Ride', swim: 'Swim', other: 'Activity' };
/** The sports a runner may choose, in the order offered. */
export const SPORTS = Object.keys(SPORT_NAMES);
/** "Run", "Walk"… */
export const sportName = (sport) => SPORT_NAMES[sport] ?? 'Activity';
/** "Runs", "Walks", "Other activities". */
export const sportPlural = (sport) => (SPORT_NAMES[sport] && sport !== 'other' ? `${SPORT_NAMES[sport]}s` : 'Other activities');

/** A run's title: its name, or as a recording is named, by the time of day it started: "Morning run". */
export function runTitle(run) {
  return run.name?.trim() || defaultTitle(run.sport, run.startTime ?? run.createdAt);
}

/** Whether a sport is shown as pace (min/km) rather than speed (km/h). */
export const usesPace = (sport) => sport !== 'ride';

/** A run's average pace ("5:36 /km"), or a ride's speed ("24.1 km/h"), over its credited distance. */
export function paceOrSpeed(run, unit) {
  return usesPace(run.sport)
    ? units.pace(run.averagePaceSecondsPerKilometer ?? run.movingSeconds / (run.creditedDistanceMeters / 1000), unit)
    : units.speed(run.creditedDistanceMeters / run.movingSeconds, unit);
}

/** "3.00 km · 16:48 · 5:36 /km": a run's distance, moving time and pace (a ride's speed), as lists show it. */
export const runFigures = (run, unit) => `${units.distance(run.distanceMeters, unit)} · ${units.clock(run.movingSeconds)} · ${paceOrSpeed(run, unit)}`;

/** "Morning run", "Evening walk": a title from the time of day the activity started. */
export function defaultTitle(sport, start = new Date()) {
  const hour = new Date(start).getHours();
  const part = hour >= 5 && hour < 12 ? 'Morning' : hour >= 12 && hour < 17 ? 'Afternoon' : hour >= 17 && hour < 22 ? 'Evening' : 'Night';
  return `${part} ${sportName(sport).toLowerCase()}`;
}

const PRIVACY = { public: 'Everyone', friends: 'Friends', friends_and_clubs: 'Friends and my clubs', private: 'Only me' };
export const privacyName = (privacy) => PRIVACY[privacy] ?? privacy;

const VISIBILITY_NOTES = {
  private: 'Only you can see it. Nobody else sees its map, times or that it exists.',
  friends: 'Your friends can see it, its map and its times.',
  friends_and_clubs: 'Your friends and the members of your clubs can see it, its map and its times.',
  public: 'Anyone can see it, its map and its times, even without an account.',
};
/** What a visibility means, in a sentence. */
export const visibilityNote = (privacy) => VISIBILITY_NOTES[privacy] ?? '';
