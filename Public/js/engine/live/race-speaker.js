// The voice of a live race: a change of the runner's place is said at once ("You are now
// 2nd of 4, 15 metres behind Ann"), and the place with the gaps to the runners just ahead
// and just behind every `everySeconds`. Fed the standings as the server's `progress`
// reports them; a place that flickers back and forth within `settleSeconds` is said once.
import { METERS_PER_YARD, unitMeters } from '../core/units.js';

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export class RaceSpeaker {
  /** @param {{everySeconds?: number, settleSeconds?: number}} options */
  constructor(units = 'metric', { everySeconds = 30, settleSeconds = 10 } = {}) {
    this.units = units;
    this.everySeconds = everySeconds;
    this.settleSeconds = settleSeconds;
    this.place = null;        // the place last said
    this.saidAt = null;       // seconds into the race it was said
    this.changeSaidAt = null; // … and when a change of place was last said
  }

  /** "15 metres", "1.2 kilometres", "40 yards"… */
  gap(meters) {
    if (this.units === 'imperial') {
      const yards = meters / METERS_PER_YARD;
      return yards < 1000 ? `${Math.round(yards)} yards` : `${(meters / unitMeters('imperial')).toFixed(1)} miles`;
    }
    return meters < 1000 ? `${Math.round(meters)} metres` : `${(meters / 1000).toFixed(1)} kilometres`;
  }

  /**
   * What to say, or null. `standings`: the runners still out or finished, first place
   * first ({userId, name, distanceMeters, finished}); `me`: the runner's id; `seconds`:
   * time into the race.
   */
  spoken(standings, me, seconds) {
    const index = standings.findIndex((runner) => runner.userId === me);
    if (index < 0 || standings.length < 2 || standings[index].finished) return null;
    const place = index + 1;
    const changed = this.place !== null && place !== this.place;
    const due = this.saidAt === null ? seconds >= this.everySeconds : seconds - this.saidAt >= this.everySeconds;
    const settling = changed && this.changeSaidAt !== null && seconds - this.changeSaidAt < this.settleSeconds;
    if (settling && !due) return null;
    if (!changed && !due) return null;
    this.place = place;
    this.saidAt = seconds;
    if (changed) this.changeSaidAt = seconds;
    const mine = standings[index].distanceMeters;
    const parts = [`${changed ? 'You are now ' : ''}${ordinal(place)} of ${standings.length}`];
    const ahead = standings[index - 1];
    const behind = standings[index + 1];
    if (ahead && !ahead.finished) parts.push(`${this.gap(Math.max(0, ahead.distanceMeters - mine))} behind ${ahead.name}`);
    else if (ahead) parts.push(`${ahead.name} has finished`);
    if (behind) parts.push(`${this.gap(Math.max(0, mine - behind.distanceMeters))} ahead of ${behind.name}`);
    return parts.join(', ');
  }
}
