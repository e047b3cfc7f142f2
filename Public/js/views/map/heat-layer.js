// A heat map layer: many lines drawn on one canvas with additive light, so where the
// runner went often glows. Points are projected once (Web Mercator, a 256 px world at zoom
// 0); each redraw scales them, skips lines outside the view, and takes milliseconds for a
// history of thousands (docs/PERFORMANCE.md, "The personal heat map").

/** Google's encoded polyline as [[latitude, longitude], …] (precision 5). */
export function decodePolyline(text) {
  const points = [];
  let index = 0, latitude = 0, longitude = 0;
  const next = () => {
    let result = 0, shift = 0, byte;
    do {
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < text.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    latitude += next();
    longitude += next();
    points.push([latitude / 1e5, longitude / 1e5]);
  }
  return points;
}

/** A line projected to the 256 px world: x, y pairs, and its box. */
function project(points) {
  const xy = new Float64Array(points.length * 2);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  points.forEach(([latitude, longitude], i) => {
    const sin = Math.sin((Math.max(-85.05, Math.min(85.05, latitude)) * Math.PI) / 180);
    const x = ((longitude + 180) / 360) * 256;
    const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256;
    xy[2 * i] = x; xy[2 * i + 1] = y;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  });
  return { xy, minX, minY, maxX, maxY };
}

/** The side of the squares the lines are grouped in to find where most of them are: about 40 km (in the 256 px world). */
const AREA = 256 / 1000;

/**
 * Where most of `shapes` are: those whose middle lies in the busiest square of AREA or the
 * eight around it. A history of runs at home and two on holiday abroad shows home, not
 * the ocean between.
 */
function mostOf(shapes) {
  const key = (shape, dx = 0, dy = 0) => `${Math.floor((shape.minX + shape.maxX) / 2 / AREA) + dx},${Math.floor((shape.minY + shape.maxY) / 2 / AREA) + dy}`;
  const counts = new Map();
  for (const shape of shapes) counts.set(key(shape), (counts.get(key(shape)) ?? 0) + 1);
  const around = (shape) => [-1, 0, 1].reduce((sum, dx) => sum + [-1, 0, 1].reduce((inner, dy) => inner + (counts.get(key(shape, dx, dy)) ?? 0), 0), 0);
  const busiest = shapes.reduce((best, shape) => (around(shape) > around(best) ? shape : best), shapes[0]);
  const near = new Set([-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => key(busiest, dx, dy))));
  return shapes.filter((shape) => near.has(key(shape)));
}

/** The box of projected shapes as [[south, west], [north, east]]. */
function boundsOf(shapes) {
  const latitude = (y) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 256))) * 180) / Math.PI;
  const longitude = (x) => (x / 256) * 360 - 180;
  const box = shapes.reduce((b, s) => [Math.min(b[0], s.minX), Math.min(b[1], s.minY), Math.max(b[2], s.maxX), Math.max(b[3], s.maxY)],
    [Infinity, Infinity, -Infinity, -Infinity]);
  return [[latitude(box[3]), longitude(box[0])], [latitude(box[1]), longitude(box[2])]];
}

/**
 * The layer for `lines` (encoded polylines); the box around where most of them are
 * ([[south, west], [north, east]], null when empty) and how many lie `elsewhere`, outside
 * it. The canvas says how long its last drawing took in `data-draw-ms`.
 */
export function heatLayer(L, lines) {
  const shapes = lines.map((line) => project(decodePolyline(line))).filter((shape) => shape.xy.length >= 4);
  const most = shapes.length ? mostOf(shapes) : [];
  const bounds = most.length ? boundsOf(most) : null;
  const elsewhere = shapes.length - most.length;
  const Layer = L.Layer.extend({
    onAdd(map) {
      this.map = map;
      this.canvas = L.DomUtil.create('canvas', 'heat-canvas leaflet-zoom-hide');
      map.getPanes().overlayPane.appendChild(this.canvas);
      this.redraw = () => this.draw();
      map.on('moveend resize', this.redraw);
      this.draw();
    },
    onRemove(map) {
      map.off('moveend resize', this.redraw);
      this.canvas.remove();
    },
    draw() {
      const started = performance.now();
      const { map, canvas } = this;
      const size = map.getSize();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = size.x * ratio; canvas.height = size.y * ratio;
      canvas.style.width = `${size.x}px`; canvas.style.height = `${size.y}px`;
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      const context = canvas.getContext('2d');
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const scale = 2 ** map.getZoom();
      const origin = map.getPixelBounds().min;
      const [left, top, right, bottom] = [origin.x / scale, origin.y / scale, (origin.x + size.x) / scale, (origin.y + size.y) / scale];
      context.globalCompositeOperation = 'lighter';
      context.strokeStyle = 'rgba(255, 90, 20, 0.45)';
      context.lineWidth = map.getZoom() >= 13 ? 3 : 2;
      context.lineJoin = 'round';
      let drawn = 0;
      for (const shape of shapes) {
        if (shape.maxX < left || shape.minX > right || shape.maxY < top || shape.minY > bottom) continue;
        const { xy } = shape;
        // A stroke per line: overlaps add up only between strokes, and that is the heat.
        context.beginPath();
        context.moveTo(xy[0] * scale - origin.x, xy[1] * scale - origin.y);
        for (let i = 2; i < xy.length; i += 2) context.lineTo(xy[i] * scale - origin.x, xy[i + 1] * scale - origin.y);
        context.stroke();
        drawn += 1;
      }
      canvas.dataset.lines = String(drawn);
      canvas.dataset.drawMs = (performance.now() - started).toFixed(1);
    },
  });
  return { layer: new Layer(), bounds, elsewhere };
}
