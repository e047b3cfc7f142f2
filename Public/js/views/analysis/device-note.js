// Where a run's distance is its device's own count (a watch's odometer, docs/ALGORITHMS.md
// "The device's own distance"), what its GPS positions measured beside it:
// "4.84 km as your device counted it; its GPS positions measure 4.68 km".
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

/** The note for `run` in `unit`, or null when the two agree within 0.5 %. */
export function deviceNote(run, unit) {
  const gps = run.gpsDistanceMeters;
  if (!Number.isFinite(gps) || !(run.distanceMeters > 0) || Math.abs(run.distanceMeters - gps) / run.distanceMeters < 0.005) return null;
  return h('p', { class: 'muted device-note', role: 'note' },
    `${units.distance(run.distanceMeters, unit)} as your device counted it; its GPS positions measure ${units.distance(gps, unit)}.`);
}
