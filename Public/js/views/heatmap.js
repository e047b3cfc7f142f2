// #/heatmap: all of the runner's activities as one glowing layer on the map, by sport and
// year; where they go most is brightest. Their own activities only, whole. The map opens
// on where most of them are (not on a world between home and a holiday).
import { api } from '../engine/api/paceline.js';
import { h, mount, describe } from '../ui.js';
import { basemap, retire } from './map/basemap.js';
import { heatLayer } from './map/heat-layer.js';
import { SPORTS, sportPlural } from './shared/format.js';

export async function render(params, query) {
  const thisYear = new Date().getFullYear();
  const sport = h('select', { name: 'heat-sport', 'aria-label': 'Sport' }, h('option', { value: '' }, 'All sports'),
    SPORTS.map((value) => h('option', { value, selected: value === query?.sport }, sportPlural(value))));
  const year = h('select', { name: 'heat-year', 'aria-label': 'Year' }, h('option', { value: '' }, 'All years'),
    Array.from({ length: 12 }, (_, i) => thisYear - i).map((value) => h('option', { value: String(value), selected: String(value) === query?.year }, String(value))));
  const status = h('p', { class: 'muted heat-status', role: 'status' }, 'Loading…');
  const box = h('div', { class: 'heat-map' });
  mount(h('section', { class: 'page heatmap-page' }, h('h1', {}, 'Your heat map'),
    h('div', { class: 'row heat-filters' }, sport, year), status, box));
  const { L, map } = await basemap(box, { zoom: 12 });
  let current = null;
  let disposed = false;

  async function load() {
    status.textContent = 'Loading…';
    let activities;
    try {
      ({ activities } = await api.heatMap(sport.value || undefined, year.value ? Number(year.value) : undefined));
    } catch (error) {
      if (!disposed) status.textContent = error?.isNetwork ? 'No connection: the heat map needs the network.' : describe(error);
      return;
    }
    if (disposed) return;
    current?.remove();
    const { layer, bounds, elsewhere } = heatLayer(L, activities.flatMap((activity) => activity.lines));
    current = layer.addTo(map);
    const what = sport.value ? sportPlural(sport.value).toLowerCase() : 'activities';
    const one = sport.value ? (sport.value === 'other' ? 'other activity' : what.replace(/s$/, '')) : 'activity';
    const when = year.value ? ` in ${year.value}` : '';
    status.textContent = activities.length ? `${activities.length} ${activities.length === 1 ? one : what}${when}.` : `No ${what}${when} yet.`;
    if (elsewhere) status.textContent += ' The map shows where most are: zoom out for the rest.';
    if (bounds) map.fitBounds(bounds, { padding: [16, 16], maxZoom: 15, animate: false });
  }
  sport.addEventListener('change', load);
  year.addEventListener('change', load);
  await load();
  return () => { disposed = true; retire(map); };
}
