// One run being recorded: the meter (distance, paces) and, when following, the follow
// session and the voice's choice of words; when running a workout, the workout session. Shared by the running screen and the summary,
// which replays the stored fixes through it.
import { RunMeter } from './run-meter.js';
import { FollowSession } from './follow-session.js';
import { CueSpeaker } from './cue-speaker.js';
import { maximumSpeed } from './sport-thresholds.js';
import { WorkoutSession } from '../workout/workout-session.js';
import { WorkoutSpeaker } from '../workout/workout-speaker.js';

export class RunTracker {
  /** @param {{startedAt: number, sport: string, follow: {pace: object[]}|null}} header */
  constructor(header, units = 'metric') {
    this.header = header;
    this.meter = new RunMeter(maximumSpeed(header.sport));
    this.follow = header.follow ? new FollowSession(header.follow.pace, { maximumSpeed: maximumSpeed(header.sport) }) : null;
    this.speaker = header.follow ? new CueSpeaker(units) : null;
    this.fixes = 0;
    // The workout being run ({id, name, plan, bands}), if any: its own session and voice.
    this.workout = header.workout ? new WorkoutSession(header.workout.plan, header.workout.bands, { maximumSpeed: maximumSpeed(header.sport) }) : null;
    this.workoutSpeaker = header.workout ? new WorkoutSpeaker(units) : null;
  }

  /**
   * Takes a fix; returns the cue due (when following) and what to say of it; running a
   * workout, `sentences` are said one by one (`spoken` joins them).
   */
  add(fix) {
    this.fixes += 1;
    this.meter.add(fix);
    if (this.workout) {
      const sentences = this.workout.add(fix).map((cue) => this.workoutSpeaker.spoken(cue, this.workout.intervals));
      return sentences.length ? { spoken: sentences.join('. '), sentences } : {};
    }
    if (!this.follow) return {};
    const cue = this.follow.add(fix);
    return cue ? { cue, spoken: this.speaker.spoken(cue) } : {};
  }

  /** Seconds since the start was pressed (the clock keeps running across reloads). */
  elapsedSeconds(now) {
    return ((this.header.finishedAt ?? now) - this.header.startedAt) / 1000;
  }

  /** Seconds per kilometre since the start; undefined under 50 m, where a pace means nothing yet. */
  averagePace(now) {
    const meters = this.meter.distance;
    return meters > 50 ? this.elapsedSeconds(now) / (meters / 1000) : undefined;
  }
}
