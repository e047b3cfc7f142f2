// A club's past events, under its events card: closed until opened, then the latest ones,
// the most recent first. For members, each event that took place opens "Ran together": the
// members' activities that started within 30 minutes of its time and 500 m of its meeting
// point (those the reader may see), shown as the club's feed shows activities.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, describe } from '../../ui.js';
import { feedItem } from '../feed.js';
import { eventFacts } from './event-item.js';

/** How many past events are shown. */
const SHOWN = 10;

/** The closed "Past events" part, which loads them when first opened. */
export function pastEvents(club) {
  const list = h('ul', { class: 'list club-events past-events' });
  return unfolding('past-events-part', 'Past events', list, async () => {
    const { events } = await api.clubEvents(club.id, 'past', SHOWN);
    list.replaceChildren(...events.map((event) => pastItem(club, event)));
    return events.length === SHOWN ? `The ${SHOWN} latest.` : events.length ? '' : 'No past events yet.';
  });
}

/** A past event: what it was, and (members, not cancelled) who ran together. */
function pastItem(club, event) {
  const together = club.membership === 'member' && event.status !== 'cancelled' ? ranTogether(club, event) : null;
  return h('li', { class: 'club-event past', dataset: { event: event.id } }, ...eventFacts(event), together);
}

/** "Ran together", closed until opened, then the activities as the club's feed shows them. */
function ranTogether(club, event) {
  const list = h('ul', { class: 'list feed ran-together' });
  return unfolding('ran-together-part', 'Ran together', list, async () => {
    const { runs } = await api.clubEventActivities(club.id, event.id);
    const me = session.profile?.id;
    list.replaceChildren(...runs.map((run) => feedItem({ kind: 'run', run, user: run.owner, date: run.startTime }, session.units, me))
      .filter(Boolean));
    return runs.length ? '' : 'Nobody’s activity started here within 30 minutes of the event.';
  });
}

/** A closed part (`<details>`) titled `title` whose `load()` fills `body` when first opened and
 * answers what to say under it ('' for nothing); a failure is said, and opening it again retries. */
function unfolding(className, title, body, load) {
  const status = h('p', { class: 'muted part-status' }, 'Loading…');
  let loading = null;
  const part = h('details', { class: className, ontoggle: () => {
    if (!part.open || loading) return;
    status.hidden = false; status.textContent = 'Loading…';
    loading = load().then((said) => { status.textContent = said; status.hidden = !said; }, (error) => {
      status.textContent = describe(error);
      loading = null;
    });
  } }, h('summary', {}, title), body, status);
  return part;
}
