// The search box over the Routes map: routes and places (plaques) by name, nearest the
// map's centre first, asked 300 ms after the last keystroke. A route found opens its
// drawer on the map; a place opens its page. Without places, it picks a route for a form
// (a club event's route to follow).
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, describe } from '../../ui.js';
import { go } from '../../router.js';

const WAIT_MS = 300;

/** The search form; `centre()` is the map's centre (null: by name), `onRoute(route)` shows a route found;
 * `places: false` finds routes alone, `className` names the box (`name-search` floats over the map), and
 * `inForm` makes it a part of another form (a search box, not a form: Enter searches, it submits nothing). */
export function nameSearch({ centre, onRoute, places = true, className = 'name-search', inForm = false }) {
  const what = places ? 'routes and places' : 'routes';
  const input = h('input', { type: 'search', name: 'name-search', placeholder: `Search ${what}`, autocomplete: 'off',
    'aria-label': `Search ${what} by name`, enterkeyhint: 'search' });
  const results = h('ul', { class: 'search-results-list', id: `${className}-results`, hidden: true, 'aria-live': 'polite' });
  let timer = null;
  let asked = 0;

  // Closing forgets any answer still on its way (`asked` moves on).
  const close = () => { asked += 1; results.hidden = true; results.replaceChildren(); };
  async function ask() {
    const text = input.value.trim();
    if (text.length < 2) { close(); return; }
    const mine = ++asked;
    const at = centre()?.wrap();  // a map panned across the antimeridian goes past ±180°
    let found;
    try {
      found = await api.search(text, at?.lat, at?.lng);
    } catch (error) {
      if (mine === asked) show([h('li', { class: 'muted' }, error.isNetwork ? 'Search needs a connection' : describe(error))]);
      return;
    }
    if (mine !== asked) return;  // a later search is on its way
    const u = session.units;
    if (!places) found = { ...found, places: [] };
    show([
      ...found.routes.map((route) => h('li', {}, h('button', { type: 'button', class: 'search-hit', dataset: { routeId: route.id },
        onclick: () => { close(); input.value = route.name; onRoute(route); } },
      h('strong', {}, route.name), h('span', { class: 'muted' }, `Route · ${units.distance(route.distanceMeters, u)} · by ${route.creator?.displayName ?? 'someone'}`)))),
      ...found.places.map((place) => h('li', {}, h('button', { type: 'button', class: 'search-hit', dataset: { poiId: place.id },
        onclick: () => go(`#/pois/${place.id}`) }, h('strong', {}, place.title), h('span', { class: 'muted' }, 'Place')))),
    ].concat(found.routes.length || found.places.length ? [] : [h('li', { class: 'muted' }, `Nothing called “${text}”`)]));
  }
  function show(items) { results.replaceChildren(...items); results.hidden = false; }

  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(ask, WAIT_MS); });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') { clearTimeout(timer); input.value = ''; close(); }
    if (event.key === 'Enter' && inForm) { event.preventDefault(); clearTimeout(timer); ask(); }
  });
  const element = inForm ? h('div', { class: className, role: 'search' }, input, results)
    : h('form', { class: className, role: 'search', onsubmit: (event) => { event.preventDefault(); clearTimeout(timer); ask(); } }, input, results);
  return { element, stop: () => clearTimeout(timer) };
}
