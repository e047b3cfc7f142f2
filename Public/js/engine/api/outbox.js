// The outbox: uploads and favourite changes, kept in IndexedDB and sent in the order they
// were made. Each carries an idempotency key (uploads) or is idempotent by nature
// (favourites are PUT/DELETE), so a retry after a lost answer never makes a second run.
// Offline, they wait; `flush` runs when the network returns (and every 30 s as a fallback).
// A visitor's activity (recorded without an account) waits here with no owner, kept on this
// device, until someone signed in chooses to take it (`claim`): it is never sent before,
// and never to an account that did not choose it.
import { api } from './paceline.js';
import { all, put, remove, transact } from '../store/db.js';
import { session } from '../store/session.js';

const listeners = new Set();
const doneListeners = new Set();
let flushing = null;

/** Whose an item made now is: the user signed in, or null (a visitor's, kept on this device). */
const currentOwner = () => (session.loggedIn ? session.profile.id : null);

/** The current user's items (another user's wait for them to log in again; a visitor's, for a claim). */
async function mine() {
  const owner = currentOwner();
  if (owner === null) return [];
  return (await all('outbox')).filter((item) => item.owner === owner);
}

/** The activities a visitor kept on this device (no owner yet), oldest first. */
async function unowned() {
  return (await all('outbox')).filter((item) => item.kind === 'upload' && item.owner === null);
}

/**
 * Sends under the device's outbox lock (the Web Locks API, where the browser has it), so two
 * tabs never send the same item at once; each reads what waits only once it holds it.
 */
function exclusively(work) {
  return navigator.locks ? navigator.locks.request('paceline-outbox', work) : work();
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
   * {createRoute: true, name} or {addToRoute: routeId}; `facts` optionally {sport,
   * distanceMeters, seconds}, what a list of kept activities says of it. Resolves once it
   * is stored; a visitor's waits, unowned, for a `claim`.
   */
  async upload(upload, then = null, label = 'Run', facts = null) {
    const item = { kind: 'upload', owner: currentOwner(), key: newKey(), upload, then, label, facts, createdAt: new Date().toISOString(), state: 'waiting' };
    item.sequence = await put('outbox', item);
    await announce();
    this.flush();
    return item;
  },

  /** Queues a favourite change. */
  async favourite(routeId, favourite) {
    const item = { kind: 'favourite', owner: currentOwner(), routeId, favourite, createdAt: new Date().toISOString(), state: 'waiting' };
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

  /**
   * The activities kept on this device before signing in that `userId` has not said are not
   * theirs (`decline`); all of them for a visitor (no `userId`).
   */
  async keptBeforeSigningIn(userId) {
    return (await unowned()).filter((item) => !userId || !(item.declinedBy ?? []).includes(userId));
  },

  /**
   * Gives the activities kept before signing in (those `sequences`, or all) to `userId`
   * and sends them. One transaction takes only items still unowned, so an item claimed in
   * two tabs at once goes to one account, once; its idempotency key makes a resend harmless.
   */
  async claim(userId, sequences = null) {
    const claimed = await transact('outbox', 'readwrite', async (store, settle) => {
      const items = (await settle(store.getAll())).filter((item) => item.kind === 'upload' && item.owner === null
        && (!sequences || sequences.includes(item.sequence)));
      for (const item of items) { item.owner = userId; delete item.declinedBy; store.put(item); }
      return items.length;
    });
    await announce();
    this.flush();
    return claimed;
  },

  /** `userId` said the activities kept before signing in are not theirs: they are not asked again. */
  async decline(userId) {
    for (const item of await unowned()) {
      item.declinedBy = [...new Set([...(item.declinedBy ?? []), userId])];
      await put('outbox', item);
    }
  },

  /** Forgets a failed item (the user has read why), or a visitor's kept one (Discard). */
  async dismiss(sequence) { await remove('outbox', sequence); await announce(); },

  /** Sends what waits, in order; stops at the first network failure (to retry later). */
  flush() {
    flushing ??= exclusively(async () => {
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
    });
    return flushing;
  },

  /** `listener(count)` whenever the number of items waiting changes. */
  onChange(listener) { listeners.add(listener); announce(); return () => listeners.delete(listener); },
  /** `listener(item, result, error)` when an item was sent (or refused for good). */
  onDone(listener) { doneListeners.add(listener); return () => doneListeners.delete(listener); },
};

setInterval(() => { if (navigator.onLine) outbox.flush(); }, 30_000);
