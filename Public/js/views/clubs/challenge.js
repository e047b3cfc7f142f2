// #/clubs/ID/challenges/CID: a club challenge. What it asks and when, the club's total
// toward a goal together, the reader's place, and the standings (each member's total or
// fastest time, finishers marked, a fastest time opening its activity); the owner and
// admins may delete it. Only activities members let the whole club see count: the page says so.
import { api } from '../../engine/api/paceline.js';
import { go } from '../../router.js';
import { session } from '../../engine/store/session.js';
import { h, mount, toast, describe } from '../../ui.js';
import { icon } from '../../icons.js';
import { progressBar } from '../shared/progress-bar.js';
import { sportPlural } from '../shared/format.js';
import { challengeValue, fewestFirst, goalValue, share, statusText, summaryText } from './challenge-format.js';

export async function render({ clubId, challengeId }) {
  mount(h('section', { class: 'page challenge' }, h('p', { class: 'muted' }, 'Loading…')));
  let club, challenge;
  try {
    [club, challenge] = await Promise.all([api.club(clubId), api.clubChallenge(clubId, challengeId)]);
  } catch (error) {
    mount(h('section', { class: 'page challenge' }, h('h1', {}, 'Challenge'),
      h('p', { class: 'error' }, error.status === 404 ? 'No such challenge: it may have been deleted.' : describe(error))));
    return;
  }
  const unit = session.units;
  mount(h('section', { class: 'page challenge', dataset: { challenge: challenge.id } },
    h('p', { class: 'muted' }, h('a', { href: `#/clubs/${club.id}` }, club.name)),
    h('h1', {}, challenge.title),
    h('p', { class: 'challenge-summary' }, summaryText(challenge, unit), ' · ', h('strong', {}, statusText(challenge))),
    challenge.description ? h('p', { class: 'club-description' }, challenge.description) : null,
    progressCard(challenge, unit),
    h('section', { class: 'card' }, h('h2', {}, 'Standings'),
      h('p', { class: 'muted small' }, `${fewestFirst(challenge.kind) ? 'Each member’s fastest time' : 'Each member’s total'}, from the ${sportPlural(challenge.sport).toLowerCase()} they share with the club (public, or friends and clubs). Private and friends-only activities don’t count.`),
      standingsList(challenge, unit)),
    club.role === 'owner' || club.role === 'admin' ? deleteButton(club, challenge) : null));
}

/** The goal's progress (the club's, together) and the reader's place. */
function progressCard(challenge, unit) {
  const part = share(challenge);
  const mine = challenge.you;
  const value = (number) => challengeValue(challenge.kind, number, unit);
  const lines = [
    challenge.together ? h('p', { class: 'challenge-total' },
      `The club: ${value(challenge.total ?? 0)} of ${goalValue(challenge.kind, challenge.goal, unit)}`) : null,
    part === null ? null : progressBar(part, `${Math.round(part * 100)} % of the goal`),
    mine
      ? h('p', { class: 'challenge-you' }, mine.finished ? h('span', { class: 'finished' }, icon('check'), ' You finished · ') : null,
        `You: ${value(mine.value)} · ${mine.rank} of ${challenge.participants}`)
      : h('p', { class: 'muted challenge-you' }, challenge.status === 'upcoming' ? 'It has not started yet.' : 'Nothing of yours counts yet.'),
    h('p', { class: 'muted' }, `${challenge.participants} taking part · ${challenge.finishers} finished`),
  ];
  return h('section', { class: 'card challenge-progress-card' }, ...lines.filter(Boolean));
}

/** The standings, best first; a finisher has a tick; a fastest time opens its activity. */
function standingsList(challenge, unit) {
  const me = session.profile?.id;
  if (!challenge.standings?.length) return h('p', { class: 'muted empty' }, 'Nobody yet.');
  return h('ol', { class: 'list challenge-standings' }, challenge.standings.map((standing) => {
    const value = challengeValue(challenge.kind, standing.value, unit);
    return h('li', { class: standing.user.id === me ? 'standing mine' : 'standing', dataset: { user: standing.user.id } },
      h('span', { class: 'rank' }, String(standing.rank)),
      h('span', { class: 'who' }, standing.user.id === me ? 'You' : standing.user.displayName,
        h('span', { class: 'muted small' }, ` · ${standing.activities} ${standing.activities === 1 ? 'activity' : 'activities'}`)),
      standing.finished ? h('span', { class: 'finished', title: 'Finished', 'aria-label': 'Finished' }, icon('check')) : h('span'),
      h('strong', { class: 'value' }, standing.runId ? h('a', { href: `#/runs/${standing.runId}` }, value) : value));
  }));
}

function deleteButton(club, challenge) {
  return h('button', { type: 'button', class: 'ghost leave', name: 'delete-challenge', onclick: async () => {
    if (!confirm(`Delete “${challenge.title}”? Its standings and its finishers’ badges go with it.`)) return;
    try {
      await api.deleteClubChallenge(club.id, challenge.id);
      toast('Challenge deleted');
      go(`#/clubs/${club.id}`);
    } catch (error) { toast(describe(error), { error: true }); }
  } }, 'Delete challenge');
}
