// A club's events card: the events to come (`event-item.js`), the past ones with who ran
// together (`past-events.js`, closed until opened); the owner and admins plan events
// (`event-planner.js`); every member may copy their private calendar feed's address.
import { api } from '../../engine/api/paceline.js';
import { h, describe, toast } from '../../ui.js';
import { eventItem } from './event-item.js';
import { planner } from './event-planner.js';
import { pastEvents } from './past-events.js';

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
    manages ? planner(club, load, cleanups) : null, pastEvents(club), club.membership === 'member' ? feedLink() : null);
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
