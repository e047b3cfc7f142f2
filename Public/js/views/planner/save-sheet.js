// Saving a planned route: a name, who can see it (Only me unless chosen, and said so), and
// Save, which sends the waypoints and how each leg is drawn (POST /planned-routes); the
// server draws and measures every leg again and keeps what it measured. Then the route's page.
import { api } from '../../engine/api/paceline.js';
import { h, field, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { go } from '../../router.js';
import { routePrivacy } from './route-privacy.js';

/**
 * Opens the sheet over `screen` for `builder`'s route; `unit`: the runner's units; `onSaved()`
 * once the server has it. Returns a function that closes it (as do Cancel, Escape and a tap beside it).
 */
export function openSaveSheet(screen, builder, unit, onSaved) {
  const { distanceMeters } = builder.totals();
  const name = h('input', { type: 'text', name: 'route-name', maxlength: '200', autocomplete: 'off', placeholder: 'Optional: Canal loop, Hill repeats…' });
  const privacy = routePrivacy('private');
  const message = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', name: 'save-route' }, 'Save');
  const close = () => { sheet.remove(); backdrop.remove(); };
  const backdrop = h('div', { class: 'sheet-backdrop', onclick: close });
  const sheet = h('aside', { class: 'drawer save-sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'save-title',
    onkeydown: (event) => { if (event.key === 'Escape') close(); } },
    h('form', { onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      message.textContent = '';
      try {
        const saved = await api.createPlannedRoute(builder.toRoute({ name: name.value.trim(), privacy: privacy.value() }));
        onSaved();
        go(`#/planned/${saved.id}`);
      } catch (error) {
        message.textContent = error.isNetwork ? 'No connection: the route is still here, try again when you are online.' : describe(error);
        submit.disabled = false;
      }
    } },
    h('div', { class: 'drawer-head' }, h('h2', { id: 'save-title' }, `Save this ${units.distance(distanceMeters, unit)} route`),
      h('button', { type: 'button', class: 'close', name: 'close', 'aria-label': 'Close', onclick: close }, '✕')),
    field('Name', name),
    privacy.element,
    message,
    h('div', { class: 'row' }, submit, h('button', { type: 'button', class: 'ghost', onclick: close }, 'Cancel'))));
  screen.append(backdrop, sheet);
  name.focus();
  return close;
}
