// The route a club event follows, in the planner's form: none, one of the planner's
// favourite routes, or one found by name with the Routes map's search (routes alone,
// nearest the meeting point first). Only routes the planner may see are offered; the
// server checks again.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, field } from '../../ui.js';
import { nameSearch } from '../map/name-search.js';

/** The choice; `centre()` is the meeting map's centre (null before it shows). Its `routeId` is the route chosen, or undefined. */
export function routeChoice(centre) {
  const select = h('select', { name: 'event-route' }, h('option', { value: '' }, 'No route'));
  const option = (route) => h('option', { value: route.id }, `${route.name} · ${units.distance(route.distanceMeters, session.units)}`);
  const favourites = h('optgroup', { label: 'Your favourites' });
  api.favourites().then(({ routes }) => {
    favourites.append(...routes.map(option));
    if (routes.length) select.append(favourites);
  }, () => {});  // offline: the search, or no route
  const found = h('optgroup', { label: 'Found' });
  const search = nameSearch({ centre, places: false, className: 'route-search', inForm: true, onRoute: (route) => {
    if (![...select.options].some((choice) => choice.value === route.id)) {
      found.append(option(route));
      if (!found.parentNode) select.append(found);
    }
    select.value = route.id;
    search.element.querySelector('input').value = '';  // the choice shows in the list above, once
  } });
  return {
    element: h('div', { class: 'route-choice' }, field('Route to follow (optional)', select),
      h('p', { class: 'muted small' }, 'Not in the list? Search routes by name, nearest the meeting point first:'), search.element),
    get routeId() { return select.value || undefined; },
    stop: search.stop,
  };
}
