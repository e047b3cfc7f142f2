// #/routes/ID/plan and #/planned/ID/plan: a pacer made from a goal on a route (published, or
// one of the runner's planned routes: plan-source.js). The runner gives the time to beat
// and how to spread it (even effort by default: slower up, quicker down); the server makes
// the plan, shown kilometre by kilometre and on the route's elevation, and Follow this plan
// hands it to the recording screen, which follows it as it follows a person's pace (ahead or
// behind every 5 s, spoken). Anyone may plan on a route they see.
import { session } from '../../engine/store/session.js';
import { h, mount, field, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { go } from '../../router.js';
import { planProfile } from './plan-profile.js';
import { planSource } from './plan-source.js';

/** The strategies, as the runner reads them: a name, and what it does. */
export const STRATEGIES = {
  evenEffort: ['Even effort', 'Slower up hills, quicker down them, by how much each costs.'],
  evenPace: ['Even pace', 'The same pace every kilometre, hills or not.'],
  negativeSplit: ['Negative split', 'Even effort, easing into a second half about 2 % quicker than the first.'],
};

export async function render(params, query) {
  const source = planSource(params);
  const page = h('section', { class: 'page plan-page' }, h('p', { class: 'muted loading' }, 'Loading the route…'));
  mount(page);
  let route;
  try {
    route = await source.route();
  } catch (error) {
    page.replaceChildren(h('h1', {}, 'Route not available'), h('p', { class: 'error', role: 'alert' },
      error?.isNetwork ? 'No connection: a plan needs the network.' : describe(error)));
    return;
  }
  const unit = session.units;
  const goal = h('input', { type: 'text', name: 'goal', inputmode: 'numeric', required: true, autocomplete: 'off',
    value: units.clock(Number(query.goal) || suggestedGoal(route)), 'aria-describedby': 'goal-help' });
  const strategy = h('select', { name: 'strategy' },
    Object.entries(STRATEGIES).map(([value, [label]]) => h('option', { value, selected: value === (query.strategy ?? 'evenEffort') }, label)));
  const explained = h('p', { class: 'muted small-note strategy-note' });
  const explain = () => { explained.textContent = (STRATEGIES[strategy.value] ?? STRATEGIES.evenEffort)[1]; };
  strategy.addEventListener('change', explain);
  explain();
  const message = h('p', { class: 'error', role: 'alert' });
  const result = h('div', { class: 'plan-result' });
  const make = async () => {
    message.textContent = '';
    const seconds = units.parseClock(goal.value);
    if (!seconds) { message.textContent = `“${goal.value}” is not a time: write minutes and seconds, such as 50:00, or h:mm:ss.`; return; }
    try {
      const plan = await source.plan(seconds, strategy.value);
      result.replaceChildren(...planView(source, plan, unit));
      history.replaceState(null, '', source.address(seconds, strategy.value));
    } catch (error) {
      result.replaceChildren();
      message.textContent = error.isNetwork ? 'No connection: a plan needs the network.' : describe(error);
    }
  };
  page.replaceChildren(
    h('h1', {}, 'Plan a pace'),
    h('p', { class: 'muted' }, `${route.name || 'Route'} · ${units.distance(route.distanceMeters, unit)}`
      + (route.averageElapsedSeconds ? ` · runners take ${units.clock(route.averageElapsedSeconds)} on average` : '')),
    h('form', { class: 'card plan-form', onsubmit: (event) => { event.preventDefault(); make(); } },
      h('div', { class: 'grid' }, field('Goal time', goal), field('Spread it', strategy)),
      h('p', { class: 'muted small-note', id: 'goal-help' }, 'Minutes and seconds (50:00) or hours too (1:45:00).'), explained,
      message, h('button', { class: 'primary', type: 'submit', name: 'make-plan' }, 'Make the plan')),
    result);
  await make();
}

/** A goal to start from: the route's average time, else 6:00 a kilometre, to the minute. */
function suggestedGoal(route) {
  const seconds = route.averageElapsedSeconds || route.distanceMeters * 0.36;
  return Math.max(60, Math.round(seconds / 60) * 60);
}

/** The plan: its pace, the profile with each kilometre's pace, the table, and Follow. */
function planView(source, plan, unit) {
  // Over the plan's own length (the line the pace follows), which its splits add up to.
  const length = plan.checkpoints[plan.checkpoints.length - 1].distanceMeters - plan.checkpoints[0].distanceMeters;
  const average = plan.goalSeconds / (length / 1000);
  return [
    h('div', { class: 'figures' },
      h('div', { class: 'figure' }, h('strong', {}, units.clock(plan.goalSeconds)), h('span', {}, 'Goal')),
      h('div', { class: 'figure' }, h('strong', {}, units.pace(average, unit)), h('span', {}, 'Average pace')),
      h('div', { class: 'figure' }, h('strong', {}, STRATEGIES[plan.strategy][0]), h('span', {}, 'Strategy'))),
    h('div', { class: 'card' }, h('h2', {}, 'Kilometre by kilometre'), planProfile(plan, unit), splitTable(plan, unit)),
    h('div', { class: 'row' },
      h('button', { class: 'primary', name: 'follow-plan', type: 'button',
        onclick: () => go(source.follow(plan)) }, 'Follow this plan'),
      h('a', { class: 'button ghost', href: source.back }, 'Back to the route')),
    h('p', { class: 'muted small-note' }, 'Following it, you hear every few seconds how far ahead or behind the plan you are. '
      + 'Even effort uses Minetti’s cost of running up and down hill.'),
  ];
}

/** The splits as a table: km, pace, time of the split, time at its end, gradient. */
function splitTable(plan, unit) {
  const kilometre = (split) => (split.endMeters - split.startMeters < 999.5 ? (split.endMeters / 1000).toFixed(2) : String(split.number));
  return h('table', { class: 'splits plan-splits' },
    h('thead', {}, h('tr', {}, ...['km', `Pace /${units.unitName(unit)}`, 'Split', 'At', 'Grade'].map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, ...plan.splits.map((split) => h('tr', { dataset: { km: String(split.number) } },
      h('td', {}, kilometre(split)), h('td', {}, units.paceClock(split.secondsPerKilometer, unit)), h('td', {}, units.clock(split.seconds)),
      h('td', {}, units.clock(split.elapsedSeconds)), h('td', {}, `${split.gradePercent >= 0 ? '+' : '−'}${Math.abs(split.gradePercent).toFixed(1)}%`)))));
}
