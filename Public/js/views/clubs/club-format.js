// Words and numbers of the club screens: how one joins, the leaderboards' measures.
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
