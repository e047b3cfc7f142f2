// A recorded run's series, made on the phone from its fixes, for the summary's chart before
// (or without) the server's: a point every 20 m or more of the distance the running screen
// counted (`RunMeter`, breaking at each pause as the tracker does), with the moving time,
// the speed since the point before, the height and the position. The same shape as the
// server's series (SeriesPoint), so the analysis chart and its helpers read it as theirs.
import { RunMeter } from '../core/run-meter.js';
import { maximumSpeed } from '../core/sport-thresholds.js';

/** The least distance between two points of the series, metres. */
export const SPACING = 20;

/**
 * The series of `fixes` ({time, latitude, longitude, elevation?, accuracy?, segment?}, in
 * order) of a `sport` activity: [{distanceMeters, elapsedSeconds, speedMetersPerSecond,
 * elevationMeters?, latitude, longitude}]. - Complexity: O(n) in the fixes.
 */
export function runSeries(fixes, sport) {
  const meter = new RunMeter(maximumSpeed(sport));
  const points = [];
  let segment = null, moving = 0, previousTime = null, kept = null;
  for (const fix of fixes) {
    if ((fix.segment ?? 0) !== segment) { meter.pause(); segment = fix.segment ?? 0; previousTime = null; }
    if (!meter.add(fix)) continue;
    if (previousTime !== null) moving += (fix.time - previousTime) / 1000;
    previousTime = fix.time;
    if (kept && meter.distance - kept.distanceMeters < SPACING) continue;
    const seconds = kept ? moving - kept.elapsedSeconds : 0;
    kept = {
      distanceMeters: meter.distance, elapsedSeconds: moving,
      speedMetersPerSecond: kept && seconds > 0 ? (meter.distance - kept.distanceMeters) / seconds : 0,
      latitude: fix.latitude, longitude: fix.longitude,
      ...(Number.isFinite(fix.elevation) ? { elevationMeters: fix.elevation } : {}),
    };
    points.push(kept);
  }
  if (points.length > 1) points[0].speedMetersPerSecond = points[1].speedMetersPerSecond;
  return points;
}
