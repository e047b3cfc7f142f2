// #/pois/ID: one point of interest's detail.
import { poiDetailCard } from './poi-detail.js';
import { h, mount, describe } from '../../ui.js';

export async function render({ poiId }) {
  mount(h('section', { class: 'page' }, h('p', { class: 'muted' }, 'Loading…')));
  try {
    mount(h('section', { class: 'page poi-page' }, await poiDetailCard(poiId), h('p', {}, h('a', { href: '#/discoveries' }, 'All discoveries'))));
  } catch (error) {
    mount(h('section', { class: 'page' }, h('p', { class: 'error' }, describe(error))));
  }
}
