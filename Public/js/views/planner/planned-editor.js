// A planned route's name and who can see it, for its planner (PATCH /planned-routes/ID),
// and Delete.
import { api } from '../../engine/api/paceline.js';
import { h, field, toast, describe } from '../../ui.js';
import { routePrivacy } from './route-privacy.js';

/** The card; `onSaved({name, privacy})` once the server has them, `onDelete()` for Delete. */
export function plannedEditor(route, onSaved, onDelete) {
  const name = h('input', { type: 'text', name: 'route-name', maxlength: '200', autocomplete: 'off', value: route.name ?? '' });
  const privacy = routePrivacy(route.privacy);
  const message = h('p', { class: 'error', role: 'alert' });
  const save = h('button', { type: 'submit', class: 'primary', name: 'save-changes' }, 'Save changes');
  return h('form', { class: 'card planned-edit', onsubmit: async (event) => {
    event.preventDefault();
    message.textContent = '';
    save.disabled = true;
    try {
      const changed = await api.updatePlannedRoute(route.id, { name: name.value.trim(), privacy: privacy.value() });
      onSaved({ name: changed?.name ?? name.value.trim(), privacy: changed?.privacy ?? privacy.value() });
      toast('Saved');
    } catch (error) {
      message.textContent = error.isNetwork ? 'No connection: try again when you are online.' : describe(error);
    } finally {
      save.disabled = false;
    }
  } },
  h('h2', {}, 'Name and privacy'),
  field('Name', name),
  privacy.element,
  message,
  save,
  h('div', { class: 'danger-zone' }, h('button', { type: 'button', class: 'danger', name: 'delete-planned', onclick: onDelete }, 'Delete this route')));
}
