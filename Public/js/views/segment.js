// #/segments/ID: one segment: its way on a map, its length, who made it, the viewer's
// best, and its leaderboard (all time, this year, friends). Anyone may open a public one.
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { go } from '../router.js';
import { h, mount, toast, describe } from '../ui.js';
import * as units from '../engine/core/units.js';
import { basemap, retire } from './map/basemap.js';
import { sportName, privacyName, shortDate } from './analysis/format.js';
import { effortPace } from './segments/effort-format.js';

const BOARDS = [['all', 'everyone', 'All time'], ['year', 'everyone', 'This year'], ['all', 'friends', 'Friends']];

export async function render({ segmentId }) {
  const page = h('section', { class: 'page segment-page' }, h('p', { class: 'muted loading' }, 'Loading the segment…'));
  mount(page);
  let segment;
  try {
    segment = await api.segment(segmentId);
  } catch (error) {
    page.replaceChildren(h('h1', {}, 'Segment not available'),
      h('p', { class: 'error', role: 'alert' }, error?.status === 404
        ? 'This segment does not exist, or its maker does not share it with you.' : describe(error)));
    return null;
  }
  const unit = session.units;
  const me = session.profile?.id;
  const mapElement = h('div', { class: 'map segment-map' });
  const board = h('div', { class: 'segment-board' });
  const boards = BOARDS.filter(([, scope]) => scope === 'everyone' || session.loggedIn);
  const switcher = h('div', { class: 'segmented', role: 'group', 'aria-label': 'Which leaderboard' },
    boards.map(([period, scope, label], index) => h('button', { type: 'button', 'aria-pressed': String(index === 0), dataset: { period, scope },
      onclick: (event) => {
        for (const button of switcher.children) button.setAttribute('aria-pressed', String(button === event.currentTarget));
        loadBoard(period, scope);
      } }, label)));
  const best = segment.yourBest;
  const leader = h('strong', {}, '–');
  page.replaceChildren(...[
    h('header', { class: 'segment-head' },
      h('h1', {}, segment.name),
      h('p', { class: 'muted' }, `${units.distance(segment.distanceMeters, unit)} · ${sportName(segment.sport)} · `,
        h('span', { class: 'privacy', dataset: { privacy: segment.privacy } }, privacyName(segment.privacy)),
        segment.owner.id === me ? ' · made by you' : ` · made by ${segment.owner.displayName}`)),
    h('div', { class: 'card map-box' }, mapElement),
    h('div', { class: 'figures' },
      h('div', { class: 'figure', dataset: { name: 'your-best' } }, h('strong', {}, best ? units.clock(best.elapsedSeconds) : '–'),
        h('span', {}, best ? `Your best, ${shortDate(best.date)}` : 'Your best: not run yet')),
      h('div', { class: 'figure', dataset: { name: 'efforts' } }, h('strong', {}, String(segment.effortCount)),
        h('span', {}, segment.effortCount === 1 ? 'Effort' : 'Efforts')),
      h('div', { class: 'figure', dataset: { name: 'fastest' } }, leader, h('span', {}, 'Fastest'))),
    best ? h('p', {}, h('a', { href: `#/runs/${best.runId}` }, 'Open your best run')) : null,
    h('div', { class: 'card' }, h('h2', {}, 'Leaderboard'), switcher, board),
    segment.owner.id === me ? h('p', {}, h('button', { type: 'button', class: 'ghost danger-text', name: 'delete-segment', onclick: remove }, 'Delete this segment')) : null,
  ].filter(Boolean));

  async function remove() {
    if (!confirm(`Delete “${segment.name}”? Its leaderboard goes with it; the activities stay.`)) return;
    try { await api.deleteSegment(segment.id); toast('Segment deleted'); go('#/profile'); } catch (error) { toast(describe(error), { error: true }); }
  }

  async function loadBoard(period, scope) {
    board.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const { entries } = await api.segmentLeaderboard(segment.id, { period, scope, limit: 50 });
      if (period === 'all' && scope === 'everyone' && entries.length) leader.textContent = units.clock(entries[0].elapsedSeconds);
      board.replaceChildren(entries.length
        ? h('table', { class: 'splits leaderboard' },
          h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Runner'), h('th', {}, segment.sport === 'ride' ? 'Speed' : 'Pace'), h('th', {}, 'Time'))),
          h('tbody', {}, entries.map((entry) => h('tr', { class: entry.runner.id === me ? 'mine' : '' },
            h('td', {}, String(entry.rank)),
            h('td', {}, h('a', { href: `#/runs/${entry.runId}` }, entry.runner.id === me ? 'You' : entry.runner.displayName),
              h('span', { class: 'muted effort-date' }, shortDate(entry.date))),
            h('td', {}, effortPace(segment.distanceMeters, entry.elapsedSeconds, segment.sport, unit)),
            h('td', {}, units.clock(entry.elapsedSeconds))))))
        : h('p', { class: 'muted empty' }, scope === 'friends' ? 'Neither you nor your friends have run it yet.'
          : period === 'year' ? 'Nobody has run it this year yet.' : 'Nobody has run it yet.'));
    } catch (error) {
      board.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: the leaderboard needs the network.' : describe(error)));
    }
  }

  loadBoard('all', 'everyone');
  const way = segment.path.map((point) => [point.latitude, point.longitude]);
  const { L, map } = await basemap(mapElement, { center: way[0], zoom: 15 });
  const line = L.polyline(way, { color: '#d6336c', weight: 6, opacity: 0.9, interactive: false }).addTo(map);
  L.circleMarker(way[0], { radius: 7, color: '#fff', weight: 2, fillColor: '#0b6e4f', fillOpacity: 1, interactive: false }).addTo(map);
  L.circleMarker(way.at(-1), { radius: 7, color: '#fff', weight: 2, fillColor: '#17202a', fillOpacity: 1, interactive: false }).addTo(map);
  map.invalidateSize();
  map.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: 17 });
  return () => retire(map);
}
