// The race after the results: each runner's pace (speed on a ride) along the distance, side
// by side, from the series the server's `results` carry (a point every 10 m of each
// runner's race), so the chart is the same right after the race and when the results are
// opened again later. Drawn by the analysis screen's chart (views/analysis/chart.js), one
// line per runner in their colour; dragging across it (or the arrow keys) reads out where
// each runner was at that distance: their time there and their pace.
import { analysisChart } from '../analysis/chart.js';
import { prepare, interpolate } from '../analysis/series.js';
import { clock, paceFromSpeed, speed } from '../../engine/core/units.js';
import { usesPace } from '../shared/format.js';
import { raceDistance } from './format.js';
import { h } from '../../ui.js';

/**
 * A runner's `series` ([{distanceMeters, seconds, speedMetersPerSecond}]) as the chart's
 * points; the gun's point (standing, no speed yet) is left out, so the line starts running.
 */
export function racePoints(series) {
  return prepare((series ?? [])
    .filter((point) => point.distanceMeters > 0 || point.speedMetersPerSecond > 0)
    .map((point) => ({ distanceMeters: point.distanceMeters, elapsedSeconds: point.seconds, speedMetersPerSecond: point.speedMetersPerSecond })));
}

/**
 * The chart ({element, destroy}), or null when no runner has two points.
 * @param results the `results` message
 * @param {{units: string, me: string, colourOf: (userId: string) => string}} options
 */
export function raceChart(results, { units, me, colourOf }) {
  const runners = results.entries.map((entry) => ({ entry, points: racePoints(entry.series) })).filter(({ points }) => points.length > 1);
  if (!runners.length) return null;
  const pace = usesPace(results.sport);
  const name = ({ entry }) => (entry.userId === me ? 'You' : entry.displayName);
  const canvas = h('canvas', { class: 'race-chart', tabindex: '0', role: 'img',
    'aria-label': `${pace ? 'Pace' : 'Speed'} along the distance of ${runners.map(name).join(', ')}: drag across it, or use the arrow keys, to compare them at any point` });
  const readout = h('div', { class: 'race-readout', 'aria-live': 'off' }, h('p', { class: 'muted hint' }, 'Drag across the chart to compare everyone at any point.'));
  const box = h('div', { class: 'card race-chart-box', dataset: { runners: String(runners.length) } },
    h('h2', {}, pace ? 'Pace along the way' : 'Speed along the way'),
    h('div', { class: 'legend' }, runners.map((runner) => h('span', { class: 'key' }, h('i', { style: `background:${colourOf(runner.entry.userId)}` }), name(runner)))),
    h('div', { class: 'race-chart-frame' }, canvas),
    readout);
  let chart = null;
  let destroyed = false;
  const show = (meters) => {
    chart?.setCursor(meters);
    readout.replaceChildren(readoutAt(meters, runners, { results, units, pace, name, colourOf }));
    readout.dataset.distance = String(Math.round(meters));
  };
  analysisChart(canvas, { units, sport: results.sport, onScrub: show }).then((made) => {
    if (destroyed) { made.destroy(); return; }
    chart = made;
    chart.setRuns(runners.map((runner) => ({ points: runner.points, colour: colourOf(runner.entry.userId), label: name(runner) })));
  }).catch((error) => { console.warn('race chart:', error); box.remove(); });
  return { element: box, destroy: () => { destroyed = true; chart?.destroy(); } };
}

/** "At 50 m", then each runner's time there and pace (or "did not get there"). */
function readoutAt(meters, runners, { results, units, pace, name, colourOf }) {
  return h('div', {},
    h('strong', {}, `At ${raceDistance(meters, results.distanceMeters, units)}`),
    h('ul', { class: 'race-readout-list' }, runners.map((runner) => {
      const here = interpolate(runner.points, 'distanceMeters', meters);
      const reached = here && meters <= runner.points.at(-1).distanceMeters;
      return h('li', { dataset: { userId: runner.entry.userId } },
        h('i', { class: 'dot', style: `background:${colourOf(runner.entry.userId)}` }),
        h('span', { class: 'runner-name' }, name(runner)),
        h('span', { class: 'muted' }, reached
          ? `${clock(here.elapsedSeconds)} · ${pace ? paceFromSpeed(here.smoothSpeed, units) : speed(here.smoothSpeed, units)}`
          : 'did not get there'));
    })));
}
