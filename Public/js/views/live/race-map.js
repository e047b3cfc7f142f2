// The race map: each runner a dot of their colour with their name, and the trail behind
// them. Works without tiles (basemap.js); without Leaflet at all it says so and the rest
// of the race screen goes on.
import { basemap, retire } from '../map/basemap.js';
import { h } from '../../ui.js';

export class RaceMap {
  constructor(element) {
    this.element = element;
    this.runners = new Map();   // userId → {marker, trail, colour, name}
    this.ready = basemap(element, { zoom: 16, zoomControl: false }).then(({ L, map }) => {
      this.L = L;
      this.map = map;
      this.followAll = true;
      map.on('dragstart', () => { this.followAll = false; });
    }).catch((error) => {
      console.warn('no race map:', error);
      element.append(h('div', { class: 'map-note' }, 'The map could not load'));
    });
  }

  /** Moves `userId`'s dot (drawn in `colour`, labelled `name`) to a new position. */
  async place(userId, { name, colour, latitude, longitude, me = false }) {
    await this.ready;
    if (!this.map) return;
    const L = this.L;
    let runner = this.runners.get(userId);
    if (!runner) {
      runner = {
        trail: L.polyline([], { color: colour, weight: 4, opacity: 0.7 }).addTo(this.map),
        marker: L.circleMarker([latitude, longitude], { radius: me ? 10 : 8, color: '#fff', weight: 3, fillColor: colour, fillOpacity: 1 })
          .bindTooltip(h('span', {}, name), { permanent: true, direction: 'right', offset: [10, 0], className: 'runner-label' })
          .addTo(this.map),
      };
      this.runners.set(userId, runner);
    }
    runner.marker.setLatLng([latitude, longitude]);
    runner.trail.addLatLng([latitude, longitude]);
    if (me) runner.marker.bringToFront();
    this.fit();
  }

  /** Keeps everyone in view until the runner moves the map themselves. */
  fit() {
    if (!this.followAll || this.runners.size === 0) return;
    const bounds = this.L.latLngBounds([...this.runners.values()].map((runner) => runner.marker.getLatLng()));
    this.map.fitBounds(bounds.pad(0.3), { maxZoom: 18, animate: false });
  }

  /** Leaflet measures its box again (after the screen around it changed). */
  resize() { this.map?.invalidateSize(); }

  remove() { if (this.map) retire(this.map); this.map = null; }
}
