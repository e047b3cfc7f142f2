// The live safety link's feed from the phone: made on the runner's word (`start`), it
// keeps the fixes recorded since its last send and sends them every SEND_EVERY ms; a send
// that fails keeps them for the next (a batch sent twice counts once on the server). The
// link is kept in localStorage with the activity it belongs to, so a reload mid-run goes on
// feeding it, and never another activity. `end` ends it on the server, when the activity
// ends or the runner stops sharing; an end that could not reach the server is tried again
// the next time a recording starts (and the link expires within a day anyway). A pause is
// sent at once, so the people watching see "Paused" rather than a pace frozen in time; the
// next fix, after Resume, says the runner moves again.
import { api } from '../api/paceline.js';
import { now as clockNow } from '../clock.js';

const KEY = 'paceline.beacon';
const ENDING_KEY = 'paceline.beacon.ending';
/** Milliseconds between sends. */
export const SEND_EVERY = 10_000;
/** At most this many fixes wait (the server takes 600 at once); older ones go first. */
const MOST_WAITING = 600;

export class BeaconFeed {
  constructor(link) {
    /** {id, address, expiresAt, showPrivacyZones} */
    this.link = link;
    this.waiting = [];
    this.sentAt = 0;
    this.sending = false;
    /** When the runner paused (ms), until a send has told the server. */
    this.pausedAt = null;
  }

  /**
   * The link this phone is feeding for the activity started at `startedAt`, if any (after
   * a reload). One kept for another activity (the app closed before it could end it) is
   * ended now: it must not show the runner's next activity.
   */
  static kept(startedAt) {
    const link = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!link) return null;
    if (link.startedAt === startedAt && Date.parse(link.expiresAt) > clockNow()) return new BeaconFeed(link);
    const stale = new BeaconFeed(link);
    stale.end();
    return null;
  }

  /** Ends the links whose end could not reach the server before. */
  static async endPending() {
    const ids = JSON.parse(localStorage.getItem(ENDING_KEY) ?? '[]');
    if (!ids.length) return;
    const left = [];
    for (const id of ids) {
      try { await api.endBeacon(id); } catch (error) { if (error?.isNetwork || error?.status >= 500) left.push(id); }
    }
    localStorage.setItem(ENDING_KEY, JSON.stringify(left));
  }

  /** Makes a link for the activity of `sport` started at `startedAt`; throws what the server said. */
  static async start(sport, startedAt, showPrivacyZones) {
    const link = { ...await api.createBeacon({ sport, showPrivacyZones }), startedAt };
    localStorage.setItem(KEY, JSON.stringify(link));
    return new BeaconFeed(link);
  }

  /** The address to share: this server's page for it. */
  get url() { return new URL(this.link.address, location.origin).href; }

  /** Takes a recorded fix ({latitude, longitude, time} in ms); sends what waits when due. */
  add(fix) {
    this.waiting.push({ time: new Date(fix.time).toISOString(), latitude: fix.latitude, longitude: fix.longitude });
    if (this.waiting.length > MOST_WAITING) this.waiting.splice(0, this.waiting.length - MOST_WAITING);
    if (clockNow() - this.sentAt >= SEND_EVERY) this.send();
  }

  /** The runner paused at `at` (ms): sent now, with the fixes waiting. */
  pause(at) {
    this.pausedAt = at;
    this.send();
  }

  /**
   * The runner resumed: a pause the server never heard of is forgotten (the next fix
   * would otherwise come before it).
   */
  resume() { this.pausedAt = null; }

  /** Sends the fixes waiting (and a pause); on failure they wait for the next send. */
  async send() {
    if (this.sending || (!this.waiting.length && this.pausedAt === null)) return;
    this.sending = true;
    this.sentAt = clockNow();
    const batch = this.waiting.slice();
    const pausedAt = this.pausedAt;
    try {
      await api.addBeaconFixes(this.link.id, batch, pausedAt === null ? undefined : new Date(pausedAt).toISOString());
      this.waiting.splice(0, batch.length);
      if (this.pausedAt === pausedAt) this.pausedAt = null;
    } catch (error) {
      if (error?.status === 409 || error?.status === 404) { this.forget(); this.ended = true; }
    } finally {
      this.sending = false;
    }
  }

  /**
   * Sends the last fixes and ends the link; true once the server has ended it. Offline,
   * the end waits for the next recording (and the link expires within a day).
   */
  async end() {
    this.forget();
    try {
      await api.endBeacon(this.link.id);
      return true;
    } catch (error) {
      if (!error?.isNetwork && error?.status < 500) return true;  // gone already
      const ids = JSON.parse(localStorage.getItem(ENDING_KEY) ?? '[]');
      localStorage.setItem(ENDING_KEY, JSON.stringify([...new Set([...ids, this.link.id])]));
      return false;
    }
  }

  forget() { localStorage.removeItem(KEY); }
}
