// The profile's "Your segments" card: the segments the runner made, newest first, each
// opening its page (its leaderboard). Names are the runner's text: they reach the page as text.
import { api } from '../../engine/api/paceline.js';
import { h, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { sportName, privacyName } from '../shared/format.js';

/** The card; `unit` is the runner's units. */
export function segmentsListCard(unit) {
  const list = h('ul', { class: 'list own-segments' }, h('li', { class: 'muted' }, 'Loading…'));
  const card = h('div', { class: 'card own-segments-card' }, h('h2', {}, 'Your segments'), list);
  api.mySegments().then(({ segments }) => {
    list.replaceChildren(...(segments.length
      ? segments.map((segment) => h('li', { dataset: { segmentId: segment.id } },
        h('a', { href: `#/segments/${segment.id}`, class: 'spread' }, h('strong', {}, segment.name),
          h('span', {}, units.distance(segment.distanceMeters, unit))),
        h('p', { class: 'muted' }, `${sportName(segment.sport)} · ${privacyName(segment.privacy)}`)))
      : [h('li', { class: 'muted empty' }, 'No segments yet. Open one of your activities and make one from a stretch you like to race.')]));
  }).catch((error) => {
    list.replaceChildren(h('li', { class: 'muted' }, error?.isNetwork ? 'No connection: your segments will show when you are back online.' : describe(error)));
  });
  return card;
}
