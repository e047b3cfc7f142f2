// The race map: each runner a dot of their colour with their name, and the trail behind
// them. It follows the runners, keeping everyone in view, until the runner drags it; then
// a "Follow runners" button shows, and puts it back to following (as the recording
// screen's map lock does for the runner alone). Works without tiles (basemap.js); without
// Leaflet at all it says so and the rest of the race screen goes on.
import { basemap, retire } from '../map/basemap.js';
import { icon } from '../../icons.js';
import { h } from '../../ui.js';

export class RaceMap {
  /** Makes the map in `frame` (a box with a size, positioned), with its button over it. */
  constructor(frame) {
    this.element = h('div', { class: 'map' });
    this.recentre = h('button', { type: 'button', class: 'recentre', name: 'recentre', hidden: true, title: 'Keep everyone in view again',
      onclick: () => this.follow(true) }, icon('locate', '1.25em'), 'Follow runners');
    frame.append(this.element, this.recentre);
    this.runners = new Map();   // userId → {marker, trail, colour, name}
    this.followAll = true;
    this.ready = basemap(this.element, { zoom: 16, zoomControl: false }).then(({ L, map }) => {
      this.L = L;
      this.map = map;
      map.on('dragstart', () => this.follow(false));
    }).catch((error) => {
      console.warn('no race map:', error);
      this.element.append(h('div', { class: 'map-note' }, 'The map could not load'));
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

  /** Marks a point of interest someone found (a plaque), labelled with its title (as text). */
  async markPoint({ pointId, title, latitude, longitude }) {
    await this.ready;
    if (!this.map || this.points?.has(pointId)) return;
    this.points ??= new Set();
    this.points.add(pointId);
    this.L.circleMarker([latitude, longitude], { radius: 6, color: '#7a4b00', weight: 2, fillColor: '#ffd166', fillOpacity: 1 })
      .bindTooltip(h('span', {}, title), { direction: 'top', className: 'found-label' })
      .addTo(this.map);
  }

  /** Follows the runners (and shows them now), or stops, leaving the map where the runner moved it. */
  follow(on) {
    this.followAll = on;
    this.recentre.hidden = on;
    this.fit();
  }

  /** Keeps everyone in view until the runner moves the map themselves. */
  fit() {
    if (!this.followAll || !this.map || this.runners.size === 0) return;
    const bounds = this.L.latLngBounds([...this.runners.values()].map((runner) => runner.marker.getLatLng()));
    this.map.fitBounds(bounds.pad(0.3), { maxZoom: 18, animate: false });
  }

  /** Leaflet measures its box again (after the screen around it changed). */
  resize() { this.map?.invalidateSize(); }

  remove() { if (this.map) retire(this.map); this.map = null; }
}
