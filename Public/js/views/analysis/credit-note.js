// What of a run was not credited and why (the server's `uncredited`, docs/ALGORITHMS.md
// "Credited distance"): "12.30 km recorded, 10.10 km credited: 2.20 km faster than
// 45.0 km/h". Statistics, records, badges, points and missions count the credited distance.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

/** The note for `run` in `unit`, or null when all of it was credited. */
export function creditNote(run, unit) {
  const uncredited = run.uncredited;
  if (!uncredited) return null;
  const reasons = [];
  if (uncredited.tooFastMeters > 0) {
    reasons.push(`${units.distance(uncredited.tooFastMeters, unit)} faster than ${units.speed(uncredited.maximumSpeedMetersPerSecond, unit)}`);
  }
  if (uncredited.untimedMeters > 0) {
    reasons.push(`${units.distance(uncredited.untimedMeters, unit)} where the times can’t be trusted`);
  }
  return h('p', { class: 'credit-note', role: 'note', dataset: { name: 'credit-note' } },
    `${units.distance(run.distanceMeters, unit)} recorded, ${units.distance(run.creditedDistanceMeters, unit)} credited: ${reasons.join(', ')}. `,
    h('span', { class: 'muted' }, 'Statistics, records, badges, points and missions count what was credited.'));
}
