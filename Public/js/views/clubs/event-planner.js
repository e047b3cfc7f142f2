// Planning a club event (its owner and admins): a title, a time, the meeting point under
// the map's cross and its name, optionally a route to follow and pace groups typed in
// min/km ("5:00, 5:30"), and a description. What is wrong is said above the button.
import { api } from '../../engine/api/paceline.js';
import { h, field, describe, toast } from '../../ui.js';
import { PlacePicker } from '../map/place-picker.js';
import { retire } from '../map/basemap.js';
import { parsePaceGroups } from './club-format.js';
import { routeChoice } from './event-route.js';

/** The Plan an event button and its form; `planned()` reloads the list; `cleanups` collects what to undo when the screen goes. */
export function planner(club, planned, cleanups) {
  const place = new PlacePicker({ className: 'meeting-map', zoom: 15 });
  const route = routeChoice(() => place.map?.getCenter() ?? null);
  cleanups.push(() => { route.stop(); if (place.map) retire(place.map); });
  const title = h('input', { type: 'text', name: 'event-title', maxlength: 200, required: true, placeholder: 'Tuesday intervals' });
  const when = h('input', { type: 'datetime-local', name: 'event-time', required: true });
  const placeName = h('input', { type: 'text', name: 'event-place', maxlength: 200, placeholder: 'The park gates' });
  const paces = h('input', { type: 'text', name: 'event-paces', placeholder: '5:00, 5:30, 6:00', autocomplete: 'off',
    'aria-describedby': 'event-paces-hint' });
  const description = h('textarea', { name: 'event-description', maxlength: 2000, rows: 2 });
  const message = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'event-form', hidden: true, onsubmit: async (submitted) => {
    submitted.preventDefault();
    const startsAt = new Date(when.value);
    const groups = parsePaceGroups(paces.value);
    if (!(startsAt > new Date())) { message.textContent = 'Choose a time in the future.'; return; }
    if (!place.place) { message.textContent = 'The map is not ready yet.'; return; }
    if (groups.error) { message.textContent = groups.error; paces.focus(); return; }
    try {
      await api.createClubEvent(club.id, { title: title.value, description: description.value, startsAt: startsAt.toISOString(),
        place: { ...place.place, name: placeName.value || undefined }, routeId: route.routeId, paceGroups: groups.paces });
      form.reset(); form.hidden = true; open.hidden = false; message.textContent = '';
      toast('Event planned');
      planned();
    } catch (error) { message.textContent = describe(error); }
  } }, field('Title', title), field('When', when), h('p', { class: 'muted' }, 'Move the map so that the cross is on the meeting point.'),
  place.element, field('Meeting point’s name', placeName), route.element,
  field('Pace groups, min/km (optional)', paces),
  h('p', { class: 'muted small', id: 'event-paces-hint' }, 'One pace per group, commas between, from 2:30 to 20:00; at most 6.'),
  field('Description', description), message,
  h('button', { type: 'submit', class: 'primary', name: 'create-event' }, 'Plan the event'));
  const open = h('button', { type: 'button', class: 'secondary', name: 'new-event', onclick: async () => {
    form.hidden = false; open.hidden = true;
    await place.show();
  } }, 'Plan an event');
  return h('div', { class: 'event-planner' }, open, form);
}
