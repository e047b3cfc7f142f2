// A run in progress matched live against a pace: fed one fix at a time, as the phone
// delivers them, it knows where on the route the runner is, whether they have left it,
// which checkpoints they have covered, and how many seconds they are ahead of the pace,
// with no network.
//
// A line-by-line port of Sources/PacelineCore/Pacing/FollowSession.swift (with
// FollowReplay.swift as `FollowSession.replay`): keep in step with them. The same fixes
// against the same checkpoints give the same cues as `paceline follow`;
// Tests/e2e/test_follow_port.py checks that on synthetic and real runs.
//
// Matching (docs/ALGORITHMS.md, "Follow matching"): the candidates for a fix are the pace
// checkpoints within `matchRadius` of it, not behind the last one passed; of these it
// takes the one whose distance along the route is closest to where the runner should be
// (the last matched route distance plus what they have run since). No candidate for
// `deviationDelay` seconds means deviated; the next fix near the route means back on it.
// A grid index finds the candidates, so the cost of a fix does not grow with the route.
//
//   const session = new FollowSession(pace.checkpoints);
//   watchPosition((fix) => { const cue = session.add(fix); if (cue) say(speaker.spoken(cue)); });
//   session.result  // {coverage, classification, finish}
import { distance as geodesicDistance } from './geodesy.js';
import { CheckpointIndex } from './checkpoint-index.js';
import { LiveOdometer } from './live-odometer.js';
import { RoutePosition } from './route-position.js';
import { classification } from './follow-result.js';
import { MAXIMUM_ACCURACY, maximumSpeed } from './sport-thresholds.js';

/** Metres between a normalized track's checkpoints (Normalization.spacing in Swift). */
export const NORMALIZATION_SPACING = 20;

/**
 * The tunable constants of matching (FollowSession.Configuration in Swift).
 * @typedef {object} FollowConfiguration
 * @property {number} matchRadius a fix within this many metres of a checkpoint's leg is on the route
 * @property {number} deviationDelay off the route this long (s) before it counts as deviated
 * @property {number} cueInterval seconds between pacing cues
 * @property {number} maximumAccuracy fixes worse than this horizontal accuracy (m) are ignored
 * @property {number} maximumSpeed faster than this (m/s) from the last accepted fix is a GPS spike
 * @property {number} spikeRecovery after this many spikes in a row the runner really is there
 * @property {number} minimumStep the runner's own distance accrues in steps of at least this (m)
 * @property {number} finishTolerance a run this close (m) to the route's end has finished it
 */
const DEFAULTS = Object.freeze({
  matchRadius: 30,
  deviationDelay: 5,
  cueInterval: 5,
  maximumAccuracy: MAXIMUM_ACCURACY,
  maximumSpeed: maximumSpeed('run'),
  spikeRecovery: 3,
  minimumStep: 5,
  finishTolerance: 15,
});

/**
 * One GPS reading as js/engine/gps/source.js gives it.
 * @typedef {{latitude?: number | null, longitude?: number | null, accuracy?: number | null, time?: number | null}} FollowFix
 *   `time` in milliseconds since 1970
 */

/**
 * What the session tells the runner every `cueInterval` seconds (Cue.swift).
 * @typedef {object} Cue
 * @property {number} elapsedSeconds seconds since the runner's first fix
 * @property {number} distanceMeters metres the runner has covered
 * @property {number | null} aheadSeconds seconds ahead of the pace (negative: behind); null while deviated or before the route is reached
 * @property {boolean} deviated whether the runner is off the route (or has not reached it yet)
 * @property {boolean} started whether the runner has reached the route at all
 * @property {boolean} finished whether the runner has passed the route's last checkpoint
 */

/** A follow session against one pace. */
export class FollowSession {
  /** @type {import('./route-position.js').Checkpoint[]} the pace being followed */
  pace;
  /** @type {FollowConfiguration} */
  configuration;
  #index;

  #startTime = null;          // ms of the runner's first fix; elapsed seconds count from it
  #elapsed = 0;               // seconds since the first fix, at the last accepted fix
  #position = null;           // RoutePosition; null before they first reach the route
  #furthest = null;           // the farthest along the route the runner has been
  #isDeviated = true;         // off the route (or not reached it yet)
  #passages;                  // when the runner passed each checkpoint (elapsed s), or null
  #aheadSeconds = null;       // seconds ahead at the last accepted fix; null while deviated

  #odometer;                  // accepts fixes and measures the runner's own distance (shared with workouts)
  #lastOnRoute = null;        // {routeDistance, elapsed, distance} at the last on-route fix
  #distanceAtFurthest = 0;    // the runner's own distance when last at `furthest`
  #offRouteSince = null;
  #nearFinish = null;         // the finish implied by the first fix within finishTolerance of the end
  #nextCueAt = 0;
  #runnerCheckpoints = 0;     // follow-run checkpoints so far (one per NORMALIZATION_SPACING)
  #runnerCheckpointsOffRoute = 0;

  /**
   * A session following `pace` (at least two checkpoints).
   * @param {import('./route-position.js').Checkpoint[]} pace the `checkpoints` of `GET /api/v1/routes/{id}/pace`
   * @param {Partial<FollowConfiguration>} [options] e.g. {maximumSpeed, cueInterval}; the rest as in Swift
   */
  constructor(pace, options = {}) {
    if (!Array.isArray(pace) || pace.length < 2) throw new RangeError('a pace needs at least two checkpoints');
    const configuration = { ...DEFAULTS };
    for (const [key, value] of Object.entries(options ?? {})) {
      if (!Object.hasOwn(DEFAULTS, key)) throw new TypeError(`unknown follow option: ${key}`);
      if (value !== undefined) configuration[key] = value;
    }
    this.pace = pace;
    this.configuration = Object.freeze(configuration);
    this.#index = new CheckpointIndex(pace, configuration.matchRadius);
    this.#passages = new Array(pace.length).fill(null);
    this.#odometer = Object.assign(new LiveOdometer(configuration.maximumSpeed), {
      maximumAccuracy: configuration.maximumAccuracy,
      spikeRecovery: configuration.spikeRecovery,
      minimumStep: configuration.minimumStep,
    });
  }

  /** Time of the runner's first fix (ms since 1970), or null before it. */
  get startTime() { return this.#startTime; }
  /** Seconds since the first fix, at the last accepted fix. */
  get elapsed() { return this.#elapsed; }
  /** Metres the runner has covered (their own track, on or off the route). */
  get distance() { return this.#odometer.distance; }
  /** Where on the route the runner is ({leg, distance}); null before they first reach it. */
  get position() { return this.#position; }
  /** The farthest along the route the runner has been; null before they reach it. */
  get furthest() { return this.#furthest; }
  /** Whether the runner has left the route (or not reached it yet). */
  get isDeviated() { return this.#isDeviated; }
  /** Seconds ahead of the pace at the last accepted fix (negative: behind); null while deviated. */
  get aheadSeconds() { return this.#aheadSeconds; }
  /** When the runner passed each pace checkpoint (elapsed seconds); null where not covered. */
  get passages() { return this.#passages.slice(); }

  /**
   * Takes the runner's next fix; returns a pacing cue when `cueInterval` seconds have
   * passed since the last one, else null. Fixes without position or time, inaccurate
   * ones, spikes and fixes out of time order are ignored.
   * @param {FollowFix} fix
   * @returns {Cue | null}
   * Complexity: amortised O(1) in the route's length.
   */
  add(fix) {
    const date = fix.time;
    if (typeof date !== 'number' || !Number.isFinite(date)) return null;
    if (this.#startTime === null) this.#startTime = date;  // the clock starts with the first fix, positioned or not
    const before = this.#odometer.distance;
    if (!this.#odometer.accept(fix)) return null;
    const { coordinate, time } = this.#odometer.lastFix;
    this.#elapsed = time - this.#startTime / 1000;
    if (this.distance > before) this.#countRunnerCheckpoints();
    this.#match(coordinate);
    return this.#cueIfDue();
  }

  /**
   * The outcome so far: coverage and classification, and the finish if reached.
   * @returns {import('./follow-result.js').FollowResult}
   */
  get result() {
    let covered = 0;
    for (const passage of this.#passages) if (passage !== null) covered += 1;
    const union = this.pace.length + this.#runnerCheckpointsOffRoute;
    const coverage = covered / union;
    const end = this.pace[this.pace.length - 1];
    const finished = this.finishElapsed;
    const finish = finished !== null
      ? { elapsedSeconds: finished, aheadSeconds: end.elapsedSeconds - finished, completed: true }
      : { elapsedSeconds: this.#elapsed, aheadSeconds: this.#aheadSeconds, completed: false };
    return { coverage, classification: classification(coverage), finish };
  }

  /**
   * When the runner finished (elapsed seconds): the earlier of their passing the last
   * checkpoint and the estimate from their first fix within `finishTolerance` of it; null if not yet.
   * @returns {number | null}
   */
  get finishElapsed() {
    const passed = this.#passages[this.pace.length - 1], estimated = this.#nearFinish;
    if (passed !== null && estimated !== null) return Math.min(passed, estimated);
    return passed ?? estimated;
  }

  // The runner's own normalized track, for the union in `result`.
  #countRunnerCheckpoints() {
    while (this.#runnerCheckpoints * NORMALIZATION_SPACING <= this.distance) {
      this.#runnerCheckpoints += 1;
      if (this.#isDeviated) this.#runnerCheckpointsOffRoute += 1;
    }
  }

  #match(coordinate) {
    const pace = this.pace;
    const furthest = this.#furthest;
    const floor = furthest?.leg ?? 0;
    const expected = furthest !== null ? furthest.distance + this.distance - this.#distanceAtFurthest : this.distance;
    let bestIndex = -1, bestMiss = 0;
    for (const candidate of this.#index.candidates(coordinate)) {
      if (candidate < floor) continue;
      if (!(geodesicDistance(coordinate, pace[candidate]) <= this.configuration.matchRadius)) continue;
      const miss = Math.abs(pace[candidate].distanceMeters - expected);
      if (bestIndex < 0 || miss < bestMiss) { bestIndex = candidate; bestMiss = miss; }
    }
    if (bestIndex < 0) { this.#leaveRoute(); return; }
    let found = RoutePosition.projecting(coordinate, bestIndex, pace, expected);
    // Never back past the last checkpoint passed; within a leg GPS may wobble back.
    if (furthest !== null && found.distance < pace[furthest.leg].distanceMeters) {
      found = new RoutePosition(furthest.leg, pace[furthest.leg].distanceMeters);
    }
    this.#noteFinishApproach(found);
    this.#cover(found);
    this.#position = found;
    if (furthest === null || found.distance >= furthest.distance) {
      this.#furthest = found;
      this.#distanceAtFurthest = this.distance;
    }
    this.#isDeviated = false;
    this.#offRouteSince = null;
    this.#lastOnRoute = { routeDistance: found.distance, elapsed: this.#elapsed, distance: this.distance };
    this.#aheadSeconds = found.elapsed(pace) - this.#elapsed;
    const finish = this.finishElapsed;
    if (finish !== null && this.#elapsed >= finish) this.#aheadSeconds = pace[pace.length - 1].elapsedSeconds - finish;
  }

  // A run that comes within `finishTolerance` metres of the route's end has finished it
  // (GPS noise on a finish line may keep it short): at the first fix that close, plus the
  // time the pace took over what was left.
  #noteFinishApproach(found) {
    const end = this.pace[this.pace.length - 1];
    if (!(this.#nearFinish === null && end.distanceMeters - found.distance <= this.configuration.finishTolerance && !this.#isDeviated)) return;
    this.#nearFinish = this.#elapsed + end.elapsedSeconds - found.elapsed(this.pace);
  }

  #leaveRoute() {
    if (this.#isDeviated) return;
    const since = this.#offRouteSince ?? this.#elapsed;
    this.#offRouteSince = since;
    if (this.#elapsed - since >= this.configuration.deviationDelay) {
      this.#isDeviated = true;
      this.#aheadSeconds = null;
    }
  }

  // Records when the runner passed the checkpoints between the last on-route fix and
  // `found`. A continuous stretch (on the route throughout, and no farther along it than
  // the runner ran) is interpolated in time; after a deviation or a jump only the
  // checkpoints within `matchRadius` behind `found` count as covered, so a shortcut does
  // not cover what it skipped.
  #cover(found) {
    const pace = this.pace, passages = this.#passages;
    const radius = this.configuration.matchRadius;
    const from = this.#lastOnRoute;
    if (from !== null && !this.#isDeviated
        && found.distance - from.routeDistance <= this.distance - from.distance + 2 * radius) {
      let j = found.leg;
      while (j > 0 && pace[j].distanceMeters > from.routeDistance) j -= 1;
      while (j < pace.length && pace[j].distanceMeters <= found.distance) {
        if (pace[j].distanceMeters >= from.routeDistance && passages[j] === null) {
          const span = found.distance - from.routeDistance;
          const f = span > 0 ? (pace[j].distanceMeters - from.routeDistance) / span : 1;
          passages[j] = from.elapsed + f * (this.#elapsed - from.elapsed);
        }
        j += 1;
      }
    } else {
      let j = found.leg;
      while (j >= 0 && pace[j].distanceMeters >= found.distance - radius - (from === null ? this.distance : 0)) {
        if (pace[j].distanceMeters <= found.distance && passages[j] === null) passages[j] = this.#elapsed;
        j -= 1;
      }
      if (found.leg + 1 < pace.length && pace[found.leg + 1].distanceMeters <= found.distance && passages[found.leg + 1] === null) {
        passages[found.leg + 1] = this.#elapsed;
      }
    }
  }

  #cueIfDue() {
    if (!(this.#elapsed >= this.#nextCueAt)) return null;
    while (this.#nextCueAt <= this.#elapsed) this.#nextCueAt += this.configuration.cueInterval;
    const finish = this.finishElapsed;
    return {
      elapsedSeconds: this.#elapsed,
      distanceMeters: this.distance,
      aheadSeconds: this.#aheadSeconds,
      deviated: this.#isDeviated,
      started: this.#position !== null,
      finished: finish !== null && this.#elapsed >= finish,
    };
  }

  /**
   * Replays a recorded run through a session against `pace`, fix by fix in time order, as
   * a phone would have delivered them; returns the session at the end and the cues it
   * gave. The session's maximum speed is that of the run's sport (the rest of `options`
   * is kept). FollowReplay.swift.
   *
   * @example const { session, cues } = FollowSession.replay(pace.checkpoints, fixes, 'run');
   *   session.result.classification  // 'follow' when the run covered at least 80 % of the pace
   * @param {import('./route-position.js').Checkpoint[]} pace
   * @param {FollowFix[]} fixes
   * @param {string} sport "run", "walk", "hike", "ride", "swim" or "other"
   * @param {Partial<FollowConfiguration>} [options]
   * @returns {{session: FollowSession, cues: Cue[]}}
   * Complexity: O(n log n) in the run's fixes (the sort).
   */
  static replay(pace, fixes, sport, options = {}) {
    const session = new FollowSession(pace, { ...options, maximumSpeed: maximumSpeed(sport) });
    const cues = [];
    for (const fix of FollowSession.inTimeOrder(fixes)) {
      const cue = session.add(fix);
      if (cue !== null) cues.push(cue);
    }
    return { session, cues };
  }

  /**
   * The fixes sorted by time (stable; untimed fixes keep their place at the front, where a
   * session ignores them).
   * @param {FollowFix[]} fixes
   * @returns {FollowFix[]}
   */
  static inTimeOrder(fixes) {
    const timeOf = (fix) => (typeof fix.time === 'number' && !Number.isNaN(fix.time) ? fix.time : -Infinity);
    return fixes
      .map((fix, offset) => ({ fix, offset, time: timeOf(fix) }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.offset - b.offset))
      .map((entry) => entry.fix);
  }
}
