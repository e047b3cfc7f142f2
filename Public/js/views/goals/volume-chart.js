// The weekly volume of one sport over the last year, as bars: a week's distance each,
// this week's on the right, weeks without an activity empty; and this week's training load. From /me/stats' `weekly`
// (weeks from Monday, UTC, as the statistics count them).
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

const WEEKS = 52;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week holding `date`. */
function weekStart(date) {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
}

/** The chart of `weekly` ([{start: 'YYYY-MM-DD', distanceMeters}]) in `unit`; null when there is nothing to draw. */
export function volumeChart(weekly, unit, now = new Date()) {
  const byStart = new Map((weekly ?? []).map((week) => [Date.parse(`${week.start}T00:00:00Z`), week]));
  const last = weekStart(now);
  const weeks = Array.from({ length: WEEKS }, (_, index) => last - (WEEKS - 1 - index) * 7 * DAY)
    .map((start) => ({ start, meters: byStart.get(start)?.distanceMeters ?? 0 }));
  const most = Math.max(...weeks.map((week) => week.meters));
  if (!(most > 0)) return null;
  const active = weeks.filter((week) => week.meters > 0);
  const average = active.reduce((sum, week) => sum + week.meters, 0) / WEEKS;
  const load = Math.round(byStart.get(last)?.trainingLoad ?? 0);
  const width = 312, height = 96, gap = 1, bar = width / WEEKS - gap;
  const date = (start) => new Date(start).toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const svg = h('svg', { class: 'volume-bars', viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    weeks.map((week, index) => {
      const tall = Math.max(week.meters > 0 ? 2 : 0, (week.meters / most) * (height - 2));
      return h('rect', { x: (index * (bar + gap)).toFixed(2), y: (height - tall).toFixed(2), width: bar.toFixed(2), height: tall.toFixed(2),
        class: index === WEEKS - 1 ? 'this-week' : '', dataset: { week: new Date(week.start).toISOString().slice(0, 10), meters: String(Math.round(week.meters)) } });
    }));
  return h('figure', { class: 'volume', role: 'img',
    'aria-label': `Weekly distance over the last year: ${active.length} active weeks, ${units.distance(average, unit, 1)} a week on average, the most ${units.distance(most, unit, 1)}.` },
  h('figcaption', {}, h('strong', {}, 'Weekly distance, last 12 months'),
    h('span', { class: 'muted' }, `${units.distance(average, unit, 1)} a week on average · most ${units.distance(most, unit, 1)}`)),
  svg,
  h('div', { class: 'volume-axis muted' }, h('span', {}, date(weeks[0].start)), h('span', {}, 'this week')),
  h('p', { class: 'muted volume-load', title: 'Banister’s TRIMP: minutes weighted by how hard the heart worked (or, without heart rate, the pace)' },
    `Training load this week: ${load}`));
}
