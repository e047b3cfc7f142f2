// What takes over when the app opens: a run in progress (after a reload or a crash) goes
// back to its recording or its summary; a live race whose fixes the server never got (the
// app died offline) goes to its page, which resends them.
import { ongoingRun } from '../store/ongoing-run.js';
import { keptRace } from '../store/kept-fixes.js';
import { session } from '../store/session.js';

/** The address of the run or race left unfinished ("#/record", "#/summary", "#/live/ID"), or null. */
export async function unfinishedAddress() {
  const ongoing = await ongoingRun.load();
  if (ongoing) return ongoing.header.state === 'finished' ? '#/summary' : '#/record';
  const race = keptRace(session.profile?.id);
  return race ? `#/live/${race}` : null;
}
