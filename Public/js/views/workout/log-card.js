// The workout log on a run's page (its owner's): the entry, when the run is in the log;
// otherwise "Add to workout log" with a choice of the runner's workouts, for a run saved
// without one (the workout forgotten, or a watch's file imported). The server replays the
// stored track through the workout, as it does for an upload with a workout.
import { api } from '../../engine/api/paceline.js';
import { h, toast, describe } from '../../ui.js';

/** The card for run `runId`; it fills itself in. */
export function workoutLogCard(runId) {
  const card = h('div', { class: 'card workout-log-card', id: 'workout-log-card' });
  const heading = h('h2', {}, 'Workout log');
  const show = (...children) => card.replaceChildren(heading, ...children);

  function showEntry(entry) {
    const { intervals } = entry.summary;
    const done = intervals.filter((row) => row.status === 'completed').length;
    show(h('p', { id: 'logged-entry' }, 'In your workout log as ',
      h('a', { href: `#/workout-log/${entry.id}`, dataset: { entry: entry.id } }, entry.workoutName),
      `: ${done} of ${intervals.length} intervals${entry.summary.completed ? ', complete' : ''}.`));
  }

  function showChooser(workouts) {
    if (!workouts.length) {
      show(h('p', { class: 'muted' }, 'Done with a workout? ', h('a', { href: '#/workouts/new' }, 'Make the workout'),
        ', then add this run to your log here.'));
      return;
    }
    const choice = h('select', { name: 'log-workout', 'aria-label': 'Workout' },
      workouts.map((workout) => h('option', { value: workout.id }, workout.name)));
    const failure = h('p', { class: 'error', role: 'alert', hidden: true });
    const add = h('button', { type: 'button', class: 'primary', name: 'add-to-log', onclick: async () => {
      add.disabled = true;
      failure.hidden = true;
      try {
        showEntry(await api.addToWorkoutLog(runId, choice.value));
        toast('Added to your workout log');
      } catch (error) {
        if (error?.status === 409) { load(); return; }  // logged meanwhile (another tab): show that entry
        failure.textContent = error?.isNetwork ? 'No connection: try again when online.' : describe(error);
        failure.hidden = false;
        add.disabled = false;
      }
    } }, 'Add to workout log');
    show(h('p', { class: 'muted' }, 'Ran a workout? The server measures each interval from this run’s track.'),
      h('div', { class: 'row' }, choice, add), failure);
  }

  async function load() {
    show(h('p', { class: 'muted' }, 'Loading…'));
    try {
      const entry = await api.workoutLogEntryOfRun(runId);
      if (entry) showEntry(entry);
      else showChooser((await api.workouts()).workouts);
    } catch (error) {
      show(h('p', { class: 'error' }, error?.isNetwork ? 'No connection: the workout log needs the network.' : describe(error)));
    }
  }

  load();
  return card;
}
