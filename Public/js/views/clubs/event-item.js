// One event of a club's events card: when, where, the route to follow (a link to its page,
// named once the route is read: a route the reader may not see stays a bare link, which
// says so when opened), pace groups, who is going and the reader's answer (Going, Maybe,
// Can't go; members only), its .ics, and Cancel event for the owner and admins.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, describe, toast } from '../../ui.js';
import { dayAndTime } from '../shared/format.js';
import { placeText, paceGroupsText } from './club-format.js';

const ANSWERS = [['yes', 'Going'], ['maybe', 'Maybe'], ['no', 'Can’t go']];

/** An event to come; `reload()` draws the list again after an answer or a cancel. */
export function eventItem(club, event, manages, reload) {
  const cancelled = event.status === 'cancelled';
  const act = async (action, done) => {
    try { await action(); toast(done); reload(); } catch (error) { toast(describe(error), { error: true }); }
  };
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
    ...eventFacts(event),
    h('span', { class: 'who-comes' }, `${event.going} going · ${event.maybe} maybe`),
    answers,
    h('div', { class: 'row' }, h('a', { class: 'button ghost small', name: 'event-ics', download: 'event.ics',
      href: `/api/v1/clubs/${club.id}/events/${event.id}/calendar.ics` }, 'Add to calendar (.ics)'), cancel));
}

/** What an event is, to come or past: its title, time (or that it was cancelled), meeting point, route, pace groups, description. */
export function eventFacts(event) {
  const cancelled = event.status === 'cancelled';
  return [
    h('strong', {}, event.title),
    h('span', {}, cancelled ? `Cancelled · ${dayAndTime(event.startsAt)}` : dayAndTime(event.startsAt)),
    h('span', { class: 'muted' }, `Meet at ${placeText(event.place)}`),
    event.routeId ? routeLink(event.routeId) : null,
    event.paceGroups.length ? h('span', { class: 'muted event-paces' }, `Pace groups: ${paceGroupsText(event.paceGroups)}`) : null,
    event.description ? h('span', { class: 'event-description' }, event.description) : null,
  ].filter(Boolean);
}

/** A link to the route's page, "Route: Loch loop · 5.00 km" once read. */
function routeLink(routeId) {
  const link = h('a', { class: 'event-route', name: 'event-route', href: `#/activity?route=${routeId}` }, 'The route to follow');
  api.route(routeId).then(({ route }) => {
    link.textContent = `Route: ${route.name} · ${units.distance(route.distanceMeters, session.units)}`;
  }, () => {});  // not to be seen, or offline: the link says what it is, and the route's page why it does not open
  return link;
}
