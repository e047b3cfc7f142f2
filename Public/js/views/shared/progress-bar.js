// A bar of a share done, 0 to 1 (a journey travelled, a challenge's goal): read by screen
// readers as a progress bar, in percent.
import { h } from '../../ui.js';

/** The bar of `share` (clamped to 0–1), named `label` for screen readers when given. */
export function progressBar(share, label) {
  const done = Math.max(0, Math.min(1, share));
  return h('span', { class: 'progress', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100,
    'aria-valuenow': Math.round(done * 100), 'aria-label': label },
  h('span', { style: `width: ${(done * 100).toFixed(1)}%` }));
}
