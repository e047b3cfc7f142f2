// Turns pacing cues into short sentences a voice can say, and decides which cues are
// worth saying: the same throttling on every client, so a phone neither nags every five
// seconds nor stays silent when things change.
// Mirrors Sources/PacelineCore/Pacing/CueSpeaker.swift: keep in step with it (the same
// words, the same rules; Tests/e2e/test_follow_port.py compares every sentence).
//
// Rules: a change of state (reaching the route, leaving it, coming back, finishing) is
// always said; on the route the gap is said when its whole seconds moved by at least
// `minimumChange` since it was last said, or `repeatInterval` seconds have passed; each
// whole kilometre (or mile) is announced with the gap.
import { METERS_PER_MILE } from './units.js';

// Swift's Double.rounded(): to nearest, ties away from zero (Math.round takes ties up).
const wholeSeconds = (seconds) => (seconds < 0 ? -Math.round(-seconds) : Math.round(seconds)) + 0;
const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Says cues; one speaker per follow run (it remembers what it last said). */
export class CueSpeaker {
  /** Whole seconds the gap must move before it is said again. */
  minimumChange = 3;
  /** Seconds after which the gap is said again even if unchanged (0: at every cue). */
  repeatInterval = 30;
  #state = null;  // 'notStarted' | 'onRoute' | 'deviated' | 'finished'
  #lastGap = null;  // {elapsed, seconds}
  #unitsAnnounced = 0;

  /**
   * @example const speaker = new CueSpeaker('metric');
   *   speaker.spoken(cue)  // "1 kilometre, 12 seconds ahead"
   * @param {'metric' | 'imperial'} [units]
   */
  constructor(units = 'metric') {
    if (units !== 'metric' && units !== 'imperial') throw new RangeError(`unknown units: ${units}`);
    this.units = units;
  }

  /**
   * The sentence to say for `cue` (a FollowSession cue), or null when it is better left unsaid.
   * @param {import('./follow-session.js').Cue} cue
   * @returns {string | null}
   */
  spoken(cue) {
    const now = cue.finished ? 'finished' : !cue.started ? 'notStarted' : cue.deviated ? 'deviated' : 'onRoute';
    const previous = this.#state;
    this.#state = now;
    const units = Math.trunc(cue.distanceMeters / (this.units === 'metric' ? 1000 : METERS_PER_MILE));
    const milestone = units > this.#unitsAnnounced;
    this.#unitsAnnounced = Math.max(this.#unitsAnnounced, units);
    switch (now) {
      case 'notStarted':
        return previous === null ? 'Head to the start of the route' : null;
      case 'deviated':
        return previous === 'deviated' ? null : 'Deviated from route';
      case 'finished':
        return previous === 'finished' ? null : 'Finished, ' + this.#sayGap(cue);
      default: {
        if (previous === 'deviated') return 'Back on route, ' + this.#sayGap(cue);
        if (previous === 'notStarted') return 'On route, ' + this.#sayGap(cue);
        const seconds = wholeSeconds(cue.aheadSeconds ?? 0);
        const last = this.#lastGap;
        if (last !== null && !milestone && Math.abs(seconds - last.seconds) < this.minimumChange
            && cue.elapsedSeconds - last.elapsed < this.repeatInterval) return null;
        const gap = this.#sayGap(cue);
        return milestone ? count(units, this.units === 'metric' ? 'kilometre' : 'mile') + ', ' + gap : gap;
      }
    }
  }

  #sayGap(cue) {
    const ahead = cue.aheadSeconds ?? 0;
    this.#lastGap = { elapsed: cue.elapsedSeconds, seconds: wholeSeconds(ahead) };
    return CueSpeaker.gap(ahead);
  }

  /**
   * "12 seconds ahead", "1 minute 5 seconds behind", "on pace".
   * @param {number} aheadSeconds
   * @returns {string}
   */
  static gap(aheadSeconds) {
    const seconds = Math.abs(wholeSeconds(aheadSeconds));
    if (!(seconds > 0)) return 'on pace';
    const minutes = Math.floor(seconds / 60), rest = seconds % 60;
    const words = [];
    if (minutes > 0) words.push(count(minutes, 'minute'));
    if (rest > 0) words.push(count(rest, 'second'));
    return words.join(' ') + (aheadSeconds > 0 ? ' ahead' : ' behind');
  }
}
