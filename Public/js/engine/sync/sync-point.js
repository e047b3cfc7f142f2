// Where the next "what changed since" starts: the server's own clock (its answer's Date
// header, never the phone's, which may be wrong), less a minute, so that a change the
// server was still writing, or that another instance stamped with a clock a little behind,
// is asked for again rather than missed. What comes twice is applied twice, harmlessly.

/** How far before the server's answer the next sync starts, ms. */
export const OVERLAP_MS = 60_000;

/** The `updatedSince` for the next sync after an answer sent at `serverDate` (a Date header). */
export function syncPoint(serverDate) {
  const sent = Date.parse(serverDate ?? '');
  return Number.isFinite(sent) ? new Date(sent - OVERLAP_MS).toISOString() : null;
}
