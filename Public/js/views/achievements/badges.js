// Badges as the profile shows them: earned ones with their date, the others with a
// progress bar, their rule and how far there is to go (people asked to see what they
// could earn).
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { shortDate } from '../shared/format.js';
import { shareButton } from './share.js';

/** A family's measure for people: distances in km or mi, time in hours, days, counts. */
export function measure(family, value, unit) {
  if (family === 'distance' || family === 'longest') return units.distance(value, unit, value >= 100_000 ? 0 : 1);
  if (family === 'time') return `${(value / 3600).toFixed(value >= 36_000 ? 0 : 1)} h`;
  if (family === 'streak') return `${Math.round(value)} day${Math.round(value) === 1 ? '' : 's'}`;
  return String(Math.round(value));
}

/** One badge: earned (with its date, a link to its run and a share button) or in progress. */
export function badgeTile(badge, unit, { owner } = {}) {
  const earned = Boolean(badge.earnedAt);
  const fraction = Math.max(0, Math.min(1, badge.current / badge.target));
  return h('li', { class: `award ${earned ? 'earned' : 'locked'}`, dataset: { badge: badge.id, family: badge.family } },
    h('div', { class: 'award-medal', 'aria-hidden': 'true' }, earned ? '★' : `${Math.floor(fraction * 100)}%`),
    h('div', { class: 'award-body' },
      h('strong', { class: 'award-name' }, badge.name),
      h('p', { class: 'award-rule muted' }, badge.rule),
      earned
        ? h('p', { class: 'award-earned' }, 'Earned ', badge.runId ? h('a', { href: `#/runs/${badge.runId}` }, shortDate(badge.earnedAt)) : shortDate(badge.earnedAt),
          owner ? shareButton(`/share/badges/${owner.id}/${badge.id}`, `${badge.name} on Paceline`, 'badge') : '')
        : h('div', { class: 'award-progress' },
          h('progress', { max: 1, value: fraction, 'aria-label': `${badge.name}: ${Math.floor(fraction * 100)} %` }),
          h('span', { class: 'muted' }, `${measure(badge.family, badge.current, unit)} of ${measure(badge.family, badge.target, unit)}`))));
}

/** How many badges not yet earned the shelf shows before "All badges". */
export const NEXT_SHOWN = 3;

/**
 * The badge shelf (of one tab, badge-tabs.js): the earned ones (newest first), the
 * `NEXT_SHOWN` closest to being earned with their progress, and every other one behind "All
 * the other badges", so a newcomer sees what is next rather than a wall of badges at 0 %.
 * `options.empty` is what it says when none is earned yet.
 */
export function badgeShelf(badges, unit, options = {}) {
  const earned = badges.filter((badge) => badge.earnedAt).sort((a, b) => b.earnedAt.localeCompare(a.earnedAt));
  const open = badges.filter((badge) => !badge.earnedAt).sort((a, b) => b.current / b.target - a.current / a.target);
  const grid = (list, name) => h('ul', { class: `awards ${name}` }, list.map((badge) => badgeTile(badge, unit, options)));
  const rest = open.slice(NEXT_SHOWN);
  return [
    earned.length ? grid(earned, 'awards-earned') : h('p', { class: 'muted awards-none' }, options.empty ?? 'No badges yet: your first run or walk earns the first.'),
    open.length ? h('h3', { class: 'awards-next-title' }, 'Next up') : null,
    open.length ? grid(open.slice(0, NEXT_SHOWN), 'awards-next') : null,
    rest.length ? h('details', { class: 'all-badges' }, h('summary', {}, `All the other badges (${rest.length})`), grid(rest, 'awards-rest')) : null,
  ].filter(Boolean);  // replaceChildren would show a null as the text "null"
}
