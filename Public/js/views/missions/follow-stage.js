// "Walk a stage": any stage of a mission opened as a route to follow, at a pace the walker
// or runner picks, with or without an account and without joining the mission: the
// recording screen follows it as it follows a person's run (ahead or behind, spoken), and
// a joined mission's journey still moves with the distance.
import { h, field } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { go } from '../../router.js';
import { stageSelect, stagePlace } from './stage-select.js';

/** Paces offered, seconds per km or mile: 4:00 to 20:00 in half minutes. */
const PACES = Array.from({ length: 33 }, (_, index) => 240 + index * 30);
const DEFAULT_PACE = { walk: 720, run: 360 };  // 5 km/h; 10 km/h

/** The card; `selected` the stage to offer first ("route/stage"). */
export function followStageCard(mission, unit, selected) {
  const stage = stageSelect(mission, unit, 'follow-stage', selected);
  const sport = h('select', { name: 'follow-sport' }, h('option', { value: 'walk' }, 'Walk'), h('option', { value: 'run' }, 'Run'));
  const perUnit = unit === 'imperial' ? 1609.344 / 1000 : 1;
  const pace = h('select', { name: 'follow-pace' });
  const fillPaces = () => {
    const wanted = DEFAULT_PACE[sport.value] * perUnit;
    const closest = PACES.reduce((best, seconds) => (Math.abs(seconds - wanted) < Math.abs(best - wanted) ? seconds : best));
    pace.replaceChildren(...PACES.map((seconds) => h('option', { value: seconds / perUnit, selected: seconds === closest },
      `${units.clock(seconds)} /${unit === 'imperial' ? 'mi' : 'km'}`)));
  };
  sport.addEventListener('change', fillPaces);
  fillPaces();
  return h('form', { class: 'card follow-stage', onsubmit: (event) => {
    event.preventDefault();
    const { route, stage: index } = stagePlace(stage);
    go(`#/record?mission=${encodeURIComponent(mission.id)}&stage=${route}/${index}&sport=${sport.value}&pace=${Math.round(Number(pace.value))}`);
  } },
  h('h2', {}, 'Walk a stage'),
  h('p', { class: 'muted' }, 'Follow one stage on the map at an even pace, and hear how far ahead or behind it you are.'),
  field('Stage', stage), h('div', { class: 'grid' }, field('As a', sport), field('At', pace)),
  h('button', { class: 'primary', name: 'follow-stage', type: 'submit' }, 'Follow this stage'));
}
