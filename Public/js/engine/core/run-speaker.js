// The voice of a free run or walk (no route, no workout): at each whole kilometre (or
// mile) the distance, the time and that split's pace; optionally every N minutes the
// time, the distance and the average pace. Fed the run's distance and its moving time at
// each fix; remembers what it said, so a run replayed after a reload says nothing twice.
import { unitMeters } from './units.js';

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "5 minutes 12 seconds", "45 seconds", "1 hour 2 minutes". */
export function spokenDuration(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600), minutes = Math.floor((whole % 3600) / 60), rest = whole % 60;
  if (hours > 0) return [count(hours, 'hour'), minutes ? count(minutes, 'minute') : null].filter(Boolean).join(' ');
  return [minutes ? count(minutes, 'minute') : null, rest || !minutes ? count(rest, 'second') : null].filter(Boolean).join(' ');
}

/** "5 minutes 12 seconds per kilometre". */
export function spokenPace(secondsPerUnit, units) {
  return `${spokenDuration(secondsPerUnit)} per ${units === 'imperial' ? 'mile' : 'kilometre'}`;
}

export class RunSpeaker {
  /**
   * @param {'metric'|'imperial'} units
   * @param {{everyMinutes?: number}} options also speak every this many minutes (0: only at each kilometre or mile)
   */
  constructor(units = 'metric', { everyMinutes = 0 } = {}) {
    this.units = units;
    this.everyMinutes = Number.isFinite(everyMinutes) && everyMinutes > 0 ? everyMinutes : 0;
    this.unitsSaid = 0;
    this.lastSplit = { meters: 0, seconds: 0 };
    this.minutesSaid = 0;
  }

  /**
   * What to say now that the run has covered `meters` in `seconds` (moving), or null.
   * A kilometre passed between two fixes is timed by interpolating between them.
   */
  spoken(meters, seconds) {
    const unit = unitMeters(this.units);
    const previous = this.previous ?? { meters: 0, seconds: 0 };
    this.previous = { meters, seconds };
    const whole = Math.floor(meters / unit);
    if (whole > this.unitsSaid) {
      this.unitsSaid = whole;
      const at = whole * unit;
      const fraction = meters > previous.meters ? (at - previous.meters) / (meters - previous.meters) : 1;
      const when = previous.seconds + Math.min(1, Math.max(0, fraction)) * (seconds - previous.seconds);
      const splitPace = (when - this.lastSplit.seconds) / ((at - this.lastSplit.meters) / unit);
      this.lastSplit = { meters: at, seconds: when };
      this.minutesSaid = Math.max(this.minutesSaid, Math.floor(seconds / 60));  // the kilometre says the time already
      return `${count(whole, this.units === 'imperial' ? 'mile' : 'kilometre')} in ${spokenDuration(when)}. Pace ${spokenPace(splitPace, this.units)}`;
    }
    if (this.everyMinutes) {
      const minutes = Math.floor(seconds / 60);
      const due = Math.floor(minutes / this.everyMinutes) * this.everyMinutes;
      if (due > 0 && due > this.minutesSaid) {
        this.minutesSaid = due;
        const distance = (meters / unit).toFixed(2);
        const average = meters > 0 ? seconds / (meters / unit) : 0;
        return `${spokenDuration(due * 60)}. ${distance} ${this.units === 'imperial' ? 'miles' : 'kilometres'}. Average pace ${spokenPace(average, this.units)}`;
      }
    }
    return null;
  }
}
