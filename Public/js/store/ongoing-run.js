// The run being recorded, kept in IndexedDB as it grows so that a reload, a crash or a
// closed tab loses nothing: the header (start time, sport, the pace being followed) once,
// then each fix as it comes, one record per fix.
import { get, put, add, all, clear, remove } from './db.js';

export const ongoingRun = {
  /** The run in progress: {header, fixes}, or null. */
  async load() {
    const header = await get('ongoing', 'current');
    if (!header) return null;
    return { header, fixes: await all('ongoingFixes') };
  },

  /**
   * Starts a run. `header`: {startedAt (ms), sport, follow: {routeId, routeName,
   * paceRunId, pace (checkpoints)} | null}.
   */
  async start(header) {
    await clear('ongoingFixes');
    await put('ongoing', { ...header, state: 'recording' }, 'current');
  },

  /** Appends one fix. */
  appendFix: (fix) => add('ongoingFixes', fix),

  /** Marks the run finished at `finishedAt` (ms): the summary screen takes over. */
  async finish(finishedAt) {
    const header = await get('ongoing', 'current');
    if (header) await put('ongoing', { ...header, state: 'finished', finishedAt }, 'current');
  },

  /** Forgets the run (saved to the outbox, or discarded). */
  async discard() {
    await remove('ongoing', 'current');
    await clear('ongoingFixes');
  },
};
