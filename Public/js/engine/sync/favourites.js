// The user's favourite routes kept on the device in step with the server: shown at once
// (offline too), then brought up to date by asking only for the favourites marked or
// unmarked since the last sync (`updatedSince`), the latest marked first; with no sync to
// start from, or when the server refuses the question, the whole list. The server counts
// marking and unmarking as the change, not a route's own figures (its runners, its
// average), so the whole list is read again once it is a day old.
import { api } from '../api/paceline.js';
import { keptList } from '../store/kept-list.js';
import { session } from '../store/session.js';
import { syncPoint } from './sync-point.js';

/** How old the last whole read may be before the next sync is one, ms. */
const WHOLE_EVERY_MS = 24 * 60 * 60 * 1000;

const list = () => keptList('favourites', session.profile?.id);

async function readWhole() {
  const { body, serverDate } = await api.favouritesKept();
  const kept = { syncedAt: syncPoint(serverDate), wholeAt: serverDate, items: body.routes };
  list().save(kept);
  return kept;
}

export const favourites = {
  /** The favourites as kept on this device ({items, syncedAt}), or null. */
  kept: () => list().load(),

  /** Brings the kept favourites up to date; a network failure (or a 5xx) rejects, the kept list standing. */
  async sync() {
    const kept = list().load();
    // (The phone's clock: wrong, it reads the whole list more or less often, no worse.)
    if (!kept?.syncedAt || !(Date.now() - Date.parse(kept.wholeAt) < WHOLE_EVERY_MS)) return readWhole();
    let answer;
    try {
      answer = await api.favouritesKept(kept.syncedAt);
    } catch (error) {
      if (error.isNetwork || error.status >= 500 || error.status === 401) throw error;
      return readWhole();
    }
    const { routes, removedIds } = answer.body;
    const gone = new Set([...removedIds, ...routes.map((route) => route.id)]);
    const synced = { ...kept, items: [...routes, ...kept.items.filter((route) => !gone.has(route.id))],
      syncedAt: syncPoint(answer.serverDate) ?? kept.syncedAt };
    list().save(synced);
    return synced;
  },
};
