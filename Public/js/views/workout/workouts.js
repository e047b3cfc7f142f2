// Workouts: the user's interval workouts in their order (move up/down), which one is
// active (the running screen runs it), duplicate, delete, edit; the pace bands that
// rest/easy/steady/fast mean; links to the workout log and to a run with a workout.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, mount, toast, describe } from '../../ui.js';
import { go } from '../../router.js';
import { intervals } from '../../engine/workout/plan.js';
import { lengthLabel, targetLabel } from './workout-panel.js';

const BAND_NAMES = ['rest', 'easy', 'steady', 'fast'];

/** "3:30" or "3:30 /km" typed by a person, as seconds per kilometre (the user's unit in). */
export function parsePace(text, u) {
  const match = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(text);
  if (!match) return null;
  return (Number(match[1]) * 60 + Number(match[2])) * 1000 / units.unitMeters(u);
}

export async function render() {
  const [list, settings] = await Promise.all([api.workouts(), api.workoutSettings()]);
  const screen = {
    u: session.units,
    settings,
    workouts: list.workouts,
    active: list.activeWorkoutId ?? null,
    listElement: h('ol', { class: 'workout-list', id: 'workout-list' }),
    // Offered only when there is an active workout to run.
    runButton: h('button', { name: 'run-workout', onclick: () => go('#/record') }, 'Run the active workout'),
  };
  draw(screen);
  mount(h('section', { class: 'page workouts' },
    h('h1', {}, 'Workouts'),
    h('div', { class: 'row wrap' },
      h('a', { class: 'button primary', href: '#/workouts/new', id: 'new-workout' }, 'New workout'),
      h('a', { class: 'button', href: '#/workout-log', id: 'open-log' }, 'Workout log'),
      screen.runButton),
    screen.listElement,
    bandsForm(screen)));
}

/** Saves the pace bands and which workout is active. */
async function saveSettings(screen) {
  const { settings } = screen;
  try {
    const saved = await api.updateWorkoutSettings({ paceBands: settings.paceBands, activeWorkoutId: screen.active });
    screen.active = saved.activeWorkoutId ?? null;
    Object.assign(settings, saved);
  } catch (error) { toast(describe(error), { error: true }); }
  draw(screen);
}

/** Moves the workout at `index` up (-1) or down (+1). */
async function move(screen, index, by) {
  const order = screen.workouts.map((w) => w.id);
  const [id] = order.splice(index, 1);
  order.splice(index + by, 0, id);
  try { screen.workouts = (await api.reorderWorkouts(order)).workouts; } catch (error) { toast(describe(error), { error: true }); }
  draw(screen);
}

function summaryOf(workout, u) {
  const all = intervals(workout);
  const shown = all.slice(0, 4).map((i) => `${lengthLabel(i, u)} ${targetLabel(i, u).toLowerCase()}`).join(', ');
  return `${all.length} intervals: ${shown}${all.length > 4 ? ', …' : ''}`;
}

function draw(screen) {
  const { listElement, workouts } = screen;
  screen.runButton.hidden = !screen.active;
  listElement.replaceChildren(...workouts.map((workout, index) => workoutItem(screen, workout, index)));
  if (!workouts.length) listElement.append(h('li', { class: 'muted' }, 'No workouts yet: make one, e.g. 6 × 400 m fast with 200 m rest.'));
}

/** A workout: its name and intervals; make active, edit, duplicate, move, delete. */
function workoutItem(screen, workout, index) {
  const active = workout.id === screen.active;
  return h('li', { class: 'card workout', dataset: { id: workout.id } },
    h('div', { class: 'row' },
      h('strong', { class: 'workout-name' }, workout.name),
      active ? h('span', { class: 'pill active-workout' }, 'active') : null),
    h('p', { class: 'muted' }, summaryOf(workout, screen.u)),
    h('div', { class: 'row wrap' },
      active
        ? h('button', { name: 'deactivate', onclick: () => { screen.active = null; saveSettings(screen); } }, 'Not active')
        : h('button', { class: 'primary', name: 'activate', onclick: () => { screen.active = workout.id; saveSettings(screen); } }, 'Make active'),
      h('a', { class: 'button', href: `#/workouts/${workout.id}` }, 'Edit'),
      h('button', { name: 'duplicate', onclick: async () => {
        try { await api.duplicateWorkout(workout.id); screen.workouts = (await api.workouts()).workouts; draw(screen); } catch (error) { toast(describe(error), { error: true }); }
      } }, 'Duplicate'),
      h('button', { name: 'up', 'aria-label': 'Move up', disabled: index === 0, onclick: () => move(screen, index, -1) }, '↑'),
      h('button', { name: 'down', 'aria-label': 'Move down', disabled: index === screen.workouts.length - 1, onclick: () => move(screen, index, 1) }, '↓'),
      h('button', { class: 'ghost', name: 'delete', onclick: async () => {
        if (!confirm(`Delete “${workout.name}”? Its log entries stay.`)) return;
        try { await api.deleteWorkout(workout.id); } catch (error) { toast(describe(error), { error: true }); }
        const fresh = await api.workouts();
        screen.workouts = fresh.workouts; screen.active = fresh.activeWorkoutId ?? null;
        draw(screen);
      } }, 'Delete')));
}

/** The pace bands: each target's fastest and slowest pace, m:ss per km or mi. */
function bandsForm(screen) {
  const { settings, u } = screen;
  const bandInputs = BAND_NAMES.map((name) => {
    const band = settings.paceBands[name];
    const fastest = h('input', { name: `${name}-fastest`, value: units.paceClock(band.fastest, u), inputmode: 'numeric', size: 5 });
    const slowest = h('input', { name: `${name}-slowest`, value: units.paceClock(band.slowest, u), inputmode: 'numeric', size: 5 });
    return { name, fastest, slowest, row: h('div', { class: 'row band' }, h('span', { class: 'band-name' }, name), fastest, '–', slowest, h('span', { class: 'muted' }, `/${units.unitName(u)}`)) };
  });
  return h('form', { class: 'card', id: 'pace-bands', onsubmit: async (event) => {
    event.preventDefault();
    for (const { name, fastest, slowest } of bandInputs) {
      const f = parsePace(fastest.value, u), s = parsePace(slowest.value, u);
      if (f === null || s === null || f > s) { toast(`${name}: write paces as m:ss, the faster first`, { error: true }); return; }
      settings.paceBands[name] = { fastest: f, slowest: s };
    }
    await saveSettings(screen);
    toast('Pace bands saved');
  } }, h('h2', {}, 'Pace bands'), h('p', { class: 'muted' }, 'What each target means for you, fastest to slowest.'),
  bandInputs.map((b) => b.row), h('button', { class: 'primary', type: 'submit', name: 'save-bands' }, 'Save bands'));
}
