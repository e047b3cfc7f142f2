// The planner's line of words under the numbers: a refused leg and what to do about it
// (Draw it straight, Try again), else the point chosen (Remove it), else what to do next.
import { h } from '../../ui.js';
import { legRefusal, pointName } from './leg-words.js';

/** The message of `planner` (its builder, snap toggle and chosen point); `update()` after each change. */
export function plannerMessage(planner) {
  const element = h('div', { class: 'planner-message', role: 'status', 'aria-live': 'polite' });
  const button = (name, label, onclick) => h('button', { type: 'button', class: 'ghost small', name, onclick }, label);
  return {
    element,
    update() {
      const { builder, selected } = planner;
      const { failed, loading } = builder.totals();
      element.classList.toggle('error', failed >= 0);
      if (failed >= 0) {
        const slot = builder.legs[failed];
        const { text, offer } = legRefusal(slot.error, failed, slot.snap);
        const action = offer === 'straight' ? button('straight', 'Draw it straight', () => builder.toggleSnap(failed))
          : offer === 'retry' ? button('retry', 'Try again', () => builder.retry(failed)) : null;
        element.replaceChildren(...[h('span', {}, text), action].filter(Boolean));
      } else if (selected >= 0) {
        const name = pointName(selected);
        element.replaceChildren(h('span', {}, `${name[0].toUpperCase()}${name.slice(1)} is chosen: drag it to move it. `),
          button('remove-point', `Remove ${name}`, () => { planner.selected = -1; builder.remove(selected); }));
      } else {
        element.replaceChildren(h('span', {}, loading ? 'Drawing the way…' : hint(builder.waypoints.length, planner.snap.on, planner.mapImported !== false)));
      }
    },
  };
}

/** What to do next, with `points` placed; `mapped`: the server has a map to follow paths on. */
function hint(points, snapping, mapped) {
  if (points === 0) return 'Tap the map where you will start.';
  if (points === 1) return snapping ? 'Tap where you go next: the way follows paths.' : 'Tap where you go next: a straight line.';
  return mapped ? 'Tap to go on. Drag a point to move it; tap a leg to switch it between paths and a straight line.'
    : 'Tap to go on. Drag a point to move it, or tap it to remove it.';
}
