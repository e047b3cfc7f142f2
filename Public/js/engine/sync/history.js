// The user's history (their own activities, newest first) kept on the device in step with
// the server: the pages read so far are kept (engine/store/kept-list.js) and shown at once;
// each later sync asks only for the runs changed since the last (`updatedSince`), puts them
// in their place and drops the runs deleted meanwhile; with no sync to start from, or when
// the server refuses the question, it reads the first page whole. The pages kept are a
// window on the history, from the newest to a boundary (the last run of the last page read,
// whose cursor reads on): a change past the boundary is left for when that page is read.
import { api } from '../api/paceline.js';
import { keptList } from '../store/kept-list.js';
import { session } from '../store/session.js';
import { syncPoint } from './sync-point.js';

/** Runs to a page read whole. */
export const PAGE = 20;
/** Runs to a page of changes (most syncs have one or none). */
const CHANGES_PAGE = 100;

const list = () => keptList('runs', session.profile?.id);

/** Newest first, as the server lists them: the start time, then the id, descending. */
function newerFirst(a, b) {
  const byTime = Date.parse(b.startTime ?? b.createdAt) - Date.parse(a.startTime ?? a.createdAt);
  return byTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** Whether `run` lies within the pages kept (before `boundary`, the last run read, or on it). */
function withinWindow(run, boundary) {
  return !boundary || newerFirst(run, boundary) <= 0;
}

/** Where the pages kept end, after a page whose `nextCursor` reads on (null: the history is whole). */
function boundaryOf(page) {
  const last = page.runs.at(-1);
  return page.nextCursor && last ? { id: last.id, startTime: last.startTime, createdAt: last.createdAt } : null;
}

/** Reads the first page whole: the list starts again from it. */
async function readWhole() {
  const { body, serverDate } = await api.runsKept({ limit: PAGE });
  const kept = { syncedAt: syncPoint(serverDate), items: body.runs, cursor: body.nextCursor ?? null,
    boundary: boundaryOf(body) };
  list().save(kept);
  return kept;
}

/** Every change since `since`, page after page: {changed, deleted (a Set), serverDate}. */
async function changesSince(since) {
  const changed = [];
  const deleted = new Set();
  let cursor, serverDate;
  do {
    const answer = await api.runsKept({ updatedSince: since, cursor, limit: CHANGES_PAGE });
    serverDate ??= answer.serverDate;
    changed.push(...answer.body.runs);
    answer.body.deletedIds.forEach((id) => deleted.add(id));
    cursor = answer.body.nextCursor;
  } while (cursor);
  return { changed, deleted, serverDate };
}

export const runHistory = {
  /** The history as kept on this device ({items, cursor, syncedAt}), or null. */
  kept: () => list().load(),

  /**
   * Brings the kept history up to date: the changes since the last sync, or the first page
   * whole. Resolves to the kept history; a network failure (or a 5xx) rejects, the kept one
   * standing.
   */
  async sync() {
    const kept = list().load();
    if (!kept?.syncedAt) return readWhole();
    let changes;
    try {
      changes = await changesSince(kept.syncedAt);
    } catch (error) {
      if (error.isNetwork || error.status >= 500 || error.status === 401) throw error;
      return readWhole();  // the server refused the question: read it afresh
    }
    const { changed, deleted, serverDate } = changes;
    const changedIds = new Set(changed.map((run) => run.id));
    const items = kept.items.filter((run) => !deleted.has(run.id) && !changedIds.has(run.id))
      .concat(changed.filter((run) => !deleted.has(run.id) && withinWindow(run, kept.boundary)))
      .sort(newerFirst);
    const synced = { ...kept, items, syncedAt: syncPoint(serverDate) ?? kept.syncedAt };
    list().save(synced);
    return synced;
  },

  /** Reads the next page past the window and keeps it: the kept history, longer. */
  async more() {
    const kept = list().load();
    if (!kept?.cursor) return kept;
    const { body } = await api.runsKept({ cursor: kept.cursor, limit: PAGE });
    const known = new Set(kept.items.map((run) => run.id));
    const longer = { ...kept, items: kept.items.concat(body.runs.filter((run) => !known.has(run.id))).sort(newerFirst),
      cursor: body.nextCursor ?? null, boundary: boundaryOf(body) };
    list().save(longer);
    return longer;
  },
};
