// A club's leaderboard card: this week or this month (UTC), one sport, one measure; it
// counts only the activities the reader may see, so members may see different boards.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, describe } from '../../ui.js';
import { SPORTS, sportName } from '../shared/format.js';
import { MEASURES, measureValue } from './club-format.js';

/** The card, which loads its board and again whenever a selector changes. */
export function boardCard(club) {
  const choice = { period: 'week', sport: 'run', measure: 'distance' };
  const table = h('ol', { class: 'list club-board', 'aria-live': 'polite' });
  const select = (name, options, key) => h('select', { name, 'aria-label': name.replace('board-', ''), onchange: (event) => {
    choice[key] = event.target.value;
    load(club, choice, table);
  } }, options.map(([value, label]) => h('option', { value, selected: value === choice[key] }, label)));
  const selectors = h('div', { class: 'board-choices' },
    select('board-period', [['week', 'This week'], ['month', 'This month']], 'period'),
    select('board-sport', SPORTS.map((sport) => [sport, sportName(sport)]), 'sport'),
    select('board-measure', MEASURES, 'measure'));
  load(club, choice, table);
  return h('section', { class: 'card club-board-card' }, h('h2', {}, 'Leaderboard'), selectors, table);
}

async function load(club, choice, table) {
  try {
    const board = await api.clubLeaderboard(club.id, choice);
    const me = session.profile?.id;
    table.replaceChildren(...(board.standings.length ? board.standings.map((standing) => h('li', {
      class: standing.user.id === me ? 'standing mine' : 'standing', dataset: { user: standing.user.id } },
    h('span', { class: 'rank' }, String(standing.rank)),
    h('span', { class: 'who' }, standing.user.id === me ? 'You' : standing.user.displayName),
    h('strong', { class: 'value' }, measureValue(choice.measure, standing.value, session.units))))
      : [h('li', { class: 'muted empty' }, `No ${sportName(choice.sport).toLowerCase()} yet ${choice.period === 'week' ? 'this week' : 'this month'}.`)]));
  } catch (error) {
    table.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}
