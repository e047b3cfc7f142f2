// A mission's stages as one select, grouped by route: "Stage 2: to Cadder (4.1 km)", each
// valued "route/stage".
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

/** The select named `name`, with "route/stage" `selected`. */
export function stageSelect(mission, unit, name, selected) {
  return h('select', { name }, mission.routes.map((route, r) => h('optgroup', { label: route.name },
    route.stages.map((stage, s) => h('option', { value: `${r}/${s}`, selected: `${r}/${s}` === selected },
      `Stage ${s + 1}: to ${stage.name} (${units.distance(stage.endMeters - stage.startMeters, unit, 1)})`)))));
}

/** {route, stage} of a stage select's value. */
export function stagePlace(select) {
  const [route, stage] = select.value.split('/').map(Number);
  return { route, stage };
}
