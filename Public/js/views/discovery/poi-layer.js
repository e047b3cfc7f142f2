// The points of interest on a walk's map: loaded around the walker as they move (see
// engine/core/nearby-box.js), drawn as markers (gold once discovered), each opening its detail on tap.
// A point the walk passes within the discovery radius turns gold at once: the server
// credits it when the walk is saved, from the same fixes.
import { discoveryApi } from '../../engine/api/discovery.js';
import { NearbyBoxPlanner } from '../../engine/core/nearby-box.js';
import { distance } from '../../engine/core/geodesy.js';
import { h } from '../../ui.js';
import { DISCOVERY_RADIUS } from './poi-detail.js';

const GOLD = '#f2b705';

export class PoiLayer {
  /** @param {{onOpen: (id: string, passed: boolean) => void}} options `passed`: the walk went by it */
  constructor(L, map, { onOpen }) {
    this.L = L;
    this.planner = new NearbyBoxPlanner();
    this.group = L.layerGroup().addTo(map);
    this.markers = new Map();   // id → {marker, point}
    this.passed = new Set();    // ids of the points this walk went by
    this.onOpen = onOpen;
    this.stopped = false;
  }

  /**
   * Called with every fix: notes the points it passes (when `counts`, i.e. not paused),
   * and asks for a new box when the planner says so.
   */
  async update(fix, { counts = true } = {}) {
    if (counts) this.pass(fix);
    const box = this.planner.next(fix);
    if (!box) return;
    try {
      const { points } = await discoveryApi.pois(box);
      if (!this.stopped) this.show(points);
    } catch {
      this.planner.centre = null;  // ask again at the next fix after the interval
    }
  }

  /** Marks the points within the discovery radius of `fix` as passed. - Complexity: O(points shown). */
  pass(fix) {
    for (const [id, { marker, point }] of this.markers) {
      if (this.passed.has(id) || distance(fix, point) > DISCOVERY_RADIUS) continue;
      this.passed.add(id);
      marker.setStyle({ fillColor: GOLD });
    }
  }

  /** Adds the points not yet on the map (markers already shown stay). */
  show(points) {
    for (const point of points) {
      if (this.markers.has(point.id)) continue;
      const marker = this.L.circleMarker([point.latitude, point.longitude], {
        radius: 9, color: '#7a4b00', weight: 2, fillColor: point.discovered ? GOLD : '#1c64d1', fillOpacity: 0.9,
        className: `poi-marker poi-${point.id}`,
      }).bindTooltip(h('span', {}, point.title)).on('click', () => this.onOpen(point.id, this.passed.has(point.id)));
      marker.addTo(this.group);
      this.markers.set(point.id, { marker, point });
    }
  }

  stop() { this.stopped = true; }
}
