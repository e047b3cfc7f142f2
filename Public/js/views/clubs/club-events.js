// A club's events card: the events to come, each with its time, meeting point, pace groups,
// who is going and the reader's answer (Going, Maybe, Can't go; members only), its .ics to
// add to a calendar; the owner and admins plan (meeting point on the map) and cancel them;
// every member may copy their private calendar feed's address.
import { api } from '../../engine/api/paceline.js';
import { h, field, describe, toast } from '../../ui.js';
import { PlacePicker } from '../map/place-picker.js';
import { retire } from '../map/basemap.js';
import { dayAndTime } from '../shared/format.js';

const ANSWERS = [['yes', 'Going'], ['maybe', 'Maybe'], ['no', 'Can’t go']];

/** The card, which loads the events; `cleanups` collects what to undo when the screen goes. */
export function eventsCard(club, cleanups = []) {
  const list = h('ul', { class: 'list club-events' });
  const status = h('p', { class: 'muted' }, 'Loading events…');
  const manages = club.role === 'owner' || club.role === 'admin';
  async function load() {
    try {
      const { events } = await api.clubEvents(club.id);
      list.replaceChildren(...events.map((event) => eventItem(club, event, manages, load)));
      status.textContent = events.length ? '' : 'No events planned.';
      status.hidden = events.length > 0;
    } catch (error) {
      status.textContent = describe(error);
      status.hidden = false;
    }
  }
  load();
  return h('section', { class: 'card club-events-card' }, h('h2', {}, 'Events'), status, list,
    manages ? planner(club, load, cleanups) : null, club.membership === 'member' ? feedLink() : null);
}

/** One event: when, where, pace groups, who goes; the answers, the .ics, and cancel for admins. */
function eventItem(club, event, manages, reload) {
  const cancelled = event.status === 'cancelled';
  const act = async (action, done) => {
    try { await action(); toast(done); reload(); } catch (error) { toast(describe(error), { error: true }); }
  };
  const place = event.place.name || `${event.place.latitude.toFixed(4)}, ${event.place.longitude.toFixed(4)}`;
  const paces = event.paceGroups.map((seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}/km`);
  const answers = club.membership === 'member' && !cancelled
    ? h('div', { class: 'row event-answers', role: 'group', 'aria-label': 'Your answer' }, ANSWERS.map(([answer, label]) =>
      h('button', { type: 'button', name: `answer-${answer}`, class: event.answer === answer ? 'primary small' : 'ghost small',
        'aria-pressed': String(event.answer === answer),
        onclick: () => act(() => api.answerClubEvent(club.id, event.id, answer), `Answered: ${label}`) }, label)))
    : null;
  const cancel = manages && !cancelled
    ? h('button', { type: 'button', class: 'ghost small', name: 'cancel-event',
      onclick: () => window.confirm(`Cancel “${event.title}”? Those going are told.`) && act(() => api.cancelClubEvent(club.id, event.id), 'Event cancelled') }, 'Cancel event')
    : null;
  return h('li', { class: 'club-event', dataset: { event: event.id } },
    h('strong', {}, event.title),
    h('span', {}, cancelled ? `Cancelled · ${dayAndTime(event.startsAt)}` : dayAndTime(event.startsAt)),
    h('span', { class: 'muted' }, `Meet at ${place}`),
    paces.length ? h('span', { class: 'muted' }, `Pace groups: ${paces.join(', ')}`) : null,
    event.description ? h('span', { class: 'event-description' }, event.description) : null,
    h('span', { class: 'who-comes' }, `${event.going} going · ${event.maybe} maybe`),
    answers,
    h('div', { class: 'row' }, h('a', { class: 'button ghost small', name: 'event-ics', download: 'event.ics',
      href: `/api/v1/clubs/${club.id}/events/${event.id}/calendar.ics` }, 'Add to calendar (.ics)'), cancel));
}

/** The owner's and admins' form: title, time, meeting point (the map's cross), its name. */
function planner(club, planned, cleanups) {
  const place = new PlacePicker({ className: 'meeting-map', zoom: 15 });
  cleanups.push(() => { if (place.map) retire(place.map); });
  const title = h('input', { type: 'text', name: 'event-title', maxlength: 200, required: true, placeholder: 'Tuesday intervals' });
  const when = h('input', { type: 'datetime-local', name: 'event-time', required: true });
  const placeName = h('input', { type: 'text', name: 'event-place', maxlength: 200, placeholder: 'The park gates' });
  const description = h('textarea', { name: 'event-description', maxlength: 2000, rows: 2 });
  const message = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'event-form', hidden: true, onsubmit: async (submitted) => {
    submitted.preventDefault();
    const startsAt = new Date(when.value);
    if (!(startsAt > new Date())) { message.textContent = 'Choose a time in the future.'; return; }
    if (!place.place) { message.textContent = 'The map is not ready yet.'; return; }
    try {
      await api.createClubEvent(club.id, { title: title.value, description: description.value, startsAt: startsAt.toISOString(),
        place: { ...place.place, name: placeName.value || undefined } });
      form.reset(); form.hidden = true; open.hidden = false; message.textContent = '';
      toast('Event planned');
      planned();
    } catch (error) { message.textContent = describe(error); }
  } }, field('Title', title), field('When', when), h('p', { class: 'muted' }, 'Move the map so that the cross is on the meeting point.'),
  place.element, field('Meeting point’s name', placeName), field('Description', description), message,
  h('button', { type: 'submit', class: 'primary', name: 'create-event' }, 'Plan the event'));
  const open = h('button', { type: 'button', class: 'secondary', name: 'new-event', onclick: async () => {
    form.hidden = false; open.hidden = true;
    await place.show();
  } }, 'Plan an event');
  return h('div', { class: 'event-planner' }, open, form);
}

/** The member's private calendar feed: its address to copy into a calendar app. */
function feedLink() {
  const address = h('input', { type: 'text', name: 'calendar-feed', readonly: true, hidden: true });
  const show = h('button', { type: 'button', class: 'ghost small', name: 'show-calendar-feed', onclick: async () => {
    try {
      const { path } = await api.calendarFeed();
      address.value = `${location.origin}${path}`;
      address.hidden = false; show.hidden = true;
      try { await navigator.clipboard.writeText(address.value); toast('Address copied: add it to your calendar app as a subscription'); } catch { address.select(); }
    } catch (error) { toast(describe(error), { error: true }); }
  } }, 'Add all club events to my calendar');
  return h('div', { class: 'calendar-feed' }, show, address,
    h('p', { class: 'muted small' }, 'The address is yours alone: whoever has it sees your clubs’ events.'));
}
