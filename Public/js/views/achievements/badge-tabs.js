// The profile's badges in tabs by what they measure (each badge's `family`): Distance,
// Time, Stages and Missions, each tab saying how many of its badges are earned and showing
// its own shelf (badges.js: the earned ones first). A family the app does not know yet (a
// newer server) goes in a More tab, so no badge is ever left out.
import { tabs } from '../shared/tabs.js';
import { badgeShelf } from './badges.js';

/** Each tab and the families it holds, in the order shown. */
export const BADGE_TABS = [
  { key: 'distance', label: 'Distance', families: ['distance', 'longest', 'records', 'routes'],
    empty: 'None earned yet: every kilometre on foot counts toward the first.' },
  { key: 'time', label: 'Time', families: ['time', 'streak', 'group'],
    empty: 'None earned yet: an hour on the move earns the first.' },
  { key: 'stages', label: 'Stages', families: ['stages', 'discoveries'],
    empty: 'None earned yet: finish a mission stage, or discover a plaque on a walk.' },
  { key: 'missions', label: 'Missions', families: ['missions', 'goldMissions'],
    empty: 'None earned yet: complete a mission to earn the first.' },
];

/** The badges in tabs; `options` as badgeShelf's (`owner` for Share buttons). */
export function badgeTabs(badges, unit, options = {}) {
  const known = new Set(BADGE_TABS.flatMap((tab) => tab.families));
  const groups = [...BADGE_TABS, { key: 'more', label: 'More', families: null, empty: 'None earned yet.' }]
    .map((tab) => ({ ...tab, badges: badges.filter((badge) => (tab.families ? tab.families.includes(badge.family) : !known.has(badge.family))) }))
    .filter((tab) => tab.badges.length);
  return tabs(groups.map((tab) => ({
    key: tab.key,
    label: tab.label,
    note: `${tab.badges.filter((badge) => badge.earnedAt).length} of ${tab.badges.length}`,
    panel: badgeShelf(tab.badges, unit, { ...options, empty: tab.empty }),
  })), { name: 'badges', label: 'Badges by kind' });
}
