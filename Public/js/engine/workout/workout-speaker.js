// Workout cues as short sentences, in kilometres or miles. A port of
// Sources/PacelineCore/Workouts/WorkoutSpeaker.swift: keep in step with it
// (Tests/e2e/test_workout_port.py compares the sentences).
import { METERS_PER_MILE, METERS_PER_YARD, unitMeters } from '../core/units.js';

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
// Swift's .rounded() rounds halves away from zero; Math.round rounds them up.
const rounded = (x) => (x < 0 ? -Math.round(-x) : Math.round(x));

function amount(value, noun) {
  const hundredths = rounded(value * 100);
  let text = `${Math.trunc(hundredths / 100)}`;
  const fraction = hundredths % 100;
  if (fraction !== 0) text += '.' + (fraction % 10 === 0 ? `${fraction / 10}` : fraction < 10 ? `0${fraction}` : `${fraction}`);
  return `${text} ${noun}${hundredths === 100 ? '' : 's'}`;
}

export class WorkoutSpeaker {
  constructor(units = 'metric') { this.units = units; }

  /** The sentence for `cue` of a workout with `intervals`. */
  spoken(cue, intervals) {
    switch (cue.kind) {
      case 'start': return `Interval ${cue.interval} of ${intervals.length}: ` + this.describe(intervals[cue.interval - 1]);
      case 'countdown': {
        const left = cue.secondsLeft !== undefined && cue.secondsLeft !== null ? this.duration(cue.secondsLeft) : this.length(cue.metersLeft ?? 0);
        const next = cue.interval < intervals.length ? ', next: ' + this.describe(intervals[cue.interval]) : '';
        return `${left} left${next}`;
      }
      case 'tooSlow': return 'Too slow, speed up';
      case 'tooFast': return 'Too fast, ease off';
      default: return 'Workout complete';
    }
  }

  /** "400 metres, fast", "2 minutes, rest", "1 kilometre at 5 minutes per kilometre". */
  describe(interval) {
    const size = interval.seconds !== undefined && interval.seconds !== null ? this.duration(interval.seconds) : this.length(interval.meters);
    if (interval.target === 'pace') {
      return `${size} at ${this.duration(interval.paceSecondsPerKilometer * unitMeters(this.units) / 1000)} per ${this.units === 'imperial' ? 'mile' : 'kilometre'}`;
    }
    return `${size}, ${interval.target}`;
  }

  duration(seconds) {
    const total = rounded(seconds);
    const minutes = Math.trunc(total / 60), rest = total % 60;
    const words = [];
    if (minutes > 0) words.push(count(minutes, 'minute'));
    if (rest > 0 || minutes === 0) words.push(count(rest, 'second'));
    return words.join(' ');
  }

  length(meters) {
    if (this.units !== 'imperial') {
      if (rounded(meters) < 1000) return count(rounded(meters), 'metre');
      return amount(meters / 1000, 'kilometre');
    }
    const miles = meters / METERS_PER_MILE;
    if (miles < 0.095) return count(rounded(meters / METERS_PER_YARD), 'yard');
    return amount(miles, 'mile');
  }
}
