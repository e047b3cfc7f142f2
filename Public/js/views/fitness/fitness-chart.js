// Fitness, fatigue and form over the days given, as three lines in one SVG: fitness and
// fatigue on one scale, form on the same scale around its zero line, dated at both ends.
import { h } from '../../ui.js';

/** The lines' names, keys and classes, in the order the legend reads them. */
export const LINES = [
  ['Fitness', 'fitness', 'line-fitness'],
  ['Fatigue', 'fatigue', 'line-fatigue'],
  ['Form', 'form', 'line-form'],
];

const WIDTH = 320, HEIGHT = 140, TOP = 6, BOTTOM = 6;

/** "12 Jun" of "2026-06-12". */
export const dayMonth = (date) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The chart of `days` ([{date, fitness, fatigue, form}], oldest first). */
export function fitnessChart(days) {
  const values = days.flatMap((day) => [day.fitness, day.fatigue, day.form]);
  const high = Math.max(10, ...values), low = Math.min(0, ...values);
  const x = (index) => (days.length > 1 ? (index / (days.length - 1)) * WIDTH : 0);
  const y = (value) => TOP + (1 - (value - low) / (high - low)) * (HEIGHT - TOP - BOTTOM);
  const path = (key) => days.map((day, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`).join(' ');
  const svg = h('svg', { class: 'fitness-lines', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    h('line', { class: 'zero', x1: 0, x2: WIDTH, y1: y(0).toFixed(1), y2: y(0).toFixed(1) }),
    LINES.map(([, key, name]) => h('path', { class: name, d: path(key), 'vector-effect': 'non-scaling-stroke' })));
  return h('div', { class: 'fitness-chart' },
    h('div', { class: 'fitness-scale muted', 'aria-hidden': 'true' }, [high, 0, ...(low < 0 ? [low] : [])].map((value) =>
      h('span', { style: `top: ${((y(value) / HEIGHT) * 100).toFixed(1)}%` }, String(Math.round(value))))),
    svg,
    h('div', { class: 'volume-axis muted' }, h('span', {}, dayMonth(days[0].date)), h('span', {}, 'today')));
}
