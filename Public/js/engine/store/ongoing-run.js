// The run being recorded, kept in IndexedDB as it grows so that a reload, a crash or a
// closed tab loses nothing: the header (start time, sport, the pace being followed, the
// pauses) once and again at each pause and resume, then each fix as it comes, one record
// per fix, with the segment it belongs to (the number of pauses before it).
import { get, put, add, all, clear, remove } from './db.js';

// Header changes (pause, resume, finish) read and write the header: one at a time, so a
// quick Pause then End cannot lose the pause.
let headerWrites = Promise.resolve();
function updateHeader(change) {
  const next = headerWrites.then(async () => {
    const header = await get('ongoing', 'current');
    const changed = header && change(header);
    if (changed) await put('ongoing', changed, 'current');
  });
  headerWrites = next.catch(() => {});
  return next;
}

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

  /** Appends one fix, recorded in `segment` (0 until the first pause, then one more after each). */
  appendFix: (fix, segment = 0) => add('ongoingFixes', { ...fix, segment }),

  /** The runner paused at `at` (ms): header.pauses gets {from}; no fixes until the resume. */
  pause: (at) => updateHeader((header) => (header.pauses?.some((pause) => pause.to === undefined) ? null
    : { ...header, pauses: [...(header.pauses ?? []), { from: at }] })),

  /** The runner resumed at `at` (ms): the open pause gets its `to`; later fixes start a new segment. */
  resume: (at) => updateHeader((header) => ({ ...header, pauses: (header.pauses ?? []).map((pause) => (pause.to === undefined ? { ...pause, to: at } : pause)) })),

  /**
   * The fixes by segment (the stretches between pauses), empty segments left out: what
   * the upload carries as `segments` (FixUpload in openapi.yaml).
   */
  segments(fixes) {
    const bySegment = new Map();
    for (const fix of fixes) {
      const segment = fix.segment ?? 0;
      if (!bySegment.has(segment)) bySegment.set(segment, []);
      bySegment.get(segment).push(fix);
    }
    return [...bySegment.keys()].sort((a, b) => a - b).map((segment) => bySegment.get(segment));
  },

  /** Marks the run finished at `finishedAt` (ms), ending a pause: the summary screen takes over. */
  finish: (finishedAt) => updateHeader((header) => ({
    ...header, state: 'finished', finishedAt,
    ...(header.pauses ? { pauses: header.pauses.map((pause) => (pause.to === undefined ? { ...pause, to: finishedAt } : pause)) } : {}),
  })),

  /**
   * Takes a finished run that is not saved yet back to recording (Resume on the summary):
   * paused since it finished, so the time on the summary counts for nothing; a route's
   * follow has no pauses (its gap assumes a running clock) and simply runs on.
   */
  reopen: () => updateHeader(({ state, finishedAt, ...header }) => ({
    ...header, state: 'recording',
    ...(header.follow ? {} : { pauses: [...(header.pauses ?? []), { from: finishedAt }] }),
  })),

  /** Forgets the run (saved to the outbox, or discarded). */
  async discard() {
    await remove('ongoing', 'current');
    await clear('ongoingFixes');
  },
};
