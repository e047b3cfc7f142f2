// The analysis map: the run's track, start and finish, and a marker per run that follows
// the chart's crosshair. Each marker's element carries data-distance, data-lat and data-lng
// (what it shows), for tests and for anyone reading the page.
import { basemap, retire } from './basemap.js';
import { h } from '../../ui.js';

export async function trackMap(element, { colour }) {
  const { L, map } = await basemap(element, { zoom: 14 });
  const layers = { a: null, b: null, stretch: null };
  const markers = { a: null, b: null };
  let bounds = null;

  function markerIcon(which, colourOf) {
    return L.divIcon({ className: `run-marker run-marker-${which}`, iconSize: [20, 20], iconAnchor: [10, 10],
      html: h('span', { style: { background: colourOf } }) });
  }

  function place(which, latitude, longitude, distanceMeters, colourOf) {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    if (!markers[which]) {
      markers[which] = L.marker([latitude, longitude], { icon: markerIcon(which, colourOf), interactive: false, keyboard: false, zIndexOffset: which === 'a' ? 1000 : 900 }).addTo(map);
    } else {
      markers[which].setLatLng([latitude, longitude]);
    }
    const node = markers[which].getElement();
    if (node) Object.assign(node.dataset, { distance: String(Math.round(distanceMeters)), lat: latitude.toFixed(6), lng: longitude.toFixed(6) });
  }

  function fit() {
    if (bounds?.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
  }

  return {
    map,
    /** The run's own track (GeoJSON), with start and finish dots. */
    showTrack(geojson) {
      layers.a = L.geoJSON(geojson, { style: { color: colour, weight: 4, opacity: 0.9 }, interactive: false }).addTo(map);
      bounds = layers.a.getBounds();
      const lines = geojson?.features?.flatMap((feature) => feature.geometry?.type === 'MultiLineString'
        ? feature.geometry.coordinates : feature.geometry?.type === 'LineString' ? [feature.geometry.coordinates] : []) ?? [];
      const first = lines[0]?.[0], last = lines.at(-1)?.at(-1);
      if (first) L.circleMarker([first[1], first[0]], { radius: 6, color: '#fff', weight: 2, fillColor: '#0b6e4f', fillOpacity: 1, interactive: false }).addTo(map);
      if (last) L.circleMarker([last[1], last[0]], { radius: 6, color: '#fff', weight: 2, fillColor: '#17202a', fillOpacity: 1, interactive: false }).addTo(map);
      fit();
    },
    /** The compared run's path (its series points), or nothing. */
    showOther(points, colourOf) {
      layers.b?.remove(); layers.b = null;
      markers.b?.remove(); markers.b = null;
      if (!points) { bounds = layers.a?.getBounds() ?? null; return; }
      layers.b = L.polyline(points.map((point) => [point.latitude, point.longitude]),
        { color: colourOf, weight: 3, opacity: 0.85, dashArray: '6 6', interactive: false }).addTo(map);
      bounds = layers.a ? layers.a.getBounds().extend(layers.b.getBounds()) : layers.b.getBounds();
      fit();
    },
    /** A stretch of the run drawn over it (series points), or none: a segment being made or picked. */
    highlight(points) {
      layers.stretch?.remove(); layers.stretch = null;
      if (!points?.length) return;
      layers.stretch = L.polyline(points.map((point) => [point.latitude, point.longitude]),
        { color: '#d6336c', weight: 7, opacity: 0.9, interactive: false, className: 'stretch-line' }).addTo(map);
    },
    /** Moves marker `which` ('a' or 'b'). */
    place,
    fit,
    resize() { map.invalidateSize(); },
    destroy() { retire(map); },
  };
}
