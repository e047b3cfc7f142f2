// Which gear an activity was done in, on its page and in its editor (the owner's only).
import { api } from '../../engine/api/paceline.js';
import { h, field } from '../../ui.js';
import { gearDistance } from './gear-card.js';

/**
 * A select of the runner's gear for `run`: none, then the pieces in use (those of the
 * run's sport first), and the run's own piece even if retired. `value()` is what
 * `updateRun` takes: a gear id, or '' for none.
 */
export async function gearChoice(run) {
  const { gear } = await api.gear();
  const offered = gear.filter((piece) => !piece.retired || piece.id === run.gearId)
    .sort((a, b) => (b.sport === run.sport) - (a.sport === run.sport));
  const select = h('select', { name: 'activity-gear' },
    h('option', { value: '' }, 'None'),
    offered.map((piece) => h('option', { value: piece.id, selected: piece.id === run.gearId }, piece.name)));
  return { element: field('Gear', select), value: () => select.value };
}

/** "Pegasus 40 · 742 km" for the run's page, or null when it names none (or the gear is gone). */
export async function gearLine(run, unit) {
  if (!run.gearId) return null;
  const piece = (await api.gear()).gear.find((one) => one.id === run.gearId);
  return piece ? `${piece.name} · ${gearDistance(piece.distanceMeters, unit)} in all` : null;
}
