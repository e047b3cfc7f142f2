// The analysis chart: one or two runs' pace (or speed), elevation or time along the
// distance, with a crosshair the runner drags (pointer or touch) to scrub through the run.
import { chartJS } from '../../vendor.js';
import { clock, unitMeters, unitName, speedValue, shortDistance } from '../../engine/core/units.js';
import { heightValue, usesPace } from '../shared/format.js';
import { percentile } from './series.js';

/** What each mode plots, in the user's units. */
function valueOf(mode, point, units, pace) {
  switch (mode) {
    case 'speed': {
      const speed = point.smoothSpeed;
      if (!Number.isFinite(speed)) return null;
      if (pace) return speed > 0.5 ? unitMeters(units) / speed : null;
      return speedValue(speed, units);
    }
    case 'elevation': return Number.isFinite(point.elevationMeters) ? heightValue(point.elevationMeters, units) : null;
    case 'time': return point.elapsedSeconds;
    case 'heartRate': return Number.isFinite(point.heartRate) ? point.heartRate : null;
    case 'cadence': return Number.isFinite(point.cadence) ? point.cadence : null;
    case 'power': return Number.isFinite(point.power) ? point.power : null;
    default: return null;
  }
}

/** Interpolated y of a dataset's {x, y} data at x (null in a gap). */
function yAt(data, x) {
  if (!data.length) return null;
  let low = 0, high = data.length - 1;
  if (x < data[0].x || x > data[high].x) return null;
  while (high - low > 1) { const m = (low + high) >> 1; if (data[m].x <= x) low = m; else high = m; }
  const a = data[low], b = data[high];
  if (a.y === null || b.y === null) return a.y ?? b.y;
  const f = b.x > a.x ? (x - a.x) / (b.x - a.x) : 0;
  return a.y + (b.y - a.y) * f;
}

const crosshair = {
  id: 'paceline-crosshair',
  afterDatasetsDraw(chart) {
    const x = chart.$cursor;
    if (x === null || x === undefined) return;
    const { ctx, chartArea: { top, bottom }, scales } = chart;
    const px = scales.x.getPixelForValue(x);
    ctx.save();
    ctx.strokeStyle = 'rgba(23, 32, 42, .6)';
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath(); ctx.moveTo(px, top); ctx.lineTo(px, bottom); ctx.stroke();
    ctx.setLineDash([]);
    chart.data.datasets.forEach((dataset) => {
      const y = yAt(dataset.data, x);
      if (y === null) return;
      ctx.beginPath();
      ctx.arc(px, scales.y.getPixelForValue(y), 5, 0, Math.PI * 2);
      ctx.fillStyle = '#fff'; ctx.fill();
      ctx.lineWidth = 3; ctx.strokeStyle = dataset.borderColor; ctx.stroke();
    });
    ctx.restore();
  },
};

/**
 * Makes the chart on `canvas`.
 * @param {{units: string, sport: string, onScrub: (meters: number) => void}} options
 */
export async function analysisChart(canvas, { units, sport, onScrub }) {
  const Chart = await chartJS();
  const pace = usesPace(sport);
  let mode = 'speed';
  let runs = [];  // [{points, colour, label}]
  const perUnit = unitMeters(units);
  const chart = new Chart(canvas, { type: 'line', data: { datasets: [] }, plugins: [crosshair], options: chartOptions(units) });

  function redraw() {
    chart.data.datasets = runs.map((run, index) => ({
      label: run.label,
      borderColor: run.colour,
      backgroundColor: run.colour + '22',
      fill: mode === 'elevation' && index === 0 ? 'start' : false,
      data: run.points.map((point) => ({ x: point.distanceMeters / perUnit, y: valueOf(mode, point, units, pace) })),
    }));
    const longest = Math.max(0, ...runs.map((run) => run.points.at(-1)?.distanceMeters ?? 0));
    chart.options.scales.x.max = longest / perUnit;
    chart.options.scales.x.ticks.callback = distanceTick(units, longest);
    chart.options.scales.y = yAxis(mode, chart.data.datasets.flatMap((dataset) => dataset.data.map((point) => point.y)), units, pace);
    chart.update('none');
    canvas.dataset.mode = mode;
    canvas.dataset.datasets = String(runs.length);
  }
  const scrubbing = scrub(canvas, chart, perUnit, onScrub);

  return {
    /** 'speed' (pace for runs and walks), 'elevation', 'time', or a sensor: 'heartRate', 'cadence', 'power'. */
    setMode(next) { mode = next; redraw(); },
    get mode() { return mode; },
    /** [{points (prepared series), colour, label}]: the run, then the one compared. */
    setRuns(next) { runs = next; redraw(); },
    /** Draws the crosshair at `meters`. */
    setCursor(meters) { chart.$cursor = meters / perUnit; chart.draw(); canvas.dataset.cursor = String(Math.round(meters)); },
    /** The plotted values at `meters`, per run (for tests and the readout). */
    valuesAt(meters) { return chart.data.datasets.map((dataset) => yAt(dataset.data, meters / perUnit)); },
    destroy() {
      scrubbing.stop();
      chart.destroy();
    },
    chart,
  };
}

/** The distance axis's labels: metres (yards) when the longest is under a km (mile), a race of 100 m say; else km (mi) to a tenth. */
function distanceTick(units, longestMeters) {
  const perUnit = unitMeters(units);
  return longestMeters < perUnit ? (value) => shortDistance(value * perUnit, units) : (value) => `${Number(value.toFixed(1))} ${unitName(units)}`;
}

/** Chart.js's options: no animation, no hover (the scrubbing replaces it), distance along x. */
function chartOptions(units) {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    normalized: true,
    events: [],  // the scrubbing below replaces hover and tooltips
    layout: { padding: { top: 8, right: 8 } },
    plugins: { legend: { display: false }, tooltip: { enabled: false } },
    elements: { point: { radius: 0 }, line: { borderWidth: 2.5, tension: 0.25 } },
    scales: {
      x: { type: 'linear', min: 0, grid: { display: false },
        ticks: { maxTicksLimit: 7, callback: (value) => `${Number(value.toFixed(1))} ${unitName(units)}` } },
      y: { grid: { color: '#edf1f4' }, ticks: { maxTicksLimit: 6 } },
    },
  };
}

/** The unit each sensor's axis reads in. */
const SENSOR_UNITS = { heartRate: 'bpm', cadence: 'spm or rpm', power: 'W' };

/** The y axis for `mode` over the plotted `values`: round ticks, pace upside down (faster is higher). */
function yAxis(mode, values, units, pace) {
  const y = { grid: { color: '#edf1f4' }, ticks: { maxTicksLimit: 6 } };
  if (mode === 'speed' && pace) {
    y.reverse = true;  // faster is higher
    y.ticks.callback = (value) => clock(value);
    const low = percentile(values, 0.02), high = percentile(values, 0.98);
    if (low !== null) {
      // Round ticks: every 15 s, 30 s, 1 min… whatever gives at most five.
      const step = [10, 15, 20, 30, 60, 120, 300, 600].find((candidate) => (high - low) / candidate <= 4) ?? 900;
      y.min = Math.max(0, Math.floor(low / step) * step);
      y.max = Math.ceil(high / step) * step;
      if (y.max === y.min) y.max += step;
      y.ticks.stepSize = step;
    }
    y.title = { display: true, text: `min/${unitName(units)}` };
  } else if (mode === 'speed') {
    y.beginAtZero = true;
    y.title = { display: true, text: units === 'imperial' ? 'mph' : 'km/h' };
  } else if (mode === 'elevation') {
    const low = percentile(values, 0), high = percentile(values, 1);
    if (low !== null) {
      const pad = Math.max(5, (high - low) * 0.2);
      const step = [5, 10, 20, 25, 50, 100, 200, 500].find((candidate) => (high - low + 2 * pad) / candidate <= 5) ?? 1000;
      y.min = Math.floor((low - pad) / step) * step; y.max = Math.ceil((high + pad) / step) * step;
      y.ticks.stepSize = step;
    }
    y.title = { display: true, text: units === 'imperial' ? 'ft' : 'm' };
  } else if (SENSOR_UNITS[mode]) {
    const low = percentile(values, 0.01), high = percentile(values, 0.99);
    if (low !== null) { y.min = Math.max(0, Math.floor((low - 5) / 10) * 10); y.max = Math.ceil((high + 5) / 10) * 10; }
    y.title = { display: true, text: SENSOR_UNITS[mode] };
  } else {
    y.beginAtZero = true;
    y.ticks.callback = (value) => clock(value);
    y.title = { display: true, text: 'time' };
  }
  y.title.color = '#5d6d7e';
  return y;
}

/**
 * Scrubbing: a mouse hovering or a finger dragging sideways (vertical drags still scroll
 * the page, by touch-action: pan-y) moves the crosshair, and so do the arrow keys; the view
 * moves the map's markers (`onScrub(meters)`). Returns {stop}.
 */
function scrub(canvas, chart, perUnit, onScrub) {
  let frame = 0, pendingX = null;
  function scrubTo(offsetX) {
    pendingX = offsetX;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const { left, right } = chart.chartArea;
      const px = Math.min(right, Math.max(left, pendingX));
      const value = chart.scales.x.getValueForPixel(px);
      onScrub(Math.max(0, value * perUnit));
    });
  }
  const onPointer = (event) => {
    if (event.type === 'pointerdown' && event.pointerType !== 'mouse') canvas.setPointerCapture?.(event.pointerId);
    scrubTo(event.offsetX);
  };
  const onKey = (event) => {
    const step = (chart.scales.x.max - chart.scales.x.min) / 50 * perUnit;
    const current = (chart.$cursor ?? 0) * perUnit;
    if (event.key === 'ArrowRight') onScrub(Math.min(chart.scales.x.max * perUnit, current + step));
    else if (event.key === 'ArrowLeft') onScrub(Math.max(0, current - step));
    else return;
    event.preventDefault();
  };
  canvas.addEventListener('pointerdown', onPointer);
  canvas.addEventListener('pointermove', onPointer);
  canvas.addEventListener('keydown', onKey);
  return {
    stop() {
      cancelAnimationFrame(frame);
      canvas.removeEventListener('pointerdown', onPointer);
      canvas.removeEventListener('pointermove', onPointer);
      canvas.removeEventListener('keydown', onKey);
    },
  };
}
