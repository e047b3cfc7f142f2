// The profile's club challenge badges: each challenge the user finished, with its club and
// the day, opening its standings. Seen by the user alone; the card stays hidden until one is earned.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';
import { icon } from '../../icons.js';
import { shortDate } from '../shared/format.js';

/** The card, which fills itself once the badges are read. */
export function challengeBadgesCard() {
  const card = h('div', { class: 'card challenge-badges-card', hidden: true });
  api.myChallengeBadges().then(({ badges }) => {
    if (!badges.length) return;
    card.replaceChildren(h('h2', {}, `Club challenges · ${badges.length} finished`),
      h('ul', { class: 'list challenge-badges' }, badges.map((badge) => h('li', { dataset: { challenge: badge.challengeId } },
        h('a', { href: `#/clubs/${badge.clubId}/challenges/${badge.challengeId}` },
          h('span', { class: 'award-medal', 'aria-hidden': 'true' }, icon('flag')),
          h('span', { class: 'challenge-badge-body' }, h('strong', {}, badge.title),
            h('span', { class: 'muted' }, `${badge.clubName} · finished ${shortDate(badge.finishedAt)}`)))))));
    card.hidden = false;
  }).catch(() => {});  // the rest of the profile stands without it
  return card;
}
