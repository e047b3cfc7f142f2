// #/segments/ID: one segment: its way on a map, its length, who made it, the viewer's
// best, and its leaderboard (all time, this year, friends). Anyone may open a public one.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { go } from '../../router.js';
import { h, mount, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { basemap, retire } from '../map/basemap.js';
import { sportName, privacyName, shortDate } from '../shared/format.js';
import { segmentBoard } from './segment-board.js';

export async function render({ segmentId }) {
  const page = h('section', { class: 'page segment-page' }, h('p', { class: 'muted loading' }, 'Loading the segment…'));
  mount(page);
  let segment;
  try {
    segment = await api.segment(segmentId);
  } catch (error) {
    page.replaceChildren(h('h1', {}, 'Segment not available'),
      h('p', { class: 'error', role: 'alert' }, error?.status === 404
        ? 'This segment does not exist, or its maker does not share it with you.'
        : error?.isNetwork ? 'No connection: a segment needs the network.' : describe(error)));
    return null;
  }
  const unit = session.units;
  const mine = segment.owner.id === session.profile?.id;
  const mapElement = h('div', { class: 'map segment-map' });
  const fastest = h('strong', {}, '–');
  page.replaceChildren(...[
    h('header', { class: 'segment-head' },
      h('h1', {}, segment.name),
      h('p', { class: 'muted' }, `${units.distance(segment.distanceMeters, unit)} · ${sportName(segment.sport)} · `,
        h('span', { class: 'privacy', dataset: { privacy: segment.privacy } }, privacyName(segment.privacy)),
        mine ? ' · made by you' : ` · made by ${segment.owner.displayName}`)),
    h('div', { class: 'card map-box' }, mapElement),
    figures(segment, fastest),
    segment.yourBest ? h('p', {}, h('a', { href: `#/runs/${segment.yourBest.runId}` }, 'Open your best run')) : null,
    segmentBoard(segment, { unit, onFastest: (seconds) => { fastest.textContent = units.clock(seconds); } }),
    mine ? h('p', {}, h('button', { type: 'button', class: 'ghost danger-text', name: 'delete-segment', onclick: () => remove(segment) }, 'Delete this segment')) : null,
  ].filter(Boolean));
  const map = await drawWay(mapElement, segment.path);
  return () => retire(map);
}

/** The viewer's best, how many efforts, the fastest (filled in by the board). */
function figures(segment, fastest) {
  const best = segment.yourBest;
  return h('div', { class: 'figures' },
    h('div', { class: 'figure', dataset: { name: 'your-best' } }, h('strong', {}, best ? units.clock(best.elapsedSeconds) : '–'),
      h('span', {}, best ? `Your best, ${shortDate(best.date)}` : 'Your best: not run yet')),
    h('div', { class: 'figure', dataset: { name: 'efforts' } }, h('strong', {}, String(segment.effortCount)),
      h('span', {}, `${segment.effortCount === 1 ? 'Effort' : 'Efforts'} by ${segment.runnerCount} ${segment.runnerCount === 1 ? 'runner' : 'runners'}`)),
    h('div', { class: 'figure', dataset: { name: 'fastest' } }, fastest, h('span', {}, 'Fastest')));
}

async function remove(segment) {
  if (!confirm(`Delete “${segment.name}”? Its leaderboard goes with it; the activities stay.`)) return;
  try { await api.deleteSegment(segment.id); toast('Segment deleted'); go('#/profile'); } catch (error) { toast(describe(error), { error: true }); }
}

/** The segment's way, with its start (green) and end (dark) dots; returns the map. */
async function drawWay(element, path) {
  const way = path.map((point) => [point.latitude, point.longitude]);
  const { L, map } = await basemap(element, { center: way[0] ?? [51.5, -0.12], zoom: 15 });
  if (!way.length) return map;
  const line = L.polyline(way, { color: '#d6336c', weight: 6, opacity: 0.9, interactive: false }).addTo(map);
  L.circleMarker(way[0], { radius: 7, color: '#fff', weight: 2, fillColor: '#0b6e4f', fillOpacity: 1, interactive: false }).addTo(map);
  L.circleMarker(way.at(-1), { radius: 7, color: '#fff', weight: 2, fillColor: '#17202a', fillOpacity: 1, interactive: false }).addTo(map);
  map.invalidateSize();
  map.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: 17 });
  return map;
}
