// What describes an activity, as its runner chooses: title, sport, description and who may
// see it. The end-of-run screen and the activity page's editor show the same fields.
import { h, field } from '../../ui.js';
import { SPORTS, sportName, visibilityNote, privacyName } from '../shared/format.js';
/** Who may see an activity, most private first. */
export const VISIBILITIES = ['private', 'friends', 'friends_and_clubs', 'public'];

let fieldsShown = 0;

/**
 * The fields, filled with `activity` ({name, sport, description, privacy}); `values()`
 * reads them back as the API takes them (a blank description is '').
 */
export function activityFields({ name = '', sport = 'run', description = '', privacy = 'private' }) {
  const group = `visibility-${++fieldsShown}`;
  const title = h('input', { type: 'text', name: 'activity-name', maxlength: '200', required: true, value: name, autocomplete: 'off' });
  const sports = h('select', { name: 'activity-sport' },
    SPORTS.map((value) => h('option', { value, selected: value === sport }, sportName(value))));
  const notes = h('textarea', { name: 'activity-description', maxlength: '2000', rows: '3', placeholder: 'How did it go? (optional)' });
  notes.value = description ?? '';
  const note = h('p', { class: 'muted visibility-note', 'aria-live': 'polite' });
  const choices = VISIBILITIES.map((value) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: group, value, checked: value === privacy, onchange: () => { note.textContent = visibilityNote(value); } }),
    h('span', {}, privacyName(value))));
  note.textContent = visibilityNote(privacy);
  const element = h('div', { class: 'activity-fields' },
    field('Title', title),
    field('Sport', sports),
    field('Description', notes),
    h('fieldset', { class: 'visibility' }, h('legend', {}, 'Who can see it'), h('div', { class: 'choices' }, choices), note));
  return {
    element,
    title,
    values: () => ({
      name: title.value.trim(),
      sport: sports.value,
      description: notes.value.trim(),
      privacy: choices.map((label) => label.querySelector('input')).find((input) => input.checked)?.value ?? privacy,
    }),
  };
}
