// Words and numbers of the club screens: how one joins, the leaderboards' measures, an
// event's meeting point and pace groups (shown, and read as a planner types them).
import * as units from '../../engine/core/units.js';

const ADMISSIONS = { open: 'Open to all', invitation: 'By invitation', approval: 'By invitation and approval' };
/** How one joins a club, in words. */
export const admissionName = (admission) => ADMISSIONS[admission] ?? admission;

/** The leaderboards' measures, as the selector names them. */
export const MEASURES = [['distance', 'Distance'], ['time', 'Moving time'], ['ascent', 'Climb'], ['activities', 'Activities']];

/** A standing's value in the measure's unit. */
export function measureValue(measure, value, unit) {
  if (measure === 'distance') return units.distance(value, unit);
  if (measure === 'time') return units.clock(value);
  if (measure === 'ascent') return `${Math.round(unit === 'imperial' ? value * 3.28084 : value)} ${unit === 'imperial' ? 'ft' : 'm'}`;
  return `${value} ${value === 1 ? 'activity' : 'activities'}`;
}

/** The address a club's invitation link opens. */
export const invitationLink = (club) => `${location.origin}/#/clubs/${club.id}?secret=${encodeURIComponent(club.invitationSecret)}`;

/** An event's meeting point: its name, or its coordinates. */
export const placeText = (place) => place.name || `${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}`;

/** "5:00, 5:30 /km": pace groups in seconds per km, as a runner reads them. */
export const paceGroupsText = (paces) => `${paces.map((seconds) => units.paceClock(seconds)).join(', ')} /km`;

/** The fastest and slowest pace group the server takes, and how many (ClubEventPlan.swift). */
const PACES = { fastest: 150, slowest: 1200, most: 6 };

/** Pace groups typed as "5:00, 5:30, 6:00" (min/km, commas or spaces between), as seconds
 * per km, fastest first and each once: `{ paces }`, or `{ error }` saying what to write. */
export function parsePaceGroups(text) {
  const typed = text.replace(/(min)?\s*\/\s*km/gi, ' ').split(/[\s,;]+/).filter(Boolean);  // "5:00 /km" is 5:00
  const paces = [];
  for (const pace of typed) {
    const match = /^(\d{1,2}):([0-5]\d)$/.exec(pace);
    if (!match) return { error: `“${pace}” is not a pace: write minutes and seconds per km, such as 5:30.` };
    const seconds = Number(match[1]) * 60 + Number(match[2]);
    if (seconds < PACES.fastest || seconds > PACES.slowest) {
      return { error: `${pace} /km is out of range: pace groups go from ${units.paceClock(PACES.fastest)} to ${units.paceClock(PACES.slowest)} /km.` };
    }
    if (!paces.includes(seconds)) paces.push(seconds);
  }
  if (paces.length > PACES.most) return { error: `At most ${PACES.most} pace groups.` };
  return { paces: paces.sort((a, b) => a - b) };
}
