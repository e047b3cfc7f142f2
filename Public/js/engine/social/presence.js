// Tells the server, every minute, that the user is recording or in a live session, so their
// friends' Friends screen shows it; only for a user who shares it (Profile), and said to
// have stopped when they do (else it fades two minutes after the last word).
import { api } from '../api/paceline.js';
import { session } from '../store/session.js';

const EVERY_MS = 60_000;
let timer = null;
let note = null;

function say() {
  if (note) api.notePresence(note).catch(() => { /* offline: friends stop seeing it in two minutes */ });
}

export const presence = {
  /** The user is now `state` ('recording' or 'live'), doing `sport` when known. */
  start(state, sport) {
    if (!session.profile?.sharesPresence) return;
    note = sport ? { state, sport } : { state };
    say();
    timer ??= setInterval(say, EVERY_MS);
  },
  /** The user stopped. */
  stop() {
    clearInterval(timer);
    timer = null;
    if (note) api.endPresence().catch(() => {});
    note = null;
  },
};
