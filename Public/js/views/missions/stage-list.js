// The stages of a journey as a list: unlocked ones with their photo, credit and date;
// locked ones greyed with a lock. The photo is the picture this server fetched and serves
// (`pictureOrLink`); until then, or offline, a link to its page: the
// Content-Security-Policy loads images from this server (and the map tiles) only.
import { h } from '../../ui.js';
import { pictureOrLink } from '../shared/picture.js';
import { icon } from '../../icons.js';
import * as units from '../../engine/core/units.js';

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

/**
 * The list element: one list of stages per leg (route) the journey covers, under the leg's
 * name when there is more than one, so "Stage 1" after a leg's last stage says where.
 */
export function stageList(mission, journey, unit) {
  const done = new Map(journey.completedStages.map((stage) => [`${stage.route}/${stage.stage}`, stage]));
  const stages = journeyStages(mission, journey);
  const legs = [...new Set(stages.map((stage) => stage.route))];
  const list = (route) => h('ol', { class: 'stage-list' }, stages.filter((stage) => stage.route === route)
    .map((stage) => stageItem(stage, done.get(`${stage.route}/${stage.stage}`), unit, legs.length > 1)));
  if (legs.length === 1) return list(legs[0]);
  return h('div', { class: 'stage-legs' }, legs.flatMap((route, index) => [
    h('h3', { class: 'stage-leg' }, `Leg ${index + 1} of ${legs.length}: ${mission.routes[route].name}`), list(route)]));
}

/** One stage: unlocked with its photo, credit and date, or locked. */
function stageItem(stage, completed, unit, underLeg) {
  const title = h('span', { class: 'stage-title' }, `Stage ${stage.stage + 1} · ${stage.name}`);
  const length = units.distance(stage.endMeters - stage.startMeters, unit, 1);
  const facts = h('span', { class: 'muted' }, underLeg ? length : `${stage.routeName} · ${length}`);
  if (!completed) {
    return h('li', { class: 'stage locked', dataset: { route: stage.route, stage: stage.stage } },
      h('span', { class: 'stage-lock', 'aria-hidden': 'true' }, icon('lock')),
      h('div', {}, title, facts, h('span', { class: 'muted' }, 'Locked: complete the stage to see its photo')));
  }
  const photo = completed.photo;
  const page = () => h('a', { href: photo.page ?? photo.url, target: '_blank', rel: 'noopener' });
  const picture = !photo ? h('span', { class: 'photo-missing' }, stage.name)
    : pictureOrLink(photo.pictureUrl, { alt: stage.name, frame: page(), link: (failure) => {
      const link = page();
      link.className = 'photo-link';
      link.append('Photo', h('small', {}, failure ? `${failure}: opens its page` : 'opens its page'));
      return link;
    } });
  return h('li', { class: 'stage unlocked', dataset: { route: stage.route, stage: stage.stage } },
    h('div', { class: 'stage-photo' }, picture),
    h('div', {}, title, facts, h('span', { class: 'stage-date' }, `Unlocked ${units.date(completed.completedAt)}`),
      photo ? h('small', { class: 'muted credit' }, photo.attribution) : ''));
}
