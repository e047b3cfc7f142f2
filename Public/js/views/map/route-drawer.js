// The drawer of the Activity map: one route at a time (left/right through the routes of a
// marker), its distance, average time and top runs, a heart, and Follow, which politely
// refuses when the runner is far from the start. Whose pace to follow is chosen from the
// top runs (the route's own run at first). The map shows the whole route beside the
// drawer. Anyone may look and follow (a visitor too); the heart asks to sign in first, saying why.
import { api } from '../../engine/api/paceline.js';
import { outbox } from '../../engine/api/outbox.js';
import { currentPosition } from '../../engine/gps/source.js';
import { distance as geodesic } from '../../engine/core/geodesy.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h } from '../../ui.js';
import { go, signInFirst } from '../../router.js';

/** How far from a route's start (metres) one may start following it. */
export const FOLLOW_RADIUS = 200;

export class RouteDrawer {
  constructor(screen, L, map) {
    this.screen = screen;
    this.L = L;
    this.map = map;
    this.element = null;
    this.line = null;
  }

  open(routes, index = 0) {
    this.routes = routes;
    this.index = index;
    this.show();
  }

  close() {
    this.element?.remove();
    this.element = null;
    this.line?.remove();
    this.line = null;
  }

  async show() {
    const route = this.routes[this.index];
    const u = session.units;
    const heart = h('button', { class: 'heart', name: 'favourite', 'aria-pressed': 'false', 'aria-label': 'Favourite' }, '♡');
    const top = h('ol', { class: 'list top-runs' }, h('li', { class: 'muted' }, 'Loading top runs…'));
    const message = h('p', { class: 'follow-message', role: 'status' });
    const follow = h('button', { class: 'primary', name: 'follow' }, 'Follow');
    const paging = this.routes.length > 1 ? h('div', { class: 'spread' },
      h('button', { class: 'ghost', name: 'previous', 'aria-label': 'Previous route', disabled: this.index === 0, onclick: () => { this.index -= 1; this.show(); } }, '←'),
      h('span', { class: 'muted' }, `${this.index + 1} of ${this.routes.length}`),
      h('button', { class: 'ghost', name: 'next', 'aria-label': 'Next route', disabled: this.index === this.routes.length - 1, onclick: () => { this.index += 1; this.show(); } }, '→')) : null;

    const element = h('aside', { class: 'drawer', 'aria-label': 'Route', dataset: { routeId: route.id } },
      h('div', { class: 'drawer-head' }, h('h2', {}, route.name || 'Route'), heart,
        h('button', { class: 'close', name: 'close', 'aria-label': 'Close', onclick: () => this.close() }, '✕')),
      paging,
      h('div', { class: 'grid' },
        h('div', { class: 'stat' }, h('strong', { class: 'route-distance' }, units.distance(route.distanceMeters, u)), h('span', {}, 'distance')),
        h('div', { class: 'stat' }, h('strong', { class: 'route-average' }, route.averageElapsedSeconds ? units.clock(route.averageElapsedSeconds) : '–'), h('span', {}, 'average time')),
        h('div', { class: 'stat' }, h('strong', {}, String(route.runners)), h('span', {}, route.runners === 1 ? 'runner' : 'runners'))),
      h('h3', {}, 'Top runs'), h('p', { class: 'muted small-note' }, 'Tick whose pace to follow.'), top, message,
      h('div', { class: 'row' }, follow, h('a', { class: 'button ghost', href: `#/routes/${route.id}/plan`, name: 'plan' }, 'Plan a pace'),
        h('a', { class: 'button ghost', href: `#/runs/${route.runId}` }, 'Analyse')),
      courseLinks(route));
    this.element?.remove();
    this.element = element;
    this.screen.append(element);

    const pending = await outbox.pendingFavourites();
    let favourite = pending.has(route.id) ? pending.get(route.id) : route.isFavourite;
    const showHeart = () => { heart.textContent = favourite ? '♥' : '♡'; heart.setAttribute('aria-pressed', String(favourite)); };
    showHeart();
    const here = `#/activity?route=${route.id}`;
    heart.addEventListener('click', () => {
      if (signInFirst(here, 'favourite')) return;
      favourite = !favourite; route.isFavourite = favourite; showHeart(); outbox.favourite(route.id, favourite);
    });
    follow.addEventListener('click', () => this.follow(route, message, follow, chosenPace(top)));

    this.reveal(route.start);
    this.drawLine(route);
    try {
      const detail = await api.route(route.id);
      if (this.element !== element) return;
      top.replaceChildren(...(detail.topRuns.length ? detail.topRuns.map((entry) => topRun(route, entry))
        : [h('li', { class: 'muted' }, 'No runs yet: be the first to follow it')]));
      if (!chosenPace(top) && top.querySelector('input')) top.querySelector('input').checked = true;
    } catch (error) {
      top.replaceChildren(h('li', { class: 'muted' }, error.isNetwork ? 'Top runs need a connection' : error.message));
    }
  }

  /** Pans the map so that `position` shows above the drawer. */
  reveal(position) {
    const point = this.map.latLngToContainerPoint([position.latitude, position.longitude]);
    const visible = this.map.getSize().y - (this.element?.offsetHeight ?? 0);
    if (point.y > visible - 40 || point.y < 40) this.map.panBy([0, point.y - visible / 2], { animate: false });
  }

  async drawLine(route) {
    this.line?.remove();
    try {
      const track = await api.runTrack(route.runId);
      if (this.routes[this.index] !== route || !this.element) return;
      this.line = this.L.geoJSON(track, { style: { color: '#0b6e4f', weight: 5, opacity: 0.8 } }).addTo(this.map);
      this.fitBesideDrawer(this.line.getBounds());
    } catch { /* the line is a nicety */ }
  }

  /** Fits `bounds` in the part of the map the drawer leaves: above it on a phone, left of it on a wide screen. */
  fitBesideDrawer(bounds) {
    const map = this.map.getContainer().getBoundingClientRect();
    const drawer = this.element?.getBoundingClientRect();
    const below = drawer && drawer.width > map.width * 0.9 ? map.bottom - drawer.top : 0;
    const beside = drawer && !below ? map.right - drawer.left : 0;
    this.map.fitBounds(bounds, { paddingTopLeft: [24, 24], paddingBottomRight: [24 + Math.max(0, beside), 24 + Math.max(0, below)], maxZoom: 17, animate: false });
  }

  async follow(route, message, button, pace) {
    button.disabled = true;
    message.className = 'follow-message';
    message.textContent = 'Finding you…';
    const here = await currentPosition();
    if (!this.element) return;
    button.disabled = false;
    if (!here) {
      message.textContent = 'No GPS position yet. Allow location and try again outside.';
      return;
    }
    const away = geodesic(here, route.start);
    if (away > FOLLOW_RADIUS) {
      message.classList.add('error');
      message.textContent = `You are ${units.distance(away, session.units, away > 10_000 ? 0 : 1)} from the start of this route. `
        + `Go to its start (the ▶ on the map) to follow it.`;
      this.map.setView([route.start.latitude, route.start.longitude], Math.max(this.map.getZoom(), 15));
      return;
    }
    go(`#/record?follow=${route.id}` + (pace ? `&pace=${pace}` : ''));
  }
}

/** A place on the route's leaderboard: who (a link to the run), the time, and "follow this pace". */
function topRun(route, entry) {
  const choice = h('input', { type: 'radio', name: 'pace', value: entry.runId, checked: entry.runId === route.runId,
    'aria-label': `Follow ${entry.runner.displayName}'s pace, ${units.clock(entry.elapsedSeconds)}` });
  return h('li', { class: 'top-run' },
    h('label', { class: 'pace-choice', title: 'Follow this pace' }, choice),
    h('a', { href: `#/runs/${entry.runId}` }, `${entry.rank}. ${entry.runner.displayName}`),
    h('strong', {}, units.clock(entry.elapsedSeconds)));
}

/** The run whose pace the runner chose in the top runs, if any. */
function chosenPace(top) {
  return top.querySelector('input[name=pace]:checked')?.value;
}

/** The route as a course for a watch: FIT (Garmin), TCX Course, GPX route. */
function courseLinks(route) {
  const link = (format, label) => h('a', { href: `/api/v1/routes/${route.id}/course?format=${format}`, download: `course.${format}`,
    dataset: { format }, title: label }, format.toUpperCase());
  return h('p', { class: 'muted course-links' }, 'Course for your watch: ', link('fit', 'Garmin Connect: Courses, Import'), ' · ',
    link('tcx', 'Training Center XML course'), ' · ', link('gpx', 'GPX route'));
}
