// #/feed: friends' (and my) recent runs, walks, badges and mission milestones, newest first, as each one's
// privacy allows (the server decides), a page at a time.
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { h, mount, describe } from '../ui.js';
import { dayAndTime, runTitle, runFigures, sportName } from './shared/format.js';

const PAGE = 20;

/** "New record: 1 km, 5 km" when the run was its runner's fastest over them when recorded. */
export function newRecords(run) {
  if (!run.newRecords?.length) return null;
  return h('div', { class: 'new-records', dataset: { records: run.newRecords.join(',') } },
    h('span', { class: 'record-mark' }, run.newRecords.length === 1 ? 'New record' : 'New records'), ` ${run.newRecords.join(', ')}`);
}

/** One feed entry as a list item (a run, a badge, a mission milestone), or null for a kind this client does not know. */
export function feedItem(entry, unit, me) {
  const who = entry.user.id === me ? 'You' : entry.user.displayName;
  if (entry.kind === 'run' && entry.run) {
    const run = entry.run;
    return h('li', { class: 'feed-item feed-run', dataset: { run: run.id } },
      h('div', {}, h('strong', {}, who), ` · ${sportName(run.sport).toLowerCase()} · ${dayAndTime(entry.date)}`),
      h('a', { href: `#/runs/${run.id}` }, runTitle(run)),
      h('div', { class: 'muted' }, runFigures(run, unit)),
      newRecords(run));
  }
  if (entry.kind === 'badge' && entry.badge) {
    return h('li', { class: 'feed-item feed-badge', dataset: { badge: entry.badge.id } },
      h('div', {}, h('strong', {}, who), ` earned ★ ${entry.badge.name} · ${dayAndTime(entry.date)}`),
      h('div', { class: 'muted' }, entry.badge.rule),
      entry.badge.runId ? h('a', { href: `#/runs/${entry.badge.runId}` }, 'See the run') : '');
  }
  if (entry.kind === 'mission' && entry.mission) {
    const m = entry.mission;
    const what = m.kind === 'mission' ? `finished the mission ${m.missionName}`
      : m.kind === 'route' ? `completed ${m.name} on ${m.missionName}${m.medal ? ` (${m.medal})` : ''}`
        : `reached the end of stage ${m.name} on ${m.missionName}`;
    return h('li', { class: 'feed-item feed-mission', dataset: { mission: m.missionId } },
      h('div', {}, h('strong', {}, who), ` ${what} · ${dayAndTime(entry.date)}`),
      entry.user.id === me ? h('a', { href: `#/missions/${m.missionId}` }, 'See the journey') : '');
  }
  return null;  // a kind this client does not know yet
}

export function render() {
  const list = h('ul', { class: 'list feed' });
  const status = h('div', { class: 'feed-status' });
  mount(h('section', { class: 'page feed-page' }, h('h1', {}, 'Feed'), h('div', { class: 'card' }, list, status)));
  let disposed = false;
  let cursor;
  async function load() {
    status.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
    let items, nextCursor;
    try {
      ({ items, nextCursor } = await api.feed(cursor, PAGE));
    } catch (error) {
      if (!disposed) status.replaceChildren(h('p', { class: 'error' }, describe(error)), h('button', { type: 'button', class: 'ghost', onclick: load }, 'Try again'));
      return;
    }
    if (disposed) return;
    list.append(...items.map((entry) => feedItem(entry, session.units, session.profile?.id)).filter(Boolean));
    cursor = nextCursor;
    if (nextCursor) {
      status.replaceChildren(h('button', { type: 'button', class: 'ghost', name: 'load-more', onclick: load }, 'Load more'));
    } else if (!list.children.length) {
      status.replaceChildren(h('p', { class: 'muted empty' }, 'Nothing yet: runs and badges of you and your ', h('a', { href: '#/friends' }, 'friends'), ' show here.'));
    } else {
      status.replaceChildren();
    }
  }
  load();
  return () => { disposed = true; };
}
