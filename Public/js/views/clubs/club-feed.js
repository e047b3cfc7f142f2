// A club's feed card: its members' activities the reader may see, newest first, a page at
// a time, shown as the main feed shows runs.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, describe } from '../../ui.js';
import { feedItem } from '../feed.js';

/** The card, which loads its first page. */
export function feedCard(club) {
  const list = h('ul', { class: 'list feed club-feed' });
  const status = h('div', { class: 'feed-status' });
  let cursor;
  async function load() {
    try {
      const { items, nextCursor } = await api.clubFeed(club.id, cursor);
      list.append(...items.map((entry) => feedItem(entry, session.units, session.profile?.id)).filter(Boolean));
      cursor = nextCursor;
      status.replaceChildren(nextCursor ? h('button', { type: 'button', class: 'ghost', name: 'load-more', onclick: load }, 'Load more')
        : list.children.length ? '' : h('p', { class: 'muted empty' }, 'No activities yet. Members’ activities shared with “Friends and my clubs” (or everyone) show here.'));
    } catch (error) {
      status.replaceChildren(h('p', { class: 'error' }, describe(error)));
    }
  }
  load();
  return h('section', { class: 'card club-feed-card' }, h('h2', {}, 'Latest activities'), list, status);
}
