// The running screen's workout panel: interval N of M and its target, the time or distance
// left of the interval, its time and distance so far, and the next one; before the start,
// a button to run without it.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { WorkoutSpeaker } from '../../engine/workout/workout-speaker.js';

const TARGET_NAMES = { rest: 'Rest', easy: 'Easy', steady: 'Steady', fast: 'Fast' };

/** The target as a short label: "Fast", "5:00 /km". */
export function targetLabel(interval, u) {
  return interval.target === 'pace' ? units.pace(interval.paceSecondsPerKilometer, u) : TARGET_NAMES[interval.target];
}

/** The interval's length as a short label: "400 m", "1:30". */
export function lengthLabel(interval, u) {
  if (interval.seconds != null) return units.clock(interval.seconds);
  return interval.meters < 1000 && u !== 'imperial' ? `${Math.round(interval.meters)} m` : units.distance(interval.meters, u);
}

export class WorkoutPanel {
  /** @param {{name: string}} workout @param {string} u units @param {() => void} onDrop runs without the workout */
  constructor(workout, u, onDrop) {
    this.u = u;
    this.title = h('strong', { id: 'workout-interval' }, 'Ready');
    this.left = h('strong', { id: 'workout-left' }, '–');
    this.into = h('span', { id: 'workout-into' }, '');
    this.next = h('span', { id: 'workout-next', class: 'muted' }, 'Starts with the first GPS fix after Start');
    this.drop = h('button', { class: 'ghost', name: 'no-workout', onclick: () => { this.element.remove(); onDrop(); } }, 'No workout');
    this.element = h('div', { class: 'wide workout-panel', id: 'workout-panel' },
      h('div', { class: 'stat' }, this.title, h('span', { class: 'workout-name' }, workout.name)),
      h('div', { class: 'stat' }, this.left, h('span', {}, 'left in interval')),
      h('div', { class: 'workout-into muted' }, this.into),
      h('div', { class: 'workout-next' }, this.next, this.drop));
  }

  /** Shows where `session` (a WorkoutSession) is. */
  update(session) {
    this.drop.hidden = true;
    if (!session.isStarted) return;
    if (session.isComplete) {
      this.title.textContent = 'Workout complete';
      this.left.textContent = '–';
      this.into.textContent = '';
      this.next.textContent = 'Tracking continues until you press ✓';
      return;
    }
    const i = session.current, interval = session.intervals[i], into = session.intoInterval;
    this.title.textContent = `${i + 1} of ${session.intervals.length} · ${targetLabel(interval, this.u)}`;
    this.left.textContent = interval.seconds != null
      ? units.clock(Math.max(0, interval.seconds - into.seconds))
      : lengthLabel({ meters: Math.max(0, interval.meters - into.meters) }, this.u);
    this.into.textContent = `This interval: ${units.clock(into.seconds)} · ${units.distance(into.meters, this.u)}`;
    const following = session.intervals[i + 1];
    this.next.textContent = following ? `Next: ${new WorkoutSpeaker(this.u).describe(following)}` : 'Last interval';
  }
}
