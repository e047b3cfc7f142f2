// A club's challenges card: those running or to come, then those ended; each with what it
// asks, its dates, where it stands and the reader's progress toward its goal, opening the
// challenge's standings; its owner and admins set a new one.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, describe } from '../../ui.js';
import { icon } from '../../icons.js';
import { progressBar } from '../shared/progress-bar.js';
import { challengeValue, goalValue, share, statusText, summaryText } from './challenge-format.js';

/** The card, which loads the club's challenges. */
export function challengesCard(club) {
  const list = h('ul', { class: 'list club-challenges' });
  const status = h('p', { class: 'muted' }, 'Loading challenges…');
  const manages = club.role === 'owner' || club.role === 'admin';
  api.clubChallenges(club.id).then(({ challenges }) => {
    list.replaceChildren(...challenges.map((challenge) => challengeItem(club, challenge)));
    status.textContent = challenges.length ? '' : manages ? 'No challenge yet: set one for the month.' : 'No challenge yet.';
    status.hidden = challenges.length > 0;
  }).catch((error) => { status.textContent = describe(error); });
  return h('section', { class: 'card club-challenges-card' }, h('h2', {}, 'Challenges'), status, list,
    manages ? h('a', { class: 'button secondary', name: 'new-challenge', href: `#/clubs/${club.id}/challenges/new` }, 'Set a challenge') : null);
}

/** One challenge: its title, what it asks, where it stands and the reader's place. */
function challengeItem(club, challenge) {
  const unit = session.units;
  const part = share(challenge);
  const mine = challenge.you;
  const progress = challenge.together
    ? `Club: ${challengeValue(challenge.kind, challenge.total ?? 0, unit)} of ${goalValue(challenge.kind, challenge.goal, unit)}`
    : mine ? `You: ${challengeValue(challenge.kind, mine.value, unit)} · ${mine.rank} of ${challenge.participants}`
      : `${challenge.participants} taking part`;
  return h('li', { class: `club-challenge ${challenge.status}`, dataset: { challenge: challenge.id } },
    h('a', { href: `#/clubs/${club.id}/challenges/${challenge.id}` },
      h('span', { class: 'challenge-head' }, h('strong', {}, challenge.title),
        h('span', { class: 'pill' }, statusText(challenge))),
      h('span', { class: 'muted' }, summaryText(challenge, unit)),
      part === null ? null : progressBar(part, `${Math.round(part * 100)} % of the goal`),
      h('span', { class: 'challenge-progress' }, mine?.finished ? h('span', { class: 'finished' }, icon('check'), ' Finished · ') : null,
        progress, ` · ${challenge.finishers} finished`)));
}
