// The home screen's goals: each weekly or monthly target with how far this period has
// come, and a form to set one. Progress is the server's count (credited distance, moving
// time, activities), so it agrees with the statistics.
import { api } from '../../engine/api/paceline.js';
import { h, field, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { SPORTS, sportName, sportPlural } from '../shared/format.js';

const METRICS = { distance: 'Distance', time: 'Time', activities: 'Activities' };
const offset = () => -new Date().getTimezoneOffset();

/** A goal's amount in words: "12.4 km", "3:05:00", "4 activities". */
function amount(metric, value, unit) {
  if (metric === 'distance') return units.distance(value, unit, 1);
  if (metric === 'time') return units.clock(value);
  return `${value} ${value === 1 ? 'activity' : 'activities'}`;
}

/** "Runs this week", "Every sport this month". */
function title(goal) {
  const what = goal.sport ? sportPlural(goal.sport) : 'Everything';
  return `${what} this ${goal.period}`;
}

/** The card; `unit` is the runner's units. */
export function goalsCard(unit) {
  const list = h('ul', { class: 'list goals' });
  const form = goalForm(unit, () => load());
  const open = h('button', { type: 'button', class: 'ghost small', name: 'new-goal', onclick: () => { form.hidden = false; open.hidden = true; } }, 'Set a goal');
  form.addEventListener('reset', () => { form.hidden = true; open.hidden = false; });
  const card = h('div', { class: 'card goals-card' }, h('h2', {}, 'Goals'), list, open, form);

  function item(goal) {
    const share = Math.min(1, goal.progress / goal.target);
    return h('li', { class: `goal${goal.reached ? ' reached' : ''}`, dataset: { goalId: goal.id } },
      h('div', { class: 'spread' }, h('strong', {}, title(goal)),
        h('button', { type: 'button', class: 'ghost small', name: 'delete-goal', 'aria-label': `Delete the goal ${title(goal)}`, onclick: async () => {
          try { await api.deleteGoal(goal.id); load(); } catch (error) { toast(describe(error), { error: true }); }
        } }, '×')),
      h('span', { class: 'progress', role: 'img', 'aria-label': `${Math.round(share * 100)} %` }, h('span', { style: `width: ${(share * 100).toFixed(1)}%` })),
      h('span', { class: 'goal-amount' }, goal.reached
        ? `Reached: ${amount(goal.metric, goal.progress, unit)} of ${amount(goal.metric, goal.target, unit)}`
        : `${amount(goal.metric, goal.progress, unit)} of ${amount(goal.metric, goal.target, unit)}`));
  }

  async function load() {
    try {
      const { goals } = await api.goals(offset());
      list.replaceChildren(...(goals.length ? goals.map(item)
        : [h('li', { class: 'muted empty' }, 'A weekly distance, a monthly number of runs: set a goal and see it fill up here.')]));
    } catch (error) {
      list.replaceChildren(h('li', { class: 'muted' }, error?.isNetwork ? 'No connection: your goals will show when you are back online.' : describe(error)));
    }
  }
  load();
  return card;
}

/** Sport (or all), week or month, what to count, and how much. */
function goalForm(unit, saved) {
  const sport = h('select', { name: 'goal-sport' }, h('option', { value: '' }, 'Every sport'),
    SPORTS.map((value) => h('option', { value, selected: value === 'run' }, sportName(value))));
  const period = h('select', { name: 'goal-period' }, h('option', { value: 'week' }, 'Each week'), h('option', { value: 'month' }, 'Each month'));
  const metric = h('select', { name: 'goal-metric' }, Object.entries(METRICS).map(([value, label]) => h('option', { value }, label)));
  const target = h('input', { type: 'number', name: 'goal-target', min: '1', step: 'any', inputmode: 'decimal', required: true, value: '20' });
  const targetLabel = h('span', {}, '');
  const targetUnit = () => (metric.value === 'distance' ? units.unitName(unit) : metric.value === 'time' ? 'hours' : 'activities');
  const relabel = () => { targetLabel.textContent = `Target (${targetUnit()})`; };
  metric.addEventListener('change', () => {
    target.value = metric.value === 'distance' ? '20' : metric.value === 'time' ? '3' : '3';
    relabel();
  });
  relabel();
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h('form', { class: 'goal-form', hidden: true, onsubmit: async (event) => {
    event.preventDefault();
    const value = Number(target.value);
    const amount = metric.value === 'distance' ? value * units.unitMeters(unit) : metric.value === 'time' ? value * 3600 : value;
    try {
      await api.createGoal({ sport: sport.value || undefined, period: period.value, metric: metric.value, target: amount }, offset());
      toast('Goal set');
      form.reset();
      saved();
    } catch (failure) {
      error.textContent = failure.isNetwork ? 'No connection: try again when online.' : describe(failure);
      error.hidden = false;
    }
  } },
  h('div', { class: 'row' }, field('Sport', sport), field('How often', period)),
  h('div', { class: 'row' }, field('Count', metric), h('label', { class: 'field' }, targetLabel, target)),
  error,
  h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', name: 'save-goal' }, 'Set goal'),
    h('button', { type: 'reset', class: 'ghost' }, 'Cancel')));
  form.addEventListener('reset', () => { error.hidden = true; setTimeout(relabel); });
  return form;
}
