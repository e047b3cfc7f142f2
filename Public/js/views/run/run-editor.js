// The owner's controls on an activity's page: edit its title, sport, description, gear and
// who may see it; publish it as a route others can follow (never a side effect of saving);
// delete it, saying first what goes with it.
import { api } from '../../engine/api/paceline.js';
import { h, toast, describe } from '../../ui.js';
import { go } from '../../router.js';
import { runTitle, privacyName } from '../shared/format.js';
import { activityFields } from './activity-fields.js';
import { gearChoice } from '../gear/gear-choice.js';

/** The Edit button and its form; `onSaved(run)` with the run as the server now keeps it. */
export function runEditor(run, onSaved) {
  let current = run;
  let fields = null;
  let gear = null;
  const save = h('button', { type: 'submit', class: 'primary', name: 'save-run' }, 'Save');
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const body = h('div');
  const form = h('form', { class: 'card run-editor', hidden: true, onsubmit: async (event) => {
    event.preventDefault();
    const changes = fields.values();
    if (gear && gear.value() !== (current.gearId ?? '')) changes.gearId = gear.value();
    if (!changes.name) { showError('Give it a title.'); fields.title.focus(); return; }
    save.disabled = true;
    try {
      const updated = await api.updateRun(current.id, changes);
      current = updated;
      form.hidden = true;
      onSaved(updated);
      toast('Saved');
    } catch (failure) {
      showError(failure.isNetwork ? 'No connection: try again when online.' : describe(failure));
    } finally {
      save.disabled = false;
    }
  } },
  h('h2', {}, 'Edit activity'), body, error,
  h('div', { class: 'row' }, save, h('button', { type: 'button', class: 'ghost', onclick: () => { form.hidden = true; } }, 'Cancel')),
  h('div', { class: 'danger-zone' }, h('button', { type: 'button', class: 'danger', name: 'delete-run', onclick: () => deleteRun(current) }, 'Delete activity')));

  function showError(message) { error.textContent = message; error.hidden = false; }
  const button = h('button', { type: 'button', class: 'ghost small', name: 'edit-run', onclick: () => {
    form.hidden = !form.hidden;
    if (form.hidden) return;
    // Filled afresh each time: what the server keeps, not what was typed and cancelled.
    fields = activityFields({ name: runTitle(current), sport: current.sport, description: current.description ?? '', privacy: current.privacy });
    body.replaceChildren(fields.element);
    gear = null;
    const shown = fields;
    gearChoice(current).then((choice) => {
      if (form.hidden || fields !== shown) return;  // closed, or opened afresh meanwhile
      gear = choice;
      shown.element.after(choice.element);
    }).catch(() => { /* offline: the gear stays as it is */ });
    error.hidden = true;
    fields.title.focus();
  } }, 'Edit');
  return { button, form };
}

/** Deletes the run once the runner confirms, saying what becomes of a route made from it. */
async function deleteRun(run) {
  let warning = '';
  if (run.routeId) {
    try {
      const [{ route }, board] = await Promise.all([api.route(run.routeId), api.leaderboard(run.routeId, 100)]);
      if (route.runId === run.id) {
        const others = new Set(board.entries.map((entry) => entry.runner.id).filter((id) => id !== run.owner?.id)).size;
        warning = others
          ? `\n\nThe route “${route.name}” was made from it. ${others === 1 ? 'One other runner has' : `${others} other runners have`} run it: the route stays for them, following the fastest of their runs that may be shown as widely, or goes if none may.`
          : `\n\nThe route “${route.name}” was made from it, and nobody else has run it: the route is deleted too.`;
      } else {
        warning = `\n\nIts place on the leaderboard of “${route.name}” goes with it.`;
      }
    } catch { /* the route is not readable: nothing more to say */ }
  }
  if (!confirm(`Delete “${runTitle(run)}”? Its track, statistics, badges and mission progress it earned go, for good.${warning}`)) return;
  try {
    await api.deleteRun(run.id);
    toast('Deleted');
    go('#/profile');
  } catch (failure) {
    toast(failure.isNetwork ? 'No connection: try again when online.' : describe(failure), { error: true });
  }
}

/** "Publish as a route": others may then find it on the map and follow it against this pace. `current()` is the run now. */
export function publishButton(current) {
  return h('button', { type: 'button', class: 'ghost small', name: 'publish-route', onclick: async (event) => {
    const run = current();
    const who = run.privacy === 'public' ? 'Anyone' : run.privacy === 'friends' ? 'Your friends' : run.privacy === 'friends_and_clubs' ? 'Your friends and club-mates' : 'Only you (the activity is “Only me”)';
    if (!confirm(`Publish “${runTitle(run)}” as a route? ${who} will see it on the route map and may follow it against your pace. `
      + `Who can see it follows the activity (${privacyName(run.privacy)}).`)) return;
    event.target.disabled = true;
    try {
      const route = await api.createRoute(run.id, runTitle(run));
      toast('Published as a route');
      go(`#/activity?route=${route.id}`);
    } catch (failure) {
      event.target.disabled = false;
      toast(failure.isNetwork ? 'No connection: try again when online.' : describe(failure), { error: true });
    }
  } }, 'Publish as a route');
}
