// What an activity earned, on its own page (the owner's): its points, with where they came
// from (its distance, its day in a streak, the points of interest found on it), and the
// badges it earned. Hidden until read; an activity that earned nothing says so quietly.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';
import { icon } from '../../icons.js';

const PARTS = [['distance', 'for its distance'], ['streak', 'for its day in your streak'], ['discovery', 'for points of interest found']];

/** "1 point", "52 points". */
const pointsText = (total) => `${total} ${total === 1 ? 'point' : 'points'}`;

/** The card for run `runId` when `owned`, else null. */
export function earnedCard(runId, owned) {
  if (!owned) return null;
  const card = h('section', { class: 'card earned-card', hidden: true });
  api.runBadges(runId).then(({ badges, points }) => {
    const parts = PARTS.filter(([key]) => points?.[key]).map(([key, label]) => h('li', { dataset: { part: key } },
      h('strong', {}, `${points[key]}`), ` ${label}`));
    card.replaceChildren(...[h('h2', {}, 'Earned'),
      h('p', { class: 'earned-points' }, h('strong', {}, pointsText(points?.total ?? 0))),
      parts.length ? h('ul', { class: 'earned-parts muted' }, parts) : null,
      badges.length ? h('ul', { class: 'earned-badges' }, badges.map((badge) => h('li', { dataset: { badge: badge.id } },
        h('span', { class: 'award-medal', 'aria-hidden': 'true' }, icon('star')), h('span', {}, badge.name)))) : null,
      h('a', { href: '#/profile', class: 'small' }, 'All your badges and points')].filter(Boolean));
    card.hidden = false;
  }).catch(() => {});  // the page stands without it
  return card;
}
