// A live session's results (`results` message) side by side: one column per runner, in
// the server's order (finishers by time, then those who gave up by distance).
import { clock, paceFromSpeed, speed } from '../../engine/core/units.js';
import { raceDistance } from './format.js';
import { ordinal } from '../../engine/live/race-speaker.js';
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

/**
 * Who won what: the fastest time (finishers), the best average pace, the top speed and the
 * most calories, each with its runner and figure. A stat no one has is left out, and so is
 * one where the best figure, as shown, is shared (68 and 68 kcal): a tie awards no one, as
 * "most" names the one runner who did more than everyone else, and a prize handed out on a
 * decimal the screen does not show would look arbitrary.
 */
export function statWinners(results, { units }) {
  const finished = results.entries.filter((entry) => entry.status === 'finished');
  const stats = [
    ['time', 'Fastest', finished, (entry) => entry.seconds, (a, b) => a < b, (entry) => preciseClock(entry.seconds)],
    ['pace', 'Best average pace', results.entries, (entry) => entry.averageSpeedMetersPerSecond, (a, b) => a > b,
      (entry) => paceFromSpeed(entry.averageSpeedMetersPerSecond, units)],
    ['speed', 'Top speed', results.entries, (entry) => entry.maxSpeedMetersPerSecond, (a, b) => a > b, (entry) => speed(entry.maxSpeedMetersPerSecond, units)],
    ['calories', 'Most calories', results.entries, (entry) => entry.kilocalories, (a, b) => a > b, (entry) => `${Math.round(entry.kilocalories)} kcal`],
  ];
  return stats.flatMap(([stat, label, entries, value, better, figure]) => {
    const winner = soleBest(entries, value, better, figure);
    return winner ? [{ stat, label, userId: winner.userId, displayName: winner.displayName, figure: figure(winner) }] : [];
  });
}

/** The entry whose `value` is `better` than every other's, unless another's `figure` reads the same; else null. */
function soleBest(entries, value, better, figure) {
  const measured = entries.filter((entry) => Number.isFinite(value(entry)));
  const winner = measured.reduce((best, entry) => (!best || better(value(entry), value(best)) ? entry : best), null);
  return winner && !measured.some((entry) => entry !== winner && figure(entry) === figure(winner)) ? winner : null;
}

/** The winners as a list: "Fastest · Ann · 2:08.2". */
export function winnersList(results, { units, me, colourOf }) {
  return h('ul', { class: 'stat-winners' }, statWinners(results, { units }).map((win) => h('li', { dataset: { stat: win.stat } },
    h('span', { class: 'muted' }, win.label),
    h('strong', {}, h('i', { class: 'dot', style: `background:${colourOf(win.userId)}` }), win.userId === me ? 'You' : win.displayName),
    h('span', {}, win.figure))));
}

/** A race time with tenths under an hour: "0:21.4", so close finishes differ. */
export function preciseClock(seconds) {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds >= 3600) return clock(seconds);
  const tenths = Math.floor(seconds * 10) / 10;
  const minutes = Math.floor(tenths / 60);
  return `${minutes}:${(tenths - minutes * 60).toFixed(1).padStart(4, '0')}`;
}
