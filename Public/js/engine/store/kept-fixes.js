// The fixes of a live race the server has not acknowledged yet, kept in localStorage so
// that a runner whose app dies in a dead zone loses none of them: the race page, opened
// again, finds them here and resends them (js/engine/live/live-socket.js). One key per session
// ("paceline.live.pending.SESSION_ID"), holding {userId, fixes}; only its own user gets
// them back. Keeping the fixes of a new session forgets every other session's. The app,
// opened again, goes back to the race that has fixes kept (`keptRace`, the activity
// screen), as it goes back to a run being recorded.
//
// Each write rewrites the whole list (localStorage has no append): 3,600 fixes (an hour
// in a dead zone) are 570 kB of JSON and take 7–12 ms to write in headless Chromium on a
// busy 2-core machine (Benchmarks/live_kept_fixes.py). So writes are spaced, by 5 s or
// by 5 ms per fix kept if longer (18 s at 3,600 fixes): writing stays near 0.1 % of the
// time and some 30 kB/s however long the stretch. They happen at once when the page is
// hidden or unloaded (visibilitychange, pagehide), which is when a phone puts a tab away
// before killing it, so only a death without warning (a crash, a flat battery) loses the
// last few seconds. The page tells it so (`flush()`): the race screen listens to the page,
// as the engine never touches it. Storage full or refused leaves the fixes in memory
// only, as before: the race goes on.
const PREFIX = 'paceline.live.pending.';
const WRITE_INTERVAL = 5000;        // ms, at least
const WRITE_INTERVAL_PER_FIX = 5;   // ms

/** The session in which `userId` has fixes kept on this device, or null. */
export function keptRace(userId) {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(PREFIX)) continue;
      const kept = JSON.parse(localStorage.getItem(key));
      if (userId && kept?.userId === userId && kept.fixes?.length) return key.slice(PREFIX.length);
    }
  } catch { /* storage unavailable or spoilt: nothing to go back to */ }
  return null;
}

export class KeptFixes {
  /**
   * Keeps what `current()` returns, `{sessionId, fixes}` (the fixes in sequence order),
   * for `userId`: call `changed()` whenever it changes.
   */
  constructor(userId, current) {
    this.userId = userId;
    this.current = current;
    this.timer = null;
    this.keptSession = null;   // the session whose key this page last wrote
    this.failed = false;       // a write failed (said once)
  }

  /** The fixes kept for `sessionId` by this user, oldest first; [] when there are none. */
  restore(sessionId) {
    try {
      const kept = JSON.parse(localStorage.getItem(PREFIX + sessionId));
      return kept?.userId === this.userId && Array.isArray(kept.fixes) ? kept.fixes : [];
    } catch {
      return [];
    }
  }

  /** The fixes changed: written within 5 s (5 ms per fix when there are more than 1,000). */
  changed() {
    this.timer ??= setTimeout(() => this.write(), Math.max(WRITE_INTERVAL, this.current().fixes.length * WRITE_INTERVAL_PER_FIX));
  }

  /** Writes at once what is waiting for the timer: the page is hidden or unloaded. */
  flush() {
    if (this.timer) this.write();
  }

  /** Writes the fixes now (none: removes the session's key). */
  write() {
    clearTimeout(this.timer);
    this.timer = null;
    const { sessionId, fixes } = this.current();
    if (!sessionId || !this.userId) return;
    try {
      if (fixes.length === 0) {
        localStorage.removeItem(PREFIX + sessionId);
        return;
      }
      if (this.keptSession !== sessionId) this.forgetAllBut(sessionId);
      this.keptSession = sessionId;
      localStorage.setItem(PREFIX + sessionId, JSON.stringify({ userId: this.userId, fixes },
        (key, value) => (key === 'sentAt' ? undefined : value)));
    } catch (error) {
      if (!this.failed) console.warn('the live fixes are kept in memory only:', error);
      this.failed = true;
    }
  }

  /** Forgets the fixes kept for `sessionId` (the runner left, or the results are out). */
  forget(sessionId) {
    clearTimeout(this.timer);
    this.timer = null;
    try { localStorage.removeItem(PREFIX + sessionId); } catch { /* storage unavailable: nothing kept */ }
  }

  /** Forgets every other session's fixes: a runner races in one session at a time. */
  forgetAllBut(sessionId) {
    const keys = [];
    for (let index = 0; index < localStorage.length; index += 1) keys.push(localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX) && key !== PREFIX + sessionId) localStorage.removeItem(key);
  }

  /** Writes what is waiting (the socket closes). */
  close() {
    this.flush();
  }
}
