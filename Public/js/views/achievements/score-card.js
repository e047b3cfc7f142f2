// The profile's achievements: score with its breakdown, streak, the badges in tabs by what
// they measure (badge-tabs.js) and the leaderboard among friends (friends-board.js). Badges
// have Share buttons when the profile is public (share pages show a public profile's badges only).
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import { icon } from '../../icons.js';
import { badgeTabs } from './badge-tabs.js';
import { fillFriendsBoard } from './friends-board.js';

const PARTS = [['distance', 'Distance'], ['streak', 'Streaks'], ['group', 'Together'], ['discovery', 'Discoveries'], ['stage', 'Stages'], ['mission', 'Missions']];

/** "1 day", "12 days". */
function days(count) {
  return `${count} day${count === 1 ? '' : 's'}`;
}

/** The cards, filled when the server answers. */
export function achievementCards(profile, unit) {
  const score = h('div', { class: 'card score-card' }, h('h2', {}, 'Score'), h('p', { class: 'muted' }, 'Loading…'));
  const board = h('div', { class: 'card friends-board' }, h('h2', {}, 'Among friends'), h('p', { class: 'muted' }, 'Loading…'));
  const badges = h('div', { class: 'card badges-card' }, h('h2', {}, 'Badges'));
  (async () => {
    try {
      const mine = await api.achievements();
      const earned = mine.badges.filter((badge) => badge.earnedAt).length;
      score.replaceChildren(
        h('h2', {}, 'Score'),
        h('div', { class: 'score-total' }, h('strong', { id: 'score-total' }, String(mine.points.total)), h('span', {}, ' points')),
        h('p', { class: 'streak', id: 'streak' }, mine.streak.current
          ? [icon('flame'), ` ${mine.streak.current}-day streak (longest ${days(mine.streak.longest)})`]
          : `No streak going: be active today to start one${mine.streak.longest ? ` (longest ${days(mine.streak.longest)})` : ''}.`),
        h('ul', { class: 'points-breakdown' }, PARTS.filter(([key]) => mine.points[key]).map(([key, label]) =>
          h('li', { dataset: { part: key } }, h('span', {}, label), h('strong', {}, String(mine.points[key]))))));
      badges.replaceChildren(h('h2', {}, `Badges · ${earned} of ${mine.badges.length}`), badgeTabs(mine.badges, unit, { owner: profile.defaultPrivacy === 'public' ? profile : null }));
    } catch (error) {
      score.replaceChildren(h('h2', {}, 'Score'), h('p', { class: 'error' }, describe(error)));
    }
    await fillFriendsBoard(board);
  })();
  return { score, board, badges };
}
