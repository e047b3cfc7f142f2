// The planner's map: the waypoints as numbered markers the runner drags, and each leg as
// the server drew it (along paths: solid; straight: dashed; being asked: thin grey; refused:
// red). A tap on the map adds a point, a tap on a leg switches its snapping, a tap on a
// marker picks that point. The map's element carries its centre and zoom (data-centre,
// data-zoom) and each marker's its waypoint (data-index, data-lat, data-lng), for tests and
// for anyone reading the page.
import { basemap, retire } from '../map/basemap.js';
import { h } from '../../ui.js';

const LEG_STYLES = {
  ready: { color: '#0b6e4f', weight: 6, opacity: 0.9 },
  straight: { color: '#17202a', weight: 4, opacity: 0.8, dashArray: '8 8' },
  loading: { color: '#5d6d7e', weight: 3, opacity: 0.6, dashArray: '2 8' },
  failed: { color: '#c0392b', weight: 5, opacity: 0.9, dashArray: '6 6' },
};

export class PlannerMap {
  /** `on`: {tap(point), move(index, point), legTap(index), pointTap(index)}, each with {latitude, longitude} points. */
  constructor(element, on) {
    this.element = element;
    this.on = on;
    this.markers = [];
    this.lines = [];
    this.dragging = -1;
  }

  /** Makes the map at `center` and `zoom`. */
  async show(center, zoom) {
    ({ L: this.L, map: this.map } = await basemap(this.element, { center, zoom }));
    this.map.on('click', (event) => { this.fitted = null; this.on.tap(point(event.latlng)); });
    this.map.on('moveend zoomend', () => this.describe());
    this.describe();
    // The panels under the map open and close (a loop's form, a message): the map follows its
    // frame's size, and a route just fitted to it is fitted again, until the runner moves the map.
    this.map.on('dragstart', () => { this.fitted = null; });
    this.resizing = new ResizeObserver(() => {
      this.map.invalidateSize({ pan: false });
      if (this.fitted) this.fit(this.fitted);
    });
    this.resizing.observe(this.element);
  }

  /** Draws `builder`'s waypoints and legs as they are now. */
  draw(builder) {
    if (!this.map) return;
    this.drawLegs(builder);
    const { waypoints, closed } = builder;
    waypoints.forEach((waypoint, index) => this.place(index, waypoint, waypoints.length, closed));
    this.markers.splice(waypoints.length).forEach((marker) => marker.remove());
  }

  /** The map's centre as {latitude, longitude}. */
  get centre() {
    const centre = this.map.getCenter().wrap();
    return { latitude: centre.lat, longitude: centre.lng };
  }

  /** Shows the whole of `builder`'s waypoints and legs. */
  fit(builder) {
    const latLngs = builder.legs.flatMap((slot) => slot?.leg?.points ?? []).concat(builder.waypoints)
      .map(({ latitude, longitude }) => [latitude, longitude]);
    if (latLngs.length < 2) return;
    this.map.fitBounds(latLngs, { padding: [32, 32], maxZoom: 17, animate: false });
    this.fitted = builder;
  }

  /** Fits the map to `bounds` ({south, west, north, east}). */
  fitBox(bounds) {
    this.map.fitBounds([[bounds.south, bounds.west], [bounds.north, bounds.east]], { animate: false });
  }

  destroy() {
    this.resizing?.disconnect();
    if (this.map) retire(this.map);
  }

  // --- inside ---

  describe() {
    const centre = this.map.getCenter();
    this.element.dataset.centre = `${centre.lat.toFixed(6)},${centre.lng.toFixed(6)}`;
    this.element.dataset.zoom = String(this.map.getZoom());
  }

  drawLegs(builder) {
    this.lines.forEach((line) => line.remove());
    this.lines = [];
    builder.legs.forEach((slot, index) => {
      if (!slot) return;
      const from = builder.waypoints[index - 1], to = builder.waypoints[index];
      const kind = slot.status !== 'ready' ? slot.status : slot.snap ? 'ready' : 'straight';
      const points = slot.status === 'ready' ? slot.leg.points : [from, to];
      const line = this.L.polyline(points.map(({ latitude, longitude }) => [latitude, longitude]), {
        ...LEG_STYLES[kind], bubblingMouseEvents: false,
        className: `planner-leg leg-${kind} leg-${index}`,
      }).addTo(this.map);
      line.on('click', () => this.on.legTap(index));
      this.lines.push(line);
    });
  }

  /**
   * Puts marker `index` at `waypoint` (made when new; left alone while it is dragged). On a
   * `closed` route the start, on top, is the finish too (dragging it moves both).
   */
  place(index, waypoint, count, closed) {
    const at = [waypoint.latitude, waypoint.longitude];
    const role = index === 0 ? 'start' : index === count - 1 ? 'end' : 'via';
    const title = index === 0 ? (closed ? 'Start and finish' : 'Start') : `Point ${index + 1}${role === 'end' ? ', the end' : ''}`;
    let marker = this.markers[index];
    if (!marker) {
      marker = this.L.marker(at, { draggable: true, autoPan: true, keyboard: true, icon: this.icon(index, role), zIndexOffset: index === 0 ? 1000 : 0 });
      marker.on('dragstart', () => { this.dragging = index; });
      marker.on('dragend', () => {
        this.dragging = -1;
        this.on.move(index, point(marker.getLatLng()));
      });
      marker.on('click', () => this.on.pointTap(index));
      this.markers[index] = marker.addTo(this.map);
    } else if (this.dragging !== index) {
      marker.setLatLng(at);
    }
    if (marker.label !== title) {
      if (marker.label) marker.setIcon(this.icon(index, role));
      marker.label = title;
      const element = marker.getElement();
      element.title = title;
      element.setAttribute('role', 'button');
      element.setAttribute('aria-label', `${title}: drag to move it, or choose it to remove it`);
    }
    Object.assign(marker.getElement().dataset, { index: String(index), lat: String(waypoint.latitude), lng: String(waypoint.longitude) });
  }

  /** Waypoint `index`'s marker: S for the start, its number after; the end stands out. */
  icon(index, role) {
    return this.L.divIcon({ className: `planner-point planner-${role}`, iconSize: [26, 26], iconAnchor: [13, 13],
      html: h('span', { 'aria-hidden': 'true' }, index === 0 ? 'S' : String(index + 1)) });
  }
}

/** A Leaflet LatLng as {latitude, longitude}, its longitude within ±180°. */
function point(latLng) {
  const wrapped = latLng.wrap();
  return { latitude: wrapped.lat, longitude: wrapped.lng };
}
