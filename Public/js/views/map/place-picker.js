// Choosing a place on a map: the map moves under a fixed cross, and the place is the
// map's centre. The map is made when first shown, around the device's position (or the
// last place the app knew). Used for privacy zones and for where a walk meets.
import { currentPosition } from '../../engine/gps/source.js';
import { h } from '../../ui.js';
import { basemap } from './basemap.js';

export class PlacePicker {
  /** `className` names the map element (for styles and tests); `zoom` the first zoom. */
  constructor({ className = 'place-map', zoom = 15 } = {}) {
    this.zoom = zoom;
    this.mapElement = h('div', { class: `map ${className}` });
    this.element = h('div', { class: 'map-box place-box' }, this.mapElement, h('div', { class: 'place-cross', 'aria-hidden': 'true' }, '+'));
    this.L = null;
    this.map = null;
  }

  /** Makes the map if it is not made yet; resolves once it shows. */
  async show() {
    if (this.map) return;
    const fix = await currentPosition();
    ({ L: this.L, map: this.map } = await basemap(this.mapElement, { center: fix ? [fix.latitude, fix.longitude] : [55.8642, -4.2518], zoom: this.zoom }));
  }

  /** The place under the cross, or null before the map shows. */
  get place() {
    if (!this.map) return null;
    const centre = this.map.getCenter().wrap();
    return { latitude: centre.lat, longitude: centre.lng };
  }
}
