// What takes over when the app opens: a run in progress (after a reload or a crash) goes
// back to its recording or its summary; a live race whose fixes the server never got (the
// app died offline) goes to its page, which resends them.
import { ongoingRun } from '../store/ongoing-run.js';
import { keptRace } from '../store/kept-fixes.js';
import { session } from '../store/session.js';
import { go } from '../../router.js';

/** Goes to the run or race left unfinished, if any; true if it did. */
export async function resumeOngoing() {
  const ongoing = await ongoingRun.load();
  if (ongoing) { go(ongoing.header.state === 'finished' ? '#/summary' : '#/record'); return true; }
  const race = keptRace(session.profile?.id);
  if (race) { go(`#/live/${race}`); return true; }
  return false;
}
