// The profile's "Planned routes" card: where the runner's planned routes are (#/planned)
// and the planner (#/planner). It asks the server nothing, so the profile shows at once.
import { h } from '../../ui.js';

/** The card. */
export function plannedRoutesCard() {
  return h('div', { class: 'card planned-card' }, h('h2', {}, 'Planned routes'),
    h('p', { class: 'muted' }, 'Routes you draw on the map, to pace and to send to your watch.'),
    h('p', { class: 'planned-card-links' }, h('a', { href: '#/planned', name: 'planned-routes' }, 'Your planned routes'), ' · ',
      h('a', { href: '#/planner' }, 'Plan a route')));
}
