// #/beacon/SECRET: a runner's live safety link, for whoever holds it (no account): where
// they are on a map, their way so far, distance, time, pace, whether they are moving or
// paused and how long ago the link last heard from them; asked again every 15 s. Inside
// one of their privacy zones (unless they chose to show them) the dot is left out and the
// page says so; started inside one, the numbers count from where they left it, and say so.
import { api } from '../../engine/api/paceline.js';
import { h, mount, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { session } from '../../engine/store/session.js';
import { basemap, retire } from '../map/basemap.js';
import { usesPace } from '../shared/format.js';

const EVERY = 15_000;
/** A current pace older than this (seconds, two of the phone's sends and some) is no longer current. */
const CURRENT_FOR = 25;

export async function render({ token }) {
  const page = h('section', { class: 'page beacon-page' }, h('p', { class: 'muted loading' }, 'Loading the live link…'));
  mount(page);
  const unit = session.units;
  const title = h('h1', {});
  const since = h('p', { class: 'beacon-since', role: 'status' });
  const note = h('p', { class: 'beacon-note', hidden: true });
  const counted = h('p', { class: 'beacon-counted muted', hidden: true });
  const figures = h('div', { class: 'figures' });
  const mapElement = h('div', { class: 'map' });
  let map = null, L = null, layers = [], timer = null, ticker = null, latest = null, fitted = false;

  function ago() {
    if (latest?.inPrivateArea) { since.textContent = 'In a private area'; since.classList.remove('stale'); return; }
    const seconds = age(latest);
    if (seconds === null) { since.textContent = 'Waiting for the first position…'; return; }
    const state = latest.paused ? 'Paused' : moving(latest) ? 'Moving' : 'Not moving';
    since.textContent = `${state} · last update ${seconds < 60 ? `${Math.round(seconds)} s` : units.clock(seconds)} ago`;
    since.classList.toggle('stale', seconds > 120);
    if (figures.isConnected) figures.replaceChildren(...figuresOf(latest, unit));
  }

  function draw(view) {
    latest = view;
    title.textContent = `${view.runner}, live`;
    counted.hidden = !view.sinceLeavingPrivateArea;
    counted.textContent = view.sinceLeavingPrivateArea
      ? `Since leaving a private area: time, distance and pace count from where ${view.runner} was first seen, and where they started is not shown.` : '';
    figures.replaceChildren(...figuresOf(view, unit));
    note.hidden = !view.inPrivateArea;
    note.textContent = view.inPrivateArea ? `${view.runner} is in one of their private areas: their position there is not shown.` : '';
    ago();
    if (!map) return;
    for (const layer of layers) layer.remove();
    layers = view.path.map((line) => L.polyline(line.map((p) => [p.latitude, p.longitude]), { color: '#1f6feb', weight: 5, opacity: 0.85, interactive: false }).addTo(map));
    const here = view.position ? [view.position.latitude, view.position.longitude] : null;
    if (here) layers.push(L.circleMarker(here, { radius: 9, color: '#fff', weight: 3, fillColor: '#d6336c', fillOpacity: 1, interactive: false, className: 'beacon-dot' }).addTo(map));
    // The whole way the first time; after, the map follows the runner when they leave it.
    const bounds = L.featureGroup(layers).getBounds();
    if (!fitted && bounds.isValid()) { map.fitBounds(bounds, { padding: [32, 32], maxZoom: 17 }); fitted = true; }
    else if (here && !map.getBounds().contains(here)) map.panTo(here);
  }

  function ended(error) {
    clearInterval(timer); clearInterval(ticker);
    page.replaceChildren(h('h1', {}, 'Live location'), h('p', { class: 'error', role: 'alert' }, error?.status === 410
      ? 'This live link has ended: the activity is over, or its runner stopped sharing.'
      : error?.status === 404 ? 'This live link does not exist. Check the address you were sent.' : describe(error)));
  }

  async function load() {
    try { draw(await api.beaconView(token)); } catch (error) {
      if (error?.status === 410 || error?.status === 404) ended(error);
      else since.textContent = error?.isNetwork ? 'No connection: trying again…' : describe(error);
    }
  }

  let first;
  try { first = await api.beaconView(token); } catch (error) { ended(error); return null; }
  page.replaceChildren(title, since, note, h('div', { class: 'card map-box' }, mapElement), counted, figures,
    h('p', { class: 'muted' }, 'This page updates itself every 15 seconds.'));
  ({ L, map } = await basemap(mapElement, { center: first.position ? [first.position.latitude, first.position.longitude] : [51.5, -0.12], zoom: 15 }));
  draw(first);
  timer = setInterval(load, EVERY);
  ticker = setInterval(ago, 1000);
  return () => { clearInterval(timer); clearInterval(ticker); if (map) retire(map); };
}

/** Seconds since the link last heard from the runner, or null. */
function age(view) {
  return view?.lastUpdate ? Math.max(0, (Date.now() - Date.parse(view.lastUpdate)) / 1000) : null;
}

/** Whether the last send says the runner moves: not paused, a speed, and recent. */
function moving(view) {
  const seconds = age(view);
  return !view.paused && view.currentSpeedMetersPerSecond > 0.3 && seconds !== null && seconds <= CURRENT_FOR;
}

/** Distance, time, average and current pace (or speed, for a ride) of `view`. */
function figuresOf(view, unit) {
  const foot = usesPace(view.sport);
  const average = view.distanceMeters > 0 && Number.isFinite(view.elapsedSeconds) ? view.elapsedSeconds / (view.distanceMeters / 1000) : null;
  const current = moving(view) ? view.currentSpeedMetersPerSecond : null;
  return [
    figure('Distance', units.distance(view.distanceMeters, unit)),
    figure('Time', Number.isFinite(view.elapsedSeconds) ? units.clock(view.elapsedSeconds) : '–'),
    figure(foot ? 'Average pace' : 'Average speed', average ? (foot ? units.pace(average, unit) : units.speed(1000 / average, unit)) : '–'),
    figure(foot ? 'Current pace' : 'Current speed', current ? (foot ? units.paceFromSpeed(current, unit) : units.speed(current, unit))
      : view.paused && !view.inPrivateArea ? 'paused' : '–'),
  ];
}

function figure(label, value) {
  return h('div', { class: 'figure' }, h('strong', {}, value), h('span', {}, label));
}
