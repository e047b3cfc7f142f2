// The summary's chart, right after End and offline: pace (or speed) and elevation along the
// distance, from the phone's own series of the run (`engine/recording/run-series.js`), the
// analysis chart itself; dragging it places the point on the summary's map. The activity's
// page shows the server's series once it is saved.
import { h } from '../../ui.js';
import { usesPace } from '../shared/format.js';
import { analysisChart } from './chart.js';
import { interpolate, prepare } from './series.js';

const COLOUR = '#1f6feb';

/**
 * The chart card of `series` (SeriesPoint-shaped) for a `sport` activity in `units`;
 * `place(latitude, longitude)` shows a point on the map. Call `draw()` once it is on the
 * page; `destroy()` when the screen goes. Null with fewer than two points.
 */
export function summaryChart(series, { sport, units, place }) {
  if (series.length < 2) return null;
  const points = prepare(series);
  const canvas = h('canvas', { class: 'analysis-chart', id: 'summary-chart', tabindex: '0', role: 'img',
    'aria-label': 'Chart along the run: drag across it to see each point on the map' });
  const hint = h('p', { class: 'hint muted' }, 'Drag across the chart to see where you were.');
  let chart = null;
  const modes = [['speed', usesPace(sport) ? 'Pace' : 'Speed'],
    ...(points.some((point) => Number.isFinite(point.elevationMeters)) ? [['elevation', 'Elevation']] : [])];
  const switcher = h('div', { class: 'segmented', role: 'group', 'aria-label': 'What the chart shows' },
    modes.map(([mode, label]) => h('button', { type: 'button', 'aria-pressed': String(mode === 'speed'), dataset: { mode },
      onclick: () => {
        chart?.setMode(mode);
        for (const button of switcher.children) button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
      } }, label)));
  const element = h('div', { class: 'card chart-card summary-chart-card' }, h('div', { class: 'chart-top' }, switcher),
    h('div', { class: 'chart-box' }, canvas), hint);
  return {
    element,
    async draw() {
      chart = await analysisChart(canvas, { units, sport, onScrub: (meters) => {
        const here = interpolate(points, 'distanceMeters', Math.min(meters, points.at(-1).distanceMeters));
        chart.setCursor(here.distanceMeters);
        hint.remove();
        place(here.latitude, here.longitude);
      } });
      chart.setRuns([{ points, colour: COLOUR, label: 'This run' }]);
    },
    destroy() { chart?.destroy(); },
  };
}
