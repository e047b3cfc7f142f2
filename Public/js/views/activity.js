// #/activity, "Routes": the map of routes around the user, clustered by area; a route's
// drawer; a search by name; the Start (+) button; Plan a route (#/planner). `?route=ID`
// opens that route's drawer (from Favourites).
// Anyone may browse it, record and follow (a visitor's activity is kept on the device until
// they make an account); favourites ask to sign in first.
import { api } from '../engine/api/paceline.js';
import { basemap, retire, positionMarker } from './map/basemap.js';
import { currentPosition } from '../engine/gps/source.js';
import { unfinishedAddress } from '../engine/recording/resume.js';
import { h, mount, toast } from '../ui.js';
import { icon } from '../icons.js';
import { go, signInFirst } from '../router.js';
import { RouteDrawer } from './map/route-drawer.js';
import { RouteLayer } from './map/route-layer.js';
import { nameSearch } from './map/name-search.js';

const VIEW_KEY = 'paceline.mapView';

export async function render(_, query) {
  // A run in progress takes over (after a reload or a crash), and a race not all sent.
  const unfinished = await unfinishedAddress();
  if (unfinished) { go(unfinished); return; }

  const mapElement = h('div', { class: 'map', id: 'route-map' });
  const start = h('button', { class: 'round primary', name: 'start', 'aria-label': 'Start a run', title: 'Start a run', onclick: () => go('#/record') }, icon('plus'));
  const locateButton = h('button', { class: 'round', name: 'locate', 'aria-label': 'Centre on me', title: 'Centre on me' }, icon('locate'));
  // Drawing one's own route (views/planner/): an account keeps it, so a visitor signs in first.
  const plan = h('button', { class: 'plan-route', name: 'plan-route', onclick: () => signInFirst('#/planner', 'planner') || go('#/planner') },
    icon('route'), 'Plan a route');
  // Said when the map shows no route at all, rather than an empty map.
  const empty = h('p', { class: 'map-empty', role: 'status', hidden: true },
    'No public routes here yet. Zoom out to look further, or record a run and publish it as a route from its page.');
  const screen = h('div', { class: 'map-screen' }, mapElement, empty, h('div', { class: 'fab' }, start), h('div', { class: 'fab-left' }, locateButton, plan));
  mount(screen);

  const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null');
  const { L, map } = await basemap(mapElement, { center: saved?.center ?? [55.8642, -4.2518], zoom: saved?.zoom ?? 13 });
  const drawer = new RouteDrawer(screen, L, map);
  const search = nameSearch({ centre: () => map.getCenter(), onRoute: (route) => {
    map.setView([route.start.latitude, route.start.longitude], 16);
    drawer.open([route]);
  } });
  screen.append(search.element);
  const routes = new RouteLayer(L, map, {
    onRoutes: (list) => drawer.open(list),
    onFailure: (error) => toast(error.isNetwork ? 'Offline: showing the routes seen before' : error.message, { error: !error.isNetwork }),
    onDrawn: (markers) => { empty.hidden = markers > 0; },
  });
  let me = null;
  let shown = true;  // false once the user has left: late answers must not touch the removed map

  /** Centres the map on the runner; `zoomIn` brings a far-out map to street level. */
  async function centreOnMe(quiet, zoomIn = true) {
    const fix = await currentPosition();
    if (!shown) return;
    if (!fix) { if (!quiet) toast('No position yet: is location allowed?', { error: true }); return; }
    me?.remove();
    me = positionMarker(L, [fix.latitude, fix.longitude]).addTo(map);
    map.setView([fix.latitude, fix.longitude], zoomIn ? Math.max(map.getZoom(), 14) : map.getZoom(), { animate: false });
  }
  locateButton.addEventListener('click', () => centreOnMe(false));
  map.on('moveend', () => localStorage.setItem(VIEW_KEY, JSON.stringify({ center: [map.getCenter().lat, map.getCenter().lng], zoom: map.getZoom() })));

  if (query.route) {
    try {
      const detail = await api.route(query.route);
      if (!shown) return null;
      map.setView([detail.route.start.latitude, detail.route.start.longitude], 16);
      drawer.open([detail.route]);
    } catch (error) { toast(error.message, { error: true }); }
  } else {
    centreOnMe(true, !saved);  // at the zoom the runner left it; the last view meanwhile, or Glasgow the first time
  }
  routes.refresh();
  return () => { shown = false; search.stop(); routes.stop(); drawer.close(); retire(map); };
}
