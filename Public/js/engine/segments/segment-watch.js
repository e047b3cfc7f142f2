// Live segments while recording: told the segments near the runner (their gates, length
// and the runner's best), fed each fix with the run's distance so far, it says when the
// runner enters a segment's start gate and, past its end gate, their time and how it stands
// against their best. The gates and the detour bound are the server's
// (docs/ALGORITHMS.md, "Segment matching"); the time kept is the server's, measured on
// the saved run, so the live one is said as "about".
import { distance } from '../core/geodesy.js';
import { spokenDuration } from '../core/run-speaker.js';

/** Within this many metres of a gate, the runner passes it (the server's `gateRadius`). */
export const GATE_RADIUS = 25;
/** Beyond length × (1 + DETOUR_SHARE) + DETOUR_SLACK metres, it is not the segment. */
const DETOUR_SHARE = 0.2;
const DETOUR_SLACK = 50;

export class SegmentWatch {
  constructor() {
    /** id → {id, name, distanceMeters, start, end, bestSeconds} */
    this.segments = new Map();
    /** The segment being run: {segment, start: {time, meters, miss}, end: {time, miss} | null}, or null. */
    this.current = null;
    /** Segments whose start gate the runner is inside now (entered once per pass). */
    this.inside = new Set();
  }

  /** Adds the segments from the server (`GET /segments?bbox=`), keeping those known. */
  know(segments) {
    for (const segment of segments) this.segments.set(segment.id, segment);
  }

  /**
   * Takes a fix ({latitude, longitude, time} in ms) with the run's distance so far
   * (metres); returns what to say, or null.
   */
  add(fix, meters) {
    if (this.current) return this.follow(fix, meters);
    for (const segment of this.segments.values()) {
      const miss = distance(fix, segment.start);
      if (miss > GATE_RADIUS) { this.inside.delete(segment.id); continue; }
      if (this.inside.has(segment.id)) continue;
      this.inside.add(segment.id);
      this.current = { segment, start: { time: fix.time, meters, miss }, end: null };
      return `Segment ${segment.name} starts` + (Number.isFinite(segment.bestSeconds) ? `. Your best, ${spokenDuration(segment.bestSeconds)}` : '');
    }
    return null;
  }

  /**
   * A fix of the segment being run. Each gate is timed at the runner's closest fix to it
   * (as the server places a pass at the closest leg): the start while still inside its
   * gate, the end once the runner moves away from it again.
   */
  follow(fix, meters) {
    const { current } = this;
    const { segment, start, end } = current;
    const covered = meters - start.meters;
    const toStart = distance(fix, segment.start);
    if (!end && toStart <= GATE_RADIUS && toStart < start.miss && covered < segment.distanceMeters / 2) {
      current.start = { time: fix.time, meters, miss: toStart };
      return null;
    }
    const toEnd = distance(fix, segment.end);
    if (covered >= segment.distanceMeters / 2 && toEnd <= GATE_RADIUS && (!end || toEnd < end.miss)) {
      current.end = { time: fix.time, miss: toEnd };
      return null;
    }
    if (end) {
      this.current = null;
      return finished(segment, (end.time - start.time) / 1000);
    }
    if (covered > segment.distanceMeters * (1 + DETOUR_SHARE) + DETOUR_SLACK) this.current = null;  // off it: the saved run is matched on the server
    return null;
  }

  /** The segment being run and how far of it is left (metres), or null. */
  progress(meters) {
    if (!this.current) return null;
    const { segment, start } = this.current;
    return { name: segment.name, left: Math.max(0, segment.distanceMeters - (meters - start.meters)) };
  }
}

/** What is said at a segment's end, `seconds` after its start. */
function finished(segment, seconds) {
  const time = `${segment.name}, about ${spokenDuration(seconds)}`;
  if (!Number.isFinite(segment.bestSeconds)) return `${time}. Your first time on it`;
  const gap = Math.round(segment.bestSeconds - seconds);
  if (gap > 0) return `${time}. ${spokenDuration(gap)} faster than your best`;
  if (gap < 0) return `${time}. ${spokenDuration(-gap)} slower than your best`;
  return `${time}. Level with your best`;
}
