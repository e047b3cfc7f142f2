// In the profile's settings: the accounts at the instance's OpenID provider that sign the
// user in ("Signs in with Club accounts: ann@club.example"); nothing when there are none.
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';

/** The list of linked accounts, filled once read (hidden while there are none). */
export function signInAccountsSection() {
  const list = h('ul', { class: 'list sign-in-accounts' });
  const section = h('div', { class: 'sign-in-accounts-section', hidden: true }, h('h3', {}, 'Signs in with'), list);
  api.signInAccounts().then(({ accounts }) => {
    list.replaceChildren(...accounts.map((account) => h('li', {}, h('div', {},
      h('strong', {}, account.provider), account.email ? ` · ${account.email}` : '',
      h('small', { class: 'muted' }, `Linked ${units.date(account.linkedAt)}`)))));
    section.hidden = accounts.length === 0;
  }, () => { /* offline or signed out: the section stays hidden */ });
  return section;
}
