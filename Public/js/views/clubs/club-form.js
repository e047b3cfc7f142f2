// #/clubs/new: a club's name, what it is about, and how one joins it.
import { api } from '../../engine/api/paceline.js';
import { go } from '../../router.js';
import { h, mount, field, describe } from '../../ui.js';
import { admissionName } from './club-format.js';

const NOTES = {
  invitation: 'Whoever has the link joins. Only members see the club.',
  approval: 'Whoever has the link asks to join; you or an admin approve.',
  open: 'Anyone signed in can find the club by name and join.',
};

export function render() {
  const name = h('input', { type: 'text', name: 'club-name', maxlength: '80', required: true, placeholder: 'e.g. Tuesday Runners', autocomplete: 'off' });
  const about = h('textarea', { name: 'club-description', maxlength: '2000', rows: '3', placeholder: 'Where and when you meet (optional)' });
  const note = h('p', { class: 'muted', 'aria-live': 'polite' }, NOTES.invitation);
  const choices = ['invitation', 'approval', 'open'].map((value) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'club-admission', value, checked: value === 'invitation', onchange: () => { note.textContent = NOTES[value]; } }),
    h('span', {}, admissionName(value))));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h('form', { class: 'card club-form', onsubmit: async (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type=submit]');
    submit.disabled = true;
    error.hidden = true;
    try {
      const admission = form.querySelector('input[name=club-admission]:checked').value;
      const club = await api.createClub({ name: name.value.trim(), description: about.value.trim(), admission });
      go(`#/clubs/${club.id}`);
    } catch (failure) {
      error.textContent = describe(failure);
      error.hidden = false;
      submit.disabled = false;
    }
  } },
  field('Name', name), field('About', about),
  h('fieldset', { class: 'visibility admission' }, h('legend', {}, 'Who can join'), h('div', { class: 'choices' }, choices), note),
  error, h('button', { type: 'submit', class: 'primary', name: 'create-club' }, 'Create club'));
  mount(h('section', { class: 'page club-new' }, h('h1', {}, 'New club'), form));
}
