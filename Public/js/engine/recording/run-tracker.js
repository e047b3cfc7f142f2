// One run being recorded: the meter (distance, paces) and, when following, the follow
// session and the voice's choice of words; when running a workout, the workout session;
// on a free run or walk, the kilometres (or miles) and minutes the voice says. Shared by the running screen and the summary,
// which replays the stored fixes through it.
//
// Pauses: the header's `pauses` ([{from, to}] in ms, `to` missing while paused) stop the
// clock; each fix carries the `segment` it was recorded in (the number of pauses before
// it), and a new segment breaks the meter and the workout as the server's replay of the
// uploaded segments does (WorkoutSession.replay pauses between segments), so what the
// runner saw live is what the server logs.
import { RunMeter } from '../core/run-meter.js';
import { FollowSession } from '../core/follow-session.js';
import { CueSpeaker } from '../core/cue-speaker.js';
import { RunSpeaker } from '../core/run-speaker.js';
import { maximumSpeed } from '../core/sport-thresholds.js';
import { WorkoutSession } from '../workout/workout-session.js';
import { WorkoutSpeaker } from '../workout/workout-speaker.js';

export class RunTracker {
  /**
   * @param {{startedAt: number, sport: string, follow: {pace: object[]}|null}} header
   * @param {{everyMinutes?: number, gapEverySeconds?: number, gapEveryCue?: boolean}} voice what the voice says
   *   besides the kilometres; following, the gap at every cue (about every 5 s) with `gapEveryCue`
   */
  constructor(header, units = 'metric', voice = {}) {
    this.header = header;
    this.meter = new RunMeter(maximumSpeed(header.sport));
    this.follow = header.follow ? new FollowSession(header.follow.pace, { maximumSpeed: maximumSpeed(header.sport) }) : null;
    this.speaker = header.follow ? new CueSpeaker(units) : null;
    if (this.speaker && voice.gapEverySeconds > 0) this.speaker.repeatInterval = voice.gapEverySeconds;
    if (this.speaker && voice.gapEveryCue) this.speaker.repeatInterval = 0;  // no cue is too soon after the last
    this.fixes = 0;
    this.pauses = (header.pauses ?? []).map((pause) => ({ ...pause }));
    /** The segment of the last fix taken (0 before the first pause). */
    this.segment = 0;
    // The workout being run ({id, name, plan, bands}), if any: its own session and voice.
    this.workout = header.workout ? new WorkoutSession(header.workout.plan, header.workout.bands, { maximumSpeed: maximumSpeed(header.sport) }) : null;
    this.workoutSpeaker = header.workout ? new WorkoutSpeaker(units) : null;
    // A free run or walk: kilometres (or miles) and, if chosen, every N minutes.
    this.runSpeaker = header.follow || header.workout ? null : new RunSpeaker(units, { everyMinutes: voice.everyMinutes });
  }

  /**
   * Takes a fix; returns the cue due (when following) and what to say of it; running a
   * workout, `sentences` are said one by one (`spoken` joins them), and `cues` are the
   * workout's cues they say (for the haptics).
   */
  add(fix) {
    const segment = fix.segment ?? 0;
    if (segment !== this.segment) { this.#breakSegment(); this.segment = segment; }
    this.fixes += 1;
    this.meter.add(fix);
    if (this.workout) {
      const cues = this.workout.add(fix);
      const sentences = cues.map((cue) => this.workoutSpeaker.spoken(cue, this.workout.intervals));
      return sentences.length ? { spoken: sentences.join('. '), sentences, cues } : {};
    }
    if (this.runSpeaker) {
      const spoken = this.runSpeaker.spoken(this.meter.distance, this.elapsedSeconds(fix.time));
      return spoken ? { spoken, sentences: [spoken] } : {};
    }
    const cue = this.follow.add(fix);
    return cue ? { cue, spoken: this.speaker.spoken(cue) } : {};
  }

  /** Whether the runner has paused (and not resumed). */
  get isPaused() {
    const last = this.pauses[this.pauses.length - 1];
    return last !== undefined && last.to === undefined;
  }

  /** The segment the next fix belongs to: one more after each pause. */
  get nextSegment() { return this.pauses.length; }

  /** Pauses at `at` (ms): the clock stops, and the way until the resume counts for nothing. */
  pause(at) {
    if (this.isPaused) return;
    this.pauses.push({ from: at });
    this.#breakSegment();
  }

  /** Resumes at `at` (ms); the next fix starts a new segment. */
  resume(at) {
    if (this.isPaused) this.pauses[this.pauses.length - 1].to = at;
  }

  #breakSegment() {
    this.meter.pause();
    this.workout?.pause();
  }

  /** Seconds since the start was pressed, pauses excluded (the clock keeps running across reloads). */
  elapsedSeconds(now) {
    const end = this.header.finishedAt ?? now;
    const paused = this.pauses.reduce((sum, pause) => sum + Math.max(0, Math.min(pause.to ?? end, end) - pause.from), 0);
    return (end - this.header.startedAt - paused) / 1000;
  }

  /** Seconds per kilometre since the start; undefined under 50 m, where a pace means nothing yet. */
  averagePace(now) {
    const meters = this.meter.distance;
    return meters > 50 ? this.elapsedSeconds(now) / (meters / 1000) : undefined;
  }
}
