// The account's own data, in the profile's settings: change the email (the password
// confirms it), download everything as one .zip, delete the account (the password
// confirms it, and a last question says what goes).
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, field, describe } from '../../ui.js';

/** "Change email": the new address and the password. */
export function emailForm(profile, onChanged) {
  const email = h('input', { type: 'email', name: 'new-email', autocomplete: 'email', required: true, maxlength: 254 });
  const password = h('input', { type: 'password', name: 'email-password', autocomplete: 'current-password', required: true });
  const message = h('p', { class: 'email-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'primary', name: 'change-email' }, 'Change email');
  const form = h('form', { class: 'email-form', onsubmit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    message.className = 'email-status muted';
    message.textContent = 'Changing…';
    try {
      const updated = await api.changeEmail(email.value.trim(), password.value);
      form.reset();
      message.textContent = `You now log in as ${updated.email}.`;
      onChanged(updated);
    } catch (error) {
      message.className = 'email-status error';
      message.textContent = error.isNetwork ? 'No connection: changing your email needs the network.' : describe(error);
    } finally {
      submit.disabled = false;
    }
  } }, h('p', { class: 'muted' }, `You log in as ${profile.email ?? ''}.`), field('New email', email), field('Your password', password), message,
  h('div', { class: 'row' }, submit));
  return h('details', { class: 'email-change' }, h('summary', {}, 'Change email'), form);
}

/** "Your data": everything as one .zip, and deleting the account. */
export function dataSection() {
  const day = new Date().toISOString().slice(0, 10);
  const password = h('input', { type: 'password', name: 'delete-password', autocomplete: 'current-password', required: true });
  const message = h('p', { class: 'delete-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'danger', name: 'delete-account' }, 'Delete my account');
  const form = h('form', { class: 'delete-form', onsubmit: async (event) => {
    event.preventDefault();
    if (!confirm('Delete your account? Your activities, routes nobody else ran, badges, friends and everything else go, for good. '
      + 'Routes others ran stay for them. Download your data first if you want to keep it.')) return;
    submit.disabled = true;
    message.className = 'delete-status muted';
    message.textContent = 'Deleting…';
    try {
      await api.deleteAccount(password.value);
      session.end();
    } catch (error) {
      message.className = 'delete-status error';
      message.textContent = error.isNetwork ? 'No connection: deleting needs the network.' : describe(error);
      submit.disabled = false;
    }
  } },
  h('p', { class: 'muted' }, 'Deleting removes everything you keep here and your places in others’ lists. It cannot be undone.'),
  field('Your password', password), message, h('div', { class: 'row' }, submit));
  return h('details', { class: 'your-data' }, h('summary', {}, 'Your data'),
    h('p', { class: 'muted' }, 'Every activity as a GPX, TCX or FIT file, with your routes, workouts, badges and friends, in one .zip.'),
    h('p', {}, h('a', { class: 'button', href: '/api/v1/me/export', download: `paceline-${day}.zip`, name: 'export' }, 'Download all my data')),
    h('h3', {}, 'Delete account'), form);
}
