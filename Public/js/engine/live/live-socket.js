// A client of the live protocol (docs/live-protocol.md) for live sessions: one WebSocket
// to /api/v1/live, signed in by the session cookie its upgrade carries (so `hello` says no
// token), that passes each server message to
// the listeners of its type, and survives drops. After a drop it reconnects with backoff
// (1 s, 2 s, 4 s … 15 s), says hello again, rejoins the session it was in, and resends
// the fixes the server has not acknowledged, from the `lastSequence + 1` that `joined`
// reports. Fixes are numbered 1, 2, 3… per session and kept until `ack`, in memory and in
// localStorage (js/engine/store/kept-fixes.js, written every few seconds, and at once by
// `keepFixesNow()` when the page is hidden or closed): if the app dies meanwhile (a runner
// in a dead zone), the race page opened again rejoins by session id and resends them too.
// They are forgotten on `leave`, on the session's `results`, and once fixes are kept for
// another session.
//
//   const live = new LiveSocket();
//   live.on('session', (state) => …);            // any server message type, or:
//   live.on('connection', (state) => …);         // 'connecting' | 'connected' | 'reconnecting' | 'closed'
//   live.joinSession({ sessionId });
//   live.sendFix({ latitude, longitude, accuracy, elevation, time });   // time in ms
//   live.close();
import { session as login } from '../store/session.js';
import { KeptFixes } from '../store/kept-fixes.js';

const BACKOFF = [1000, 2000, 4000, 8000, 15000];
const MAX_FIXES_PER_MESSAGE = 1000;

/** The live endpoint of the server the app came from. */
export function liveURL() {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/live`;
}

export class LiveSocket {
  constructor({ url = liveURL() } = {}) {
    this.url = url;
    this.listeners = new Map();
    this.state = 'connecting';
    /** The session this connection is in (known from `joined`); rejoined after a drop. */
    this.sessionId = null;
    /** Fixes sent or waiting, not yet acknowledged, in sequence order. */
    this.pending = [];
    this.nextSequence = 1;
    /** The pending fixes as kept on the device, for a reload to resend. */
    this.kept = new KeptFixes(login.profile?.id ?? null, () => ({ sessionId: this.sessionId, fixes: this.pending }));
    /** Server clock minus this device's clock, ms (from `welcome` and `countdown`). */
    this.clockOffset = 0;
    this.attempt = 0;
    this.welcomed = false;
    this.queue = [];         // messages asked for before `welcome`
    this.closed = false;
    this.lastRejoin = 0;
    /** The session whose kept fixes wait for `joined` (a reload rejoining it). */
    this.rejoining = null;
    this.lastMessageAt = 0;
    this.online = () => { if (this.state === 'reconnecting') this.reconnectNow(); };
    // A phone that loses its network often keeps a dead socket that never closes: drop it.
    this.offline = () => this.drop();
    window.addEventListener('online', this.online);
    window.addEventListener('offline', this.offline);
    this.watchdog = setInterval(() => this.checkAcks(), 2000);
    this.open();
  }

  /** Calls `listener(message)` for each server message of `type` ('*': all); returns an unsubscriber. */
  on(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(listener);
    return () => this.listeners.get(type)?.delete(listener);
  }

  emit(type, value) {
    for (const listener of [...(this.listeners.get(type) ?? []), ...(type === 'connection' ? [] : this.listeners.get('*') ?? [])]) {
      try { listener(value); } catch (error) { console.error(error); }
    }
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.emit('connection', state);
  }

  open() {
    this.welcomed = false;
    let socket;
    try { socket = new WebSocket(this.url); } catch { this.retry(); return; }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'hello' }));
    socket.onmessage = (event) => {
      this.lastMessageAt = Date.now();
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      this.receive(message);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.welcomed = false;
      if (!this.closed) this.retry();
    };
    socket.onerror = () => {};  // onclose follows and reconnects
  }

  retry() {
    if (this.closed) return;
    this.setState('reconnecting');
    const delay = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)] * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    clearTimeout(this.timer);
    // While the device knows it is offline, wait: the 'online' event reconnects at once.
    this.timer = setTimeout(() => (navigator.onLine === false ? this.retry() : this.open()), delay);
  }

  /** Gives up the current socket (it is dead or dying) and reconnects. */
  drop() {
    const socket = this.socket;
    if (!socket || this.closed) return;
    this.socket = null;
    this.welcomed = false;
    socket.onclose = socket.onmessage = null;
    try { socket.close(); } catch { /* already closing */ }
    this.retry();
  }

  /** Fixes normally come back acknowledged within a second; none for 10 s means a dead connection. */
  checkAcks() {
    const oldest = this.pending[0];
    if (this.welcomed && oldest?.sentAt && Date.now() - oldest.sentAt > 10000 && Date.now() - this.lastMessageAt > 10000) this.drop();
  }

  reconnectNow() {
    clearTimeout(this.timer);
    if (!this.socket) this.open();
  }

  receive(message) {
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        this.attempt = 0;
        this.clockOffset = Date.parse(message.serverTime) - Date.now();
        this.setState('connected');
        if (this.sessionId) this.raw({ type: 'joinSession', sessionId: this.sessionId });
        for (const queued of this.queue.splice(0)) this.raw(queued);
        break;
      case 'joined':
        this.joined(message);
        break;
      case 'ack':
        this.pending = this.pending.filter((fix) => fix.sequence > message.sequence);
        this.kept.changed();
        break;
      case 'results':
        // The server has deleted the session's fixes: nothing more to send.
        if (message.sessionId === this.sessionId) { this.pending = []; this.kept.forget(this.sessionId); }
        break;
      case 'countdown':
        this.clockOffset = Date.parse(message.serverTime) - Date.now();
        break;
      case 'error':
        if (!this.welcomed && message.code === 'unauthorized') {
          // The token is refused: reconnecting would not help.
          this.close();
        } else if (['not_found', 'not_invited'].includes(message.code) && this.rejoining) {
          // The session to rejoin is gone: its kept fixes have nowhere to go.
          this.kept.forget(this.rejoining);
          this.rejoining = null;
        } else if (message.code === 'bad_fix' && message.sequence) {
          this.dropFix(message.sequence);
        } else if (message.code === 'sequence_gap' && this.sessionId && Date.now() - this.lastRejoin > 5000) {
          // The server lacks fixes we no longer hold: rejoin to learn its lastSequence.
          this.lastRejoin = Date.now();
          this.raw({ type: 'joinSession', sessionId: this.sessionId });
        }
        break;
      default:
    }
    this.emit(message.type, message);
  }

  /** `joined`: numbering continues after what the server holds; the rest is resent. */
  joined({ sessionId, lastSequence }) {
    this.rejoining = null;
    if (sessionId !== this.sessionId) {
      this.sessionId = sessionId;
      this.pending = [];
      this.nextSequence = lastSequence + 1;
      return;
    }
    this.pending = this.pending.filter((fix) => fix.sequence > lastSequence);
    this.pending.forEach((fix, index) => { fix.sequence = lastSequence + 1 + index; });  // no holes, whatever was lost
    this.nextSequence = lastSequence + 1 + this.pending.length;
    this.kept.changed();
    for (let start = 0; start < this.pending.length; start += MAX_FIXES_PER_MESSAGE) {
      this.raw({ type: 'fixes', fixes: this.pending.slice(start, start + MAX_FIXES_PER_MESSAGE) });
    }
  }

  /** The server refused fix `sequence` (bad_fix): forget it, renumber the later ones, resend them. */
  dropFix(sequence) {
    const index = this.pending.findIndex((fix) => fix.sequence === sequence);
    if (index < 0) return;
    this.pending.splice(index, 1);
    for (const fix of this.pending.slice(index)) fix.sequence -= 1;
    this.nextSequence -= 1;
    this.kept.changed();
    if (this.pending.length > index) this.raw({ type: 'fixes', fixes: this.pending.slice(index, index + MAX_FIXES_PER_MESSAGE) });
  }

  /** Sends now if the connection is greeted; otherwise after the next `welcome`. */
  send(message) {
    if (this.welcomed) this.raw(message); else this.queue.push(message);
  }

  raw(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify(message, (key, value) => (key === 'sentAt' ? undefined : value)));
    if (message.type === 'fixes') for (const fix of message.fixes) fix.sentAt ??= Date.now();
  }

  createSession({ distanceMeters, sport = 'run', invite = [] }) {
    this.send({ type: 'createSession', distanceMeters, sport, invite });
  }

  /** One of `sessionId`, `code` or `invitationId`. */
  joinSession(which) {
    if (which.sessionId) {
      // Remembered at once, so a drop before `joined` still rejoins it (welcome sends it),
      // with the fixes kept on the device when this page rejoins after a reload.
      if (which.sessionId !== this.sessionId) {
        this.pending = this.kept.restore(which.sessionId);
        this.nextSequence = (this.pending.at(-1)?.sequence ?? 0) + 1;
        if (this.pending.length) this.rejoining = which.sessionId;
      }
      this.sessionId = which.sessionId;
      if (this.welcomed) this.raw({ type: 'joinSession', sessionId: which.sessionId });
    } else {
      this.send({ type: 'joinSession', ...which });
    }
  }

  invite(userIds) { this.send({ type: 'invite', userIds }); }
  ready(ready) { this.send({ type: 'ready', ready }); }

  /** Leaves the lobby, or gives up the race; the connection no longer rejoins. */
  leave() {
    this.send({ type: 'leave' });
    if (this.sessionId) this.kept.forget(this.sessionId);
    this.sessionId = null;
    this.pending = [];
  }

  /** Numbers a GPS fix (`time` in ms) and sends it; kept until acknowledged. */
  sendFix({ latitude, longitude, accuracy, elevation, time }) {
    if (!this.sessionId) return;
    const fix = { sequence: this.nextSequence, latitude, longitude, time: new Date(time).toISOString() };
    if (Number.isFinite(accuracy)) fix.accuracy = accuracy;
    if (Number.isFinite(elevation)) fix.elevation = elevation;
    this.nextSequence += 1;
    this.pending.push(fix);
    this.kept.changed();
    if (this.welcomed) this.raw({ type: 'fixes', fixes: [fix] });
  }

  /** The server's clock now, ms since 1970. */
  serverNow() { return Date.now() + this.clockOffset; }

  /** Writes the unacknowledged fixes to the device at once (the page is being hidden or closed). */
  keepFixesNow() { this.kept.flush(); }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.online);
    window.removeEventListener('offline', this.offline);
    clearInterval(this.watchdog);
    this.kept.close();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState('closed');
  }
}

const ERRORS = {
  bad_code: 'No open session has that code. Check the 4 digits with the host: codes work for 15 minutes and close at the start.',
  too_many_attempts: 'Too many wrong codes. Wait 15 minutes, or ask the host to invite you.',
  not_invited: 'You are not invited to that session.',
  already_started: 'The race has already started.',
  not_a_friend: 'You can only invite your friends.',
  too_many_invitees: 'Invite at most 50 friends at a time.',
  bad_distance: 'The distance must be between 100 m and 100 km.',
  unauthorized: 'Your login has expired: log in again.',
  not_host: 'Only the host can invite.',
  internal: 'The server failed; try again.',
};

/** A live `error` message as a sentence for the runner. */
export function describeLiveError({ code, message }) {
  if (ERRORS[code]) return ERRORS[code];
  const text = message || code || 'Something went wrong';
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}
