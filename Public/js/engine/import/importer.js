// Moves a history in: each activity file of an export uploaded, three at a time, keyed by
// the SHA-256 of its bytes and with skipDuplicates, so dropping the same export again after
// an interruption resumes it without making anything twice (as `paceline import` does).
import { api } from '../api/paceline.js';

const TYPES = { gpx: 'application/gpx+xml', tcx: 'application/vnd.garmin.tcx+xml', fit: 'application/vnd.ant.fit' };
const PARALLEL = 3;

/** `text` in at most `count` characters (code points), as the API limits it. */
function cut(text, count) {
  if (!text) return undefined;
  const characters = [...text];
  return characters.length <= count ? text : characters.slice(0, count - 1).join('') + '…';
}

/** `send()`, asked again 1, 2, 4 and 8 s later while the server answers 503 (busy, or its database away). */
async function withRetries(send) {
  for (let wait = 1; ; wait *= 2) {
    try {
      return await send();
    } catch (error) {
      if (error.status !== 503 || wait > 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}

async function keyOf(bytes, path) {
  // Not a secure context (no crypto.subtle): the path's code points and the size, cut to the API's 200.
  if (!crypto.subtle) return `import:${bytes.size}:${encodeURIComponent(path)}`.slice(0, 200);
  const digest = await crypto.subtle.digest('SHA-256', await bytes.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Uploads `files` ({path, listing, read()}), counting `problems` ({path, reason}: what
 * of the export could not be read) as not imported; `progress(tally)` after each, where tally is
 * {done, total, made, there, failed: [{path, listing, reason, code}], leftOut: [{path, reason}]}
 * (`listing`: what activities.csv says of the file, `code`: the server's error code).
 * `shouldStop()` ends it after the uploads under way. Resolves to the tally.
 */
export async function importFiles(files, { privacy, problems = [], progress = () => {}, shouldStop = () => false } = {}) {
  const tally = { done: problems.length, total: files.length + problems.length, made: 0, there: 0, failed: [...problems], leftOut: [] };
  let next = 0;
  async function one(file) {
    try {
      const bytes = await file.read();
      const extension = file.path.toLowerCase().split('.').pop();
      const typed = new File([bytes], file.path.split('/').pop(), { type: TYPES[extension] ?? 'application/octet-stream' });
      // batch: records and badges are brought up to date once the import pauses, not per file.
      const upload = { file: typed, privacy, skipDuplicates: true, batch: true, sport: file.listing?.sport,
        name: cut(file.listing?.name, 200), description: cut(file.listing?.description, 2000) };
      const key = await keyOf(bytes, file.path);
      const run = await withRetries(() => api.uploadRun(upload, key, { answer: true }));
      const count = 1 + (run.body.otherRunIds?.length ?? 0);
      if (run.created) tally.made += count; else tally.there += count;
      for (const left of run.body.activitiesLeftOut ?? []) tally.leftOut.push({ path: `${file.path} #${left.activity}`, reason: left.message });
    } catch (error) {
      tally.failed.push({ path: file.path, listing: file.listing, reason: error.message, code: error.code });
    }
    tally.done++;
    progress(tally);
  }
  async function worker() {
    while (next < files.length && !shouldStop()) await one(files[next++]);
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return tally;
}
