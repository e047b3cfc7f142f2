// Who may see a planned route: Only me (the default), Friends, Everyone, with what the
// chosen one means said under the choices. The save sheet and the route's page share it.
import { h } from '../../ui.js';
import { privacyName } from '../shared/format.js';

/** The choices, most private first. */
export const ROUTE_PRIVACIES = ['private', 'friends', 'public'];

const NOTES = {
  private: 'Only you can see this route. Nobody else sees it or that it exists.',
  friends: 'Your friends can see this route and its map.',
  public: 'Anyone can see this route and its map, even without an account.',
};

/** What a planned route's privacy means, in a sentence. */
export const routePrivacyNote = (privacy) => NOTES[privacy] ?? '';

let shown = 0;

/** The fieldset, on `privacy`; `value()` reads the choice back. */
export function routePrivacy(privacy = 'private') {
  const group = `route-privacy-${++shown}`;
  const note = h('p', { class: 'muted visibility-note', 'aria-live': 'polite' }, routePrivacyNote(privacy));
  const inputs = ROUTE_PRIVACIES.map((value) => h('input', { type: 'radio', name: group, value, checked: value === privacy,
    onchange: () => { note.textContent = routePrivacyNote(value); } }));
  return {
    element: h('fieldset', { class: 'visibility route-privacy' }, h('legend', {}, 'Who can see it'),
      h('div', { class: 'choices' }, inputs.map((input) => h('label', { class: 'choice' }, input, h('span', {}, privacyName(input.value))))), note),
    value: () => inputs.find((input) => input.checked)?.value ?? privacy,
  };
}
