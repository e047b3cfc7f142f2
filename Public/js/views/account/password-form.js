// Change password, in the profile's settings: the current password and a new one (10 to
// 256 characters). The server logs out every other device of the account; this one stays.
import { api } from '../../engine/api/paceline.js';
import { h, field, describe } from '../../ui.js';

/** The collapsible "Change password" form. */
export function passwordForm() {
  const current = h('input', { type: 'password', name: 'current-password', autocomplete: 'current-password', required: true });
  const fresh = h('input', { type: 'password', name: 'new-password', autocomplete: 'new-password', required: true, minlength: 10, maxlength: 256 });
  const message = h('p', { class: 'password-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'primary', name: 'change-password' }, 'Change password');

  const form = h('form', {
    class: 'password-form',
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      message.className = 'password-status muted';
      message.textContent = 'Changing…';
      try {
        await api.changePassword(current.value, fresh.value);
        form.reset();
        message.textContent = 'Password changed. Your other devices are logged out.';
      } catch (error) {
        message.className = 'password-status error';
        message.textContent = error.isNetwork ? 'No connection: changing your password needs the network.' : describe(error);
      } finally {
        submit.disabled = false;
      }
    },
  }, field('Current password', current), field('New password (10 to 256 characters)', fresh), message, h('div', { class: 'row' }, submit));

  return h('details', { class: 'password-change' }, h('summary', {}, 'Change password'), form);
}
