// The profile's Fitness card: fitness (42-day load), fatigue (7-day) and form (the day
// before's fitness less its fatigue) over the last 180 days, today's figures, the ramp
// rate, and what they mean. From /me/fitness (docs/ALGORITHMS.md, "Fitness, fatigue and form").
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import { fitnessChart, LINES } from './fitness-chart.js';

const DAYS = 180;

/** What today's form says, in a runner's words (TrainingPeaks' usual bands). */
function formWord(form) {
  if (form > 25) return 'detrained';
  if (form > 5) return 'fresh';
  if (form > -10) return 'neutral';
  if (form > -30) return 'training';
  return 'overreaching';
}

/** The card, filled once /me/fitness answers, asked once `after` settles. */
export function fitnessCard(after = Promise.resolve()) {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const card = h('div', { class: 'card fitness-card' }, h('h2', {}, 'Fitness and form'), body);
  after.then(() => load(body));
  return card;
}

async function load(body) {
  let days;
  try {
    ({ days } = await api.fitness(DAYS, -new Date().getTimezoneOffset()));
  } catch (error) {
    body.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: your fitness will show when you are back online.' : describe(error)));
    return;
  }
  if (!days.some((day) => day.load > 0)) {
    body.replaceChildren(h('p', { class: 'muted empty' }, 'Your fitness, fatigue and form will show here once you have activities with a training load.'));
    return;
  }
  const today = days.at(-1);
  const figure = (label, value, name, note) => h('div', { class: 'figure', dataset: { name } }, h('strong', {}, value), h('span', {}, label), note ? h('small', {}, note) : null);
  const signed = (value) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(Math.round(value))}`;
  body.replaceChildren(
    h('div', { class: 'figures' },
      figure('Fitness', String(Math.round(today.fitness)), 'fitness', '42-day load'),
      figure('Fatigue', String(Math.round(today.fatigue)), 'fatigue', '7-day load'),
      figure('Form', signed(today.form), 'form', formWord(today.form)),
      figure('Ramp rate', `${signed(today.rampRate)} / week`, 'ramp', 'fitness gained in 7 days')),
    h('figure', { class: 'fitness', role: 'img',
      'aria-label': `Over the last ${DAYS} days: fitness ${Math.round(today.fitness)}, fatigue ${Math.round(today.fatigue)}, form ${signed(today.form)} today.` },
    h('figcaption', {}, h('strong', {}, `Last ${DAYS} days`), h('span', { class: 'muted' }, ' · training load (TRIMP) a day')),
    fitnessChart(days),
    h('p', { class: 'fitness-legend' }, LINES.map(([label, , name]) => h('span', { class: `key ${name}` }, h('i', {}), label)))),
    h('p', { class: 'muted fitness-about' },
      'Load is each day’s training impulse (TRIMP) from heart rate, or from pace without it. Fitness is its 42-day average, fatigue its 7-day one; ',
      'form is yesterday’s fitness less fatigue: below −10 you are training hard, above +5 you are fresh. A ramp rate above about 8 a week is a steep build.'));
}
