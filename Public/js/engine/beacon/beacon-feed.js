// The live safety link's feed from the phone: made on the runner's word (`start`), it
// keeps the fixes recorded since its last send and sends them every SEND_EVERY ms; a send
// that fails keeps them for the next (a batch sent twice counts once on the server). The
// link is kept in localStorage, so a reload mid-run goes on feeding it. `end` ends it on
// the server, when the activity ends or the runner stops sharing.
import { api } from '../api/paceline.js';
import { now as clockNow } from '../clock.js';

const KEY = 'paceline.beacon';
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
  }

  /** The link this phone is feeding, if any (after a reload). */
  static kept() {
    const link = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return link && Date.parse(link.expiresAt) > clockNow() ? new BeaconFeed(link) : null;
  }

  /** Makes a link for an activity of `sport`; throws what the server said. */
  static async start(sport, showPrivacyZones) {
    const link = await api.createBeacon({ sport, showPrivacyZones });
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

  /** Sends the fixes waiting; on failure they wait for the next send. */
  async send() {
    if (this.sending || !this.waiting.length) return;
    this.sending = true;
    this.sentAt = clockNow();
    const batch = this.waiting.slice();
    try {
      await api.addBeaconFixes(this.link.id, batch);
      this.waiting.splice(0, batch.length);
    } catch (error) {
      if (error?.status === 409 || error?.status === 404) { this.forget(); this.ended = true; }
    } finally {
      this.sending = false;
    }
  }

  /** Sends the last fixes and ends the link (offline: it expires within a day). */
  async end() {
    await this.send();
    this.forget();
    try { await api.endBeacon(this.link.id); } catch { /* it expires on its own */ }
  }

  forget() { localStorage.removeItem(KEY); }
}
