// The profile's leaderboard among friends, and who is not on it and why: the server
// leaves out friends whose profile is private (GET /me/achievements/leaderboard), so the
// friends missing from the board are named with that reason, rather than a call to add
// friends one already has.
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
function names(users) {
  const all = users.map((user) => user.displayName);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : all[0];
}

/** Fills `board` (a card) with the friends' scores and a word on who is missing. */
export async function fillFriendsBoard(board) {
  const heading = h('h2', {}, 'Among friends');
  try {
    const [{ entries }, { friends }] = await Promise.all([api.friendsLeaderboard(), api.friends()]);
    const onBoard = new Set(entries.map((entry) => entry.user.id));
    const missing = friends.map((friend) => friend.user).filter((user) => !onBoard.has(user.id));
    const list = entries.length > 1
      ? h('ol', { class: 'list score-board' }, entries.map((entry) => h('li', { class: entry.isMe ? 'me' : '' },
        h('span', { class: 'rank' }, String(entry.rank)), h('span', { class: 'who' }, entry.isMe ? 'You' : entry.user.displayName),
        h('span', { class: 'muted' }, `${entry.badges} ★`), h('strong', {}, String(entry.points)))))
      : null;
    const note = missing.length
      ? h('p', { class: 'muted missing-friends' }, `${names(missing)} ${missing.length === 1 ? 'is' : 'are'} not shown: `
        + `${missing.length === 1 ? 'their profile is' : 'their profiles are'} private, and a private profile's score stays private.`)
      : !list ? h('p', { class: 'muted' }, 'Add ', h('a', { href: '#/friends' }, 'friends'), ' to compare scores.') : null;
    board.replaceChildren(...[heading, list, note, h('p', {}, h('a', { href: '#/feed' }, 'See what friends are up to'))].filter(Boolean));
  } catch (error) {
    board.replaceChildren(heading, h('p', { class: 'error' }, describe(error)));
  }
}
