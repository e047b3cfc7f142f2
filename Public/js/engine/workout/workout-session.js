// A workout in progress, driven by fixes as the phone delivers them, with no network:
// the interval the runner is in, how far and how long into it, the current pace, and the
// cues. A line-by-line port of Sources/PacelineCore/Workouts/WorkoutSession.swift (with
// WorkoutSummary.swift as `summary` and WorkoutReplay.swift as `WorkoutSession.replay`):
// keep in step with them. Tests/e2e/test_workout_port.py checks that the same fixes give
// the same cues and summary as `paceline workout --json --exact`.
//
// Rules (docs/ALGORITHMS.md, "Interval workouts"): the clock runs from the first accepted
// fix and stops only for pause(); an interval ends at the instant its length is reached,
// interpolated between the two fixes around it, and the overflow belongs to the next.
//
//   const session = new WorkoutSession(plan, bands);
//   watchPosition((fix) => { for (const cue of session.add(fix)) say(speaker.spoken(cue, session.intervals)); });
import { LiveOdometer } from '../core/live-odometer.js';
import { intervals as expand, band as bandOf, plannedPace, DEFAULT_BANDS } from './plan.js';
import { FollowSession } from '../core/follow-session.js';
import { maximumSpeed } from '../core/sport-thresholds.js';

/** WorkoutSession.Configuration in Swift. */
export const DEFAULTS = Object.freeze({
  countdownSeconds: 5, paceWindow: 10, driftDelay: 10, driftRepeat: 30, maximumSpeed: maximumSpeed('run'),
});

const pace = (seconds, meters) => (meters >= 1 ? seconds / (meters / 1000) : null);

export class WorkoutSession {
  /**
   * @param {{name: string, steps: object[]}} plan
   * @param {object} [bands] {rest, easy, steady, fast: {fastest, slowest}} in s/km
   * @param {Partial<typeof DEFAULTS>} [options]
   */
  constructor(plan, bands = DEFAULT_BANDS, options = {}) {
    this.intervals = expand(plan);
    this.bands = bands;
    this.configuration = Object.freeze({ ...DEFAULTS, ...options });
    this.odometer = new LiveOdometer(this.configuration.maximumSpeed);
    /** Workout-clock seconds, pauses excluded. */
    this.clock = 0;
    /** Index of the interval in progress; intervals.length once complete. */
    this.current = 0;
    /** {seconds, meters} where each interval began / ended. */
    this.starts = [];
    this.ends = [];
    this.recent = [];
    this.countdownSaid = false;
    this.outOfBand = null;
    this.lastDriftCue = null;
  }

  get distance() { return this.odometer.distance; }
  get isStarted() { return this.starts.length > 0; }
  get isComplete() { return this.current >= this.intervals.length; }

  /** Takes a fix ({latitude, longitude, time ms, accuracy?}); returns the cues it brings. - Complexity: amortised O(1). */
  add(fix) {
    const before = this.odometer.distance;
    const last = this.odometer.lastFix?.time ?? null;  // null before the first fix and after a pause
    if (!this.odometer.accept(fix)) return [];
    const time = this.odometer.lastFix.time;
    const cues = [];
    if (last === null) {
      if (!this.isStarted && this.intervals.length > 0) this.#begin({ seconds: 0, meters: 0 }, cues);
      return cues;
    }
    const from = { seconds: this.clock, meters: before };
    const to = { seconds: this.clock + (time - last), meters: this.odometer.distance };
    this.#endIntervals(from, to, cues);
    this.clock = to.seconds;
    if (this.isComplete) return cues;
    this.recent.push(to);
    while (this.recent.length > 2 && to.seconds - this.recent[1].seconds >= this.configuration.paceWindow) this.recent.shift();
    this.#countdown(cues);
    this.#checkDrift(cues);
    return cues;
  }

  /** A pause: the time and the way until the next fix count for nothing. */
  pause() {
    this.odometer.pause();
    this.recent = this.recent.length ? [this.recent[this.recent.length - 1]] : [];
  }

  /** m/s over the last paceWindow seconds of the current interval (0 when standing or unknown). */
  get currentSpeed() {
    if (this.recent.length === 0) return 0;
    const first = this.recent[0], last = this.recent[this.recent.length - 1];
    return last.seconds > first.seconds ? (last.meters - first.meters) / (last.seconds - first.seconds) : 0;
  }

  /** {seconds, meters} into the current interval, or null once complete or before the start. */
  get intoInterval() {
    if (this.isComplete || this.starts.length === 0) return null;
    const start = this.starts[this.starts.length - 1];
    return { seconds: this.clock - start.seconds, meters: this.distance - start.meters };
  }

  #begin(mark, cues) {
    this.starts.push(mark);
    this.recent = [mark];
    this.countdownSaid = false;
    this.outOfBand = null;
    this.lastDriftCue = null;
    cues.push({ elapsedSeconds: mark.seconds, distanceMeters: mark.meters, interval: this.current + 1, kind: 'start' });
  }

  #endIntervals(from, to, cues) {
    while (!this.isComplete && this.starts.length > 0) {
      const start = this.starts[this.starts.length - 1];
      const interval = this.intervals[this.current];
      let end;
      if (interval.seconds !== undefined && interval.seconds !== null) {
        const at = start.seconds + interval.seconds;
        if (!(to.seconds >= at)) return;
        const f = to.seconds > from.seconds ? (at - from.seconds) / (to.seconds - from.seconds) : 1;
        end = { seconds: at, meters: from.meters + f * (to.meters - from.meters) };
      } else {
        const at = start.meters + interval.meters;
        if (!(to.meters >= at)) return;
        const f = to.meters > from.meters ? (at - from.meters) / (to.meters - from.meters) : 1;
        end = { seconds: from.seconds + f * (to.seconds - from.seconds), meters: at };
      }
      this.ends.push(end);
      this.current += 1;
      if (this.isComplete) {
        cues.push({ elapsedSeconds: end.seconds, distanceMeters: end.meters, interval: this.intervals.length, kind: 'complete' });
      } else {
        this.#begin(end, cues);
      }
    }
  }

  #countdown(cues) {
    const into = this.intoInterval;
    if (this.countdownSaid || into === null || !(into.seconds >= this.configuration.countdownSeconds)) return;
    const cue = { elapsedSeconds: this.clock, distanceMeters: this.distance, interval: this.current + 1, kind: 'countdown' };
    const interval = this.intervals[this.current];
    if (interval.seconds !== undefined && interval.seconds !== null) {
      const left = interval.seconds - into.seconds;
      if (!(left <= this.configuration.countdownSeconds)) return;
      cue.secondsLeft = left;
    } else {
      const left = interval.meters - into.meters;
      const speed = this.currentSpeed;
      if (!(speed > 0 && left / speed <= this.configuration.countdownSeconds)) return;
      cue.metersLeft = left;
    }
    this.countdownSaid = true;
    cues.push(cue);
  }

  #checkDrift(cues) {
    const interval = this.intervals[this.current];
    if (interval.target === 'rest' || this.recent.length === 0) return;
    const first = this.recent[0], last = this.recent[this.recent.length - 1];
    if (!(last.seconds - first.seconds >= this.configuration.paceWindow)) return;
    const band = bandOf(interval, this.bands);
    const speed = this.currentSpeed;
    const current = speed > 0 ? 1000 / speed : Infinity;
    const kind = current > band.slowest ? 'tooSlow' : current < band.fastest ? 'tooFast' : null;
    if (kind === null) { this.outOfBand = null; return; }
    if (this.outOfBand?.kind !== kind) this.outOfBand = { since: this.clock, kind };
    if (!(this.clock - this.outOfBand.since >= this.configuration.driftDelay)) return;
    if (this.lastDriftCue !== null && !(this.clock - this.lastDriftCue >= this.configuration.driftRepeat)) return;
    this.lastDriftCue = this.clock;
    cues.push({ elapsedSeconds: this.clock, distanceMeters: this.distance, interval: this.current + 1, kind,
      paceSecondsPerKilometer: Number.isFinite(current) ? current : null });
  }

  /** Each interval planned against actual, and the totals (WorkoutSummary in Swift). - Complexity: O(intervals). */
  get summary() {
    const rows = this.intervals.map((interval, i) => {
      const band = bandOf(interval, this.bands);
      const planned = plannedPace(interval, this.bands);
      const byTime = interval.seconds !== undefined && interval.seconds !== null;
      const plannedSeconds = byTime ? interval.seconds : interval.meters / 1000 * planned;
      const plannedMeters = byTime ? interval.seconds / planned * 1000 : interval.meters;
      let actual = null, status = 'notStarted';
      if (i < this.ends.length) {
        actual = { seconds: this.ends[i].seconds - this.starts[i].seconds, meters: this.ends[i].meters - this.starts[i].meters };
        status = 'completed';
      } else if (i < this.starts.length) {
        actual = { seconds: this.clock - this.starts[i].seconds, meters: this.distance - this.starts[i].meters };
        status = 'current';
      }
      return {
        number: i + 1, by: byTime ? 'time' : 'distance', target: interval.target,
        bandFastestSecondsPerKilometer: band.fastest, bandSlowestSecondsPerKilometer: band.slowest,
        plannedSeconds, plannedMeters, plannedPaceSecondsPerKilometer: planned,
        actualSeconds: actual?.seconds ?? null, actualMeters: actual?.meters ?? null,
        actualPaceSecondsPerKilometer: actual ? pace(actual.seconds, actual.meters) : null, status,
      };
    });
    return { completed: this.isComplete, elapsedSeconds: this.clock, distanceMeters: this.distance,
      averagePaceSecondsPerKilometer: pace(this.clock, this.distance), intervals: rows };
  }

  /**
   * Replays recorded segments of fixes (time order within each, pause between them).
   * @returns {{session: WorkoutSession, cues: object[]}}
   */
  static replay(plan, segments, sport, bands = DEFAULT_BANDS) {
    const session = new WorkoutSession(plan, bands, { maximumSpeed: maximumSpeed(sport) });
    const cues = [];
    segments.forEach((segment, i) => {
      if (segment.length === 0) return;
      if (i > 0) session.pause();
      for (const fix of FollowSession.inTimeOrder(segment)) cues.push(...session.add(fix));
    });
    return { session, cues };
  }
}
