// The stages of a journey as a list: unlocked ones with their photo, credit and date;
// locked ones greyed with a lock.
import { h } from '../ui.js';
import { icon } from '../icons.js';
import * as units from '../core/units.js';

/** Every stage from the journey's start to its end, in order. */
export function journeyStages(mission, journey) {
  const stages = [];
  mission.routes.forEach((route, routeIndex) => route.stages.forEach((stage, stageIndex) => {
    const at = { route: routeIndex, stage: stageIndex };
    if (compare(at, journey.start) >= 0 && compare(at, journey.end) <= 0) stages.push({ ...at, routeName: route.name, ...stage });
  }));
  return stages;
}

/** Orders two {route, stage} places. */
const compare = (a, b) => a.route - b.route || a.stage - b.stage;

/** The list element. */
export function stageList(mission, journey, unit) {
  const done = new Map(journey.completedStages.map((stage) => [`${stage.route}/${stage.stage}`, stage]));
  return h('ol', { class: 'stage-list' }, journeyStages(mission, journey).map((stage) => {
    const completed = done.get(`${stage.route}/${stage.stage}`);
    const title = h('span', { class: 'stage-title' }, `Stage ${stage.stage + 1} · ${stage.name}`);
    const facts = h('span', { class: 'muted' }, `${stage.routeName} · ${units.distance(stage.endMeters - stage.startMeters, unit, 1)}`);
    if (!completed) {
      return h('li', { class: 'stage locked', dataset: { route: stage.route, stage: stage.stage } },
        h('span', { class: 'stage-lock', 'aria-hidden': 'true' }, icon('lock')),
        h('div', {}, title, facts, h('span', { class: 'muted' }, 'Locked: complete the stage to see its photo')));
    }
    const photo = completed.photo;
    const picture = photo ? h('a', { href: photo.page ?? photo.url, target: '_blank', rel: 'noopener' },
      h('img', { src: photo.url, alt: stage.name, loading: 'lazy', onerror: (event) => event.target.replaceWith(
        h('span', { class: 'photo-missing' }, stage.name)) })) : h('span', { class: 'photo-missing' }, stage.name);
    return h('li', { class: 'stage unlocked', dataset: { route: stage.route, stage: stage.stage } },
      h('div', { class: 'stage-photo' }, picture),
      h('div', {}, title, facts, h('span', { class: 'stage-date' }, `Unlocked ${units.date(completed.completedAt)}`),
        photo ? h('small', { class: 'muted credit' }, photo.attribution) : ''));
  }));
}
