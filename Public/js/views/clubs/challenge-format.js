// Words and numbers of club challenges: what each kind goes for, a value in its unit, the
// goal and dates as a runner reads them ("Run · 100 km each · 1 Nov – 30 Nov").
import * as units from '../../engine/core/units.js';
import { sportName } from '../shared/format.js';
import { measureValue } from './club-format.js';

/** The kinds, as the form offers them. */
export const KINDS = [['distance', 'Total distance'], ['time', 'Total moving time'], ['ascent', 'Total climb'],
  ['fastest', 'Fastest over a distance'], ['segment', 'Fastest on a segment']];

/** The record distances a `fastest` challenge may take (BestEffort.recordDistances). */
export const EFFORTS = [[400, '400 m'], [1000, '1 km'], [1609.344, '1 mile'], [5000, '5 km'], [10000, '10 km'],
  [21097.5, 'Half marathon'], [42195, 'Marathon']];

/** Whether the least value ranks first: a time to beat. */
export const fewestFirst = (kind) => kind === 'fastest' || kind === 'segment';

/** A standing's or goal's value in the kind's unit. */
export function challengeValue(kind, value, unit) {
  return fewestFirst(kind) ? units.clock(value) : measureValue(kind, value, unit);
}

/** A goal in the kind's unit, as round as it was set: "100 km", "12.5 km", "10 h". */
export function goalValue(kind, value, unit) {
  if (kind === 'distance') {
    const inUnit = value / units.unitMeters(unit);
    return units.distance(value, unit, Math.abs(inUnit - Math.round(inUnit)) < 0.005 ? 0 : 1);
  }
  if (kind === 'time' && value % 3600 === 0) return `${value / 3600} h`;
  return challengeValue(kind, value, unit);
}

/** "5 km", the effort's name. */
const effortName = (meters) => EFFORTS.find(([distance]) => distance === meters)?.[1] ?? units.distance(meters);

/** What the challenge asks, in a line: "100 km each", "500 km together", "Fastest 5 km, under 25:00". */
export function goalText(challenge, unit) {
  const goal = challenge.goal === undefined ? null : goalValue(challenge.kind, challenge.goal, unit);
  if (challenge.kind === 'fastest') return `Fastest ${effortName(challenge.effortMeters)}${goal ? `, under ${goal}` : ''}`;
  if (challenge.kind === 'segment') return `Fastest on ${challenge.segment?.name ?? 'a deleted segment'}${goal ? `, under ${goal}` : ''}`;
  return `${goal} ${challenge.together ? 'together' : 'each'}`;
}

/** "1 Nov" (with its year when not this one's). */
function day(date) {
  const year = date.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year });
}

/** "1 Nov – 30 Nov": the first and last day (its end is exclusive). */
export const datesText = (challenge) => `${day(new Date(challenge.startsAt))} – ${day(new Date(Date.parse(challenge.endsAt) - 1))}`;

/** Where it stands, in words: "Starts 1 Nov", "3 days left", "Ended". */
export function statusText(challenge, now = Date.now()) {
  if (challenge.status === 'upcoming') return `Starts ${day(new Date(challenge.startsAt))}`;
  if (challenge.status === 'ended') return 'Ended';
  const days = Math.ceil((Date.parse(challenge.endsAt) - now) / 86_400_000);
  return days <= 1 ? 'Last day' : `${days} days left`;
}

/** "Run · 100 km each · 1 Nov – 30 Nov". */
export const summaryText = (challenge, unit) => `${sportName(challenge.sport)} · ${goalText(challenge, unit)} · ${datesText(challenge)}`;

/** How far toward the goal, 0 to 1 (the club's total when together); null without one to reach. */
export function share(challenge) {
  if (fewestFirst(challenge.kind) || !challenge.goal) return null;
  const value = challenge.together ? (challenge.total ?? 0) : (challenge.you?.value ?? 0);
  return Math.max(0, Math.min(1, value / challenge.goal));
}
