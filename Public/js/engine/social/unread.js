// How many of the user's notifications are unread: the top bar's bell and the app icon's
// badge (`navigator.setAppBadge`, where the browser has it) show it. Asked every minute
// while watched, when the app comes back to the screen, and after the list is read.
import { api } from '../api/paceline.js';
import { session } from '../store/session.js';

const EVERY_MS = 60_000;
const watchers = new Set();
let unread = 0;
let timer = null;

/** Sets the app icon's badge to `count` (cleared at 0), where the browser can. */
export function setIconBadge(count) {
  if (!('setAppBadge' in navigator)) return;
  (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => { /* not installed: no icon */ });
}

function publish(count) {
  unread = count;
  setIconBadge(count);
  watchers.forEach((watcher) => watcher(unread));
}

async function refresh() {
  if (!session.loggedIn) { publish(0); return; }
  try {
    publish((await api.unreadNotifications()).unread);
  } catch { /* offline: the last count stays */ }
}

export const unreadNotifications = {
  /** Calls `watcher(count)` now and on each change; returns a function that stops. */
  watch(watcher) {
    watchers.add(watcher);
    watcher(unread);
    refresh();
    timer ??= setInterval(refresh, EVERY_MS);
    return () => {
      watchers.delete(watcher);
      if (!watchers.size) { clearInterval(timer); timer = null; }
    };
  },
  /** Asks again now. */
  refresh,
  /** The count the server just answered (after marking read). */
  set: publish,
};
