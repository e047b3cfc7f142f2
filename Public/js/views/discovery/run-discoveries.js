// What a saved walk found: its steps ("(estimated)" when the file or phone gave no
// cadence) and the plaques it passed, each linked to its detail.
import { discoveryApi } from '../../engine/api/discovery.js';
import { h } from '../../ui.js';

/** "6 849 steps (estimated)", or null when the run has no steps (a ride, a run without cadence). */
export function stepsText(run) {
  if (!Number.isFinite(run.steps)) return null;
  return `${run.steps.toLocaleString()} steps${run.stepsEstimated ? ' (estimated)' : ''}`;
}

/** The steps and discoveries of `run` (the server's answer to the upload), as one block. */
export async function runDiscoveries(run) {
  const steps = stepsText(run);
  let discoveries = [];
  try { ({ discoveries } = await discoveryApi.runDiscoveries(run.id)); } catch { /* offline: the steps still show */ }
  return h('div', { class: 'run-discoveries', id: 'run-discoveries' },
    steps ? h('p', { id: 'summary-steps' }, steps) : null,
    discoveries.length
      ? h('div', {}, h('p', {}, `You discovered ${discoveries.length === 1 ? 'a plaque' : `${discoveries.length} plaques`}:`),
        h('ul', { class: 'list discovered-list' }, ...discoveries.map((d) => h('li', {}, h('a', { href: `#/pois/${d.point.id}` }, d.point.title)))))
      : null);
}
