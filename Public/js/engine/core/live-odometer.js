// The runner's own distance during a live session: which fixes count and the distance
// steps, shared by the follow session (core/follow-session.js) and the workout session
// so both count the same metres. A port of Sources/PacelineCore/Pacing/LiveOdometer.swift:
// keep in step with it.
//
// A fix counts when it has a valid position and time, its accuracy is no worse than
// `maximumAccuracy`, it is later than the last accepted fix and not a spike (faster than
// `maximumSpeed` from it; after `spikeRecovery` such fixes in a row the runner really is
// there). Distance accrues in steps of at least `minimumStep` metres between anchors.
import { distance as geodesic } from './geodesy.js';
import { MAXIMUM_ACCURACY, MAXIMUM_SPEEDS } from './sport-thresholds.js';

const isValid = (fix) => Number.isFinite(fix.latitude) && Number.isFinite(fix.longitude)
  && fix.latitude >= -90 && fix.latitude <= 90 && fix.longitude >= -180 && fix.longitude <= 180;

export class LiveOdometer {
  constructor(maximumSpeed = MAXIMUM_SPEEDS.run) {
    this.maximumAccuracy = MAXIMUM_ACCURACY;
    this.maximumSpeed = maximumSpeed;
    this.spikeRecovery = 3;
    this.minimumStep = 5;
    /** Metres covered so far. */
    this.distance = 0;
    /** The last accepted fix: {coordinate, time (seconds since 1970)}, or null. */
    this.lastFix = null;
    this.anchor = null;
    this.rejectedInARow = 0;
  }

  /** Takes a fix ({latitude, longitude, time in ms, accuracy?}); returns whether it counted. - Complexity: O(1). */
  accept(fix) {
    if (typeof fix.time !== 'number' || !Number.isFinite(fix.time) || !isValid(fix)) return false;
    if (!((fix.accuracy ?? 0) <= this.maximumAccuracy)) return false;
    const coordinate = { latitude: fix.latitude, longitude: fix.longitude };
    const time = fix.time / 1000;
    const last = this.lastFix;
    if (last !== null) {
      if (!(time > last.time)) return false;
      const speed = geodesic(last.coordinate, coordinate) / (time - last.time);
      if (speed > this.maximumSpeed && this.rejectedInARow + 1 < this.spikeRecovery) {
        this.rejectedInARow += 1;
        return false;
      }
    }
    this.rejectedInARow = 0;
    this.lastFix = { coordinate, time };
    if (this.anchor) {
      const step = geodesic(this.anchor, coordinate);
      if (step >= this.minimumStep) { this.distance += step; this.anchor = coordinate; }
    } else {
      this.anchor = coordinate;
    }
    return true;
  }

  /** Forgets the position, not the distance: the way to where the runner resumes adds nothing. */
  pause() {
    this.lastFix = null;
    this.anchor = null;
    this.rejectedInARow = 0;
  }
}
