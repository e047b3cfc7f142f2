// A Leaflet map with the configured tiles. Tiles that fail to load (offline, no tile
// server) leave a plain background and a note; everything drawn on the map still works.
import { leaflet } from '../../vendor.js';
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';

let configuration = null;

async function tiles() {
  if (configuration) return configuration;
  try {
    configuration = await api.configuration();
    localStorage.setItem('paceline.config', JSON.stringify(configuration));
  } catch {
    configuration = JSON.parse(localStorage.getItem('paceline.config') ?? 'null')
      ?? { tileURL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap contributors' };
  }
  return configuration;
}

/**
 * Makes a map in `element` (which must have a size).
 * @returns {Promise<{L: any, map: any}>}
 */
export async function basemap(element, { center = [51.5, -0.12], zoom = 13, zoomControl = true } = {}) {
  const L = await leaflet();
  const { tileURL, tileAttribution } = await tiles();
  const map = L.map(element, { zoomControl, attributionControl: true, maxZoom: 19 }).setView(center, zoom);
  const layer = L.tileLayer(tileURL, { attribution: tileAttribution, maxZoom: 19, crossOrigin: true });
  let failures = 0;
  let note = null;
  layer.on('tileerror', () => {
    failures += 1;
    if (failures === 3 && !note) {
      note = h('div', { class: 'map-note', role: 'status' }, 'No map tiles: routes and tracks still show');
      element.append(note);
    }
  });
  layer.on('tileload', () => { failures = 0; note?.remove(); note = null; });
  layer.addTo(map);
  return { L, map };
}

/**
 * Removes a map when its screen goes. Leaflet finishes a zoom animation 250 ms after it
 * starts, on a timer that `remove()` does not cancel and that fails on a removed map; so the
 * removal waits for it (the map's element has left the page already).
 */
export function retire(map) {
  setTimeout(() => map.remove(), 300);
}

/** The runner's own position: a blue dot, not clickable. */
export function positionMarker(L, at) {
  return L.marker(at, { icon: L.divIcon({ className: 'me-icon', iconSize: [18, 18] }), interactive: false });
}
