// The outbox: uploads and favourite changes, kept in IndexedDB and sent in the order they
// were made. Each carries an idempotency key (uploads) or is idempotent by nature
// (favourites are PUT/DELETE), so a retry after a lost answer never makes a second run.
// Offline, they wait; `flush` runs when the network returns (and every 30 s as a fallback).
import { api } from './paceline.js';
import { all, put, remove } from '../store/db.js';
import { session } from '../store/session.js';

const listeners = new Set();
const doneListeners = new Set();
let flushing = null;

/** The current user's items (another user's wait for them to log in again). */
async function mine() {
  const owner = session.profile?.id;
  return (await all('outbox')).filter((item) => item.owner === owner);
}

async function waiting() {
  return (await mine()).filter((item) => item.state !== 'failed');
}

async function announce() {
  const count = (await waiting()).length;
  listeners.forEach((listener) => listener(count));
}

function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * Carries out one item, step by step; the steps done are saved, so a retry resumes where
 * the last attempt stopped.
 */
async function send(item) {
  if (item.kind === 'favourite') {
    if (item.favourite) await api.addFavourite(item.routeId); else await api.removeFavourite(item.routeId);
    return { routeId: item.routeId, favourite: item.favourite };
  }
  // An upload: the run, then what the runner asked for it (a new route, or the route followed).
  if (!item.run) {
    item.run = await api.uploadRun(item.upload, item.key);
    await put('outbox', item);
  }
  const run = item.run;
  if (item.then?.createRoute && !item.route) {
    try {
      item.route = await api.createRoute(run.id, item.then.name);
    } catch (error) {
      if (error.status !== 409) throw error;
      item.route = { id: (await api.run(run.id)).routeId };  // the last attempt made it
    }
    await put('outbox', item);
  }
  if (item.then?.addToRoute && !item.routeRun) {
    try {
      item.routeRun = await api.addRouteRun(item.then.addToRoute, run.id);
    } catch (error) {
      if (error.status !== 409) throw error;
      item.routeRun = { routeId: item.then.addToRoute, runId: run.id };
    }
    await put('outbox', item);
  }
  return { run, route: item.route, routeRun: item.routeRun };
}

export const outbox = {
  /**
   * Queues an upload: `upload` is {fixes, sport, name}, {segments, sport, name} (a paused
   * run: the fixes by segment, as FixUpload in openapi.yaml) or {file}; `then` optionally
   * {createRoute: true, name} or {addToRoute: routeId}. Resolves once it is stored.
   */
  async upload(upload, then = null, label = 'Run') {
    const item = { kind: 'upload', owner: session.profile?.id, key: newKey(), upload, then, label, createdAt: new Date().toISOString(), state: 'waiting' };
    item.sequence = await put('outbox', item);
    await announce();
    this.flush();
    return item;
  },

  /** Queues a favourite change. */
  async favourite(routeId, favourite) {
    const item = { kind: 'favourite', owner: session.profile?.id, routeId, favourite, createdAt: new Date().toISOString(), state: 'waiting' };
    item.sequence = await put('outbox', item);
    await announce();
    this.flush();
    return item;
  },

  /** Items not sent yet, oldest first (failed ones included, with their reason). */
  items: () => mine(),

  /** The favourite changes not sent yet, by route: what the heart should show meanwhile. */
  async pendingFavourites() {
    const pending = new Map();
    for (const item of await waiting()) if (item.kind === 'favourite') pending.set(item.routeId, item.favourite);
    return pending;
  },

  /** Forgets a failed item (the user has read why). */
  async dismiss(sequence) { await remove('outbox', sequence); await announce(); },

  /** Sends what waits, in order; stops at the first network failure (to retry later). */
  flush() {
    flushing ??= (async () => {
      try {
        for (const item of await waiting()) {
          let result;
          try {
            result = await send(item);
          } catch (error) {
            if (error.isNetwork || error.status >= 500 || error.status === 401) break;  // try again later
            item.state = 'failed';
            item.reason = error.message;
            await put('outbox', item);
            doneListeners.forEach((listener) => listener(item, null, error));
            continue;
          }
          await remove('outbox', item.sequence);
          doneListeners.forEach((listener) => listener(item, result, null));
        }
      } finally {
        flushing = null;
        await announce();
      }
    })();
    return flushing;
  },

  /** `listener(count)` whenever the number of items waiting changes. */
  onChange(listener) { listeners.add(listener); announce(); return () => listeners.delete(listener); },
  /** `listener(item, result, error)` when an item was sent (or refused for good). */
  onDone(listener) { doneListeners.add(listener); return () => doneListeners.delete(listener); },
};

setInterval(() => { if (navigator.onLine) outbox.flush(); }, 30_000);
