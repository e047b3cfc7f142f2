// An activity's path drawn small beside it in a list: the SVG path data the server made of
// it (`Run.shape`, a 64 × 40 view box, north up), or a quiet blank when it has none.
import { h } from '../../ui.js';

/** The thumbnail of `shape` (a path's data), or a blank of its size. */
export function runShape(shape) {
  if (!shape) return h('span', { class: 'run-shape blank', 'aria-hidden': 'true' });
  return h('svg', { class: 'run-shape', viewBox: '0 0 64 40', 'aria-hidden': 'true', focusable: 'false' },
    h('path', { d: shape, fill: 'none', stroke: 'currentColor', 'stroke-width': '2.2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
}
