// #/planned/ID: a planned route as the server keeps it (it measured every leg itself): its
// line on a map, distance, ascent and descent, its elevation, the course for a watch (GPX,
// TCX, FIT), Plan a pace (#/planned/ID/plan, which Follow takes on to the recording screen),
// and for its planner the name and who can see it, and Delete (asked first).
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { go } from '../../router.js';
import { h, mount, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { lineProfile } from '../../engine/planner/line-profile.js';
import { trackMap } from '../map/trackmap.js';
import { height, privacyName, shortDate } from '../shared/format.js';
import { elevationProfile } from '../plan/plan-profile.js';
import { plannedEditor } from './planned-editor.js';
import { modeName } from './planned-list.js';

export async function render({ plannedRouteId }) {
  const page = h('section', { class: 'page planned-page' }, h('p', { class: 'muted loading' }, 'Loading the route…'));
  mount(page);
  let route;
  try {
    route = await api.plannedRoute(plannedRouteId);
  } catch (error) {
    page.replaceChildren(h('h1', {}, 'Route not available'), h('p', { class: 'error', role: 'alert' }, error?.status === 404
      ? 'This planned route does not exist, or its planner does not share it with you.'
      : error?.isNetwork ? 'No connection: a planned route needs the network.' : describe(error)));
    return null;
  }
  const unit = session.units;
  const title = h('h1', {}, route.name || 'Planned route');
  const meta = h('p', { class: 'muted planned-meta' });
  const who = route.mine ? '' : ` by ${route.planner?.displayName ?? 'someone'}`;
  const showMeta = () => { meta.textContent = `${modeName(route.mode)} · ${privacyName(route.privacy)} · planned ${shortDate(route.createdAt)}${who}`; };
  showMeta();
  const mapElement = h('div', { class: 'map', id: 'planned-map' });
  page.replaceChildren(title, meta,
    h('div', { class: 'card map-box' }, mapElement),
    figures(route, unit),
    profileCard(route, unit),
    h('div', { class: 'row' },
      h('a', { class: 'button primary', name: 'plan-pace', href: `#/planned/${route.id}/plan` }, 'Plan a pace'),
      h('a', { class: 'button ghost', href: '#/planner' }, 'Plan another')),
    courseLinks(route),
    route.mine ? plannedEditor(route, (changed) => {
      Object.assign(route, changed);
      title.textContent = route.name || 'Planned route';
      showMeta();
    }, () => remove(route)) : null);
  const map = await trackMap(mapElement, { colour: '#0b6e4f' });
  // Each view the map settles on is noted on its element (data-settled), for tests and anyone reading the page.
  map.map.on('moveend', () => { mapElement.dataset.settled = map.map.getBounds().toBBoxString(); });
  map.showTrack({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {},
    geometry: { type: 'LineString', coordinates: route.points.map((point) => [point.longitude, point.latitude]) } }] });
  return () => map.destroy();
}

/** Distance, ascent and descent, as the server measured them. */
function figures(route, unit) {
  const figure = (name, value, label) => h('div', { class: 'figure', dataset: { name } }, h('strong', {}, value), h('span', {}, label));
  return h('div', { class: 'figures planned-figures' },
    figure('distance', units.distance(route.distanceMeters, unit), 'Distance'),
    figure('ascent', height(route.ascentMeters, unit), 'Ascent'),
    figure('descent', height(route.descentMeters, unit), 'Descent'));
}

/** The elevation along the route, or why there is none. */
function profileCard(route, unit) {
  const drawn = elevationProfile(lineProfile([{ points: route.points, distanceMeters: route.distanceMeters }]), route.distanceMeters, unit, 90);
  if (!drawn) return h('div', { class: 'card planned-profile' }, h('h2', {}, 'Elevation'),
    h('p', { class: 'muted' }, 'No heights for this route: the server has no elevation data where it goes.'));
  const [low, high] = [drawn.dataset.low, drawn.dataset.high].map((meters) => height(Number(meters), unit));
  return h('div', { class: 'card planned-profile' }, h('h2', {}, 'Elevation'),
    h('p', { class: 'profile-scale', 'aria-hidden': 'true' }, h('span', {}, `lowest ${low}`), h('span', {}, `highest ${high}`)), drawn);
}

/** The route as a course for a watch: FIT (Garmin), TCX Course, GPX route. */
function courseLinks(route) {
  const link = (format, label) => h('a', { href: api.plannedCourseAddress(route.id, format), download: `${route.name || 'planned-route'}.${format}`,
    dataset: { format }, title: label }, format.toUpperCase());
  return h('p', { class: 'muted course-links' }, 'Course for your watch: ', link('fit', 'Garmin Connect: Courses, Import'), ' · ',
    link('tcx', 'Training Center XML course'), ' · ', link('gpx', 'GPX route'));
}

async function remove(route) {
  if (!confirm(`Delete “${route.name || 'this planned route'}”? It goes for good; activities run on it stay.`)) return;
  try {
    await api.deletePlannedRoute(route.id);
    toast('Planned route deleted');
    go('#/planned');
  } catch (error) {
    toast(describe(error), { error: true });
  }
}
