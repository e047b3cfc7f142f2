// Blocked people, in the profile's settings: who the user blocked (from a comment), each
// with Unblock. A blocked person sees nothing of the user's, cannot comment, give kudos,
// ask to be friends or invite; unblocking doesn't make them friends again.
import { api } from '../../engine/api/paceline.js';
import { h, describe, toast } from '../../ui.js';

/** The collapsible "Blocked people" section, read when opened. */
export function blockedSection() {
  const list = h('ul', { class: 'list blocked-list' });
  async function load() {
    try {
      const { users } = await api.blocked();
      list.replaceChildren(...(users.length ? users.map((user) => h('li', { class: 'spread' },
        h('span', {}, user.displayName),
        h('button', { type: 'button', class: 'ghost small', name: 'unblock', onclick: async () => {
          try { await api.unblock(user.id); toast(`${user.displayName} is unblocked`); load(); } catch (error) { toast(describe(error), { error: true }); }
        } }, 'Unblock')))
        : [h('li', { class: 'muted empty' }, 'Nobody. Block someone from one of their comments.')]));
    } catch (error) {
      list.replaceChildren(h('li', { class: 'error' }, describe(error)));
    }
  }
  return h('details', { class: 'blocked-people', ontoggle: (event) => { if (event.target.open) load(); } },
    h('summary', {}, 'Blocked people'),
    h('p', { class: 'muted' }, 'They see nothing of yours, and can\'t comment, give kudos, ask to be friends or invite you.'),
    list);
}
