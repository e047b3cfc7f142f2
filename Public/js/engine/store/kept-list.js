// A list of the user's kept on this device in step with the server (the history, the
// favourites), in localStorage: shown at once, offline too, and brought up to date by
// asking only for what changed since (engine/sync/). Kept for one user: another user's, or
// a visitor, finds none; logging out forgets them all. A list is small (the history keeps
// the pages read, not the whole of it), and a write that does not fit is no list at all:
// the next read is a whole one.
const PREFIX = 'paceline.kept.';

/** The list kept under `name` ('runs', 'favourites'). */
export function keptList(name, user) {
  const key = PREFIX + name;
  return {
    /** {syncedAt, items, …} as saved, or null (none, or another user's). */
    load() {
      try {
        const value = JSON.parse(localStorage.getItem(key) ?? 'null');
        return value && value.user === user ? value : null;
      } catch { return null; }
    },
    save(value) {
      try { localStorage.setItem(key, JSON.stringify({ ...value, user })); } catch { localStorage.removeItem(key); }
    },
  };
}

/** Forgets every kept list (on logging out: the last user's lists stay theirs). */
export function forgetKeptLists() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
