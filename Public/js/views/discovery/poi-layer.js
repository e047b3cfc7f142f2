// The points of interest on a walk's map: loaded around the walker as they move (see
// poi-box.js), drawn as markers (gold once discovered), each opening its detail on tap.
import { discoveryApi } from '../../engine/api/discovery.js';
import { PoiBoxPlanner } from '../../engine/discovery/poi-box.js';
import { h } from '../../ui.js';

export class PoiLayer {
  /** @param {{onOpen: (id: string) => void}} options */
  constructor(L, map, { onOpen }) {
    this.L = L;
    this.planner = new PoiBoxPlanner();
    this.group = L.layerGroup().addTo(map);
    this.markers = new Map();
    this.onOpen = onOpen;
    this.stopped = false;
  }

  /** Called with every fix: asks for a new box when the planner says so. */
  async update(fix) {
    const box = this.planner.next(fix);
    if (!box) return;
    try {
      const { points } = await discoveryApi.pois(box);
      if (!this.stopped) this.show(points);
    } catch {
      this.planner.centre = null;  // ask again at the next fix after the interval
    }
  }

  /** Adds the points not yet on the map (markers already shown stay). */
  show(points) {
    for (const point of points) {
      if (this.markers.has(point.id)) continue;
      const marker = this.L.circleMarker([point.latitude, point.longitude], {
        radius: 9, color: '#7a4b00', weight: 2, fillColor: point.discovered ? '#f2b705' : '#1c64d1', fillOpacity: 0.9,
        className: `poi-marker poi-${point.id}`,
      }).bindTooltip(h('span', {}, point.title)).on('click', () => this.onOpen(point.id));
      marker.addTo(this.group);
      this.markers.set(point.id, marker);
    }
  }

  stop() { this.stopped = true; }
}
