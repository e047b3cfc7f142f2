// #/planned: the runner's planned routes (GET /planned-routes), newest first as the server
// lists them, each opening its page; and Plan a route. From the planner and the profile.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, mount, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { height, privacyName, shortDate } from '../shared/format.js';

/** "Walk or run", "Bike": what a planned route was planned for. */
export const modeName = (mode) => (mode === 'bike' ? 'Bike' : 'Walk or run');

export async function render() {
  const list = h('ul', { class: 'list planned-list' }, h('li', { class: 'muted' }, 'Loading…'));
  mount(h('section', { class: 'page planned-list-page' },
    h('div', { class: 'spread' }, h('h1', {}, 'Planned routes'), h('a', { class: 'button primary', href: '#/planner', name: 'plan-route' }, 'Plan a route')),
    h('p', { class: 'muted' }, 'Routes you drew on the map: follow one with a pace plan, or send it to your watch.'),
    h('div', { class: 'card' }, list)));
  const unit = session.units;
  try {
    const { plannedRoutes } = await api.plannedRoutes();
    list.replaceChildren(...(plannedRoutes.length ? plannedRoutes.map((route) => item(route, unit))
      : [h('li', { class: 'muted empty' }, 'None yet. Plan a route: tap the map where you start, then where you go.')]));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'muted' }, error?.isNetwork ? 'No connection: your planned routes show when you are back online.' : describe(error)));
  }
}

/** One route: its name, distance and climb, mode, who sees it, when planned. */
function item(route, unit) {
  const climb = Number.isFinite(route.ascentMeters) ? ` · ${height(route.ascentMeters, unit)} up` : '';
  return h('li', { dataset: { plannedRouteId: route.id } },
    h('a', { href: `#/planned/${route.id}` },
      h('strong', {}, route.name || 'Planned route'),
      h('span', { class: 'muted' }, `${units.distance(route.distanceMeters, unit)}${climb} · ${modeName(route.mode)} · ${privacyName(route.privacy)} · ${shortDate(route.createdAt)}`)));
}
