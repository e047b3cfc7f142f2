// The workout log: runs done with a workout, newest first (date, workout, how far it got);
// an entry shows each interval planned against actual, as the server computed it from the
// stored track, and the run's map; it can be taken out of the log (the run stays, and its
// page offers to log it again, e.g. with the right workout).
import { dayAndTime } from '../shared/format.js';
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, mount, describe, toast } from '../../ui.js';
import { go } from '../../router.js';
import { retire } from '../map/basemap.js';
import { trackMap } from '../map/trackmap.js';
import { intervals } from '../../engine/workout/plan.js';
import { summaryTable } from './summary-table.js';



export async function render({ entryId }) {
  return entryId ? renderEntry(entryId) : renderList();
}

async function renderList() {
  const u = session.units;
  const listElement = h('ol', { class: 'workout-log', id: 'workout-log' });
  const more = h('button', { name: 'more', hidden: true }, 'More');
  let cursor;
  async function load() {
    const page = await api.workoutLog(cursor);
    cursor = page.nextCursor;
    more.hidden = !cursor;
    for (const entry of page.entries) {
      const { summary } = entry;
      const done = summary.intervals.filter((row) => row.status === 'completed').length;
      const facts = [`${done} of ${summary.intervals.length} intervals`, units.distance(summary.distanceMeters, u), units.clock(summary.elapsedSeconds)];
      if (summary.completed) facts.push('complete');
      listElement.append(h('li', { class: 'card' }, h('a', { href: `#/workout-log/${entry.id}`, class: 'log-entry' },
        h('strong', {}, entry.workoutName), ' · ', dayAndTime(entry.startTime), h('div', { class: 'muted' }, facts.join(' · ')))));
    }
    if (!listElement.children.length) listElement.append(h('li', { class: 'muted' }, 'No workouts run yet.'));
  }
  more.addEventListener('click', load);
  await load();
  mount(h('section', { class: 'page' }, h('h1', {}, 'Workout log'), h('a', { href: '#/workouts' }, '← Workouts'), listElement, more));
}

async function renderEntry(entryId) {
  const u = session.units;
  const entry = await api.workoutLogEntry(entryId);
  const mapElement = h('div', { class: 'map', id: 'workout-map' });
  mount(h('section', { class: 'page workout-entry' },
    h('h1', {}, entry.workoutName),
    h('p', { class: 'muted' }, dayAndTime(entry.startTime), ' · ', h('a', { href: `#/runs/${entry.runId}` }, 'the run')),
    h('div', { class: 'card grid' },
      h('div', { class: 'stat' }, h('strong', {}, units.clock(entry.summary.elapsedSeconds)), h('span', {}, 'time')),
      h('div', { class: 'stat' }, h('strong', {}, units.distance(entry.summary.distanceMeters, u)), h('span', {}, 'distance')),
      h('div', { class: 'stat' }, h('strong', {}, units.pace(entry.summary.averagePaceSecondsPerKilometer ?? undefined, u)), h('span', {}, 'avg pace'))),
    h('div', { class: 'card' }, summaryTable(entry.summary, intervals(entry.plan), u)),
    h('div', { class: 'map-box' }, mapElement),
    h('div', { class: 'spread' }, h('a', { href: '#/workout-log' }, '← Workout log'), removeButton(entry))));
  try {
    const track = await api.runTrack(entry.runId);
    const view = await trackMap(mapElement, { colour: '#1f6feb' });
    view.showTrack(track);
    return () => retire(view.map);
  } catch (error) {
    mapElement.replaceWith(h('p', { class: 'muted' }, `No map: ${describe(error)}`));
    return null;
  }
}

/** Takes the entry out of the log, after asking; back to the log once done. */
function removeButton(entry) {
  const button = h('button', { type: 'button', class: 'ghost small', name: 'remove-entry', onclick: async () => {
    if (!confirm('Take this run out of the workout log? The run itself stays.')) return;
    button.disabled = true;
    try {
      await api.deleteWorkoutLogEntry(entry.id);
      toast('Removed from the workout log');
      go('#/workout-log');
    } catch (error) {
      toast(error?.isNetwork ? 'No connection: try again when online.' : describe(error), { error: true });
      button.disabled = false;
    }
  } }, 'Remove from log');
  return button;
}
