// Vibration on the moments a runner should feel without looking or listening: a race's
// countdown, its start and the runner's finish, and a workout's cues. Through
// navigator.vibrate, where the browser has it (Chrome on Android; not Safari on an
// iPhone), and only while "Vibrate on cues" is on in the profile (on by default). A browser
// lets a page vibrate only once the user has tapped it (Ready, Start): until then the app
// does not ask, as Chrome would refuse and log an error (a race page reloaded untouched).
import { deviceSettings } from './engine/store/session.js';

/** The patterns, in ms of vibration and pause: told apart by feel. */
export const PATTERNS = Object.freeze({
  count: [150],                       // a race's 3, 2, 1
  go: [600],                          // the race starts
  finish: [300, 100, 300, 100, 600],  // the runner crossed the line
  start: [400, 150, 400],             // a workout's interval begins
  countdown: [150],                   // an interval ends in a few seconds
  tooSlow: [100, 80, 100, 80, 100],   // quick taps: speed up
  tooFast: [700],                     // one long one: ease off
  complete: [300, 100, 300, 100, 600],
});

const WORKOUT_CUES = ['start', 'countdown', 'tooSlow', 'tooFast', 'complete'];

export const haptics = {
  /** Whether this browser can vibrate at all. */
  get supported() { return typeof navigator.vibrate === 'function'; },
  /** Whether it vibrates: supported, and not turned off on this device. */
  get on() { return this.supported && deviceSettings.vibrate; },

  /** Vibrates the pattern `name` (a PATTERNS key) when on; a browser that refuses is no matter. */
  buzz(name) {
    if (!this.on || !PATTERNS[name] || navigator.userActivation?.hasBeenActive === false) return;
    try { navigator.vibrate([...PATTERNS[name]]); } catch { /* refused: nothing to feel */ }
  },

  /** Vibrates for a workout cue: its `kind` (WorkoutSession's start, countdown, tooSlow, tooFast, complete). */
  workoutCue(cue) { this.buzz(WORKOUT_CUES.includes(cue.kind) ? cue.kind : 'complete'); },
};
