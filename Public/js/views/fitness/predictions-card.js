// The profile's race predictions: 5 km to the marathon by Riegel's formula and by Daniels'
// VDOT, each with the best effort it comes from, and Daniels' training paces at the VDOT.
// From /me/race-predictions (docs/ALGORITHMS.md, "Race predictions").
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { dayMonth } from './fitness-chart.js';

/** "5 km in 21:03 on 12 Jun", linking to the activity. */
function effortText(effort) {
  return h('a', { href: `#/runs/${effort.runId}` }, `${effort.name} in ${units.clock(effort.seconds)} on ${dayMonth(effort.date)}`);
}

/** The card, filled once the predictions come, asked once `after` settles; `unit` is the runner's units. */
export function predictionsCard(unit, after = Promise.resolve()) {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const card = h('div', { class: 'card predictions-card' }, h('h2', {}, 'Race predictions'), body);
  after.then(() => load(body, unit));
  return card;
}

async function load(body, unit) {
  let predictions;
  try {
    predictions = await api.racePredictions(-new Date().getTimezoneOffset());
  } catch (error) {
    body.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: predictions will show when you are back online.' : describe(error)));
    return;
  }
  if (!predictions.races.length) {
    body.replaceChildren(h('p', { class: 'muted empty' }, 'Run a mile or more in one go to see what you could race: predictions use your best efforts of the last 90 days.'));
    return;
  }
  const riegelFrom = [...new Map(predictions.races.map((race) => [race.riegel.effort.runId + race.riegel.effort.name, race.riegel.effort])).values()];
  const paces = predictions.trainingPaces;
  const pace = (seconds) => units.pace(seconds, unit);
  body.replaceChildren(
    h('table', { class: 'splits predictions' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Race'), h('th', {}, 'Riegel'), h('th', {}, 'VDOT'))),
      h('tbody', {}, predictions.races.map((race) => h('tr', { dataset: { race: race.name } },
        h('td', {}, race.name),
        h('td', { dataset: { model: 'riegel' } }, units.clock(race.riegel.seconds)),
        h('td', { dataset: { model: 'vdot' } }, units.clock(race.vdot.seconds)))))),
    h('p', { class: 'muted prediction-source', dataset: { model: 'riegel' } }, 'Riegel’s formula, from your ',
      ...riegelFrom.flatMap((effort, index) => [index ? ' and ' : '', effortText(effort)]), '.'),
    h('p', { class: 'muted prediction-source', dataset: { model: 'vdot' } }, `Daniels’ VDOT ${predictions.vdot.toFixed(1)}, from your `,
      effortText(predictions.vdotEffort), '.'),
    h('h3', {}, 'Training paces'),
    h('p', { class: 'muted' }, `Daniels’ paces at VDOT ${predictions.vdot.toFixed(1)}: easy for most runs, threshold for tempo runs, interval for 3–5 minute repeats, repetition for short fast ones.`),
    h('table', { class: 'splits training-paces' },
      h('tbody', {},
        [['Easy', `${units.paceClock(paces.easyFast, unit)}–${pace(paces.easySlow)}`, 'easy'], ['Marathon', pace(paces.marathon), 'marathon'],
          ['Threshold', pace(paces.threshold), 'threshold'], ['Interval', pace(paces.interval), 'interval'], ['Repetition', pace(paces.repetition), 'repetition']]
          .map(([label, value, name]) => h('tr', { dataset: { pace: name } }, h('td', {}, label), h('td', {}, value))))),
    h('p', { class: 'muted' }, 'Best efforts are the fastest stretches of your runs, not always races: a hard race predicts best.'));
}
