// The profile's achievements: score with its breakdown, streak, the badge shelf and the
// leaderboard among friends. Badges have Share buttons when the profile is public (share
// pages show a public profile's badges only).
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import { badgeShelf } from './badges.js';

const PARTS = [['distance', 'Distance'], ['streak', 'Streaks'], ['group', 'Together'], ['discovery', 'Discoveries'], ['stage', 'Stages'], ['mission', 'Missions']];

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
          ? `🔥 ${mine.streak.current}-day streak (longest ${mine.streak.longest})`
          : `No streak going: be active today to start one${mine.streak.longest ? ` (longest ${mine.streak.longest} days)` : ''}.`),
        h('ul', { class: 'points-breakdown' }, PARTS.filter(([key]) => mine.points[key]).map(([key, label]) =>
          h('li', { dataset: { part: key } }, h('span', {}, label), h('strong', {}, String(mine.points[key]))))));
      badges.replaceChildren(h('h2', {}, `Badges · ${earned} of ${mine.badges.length}`), ...badgeShelf(mine.badges, unit, { owner: profile.defaultPrivacy === 'public' ? profile : null }));
    } catch (error) {
      score.replaceChildren(h('h2', {}, 'Score'), h('p', { class: 'error' }, describe(error)));
    }
    try {
      const { entries } = await api.friendsLeaderboard();
      board.replaceChildren(h('h2', {}, 'Among friends'),
        entries.length > 1
          ? h('ol', { class: 'list score-board' }, entries.map((entry) => h('li', { class: entry.isMe ? 'me' : '' },
            h('span', { class: 'rank' }, String(entry.rank)), h('span', { class: 'who' }, entry.isMe ? 'You' : entry.user.displayName),
            h('span', { class: 'muted' }, `${entry.badges} ★`), h('strong', {}, String(entry.points)))))
          : h('p', { class: 'muted' }, 'Add ', h('a', { href: '#/friends' }, 'friends'), ' to compare scores.'),
        h('p', {}, h('a', { href: '#/feed' }, 'See what friends are up to')));
    } catch (error) {
      board.replaceChildren(h('h2', {}, 'Among friends'), h('p', { class: 'error' }, describe(error)));
    }
  })();
  return { score, board, badges };
}
