// Connected apps, in the profile's settings: personal access tokens for another app (a
// phone's GPS logger, a watch's sync, a script), each with a name, what it may do and when
// it expires; listed with when each was last used, revoked one by one. A new token is shown
// once, with Copy: the server keeps only its hash.
import { api } from '../../engine/api/paceline.js';
import { h, field, describe, toast } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { appAddresses } from './app-addresses.js';

const SCOPES = [['upload', 'Upload activities only'], ['read', 'Read only'], ['full', 'Full access']];
const SCOPE_NAMES = Object.fromEntries(SCOPES);
const EXPIRIES = [['90', 'In 90 days'], ['365', 'In a year'], ['30', 'In 30 days'], ['', 'Never']];

/** The collapsible "Connected apps" section, read when opened. */
export function connectedAppsSection() {
  const list = h('ul', { class: 'list token-list' });
  const shown = h('div', { class: 'token-shown', hidden: true, role: 'status' });
  const name = h('input', { type: 'text', name: 'token-name', maxlength: 100, required: true, placeholder: 'GPSLogger on my phone' });
  const scope = h('select', { name: 'token-scope' }, SCOPES.map(([value, label]) => h('option', { value }, label)));
  const expiry = h('select', { name: 'token-expiry' }, EXPIRIES.map(([value, label]) => h('option', { value }, label)));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });

  async function load() {
    try {
      const { tokens } = await api.personalTokens();
      list.replaceChildren(...(tokens.length ? tokens.map(row)
        : [h('li', { class: 'muted empty' }, 'None yet. Make one for each app that uploads for you.')]));
    } catch (failure) {
      list.replaceChildren(h('li', { class: 'error' }, describe(failure)));
    }
  }

  function row(token) {
    const used = token.lastUsedAt ? `last used ${units.date(token.lastUsedAt)}` : 'never used';
    const expires = token.expiresAt ? `expires ${units.date(token.expiresAt)}` : 'does not expire';
    return h('li', { class: 'spread', dataset: { tokenId: token.id } },
      h('span', {}, h('strong', {}, token.name), h('br'), h('span', { class: 'muted small' }, `${SCOPE_NAMES[token.scope]} · ${used} · ${expires}`)),
      h('button', { type: 'button', class: 'ghost small', name: 'revoke', onclick: async () => {
        if (!confirm(`Revoke “${token.name}”? The app using it will be refused from now on.`)) return;
        try { await api.revokePersonalToken(token.id); toast(`“${token.name}” is revoked`); load(); } catch (failure) { toast(describe(failure), { error: true }); }
      } }, 'Revoke'));
  }

  const form = h('form', { class: 'token-form', onsubmit: async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      const made = await api.createPersonalToken({ name: name.value, scope: scope.value, expiresInDays: expiry.value ? Number(expiry.value) : undefined });
      const secret = h('code', { class: 'token-secret' }, made.token);
      shown.replaceChildren(h('p', {}, h('strong', {}, `Your token for “${made.personalToken.name}”`),
        ': copy it now into the app. It is not shown again.'), secret,
        h('button', { type: 'button', class: 'ghost small', name: 'copy-token', onclick: async () => {
          try { await navigator.clipboard.writeText(made.token); toast('Copied'); } catch { toast('Select the token and copy it', { error: true }); }
        } }, 'Copy'), ...appAddresses(made.token, made.personalToken.scope));
      shown.hidden = false;
      name.value = '';
      load();
    } catch (failure) {
      error.textContent = describe(failure);
      error.hidden = false;
    }
  } },
  field('Name', name), field('May', scope), field('Expires', expiry), error,
  h('button', { class: 'primary', name: 'make-token', type: 'submit' }, 'Make a token'));

  return h('details', { class: 'connected-apps', ontoggle: (event) => { if (event.target.open) load(); } },
    h('summary', {}, 'Connected apps'),
    h('p', { class: 'muted' }, 'A token lets another app (a GPS logger, a watch\'s sync, a script) send your activities here. '
      + 'Give each app its own, with the least it needs: "Upload activities only" can do nothing else.'),
    shown, list, form);
}
