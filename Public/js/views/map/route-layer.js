// The routes on the Activity map: clusters (a count per area, `*` above 20) when zoomed
// out, the routes themselves when zoomed in, fetched from the browse API only when the map
// stops moving. Tapping a cluster zooms into it; at full zoom it lists its routes.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';

const LAST_KEY = 'paceline.lastBrowse';
const FULL_ZOOM = 18;

export class RouteLayer {
  /** @param {{onRoutes: (routes: object[]) => void, onFailure: (error: Error) => void, onDrawn: (markers: number) => void}} handlers */
  constructor(L, map, handlers) {
    this.L = L;
    this.map = map;
    this.handlers = handlers;
    this.layer = L.layerGroup().addTo(map);
    this.request = 0;
    this.timer = null;
    this.onMoveEnd = () => { clearTimeout(this.timer); this.timer = setTimeout(() => this.refresh(), 250); };
    map.on('moveend', this.onMoveEnd);
  }

  stop() { this.stopped = true; clearTimeout(this.timer); this.map.off('moveend', this.onMoveEnd); }

  /** Fetches what the viewport holds and draws it; a slower, older answer is dropped. */
  async refresh() {
    const number = ++this.request;
    const bounds = this.map.getBounds();
    const bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]
      .map((value, index) => Math.max(index % 2 ? -90 : -180, Math.min(index % 2 ? 90 : 180, value)))
      .map((value) => Number(value.toFixed(6)));
    const zoom = Math.round(this.map.getZoom());
    let answer;
    try {
      answer = await api.browse(bbox, zoom);
      localStorage.setItem(LAST_KEY, JSON.stringify(answer));
    } catch (error) {
      if (number !== this.request) return;
      this.handlers.onFailure(error);
      answer = JSON.parse(localStorage.getItem(LAST_KEY) ?? 'null');
      if (!answer) return;
    }
    if (number !== this.request || this.stopped) return;
    this.draw(answer);
  }

  draw({ clusters, routes }) {
    const { L } = this;
    this.layer.clearLayers();
    document.getElementById('route-map')?.setAttribute('data-markers', String(clusters.length + routes.length));
    this.handlers.onDrawn(clusters.length + routes.length);
    for (const cluster of clusters) {
      const label = cluster.count > 20 ? '*' : String(cluster.count);
      const size = cluster.count > 20 ? 44 : cluster.count > 5 ? 38 : 32;
      const marker = L.marker([cluster.latitude, cluster.longitude], {
        icon: L.divIcon({ className: 'cluster-icon', html: h('span', {}, label), iconSize: [size, size] }),
        title: `${cluster.count} routes`, keyboard: true,
      });
      marker.on('click', () => this.openCluster(cluster));
      this.layer.addLayer(marker);
    }
    // Routes starting at the same spot share one marker; the drawer pages through them.
    const groups = new Map();
    for (const route of routes) {
      const key = `${route.start.latitude.toFixed(4)},${route.start.longitude.toFixed(4)}`;
      groups.set(key, [...(groups.get(key) ?? []), route]);
    }
    for (const group of groups.values()) {
      const first = group[0];
      const marker = L.marker([first.start.latitude, first.start.longitude], {
        icon: L.divIcon({ className: 'route-icon', html: h('span', {}, group.length > 1 ? String(group.length) : '▶'), iconSize: [34, 34] }),
        title: group.length > 1 ? `${group.length} routes` : first.name, keyboard: true,
      });
      marker.on('click', () => this.handlers.onRoutes(group));
      this.layer.addLayer(marker);
    }
  }

  /** Zooms into a cluster, or at full zoom lists its routes. */
  async openCluster(cluster) {
    const zoom = this.map.getZoom();
    if (zoom < FULL_ZOOM) {
      const bounds = this.L.latLngBounds([cluster.south, cluster.west], [cluster.north, cluster.east]);
      const target = Math.min(Math.max(this.map.getBoundsZoom(bounds), zoom + 2), FULL_ZOOM);
      this.map.setView([cluster.latitude, cluster.longitude], target);
      return;
    }
    try {
      const answer = await api.browse([cluster.west, cluster.south, cluster.east, cluster.north], 22);
      this.handlers.onRoutes(answer.routes);
    } catch (error) {
      this.handlers.onFailure(error);
    }
  }
}
