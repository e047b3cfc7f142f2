// The workout editor: a name and steps, each an interval (by time, m:ss, or by distance,
// km or mi) with a target (rest, easy, steady, fast, or a pace), or a repeat block of
// intervals; steps and intervals move up and down, are copied and removed. Saving sends
// the plan (SI units) to the server, which checks it; its message is shown if it refuses.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, mount, toast, field, describe } from '../../ui.js';
import { go } from '../../router.js';
import { TARGETS } from '../../engine/workout/plan.js';
import { parsePace } from './workouts.js';

/** "1:30" or "90" as seconds; null when unreadable. */
function parseDuration(text) {
  const match = /^\s*(?:(\d+):)?(\d+)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}

const blankInterval = () => ({ meters: 400, target: 'fast' });

/** A small control with its label above it, in an interval's row. */
const mini = (label, control) => h('label', { class: 'mini-field' }, h('span', {}, label), control);

export async function render({ workoutId }) {
  const u = session.units;
  const existing = workoutId === 'new' ? null : await api.workout(workoutId);
  const name = h('input', { name: 'workout-name', maxlength: 200, value: existing?.name ?? 'Intervals' });
  // The steps being edited, as the API has them (SI units).
  let steps = structuredClone(existing?.steps ?? [blankInterval()]);
  const list = h('ol', { class: 'workout-steps', id: 'workout-steps' });

  const moveIn = (array, index, by) => { const [item] = array.splice(index, 1); array.splice(index + by, 0, item); draw(); };

  function intervalEditor(interval, array, index) {
    const byTime = interval.seconds != null;
    const by = h('select', { name: 'by' },
      h('option', { value: 'time', selected: byTime }, 'time'), h('option', { value: 'distance', selected: !byTime }, units.unitName(u)));
    const amount = h('input', { name: 'amount', size: 6, inputmode: byTime ? 'text' : 'decimal',
      value: byTime ? units.clock(interval.seconds) : String(Math.round(interval.meters / units.unitMeters(u) * 1000) / 1000) });
    const target = h('select', { name: 'target' }, TARGETS.map((t) => h('option', { value: t, selected: t === interval.target }, t)));
    const pace = h('input', { name: 'pace', size: 5,
      value: interval.paceSecondsPerKilometer ? units.paceClock(interval.paceSecondsPerKilometer, u) : units.paceClock(300, u) });
    const read = () => {
      for (const key of ['seconds', 'meters', 'paceSecondsPerKilometer']) delete interval[key];
      if (by.value === 'time') interval.seconds = parseDuration(amount.value) ?? 0;
      else interval.meters = (Number.parseFloat(amount.value) || 0) * units.unitMeters(u);
      interval.target = target.value;
      if (target.value === 'pace') interval.paceSecondsPerKilometer = parsePace(pace.value, u) ?? 0;
    };
    by.addEventListener('change', () => { read(); if (by.value === 'time') interval.seconds = 60; else interval.meters = 400; draw(); });
    amount.addEventListener('change', read);
    const paceField = mini(`Pace (m:ss /${units.unitName(u)})`, pace);
    paceField.hidden = interval.target !== 'pace';
    target.addEventListener('change', () => { read(); paceField.hidden = target.value !== 'pace'; if (target.value === 'pace') read(); });
    pace.addEventListener('change', read);
    return h('div', { class: 'row wrap interval' }, mini('By', by), mini(byTime ? 'Time (m:ss)' : `Distance (${units.unitName(u)})`, amount),
      mini('Target', target), paceField,
      h('button', { name: 'up', 'aria-label': 'Move up', disabled: index === 0, onclick: () => moveIn(array, index, -1) }, '↑'),
      h('button', { name: 'down', 'aria-label': 'Move down', disabled: index === array.length - 1, onclick: () => moveIn(array, index, 1) }, '↓'),
      h('button', { name: 'copy', onclick: () => { array.splice(index + 1, 0, structuredClone(array[index])); draw(); } }, 'Copy'),
      h('button', { class: 'ghost', name: 'remove', 'aria-label': 'Remove', onclick: () => { array.splice(index, 1); draw(); } }, '×'));
  }

  function draw() {
    list.replaceChildren(...steps.map((step, index) => {
      if (step.repeat == null) return h('li', { class: 'step' }, intervalEditor(step, steps, index));
      const count = h('input', { name: 'repeat', type: 'number', min: 1, max: 500, value: step.repeat, size: 3 });
      count.addEventListener('change', () => { step.repeat = Number.parseInt(count.value, 10) || 1; });
      return h('li', { class: 'step repeat card' },
        h('div', { class: 'row' }, mini('Repeat, times', count),
          h('button', { name: 'up', 'aria-label': 'Move block up', disabled: index === 0, onclick: () => moveIn(steps, index, -1) }, '↑'),
          h('button', { name: 'down', 'aria-label': 'Move block down', disabled: index === steps.length - 1, onclick: () => moveIn(steps, index, 1) }, '↓'),
          h('button', { class: 'ghost', name: 'remove-block', 'aria-label': 'Remove block', onclick: () => { steps.splice(index, 1); draw(); } }, '×')),
        h('ol', {}, step.intervals.map((interval, k) => h('li', {}, intervalEditor(interval, step.intervals, k)))),
        h('button', { name: 'add-to-block', onclick: () => { step.intervals.push(blankInterval()); draw(); } }, '+ interval in block'));
    }));
  }

  async function save() {
    const plan = { name: name.value.trim(), steps };
    try {
      if (existing) await api.updateWorkout(existing.id, plan); else await api.createWorkout(plan);
      go('#/workouts');
    } catch (error) {
      toast(describe(error), { error: true });
    }
  }

  draw();
  mount(h('section', { class: 'page workout-editor' },
    h('h1', {}, existing ? 'Edit workout' : 'New workout'),
    field('Name', name),
    list,
    h('div', { class: 'row wrap' },
      h('button', { name: 'add-interval', onclick: () => { steps.push(blankInterval()); draw(); } }, '+ interval'),
      h('button', { name: 'add-repeat', onclick: () => { steps.push({ repeat: 4, intervals: [{ meters: 400, target: 'fast' }, { meters: 200, target: 'rest' }] }); draw(); } }, '+ repeat block')),
    h('div', { class: 'row' },
      h('button', { class: 'primary', name: 'save-workout', onclick: save }, 'Save'),
      h('a', { class: 'button ghost', href: '#/workouts' }, 'Cancel'))));
}
