// The import of a whole history: a Strava or Garmin export (.zip) read in the browser a
// file at a time and uploaded, with a progress bar, a Stop button, and every file that
// could not be imported listed with its reason. Dropping it again resumes it.
import { openHistory } from '../../engine/import/history.js';
import { importFiles } from '../../engine/import/importer.js';
import { h } from '../../ui.js';

const count = (n) => n.toLocaleString('en');
const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;

/** A panel that imports the export `file`, placed by the caller. */
export function archiveImport(file) {
  const title = h('h2', {}, file.name);
  const bar = h('progress', { max: 1, value: 0, 'aria-label': 'Files imported' });
  const status = h('p', { class: 'muted', role: 'status' }, 'Reading the archive…');
  const problems = h('ul', { class: 'list problems' });
  let stopping = false;
  const stop = h('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => {
    stopping = true;
    stop.disabled = true;
    status.textContent = 'Stopping after the files under way… Drop the archive again later to go on.';
  } }, 'Stop');
  const panel = h('section', { class: 'card archive-import' }, title, bar, status, stop, problems);

  function show(tally) {
    bar.max = tally.total || 1;
    bar.value = tally.done;
    status.textContent = `${count(tally.done)} of ${plural(tally.total, 'file', 'files')} · ${plural(tally.made, 'new activity', 'new activities')} · `
      + `${count(tally.there)} already here · ${count(tally.failed.length)} not imported`;
  }

  (async () => {
    let history;
    try {
      history = await openHistory(file);
    } catch (error) {
      status.className = 'error';
      status.textContent = `${file.name} can't be read: ${error.message}`;
      return;
    }
    if (!history.files.length) {
      status.textContent = `${file.name} holds no GPX, TCX or FIT files.`;
      return;
    }
    title.textContent = `${file.name}: ${plural(history.files.length, 'activity file', 'activity files')}`;
    stop.hidden = false;
    const tally = await importFiles(history.files, { problems: history.problems, progress: show, shouldStop: () => stopping });
    show(tally);
    stop.hidden = true;
    const manual = history.withoutFile
      ? ` ${plural(history.withoutFile, 'activity was', 'activities were')} entered by hand (no file): nothing to import.` : '';
    status.textContent = (stopping && tally.done < tally.total
      ? `Stopped after ${count(tally.done)} of ${count(tally.total)} files. Drop the archive again to go on; nothing is imported twice.`
      : `Done: ${plural(tally.made, 'new activity', 'new activities')}, ${count(tally.there)} already here, ${count(tally.failed.length)} not imported.`) + manual;
    for (const problem of [...tally.failed, ...tally.leftOut]) problems.append(problemItem(problem));
  })();
  return panel;
}

/** Plain words for the server's refusals of a file; its own message follows as the detail. */
const SAID = {
  invalid_file: 'The file is damaged or cut short, so it can’t be read.',
  over_limit: 'The file holds more than an upload may.',
  unsupported_media_type: 'Not a GPX, TCX or FIT file.',
};

/**
 * A file that was not imported: the activity as the export names it (its name and date
 * from activities.csv) with its file, what went wrong in words, and the reader's detail.
 */
function problemItem({ path, listing, reason, code }) {
  const activity = [listing?.name, listing?.date].filter(Boolean).join(' · ');
  return h('li', {},
    h('strong', {}, activity || path),
    activity ? h('span', { class: 'muted problem-file' }, path) : null,
    h('span', { class: 'error' }, SAID[code] ?? reason),
    SAID[code] ? h('small', { class: 'muted problem-detail' }, reason) : null);
}
