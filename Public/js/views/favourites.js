// #/favourites: the runner's favourite routes, kept on the device and synced
// (engine/sync/favourites.js): the kept list at once, then what changed since. Changes made
// offline (in the outbox) show at once.
import { api } from '../engine/api/paceline.js';
import { outbox } from '../engine/api/outbox.js';
import { session } from '../engine/store/session.js';
import { favourites } from '../engine/sync/favourites.js';
import { h, mount, toast, describe } from '../ui.js';
import * as units from '../engine/core/units.js';
import { shareButton } from './achievements/share.js';
import { runShape } from './shared/run-shape.js';

export function render() {
  const unit = session.units;
  const list = h('ul', { class: 'list favourites' });
  const note = h('p', { class: 'muted favourites-note' });
  const hint = h('p', { class: 'muted', hidden: true }, 'Tap a route to open it on the map.');
  const body = h('div', { class: 'card' }, h('p', { class: 'muted' }, 'Loading your favourites…'));
  mount(h('section', { class: 'page favourites-page' }, h('h1', {}, 'Favourites'),
    hint, note, body));

  let disposed = false;
  let routes = [];  // what the server said, plus routes favoured offline

  function draw(pending) {
    const shown = routes.filter((route) => pending.get(route.id) !== false);
    hint.hidden = !shown.length;
    if (!shown.length) {
      body.replaceChildren(h('p', { class: 'muted empty' }, 'No favourites yet: open a route on the ',
        h('a', { href: '#/activity' }, 'map'), ' and tap ♥ to keep it here.'));
      return;
    }
    list.replaceChildren(...shown.map((route) => item(route, pending.has(route.id), unit, remove)));
    body.replaceChildren(list);
  }

  async function remove(route) {
    await outbox.favourite(route.id, false);
    if (disposed) return;
    draw(await outbox.pendingFavourites());
    toast(`Removed ${route.name || 'the route'} from favourites`);
  }

  async function load() {
    const kept = favourites.kept();
    if (kept) await show(kept.items);
    try {
      const synced = await favourites.sync();
      note.textContent = '';
      await show(synced.items);
    } catch (error) {
      if (disposed) return;
      if (!kept) {
        body.replaceChildren(h('p', { class: 'error', role: 'alert' }, error.isNetwork
          ? 'No connection: your favourites will show when you are back online.' : describe(error)),
        h('button', { type: 'button', class: 'ghost', onclick: load }, 'Try again'));
        return;
      }
      note.textContent = error.isNetwork ? `Offline: the list as of ${units.date(kept.syncedAt)}.` : describe(error);
    }
  }

  /** The list `known`, with the routes favoured offline that are not in it yet (fetched when we can). */
  async function show(known) {
    const pending = await outbox.pendingFavourites();
    const missing = [...pending].filter(([id, favourite]) => favourite && !known.some((route) => route.id === id)).map(([id]) => id);
    const added = await Promise.all(missing.map((id) => api.route(id).then((detail) => detail.route, () => ({ id, name: 'A route (details when online)' }))));
    routes = [...added, ...known];
    if (!disposed) draw(await outbox.pendingFavourites());
  }

  // When the outbox has sent a change, the list is what the server says again.
  const stop = outbox.onDone((sent) => { if (sent.kind === 'favourite' && !disposed) load(); });
  load();
  return () => { disposed = true; stop(); };
}

/** A favourite route: name, facts, waiting to send, Share when public, and ♥ to remove it. */
function item(route, pending, unit, remove) {
  const facts = [
    units.distance(route.distanceMeters, unit),
    route.runners !== undefined ? `${route.runners} runner${route.runners === 1 ? '' : 's'}` : null,
    Number.isFinite(route.averageElapsedSeconds) ? `average ${units.clock(route.averageElapsedSeconds)}` : null,
  ].filter(Boolean).join(' · ');
  return h('li', { dataset: { route: route.id } },
    h('a', { class: 'route-link', href: `#/activity?route=${route.id}` }, runShape(route.shape),
      h('span', { class: 'route-text' }, h('span', { class: 'route-name' }, route.name || 'Unnamed route', h('span', { class: 'chevron', 'aria-hidden': 'true' }, ' ›')),
      h('span', { class: 'route-facts' }, facts),
      pending ? h('span', { class: 'pending' }, 'waiting to send') : '')),
    route.privacy === 'public' ? shareButton(`/share/routes/${route.id}`, route.name || 'A route on Paceline', 'route') : '',
    h('button', { type: 'button', class: 'heart', name: 'unfavourite', 'aria-pressed': 'true',
      'aria-label': `Remove ${route.name || 'this route'} from favourites`, title: 'Remove from favourites',
      onclick: () => remove(route) }, '♥'));
}
