// A segment's leaderboard card: each person's fastest effort (all time, this year, or the
// viewer and their friends), each row opening that run. `onFastest(seconds)` hears the
// all-time leader's time.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { shortDate } from '../shared/format.js';
import { effortPace } from './effort-format.js';

const BOARDS = [['all', 'everyone', 'All time'], ['year', 'everyone', 'This year'], ['all', 'friends', 'Friends']];

export function segmentBoard(segment, { unit, onFastest }) {
  const me = session.profile?.id;
  const board = h('div', { class: 'segment-board' });
  const boards = BOARDS.filter(([, scope]) => scope === 'everyone' || session.loggedIn);
  const switcher = h('div', { class: 'segmented', role: 'group', 'aria-label': 'Which leaderboard' },
    boards.map(([period, scope, label], index) => h('button', { type: 'button', 'aria-pressed': String(index === 0), dataset: { period, scope },
      onclick: (event) => {
        for (const button of switcher.children) button.setAttribute('aria-pressed', String(button === event.currentTarget));
        load(period, scope);
      } }, label)));

  function row(entry) {
    return h('tr', { class: entry.runner.id === me ? 'mine' : '' },
      h('td', {}, String(entry.rank)),
      h('td', {}, h('a', { href: `#/runs/${entry.runId}` }, entry.runner.id === me ? 'You' : entry.runner.displayName),
        h('span', { class: 'muted effort-date' }, shortDate(entry.date))),
      h('td', {}, effortPace(segment.distanceMeters, entry.elapsedSeconds, segment.sport, unit)),
      h('td', {}, units.clock(entry.elapsedSeconds)));
  }

  function empty(period, scope) {
    return h('p', { class: 'muted empty' }, scope === 'friends' ? 'Neither you nor your friends have run it yet.'
      : period === 'year' ? 'Nobody has run it this year yet.' : 'Nobody has run it yet.');
  }

  let asked = 0;  // the board last asked for: a slower earlier answer must not replace it
  async function load(period, scope) {
    const ask = ++asked;
    board.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const { entries } = await api.segmentLeaderboard(segment.id, { period, scope, limit: 50 });
      if (ask !== asked) return;
      if (period === 'all' && scope === 'everyone' && entries.length) onFastest(entries[0].elapsedSeconds);
      board.replaceChildren(entries.length
        ? h('table', { class: 'splits leaderboard' },
          h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Runner'), h('th', {}, segment.sport === 'ride' ? 'Speed' : 'Pace'), h('th', {}, 'Time'))),
          h('tbody', {}, entries.map(row)))
        : empty(period, scope));
    } catch (error) {
      if (ask !== asked) return;
      board.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: the leaderboard needs the network.' : describe(error)));
    }
  }

  load('all', 'everyone');
  return h('div', { class: 'card' }, h('h2', {}, 'Leaderboard'), h('p', { class: 'muted board-note' }, 'Each runner’s best effort.'), switcher, board);
}
