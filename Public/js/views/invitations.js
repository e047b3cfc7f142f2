// #/invitations, "Walk together": invite friends to walk or run at a time and place, see
// who is coming, accept or decline what friends sent; the host may call it off. At its
// time the walk becomes a live session (the server starts it), which the card then opens.
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { waiting } from '../engine/social/waiting.js';
import * as units from '../engine/core/units.js';
import { h, mount, field, describe, toast } from '../ui.js';
import { PlacePicker } from './map/place-picker.js';
import { retire } from './map/basemap.js';
import { dayAndTime, sportName } from './shared/format.js';

const RESPONSES = { pending: 'not answered yet', accepted: 'coming', declined: 'not coming' };

export async function render() {
  const received = h('div', { class: 'card', id: 'invitations-received' }, h('h2', {}, 'Invited'), h('p', { class: 'muted' }, 'Loading…'));
  const sent = h('div', { class: 'card', id: 'invitations-sent' }, h('h2', {}, 'You host'), h('p', { class: 'muted' }, 'Loading…'));
  const place = new PlacePicker({ className: 'meeting-map', zoom: 15 });
  const form = inviteForm(place, () => load());
  let shown = true;
  const open = h('button', { type: 'button', class: 'primary', name: 'new-invitation', onclick: async () => {
    form.hidden = false; open.hidden = true;
    await place.show();
    if (!shown && place.map) retire(place.map);  // the screen was left while the map was made
  } }, 'Invite friends');
  mount(h('section', { class: 'page invitations-page' }, h('h1', {}, 'Walk together'),
    h('p', { class: 'muted' }, 'Invite friends to walk or run at a time and a place. At that time it becomes a live session you start together.'),
    open, form, received, sent));

  async function load() {
    try {
      const [mine, theirs] = await Promise.all([api.invitations('sent'), api.invitations('received')]);
      const me = session.profile?.id;
      received.replaceChildren(h('h2', {}, 'Invited'), theirs.invitations.length
        ? h('ul', { class: 'list invitation-list' }, theirs.invitations.map((invitation) => card(invitation, me, load)))
        : h('p', { class: 'muted empty' }, 'No invitations yet.'));
      sent.replaceChildren(h('h2', {}, 'You host'), mine.invitations.length
        ? h('ul', { class: 'list invitation-list' }, mine.invitations.map((invitation) => card(invitation, me, load)))
        : h('p', { class: 'muted empty' }, 'None yet: invite friends above.'));
      waiting.refresh();
    } catch (error) {
      received.replaceChildren(h('h2', {}, 'Invited'), h('p', { class: 'error' }, error.isNetwork ? 'No connection: invitations need the network.' : describe(error)));
    }
  }
  load();
  return () => { shown = false; if (place.map) retire(place.map); };
}

/** One invitation: what, when, where, who is coming; the guest's answer or the host's cancel. */
function card(invitation, me, reload) {
  const u = session.units;
  const hosting = invitation.host.id === me;
  const mine = invitation.guests.find((guest) => guest.user.id === me);
  const started = Date.parse(invitation.startsAt) <= Date.now();
  const cancelled = invitation.status === 'cancelled';
  const coming = invitation.guests.filter((guest) => guest.response === 'accepted').map((guest) => guest.user.displayName);
  const title = invitation.title || `${sportName(invitation.sport)} with ${hosting ? 'friends' : invitation.host.displayName}`;
  const act = async (action, done) => {
    try { await action(); toast(done); reload(); } catch (error) { toast(describe(error), { error: true }); }
  };
  const actions = [];
  if (!cancelled && !started && mine) {
    actions.push(
      h('button', { type: 'button', class: mine.response === 'accepted' ? 'primary' : 'ghost', name: 'accept', 'aria-pressed': String(mine.response === 'accepted'),
        onclick: () => act(() => api.respondToInvitation(invitation.id, 'accept'), 'You are coming') }, 'Coming'),
      h('button', { type: 'button', class: mine.response === 'declined' ? 'danger' : 'ghost', name: 'decline', 'aria-pressed': String(mine.response === 'declined'),
        onclick: () => act(() => api.respondToInvitation(invitation.id, 'decline'), 'You said you can’t come') }, 'Can’t come'));
  }
  if (!cancelled && !started && hosting) {
    actions.push(h('button', { type: 'button', class: 'ghost', name: 'cancel-invitation',
      onclick: () => window.confirm(`Call off “${title}”? Your friends will see it is cancelled.`) && act(() => api.cancelInvitation(invitation.id), 'Called off') }, 'Call off'));
  }
  if (invitation.liveSessionId && !cancelled) actions.push(h('a', { class: 'button primary', href: `#/live/${invitation.liveSessionId}` }, 'Open the live session'));
  return h('li', { class: 'invitation', dataset: { invitation: invitation.id } },
    h('div', { class: 'invitation-body' },
      h('strong', {}, title),
      h('span', {}, `${dayAndTime(invitation.startsAt)}${invitation.distanceMeters ? ' · ' + units.distance(invitation.distanceMeters, u) : ''}`),
      h('span', { class: 'muted' }, `Meet at ${invitation.place.name || `${invitation.place.latitude.toFixed(4)}, ${invitation.place.longitude.toFixed(4)}`}`),
      hosting ? null : h('span', { class: 'muted' }, `From ${invitation.host.displayName}`),
      h('span', { class: 'who-comes' }, cancelled ? 'Cancelled' : coming.length ? `Coming: ${coming.join(', ')}` : 'Nobody has said yes yet'),
      hosting ? h('span', { class: 'muted guests' }, invitation.guests.map((guest) => `${guest.user.displayName}: ${RESPONSES[guest.response] ?? guest.response}`).join(' · ')) : null,
      mine ? h('span', { class: 'muted your-answer' }, `Your answer: ${RESPONSES[mine.response] ?? mine.response}`) : null),
    actions.length ? h('div', { class: 'row' }, actions) : null);
}

/** The form that invites: what, when, where (the map's cross), how far, and which friends. */
function inviteForm(place, sent) {
  const title = h('input', { type: 'text', name: 'invitation-title', maxlength: 200, placeholder: 'Sunday walk by the river' });
  const sport = h('select', { name: 'invitation-sport' }, h('option', { value: 'walk' }, 'Walk'), h('option', { value: 'run' }, 'Run'));
  const when = h('input', { type: 'datetime-local', name: 'invitation-time', required: true, value: localInput(nextFullHour()) });
  const placeName = h('input', { type: 'text', name: 'invitation-place', maxlength: 200, placeholder: 'The park gates' });
  const kilometres = h('input', { type: 'number', name: 'invitation-distance', min: '0.1', max: '100', step: '0.1', inputmode: 'decimal' });
  const friends = h('fieldset', { class: 'friend-picks' }, h('legend', {}, 'Friends to invite'), h('p', { class: 'muted' }, 'Loading friends…'));
  const message = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', name: 'send-invitation' }, 'Send the invitation');
  api.friends().then(({ friends: list }) => {
    friends.replaceChildren(h('legend', {}, 'Friends to invite'), ...(list.length ? list.map((friend) => h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: 'guest', value: friend.user.id }), h('span', {}, friend.user.displayName)))
      : [h('p', { class: 'muted' }, 'No friends yet: ', h('a', { href: '#/friends' }, 'add some'), ' to invite them.')]));
  }, (error) => friends.replaceChildren(h('legend', {}, 'Friends to invite'), h('p', { class: 'error' }, describe(error))));

  const form = h('form', { class: 'card invite-form', hidden: true, onsubmit: async (event) => {
    event.preventDefault();
    message.textContent = '';
    const guestIds = [...form.querySelectorAll('input[name=guest]:checked')].map((box) => box.value);
    const startsAt = new Date(when.value);
    const distance = kilometres.value === '' ? undefined : Number(kilometres.value) * units.unitMeters(session.units);
    if (!guestIds.length) { message.textContent = 'Choose at least one friend.'; return; }
    if (!(startsAt > new Date())) { message.textContent = 'Choose a time in the future.'; return; }
    if (distance !== undefined && !(distance > 0 && distance <= 100_000)) { message.textContent = 'A distance up to 100 km, or none.'; return; }
    if (!place.place) { message.textContent = 'The map is not ready yet.'; return; }
    submit.disabled = true;
    try {
      await api.createInvitation({ startsAt: startsAt.toISOString(), sport: sport.value, guestIds,
        place: { ...place.place, ...(placeName.value.trim() ? { name: placeName.value.trim() } : {}) },
        ...(title.value.trim() ? { title: title.value.trim() } : {}), ...(distance ? { distanceMeters: distance } : {}) });
      toast('Invitation sent');
      form.reset();
      when.value = localInput(nextFullHour());
      sent();
    } catch (error) {
      message.textContent = describe(error);
    } finally {
      submit.disabled = false;
    }
  } },
  h('h2', {}, 'Invite friends'),
  field('Title (optional)', title), field('Walk or run', sport), field('When', when),
  h('p', { class: 'muted' }, 'Where to meet: move the map until the cross is on it.'), place.element,
  field('Name of the place (optional)', placeName),
  field(`Distance planned, ${units.unitName(session.units)} (optional)`, kilometres),
  friends, message, submit);
  return form;
}

/** The next full hour from now, at least 30 minutes away. */
function nextFullHour(now = new Date()) {
  const next = new Date(now.getTime() + 30 * 60_000);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** A date as a datetime-local input's value ("2026-11-27T09:00", local time). */
function localInput(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
