// The race as a chart after the results: each runner's distance against time since the
// start, from the `progress` reports this screen received (a page opened at the results
// has none, and shows no chart). Drawn with Chart.js, each runner in their colour.
import { chartJS } from '../../vendor.js';
import { unitMeters, unitName, clock } from '../../engine/core/units.js';
import { h } from '../../ui.js';

/**
 * The chart ({element, destroy}), or null with fewer than two reports of anyone. `series`: userId →
 * [{seconds, meters}] in time order; `runners`: [{userId, displayName}].
 */
export function raceChart(series, runners, { units, colourOf }) {
  if (![...series.values()].some((points) => points.length > 1)) return null;
  const canvas = h('canvas', { class: 'race-chart', role: 'img',
    'aria-label': `Distance against time of ${runners.map((runner) => runner.displayName).join(', ')}` });
  const box = h('div', { class: 'card race-chart-box' }, h('h2', {}, 'Distance over time'), h('div', { class: 'race-chart-frame' }, canvas));
  let chart = null;
  let destroyed = false;
  chartJS().then((Chart) => {
    if (destroyed) return;
    chart = new Chart(canvas, {
      type: 'line',
      data: { datasets: runners.filter((runner) => series.get(runner.userId)?.length).map((runner) => ({
        label: runner.displayName, borderColor: colourOf(runner.userId), backgroundColor: colourOf(runner.userId),
        pointRadius: 0, borderWidth: 2.5, tension: 0.1,
        data: series.get(runner.userId).map((point) => ({ x: point.seconds, y: point.meters / unitMeters(units) })),
      })) },
      options: {
        animation: false, maintainAspectRatio: false, parsing: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', min: 0, title: { display: true, text: 'time' }, ticks: { callback: (value) => clock(value) } },
          y: { min: 0, title: { display: true, text: unitName(units) } },
        },
        plugins: { legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${item.parsed.y.toFixed(2)} ${unitName(units)} at ${clock(item.parsed.x)}` } } },
      },
    });
  }).catch(() => box.remove());
  return { element: box, destroy: () => { destroyed = true; chart?.destroy(); } };
}
