// What of a run was not counted and why (the server's `uncredited`, docs/ALGORITHMS.md
// "Credited distance"), in a runner's words: "12.30 km recorded, 10.10 km counted. 2.20 km
// went faster than 45.0 km/h, too fast for a run: a GPS jump, or a stretch in a car or on
// a train." Statistics, records, badges, points and missions count the credited distance.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { sportName } from '../shared/format.js';

/** "20 m" under a kilometre (or mile), "2.20 km" from there. */
function amount(meters, unit) {
  return meters < units.unitMeters(unit) ? units.shortDistance(meters, unit) : units.distance(meters, unit);
}

/** The note for `run` in `unit`, or null when all of it was credited. */
export function creditNote(run, unit) {
  const uncredited = run.uncredited;
  if (!uncredited) return null;
  const reasons = [];
  if (uncredited.tooFastMeters > 0) {
    reasons.push(`${amount(uncredited.tooFastMeters, unit)} went faster than ${units.speed(uncredited.maximumSpeedMetersPerSecond, unit)}, `
      + `too fast for a ${sportName(run.sport ?? 'run').toLowerCase()}: a GPS jump, or a stretch in a car or on a train.`);
  }
  if (uncredited.untimedMeters > 0) {
    reasons.push(`${amount(uncredited.untimedMeters, unit)} came with times that can’t be trusted (all within a second or so: the device’s clock went wrong).`);
  }
  return h('p', { class: 'credit-note', role: 'note', dataset: { name: 'credit-note' } },
    `${units.distance(run.distanceMeters, unit)} recorded, ${units.distance(run.creditedDistanceMeters, unit)} counted. ${reasons.join(' ')} `,
    h('span', { class: 'muted' }, `Statistics, records, badges, points and missions count only the ${units.distance(run.creditedDistanceMeters, unit)}.`));
}
