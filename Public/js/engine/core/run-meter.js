// What the running screen shows, from the fixes as they come: distance (accrued in steps
// of at least 5 m, so GPS jitter while standing adds nothing; inaccurate fixes and
// impossible jumps ignored, as the follow session does), current pace over the last 30 s,
// and average pace. The server recomputes everything from the uploaded fixes.
import { distance as geodesic } from './geodesy.js';
import { MAXIMUM_ACCURACY } from './sport-thresholds.js';

const MINIMUM_STEP = 5;          // metres, as the follow session's minimumStep
const CURRENT_WINDOW = 30_000;   // milliseconds

export class RunMeter {
  /** @param {number} maximumSpeed m/s above which a step is a GPS spike (the sport's). */
  constructor(maximumSpeed = 12.5) {
    this.maximumSpeed = maximumSpeed;
    this.distance = 0;
    this.anchor = null;
    this.last = null;
    this.recent = [];  // {time, distance} over the last CURRENT_WINDOW
  }

  /** Takes a fix; returns whether it counted. - Complexity: amortised O(1). */
  add(fix) {
    if (!(fix.accuracy === undefined || fix.accuracy <= MAXIMUM_ACCURACY)) return false;
    if (this.last) {
      if (fix.time <= this.last.time) return false;
      const speed = geodesic(this.last, fix) / ((fix.time - this.last.time) / 1000);
      if (speed > this.maximumSpeed) return false;
    }
    this.last = fix;
    if (!this.anchor) { this.anchor = fix; } else {
      const step = geodesic(this.anchor, fix);
      if (step >= MINIMUM_STEP) { this.distance += step; this.anchor = fix; }
    }
    this.recent.push({ time: fix.time, distance: this.distance });
    while (this.recent.length > 2 && fix.time - this.recent[1].time >= CURRENT_WINDOW) this.recent.shift();
    return true;
  }

  /**
   * A pause (the runner pressed Pause, or a segment break in a replay): the way and the
   * time from the last fix to the next count for nothing, and the current pace starts over.
   */
  pause() {
    this.anchor = null;
    this.last = null;
    this.recent = [];
  }

  /** Metres per second over the last 30 s (0 when standing). */
  get currentSpeed() {
    if (this.recent.length < 2) return 0;
    const first = this.recent[0], last = this.recent[this.recent.length - 1];
    const seconds = (last.time - first.time) / 1000;
    return seconds > 0 ? (last.distance - first.distance) / seconds : 0;
  }
}
