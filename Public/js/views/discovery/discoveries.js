// #/discoveries: the plaques the user discovered on walks, latest first, and the points
// they marked as favourites. Tapping one opens its detail (#/pois/ID).
import { discoveryApi } from '../../engine/api/discovery.js';
import { shortDistance } from '../../engine/core/units.js';
import { DISCOVERY_RADIUS } from './poi-detail.js';
import { session } from '../../engine/store/session.js';
import { h, mount, describe } from '../../ui.js';

function item(point, note) {
  return h('li', { dataset: { poi: point.id } }, h('a', { href: `#/pois/${point.id}` },
    h('strong', {}, point.title), h('span', { class: 'muted' }, note)));
}

export async function render() {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  mount(h('section', { class: 'page discoveries-page' }, h('h1', {}, 'Discoveries'), body,
    h('p', {}, h('a', { href: '#/popular' }, 'Popular walks and runs near you'))));
  try {
    const [{ discoveries }, { points }] = await Promise.all([discoveryApi.discoveries(), discoveryApi.favouritePois()]);
    body.replaceChildren(
      h('div', { class: 'card' }, h('h2', {}, `Discovered (${discoveries.length})`), discoveries.length
        ? h('ul', { class: 'list discoveries' }, ...discoveries.map((d) => item(d.point, `${new Date(d.discoveredAt).toLocaleDateString()} · ${shortDistance(d.distanceMeters, session.units)} away`)))
        : h('p', { class: 'muted empty' }, `Nothing yet: start a walk and pass within ${shortDistance(DISCOVERY_RADIUS, session.units)} of a plaque.`)),
      h('div', { class: 'card' }, h('h2', {}, 'Favourite places'), points.length
        ? h('ul', { class: 'list favourite-pois' }, ...points.map((p) => item(p, p.discovered ? 'discovered' : 'not discovered yet')))
        : h('p', { class: 'muted empty' }, 'Tap ♡ on a plaque to keep it here.')));
  } catch (error) {
    body.replaceChildren(h('p', { class: 'error' }, describe(error)));
  }
}
