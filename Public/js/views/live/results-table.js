// A live session's results (`results` message) side by side: one column per runner, in
// the server's order (finishers by time, then those who gave up by distance).
import { clock, paceFromSpeed, speed } from '../../engine/core/units.js';
import { raceDistance } from './format.js';
import { h } from '../../ui.js';

/**
 * @param results the `results` message
 * @param {{units: string, me: string, colourOf: (userId: string) => string}} options
 */
export function resultsTable(results, { units, me, colourOf }) {
  const entries = results.entries;
  const assumed = entries.some((entry) => entry.weightAssumed);
  const cell = (entry, ...content) => h('td', { class: entry.userId === me ? 'me' : '' }, ...content);
  const row = (label, value) => h('tr', {}, h('th', { scope: 'row' }, label), entries.map((entry) => cell(entry, value(entry))));

  const table = h('table', { class: 'results-table' },
    h('thead', {}, h('tr', {}, h('th', {}, ''), entries.map((entry) => h('th', { scope: 'col', class: entry.userId === me ? 'me' : '', dataset: { userId: entry.userId } },
      h('span', { class: `rank rank-${entry.rank ?? 'none'}`, 'aria-label': entry.rank ? `Place ${entry.rank}` : 'Gave up' }, entry.rank ?? '–'),
      h('span', { class: 'runner-name' }, h('i', { class: 'dot', style: `background:${colourOf(entry.userId)}` }), entry.displayName,
        entry.userId === me ? h('span', { class: 'you' }, '(you)') : null))))),
    h('tbody', {},
      row('Place', (entry) => (entry.rank ? ordinal(entry.rank) : 'Gave up')),
      row('Time', (entry) => (entry.status === 'finished' ? h('strong', {}, preciseClock(entry.seconds)) : `${raceDistance(entry.distanceMeters, results.distanceMeters, units)} done`)),
      row('Average', (entry) => h('span', {}, speed(entry.averageSpeedMetersPerSecond, units), h('br'), h('span', { class: 'muted' }, paceFromSpeed(entry.averageSpeedMetersPerSecond, units)))),
      row('Top speed', (entry) => speed(entry.maxSpeedMetersPerSecond, units)),
      row('Calories', (entry) => `${Math.round(entry.kilocalories)} kcal${entry.weightAssumed ? ' *' : ''}`)));

  return h('div', { class: 'results' },
    h('div', { class: 'table-scroll' }, table),
    assumed ? h('p', { class: 'muted small footnote' }, '* Weight unknown: 70 kg assumed. Set your weight in Profile for your own calories.') : null);
}

/** "1st", "2nd", "3rd", "4th". */
function ordinal(n) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A race time with tenths under an hour: "0:21.4", so close finishes differ. */
export function preciseClock(seconds) {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds >= 3600) return clock(seconds);
  const tenths = Math.floor(seconds * 10) / 10;
  const minutes = Math.floor(tenths / 60);
  return `${minutes}:${(tenths - minutes * 60).toFixed(1).padStart(4, '0')}`;
}
